#include "engine/workspace/workspace.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "engine/core/temp_files.h"
#include "engine/workspace/file_check.h"
#include "engine/workspace/migrations.h"
#include "engine/workspace/sqlite_util.h"

namespace fs = std::filesystem;

namespace hs::ws {

namespace {

using detail::FileKind;

Error fileError(ErrorKind kind, std::string code, const std::string& path, std::string message) {
  Error e = makeError(kind, std::move(code), "workspace " + path + ": " + std::move(message));
  e.where = path;
  return e;
}

// New workspace files (and SQLite's -wal/-shm, which take the file's mode) are private to the user.
constexpr mode_t kWorkspaceMode = 0600;

// A workspace is written in place, so a symbolic link at `path` would have its target written
// instead (a file the user did not name, perhaps another user's): refused, naming the target.
Status refuseSymlink(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return ok();
  std::error_code ec;
  const fs::path target = fs::read_symlink(path, ec);
  return fileError(ErrorKind::BadInput, "symlink", path,
                   "is a symbolic link (to " + (ec ? std::string("an unreadable target") : target.string()) +
                       "); HalluSQL does not write a workspace through a link, open the file it points "
                       "to instead");
}

// Creates the new file `path`, empty, with `mode` (less what the umask removes).
Status createEmptyFile(const std::string& path, mode_t mode, const std::string& shownPath) {
  const int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode);
  if (fd < 0) {
    return fileError(
        ErrorKind::BadInput, "io", shownPath,
        "cannot create a file in " + fs::path(path).parent_path().string() + ": " + std::strerror(errno));
  }
  ::close(fd);
  return ok();
}

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(path), ec);
  if (ec) return path;
  return p.lexically_normal().string();
}

Result<sqlite3*> openConnection(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error e = sqliteError(db, "cannot open workspace " + path, path);
    sqlite3_close(db);
    return e;
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  // The file may come from anywhere: no trigger or view it holds ever runs, no extension loads,
  // and the schema cannot be edited through PRAGMA writable_schema (open() also refuses any object
  // the migrations do not create). TRUSTED_SCHEMA stays on: our CHECK constraints use json_valid(),
  // which SQLite 3.40 does not mark innocuous.
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  return db;
}

// WAL (persistent in the file), foreign keys (per connection).
Status configure(sqlite3* db, const std::string& path) {
  auto st = Statement::prepare(db, "PRAGMA journal_mode = WAL", path);
  if (!st) return st.error();
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value() || st->text(0) != "wal") {
    return fileError(ErrorKind::BadInput, "io", path,
                     "cannot switch to WAL mode (is the directory writable?)");
  }
  if (auto s = exec(db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL", path); !s) return s;
  return ok();
}

void removeWithSidecars(const std::string& path) {
  std::error_code ec;
  fs::remove(path, ec);
  fs::remove(path + "-wal", ec);
  fs::remove(path + "-shm", ec);
  fs::remove(path + "-journal", ec);
}

void syncDirectory(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void syncFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

// Moves the complete file `temp` to `path`: with `replace`, rename() over it (atomic); otherwise
// link(), which fails with EEXIST instead of replacing a file that appeared meanwhile. The
// directory is synced. On failure `temp` is removed.
Status placeFile(const std::string& temp, const std::string& path, bool replace) {
  const fs::path target(path);
  std::error_code ec;
  if (replace) {
    fs::rename(temp, path, ec);
    if (ec) {
      removeWithSidecars(temp);
      return fileError(ErrorKind::BadInput, "io", path, "cannot move the copy into place: " + ec.message());
    }
  } else if (::link(temp.c_str(), path.c_str()) != 0) {
    int err = errno;
    if (err == EEXIST) {
      removeWithSidecars(temp);
      return fileError(ErrorKind::BadInput, "exists", path, "appeared while the workspace was being written");
    }
    // File systems without hard links: rename (the caller's existence check is the guard).
    fs::rename(temp, path, ec);
    if (ec) {
      removeWithSidecars(temp);
      return fileError(ErrorKind::BadInput, "io", path,
                       "cannot move the new workspace into place: " + ec.message());
    }
  } else {
    removeWithSidecars(temp);
  }
  syncDirectory(target.parent_path());
  return ok();
}

}  // namespace

const char* stateName(DatabaseState state) {
  switch (state) {
    case DatabaseState::Unchanged:
      return "unchanged";
    case DatabaseState::Touched:
      return "touched";
    case DatabaseState::Changed:
      return "changed";
    case DatabaseState::Moved:
      return "moved";
    case DatabaseState::Missing:
      return "missing";
  }
  return "unknown";
}

Status refuseReadInputs(const std::string& path, const std::vector<std::string>& inputs,
                        const std::string& what) {
  for (const std::string& input : inputs) {
    if (input.empty()) continue;
    std::error_code ec;
    const bool same = fs::equivalent(path, input, ec) || absolutePath(path) == absolutePath(input);
    if (!same) continue;
    Error e = makeError(ErrorKind::BadInput, "workspace_is_input",
                        what + " " + path +
                            " is the database being queried, which HalluSQL never writes; give a separate "
                            ".hallusql workspace file");
    e.where = path;
    return e;
  }
  return ok();
}

bool isWorkspaceFile(const std::string& path) {
  const auto header = detail::readHeader(path);
  return header.kind == FileKind::Sqlite && header.applicationId == kApplicationId;
}

Result<Workspace> Workspace::open(const std::string& rawPath) {
  const std::string path = absolutePath(rawPath);
  if (auto s = refuseSymlink(path); !s) return s.error();
  // Decide from the header bytes alone: a file that is not ours (or too new) is refused before
  // SQLite opens it, so it is left exactly as it was, without -wal or -shm files.
  const auto header = detail::readHeader(path);
  switch (header.kind) {
    case FileKind::Missing:
      return fileError(ErrorKind::BadInput, "not_found", path, "no such file");
    case FileKind::Directory:
      return fileError(ErrorKind::BadInput, "not_a_file", path, "is a directory");
    case FileKind::NotRegular:
      return fileError(ErrorKind::BadInput, "not_a_file", path,
                       "is not a regular file (a FIFO, socket or device); a workspace is a file");
    case FileKind::Unreadable:
      return fileError(ErrorKind::BadInput, "io", path, "cannot read the file");
    case FileKind::Empty:
      return fileError(ErrorKind::BadInput, "not_workspace", path,
                       "is an empty file, not a HalluSQL workspace (create one with `hallusql-cli "
                       "workspace --create` or File > New Workspace)");
    case FileKind::Other:
      return fileError(ErrorKind::BadInput, "not_workspace", path,
                       "not a HalluSQL workspace (the file is not a SQLite database)");
    case FileKind::Sqlite:
      break;
  }
  auto tooNew = [&](std::int64_t version) {
    return fileError(ErrorKind::BadInput, "too_new", path,
                     "workspace schema version " + std::to_string(version) +
                         " is newer than this build of HalluSQL supports (" +
                         std::to_string(currentSchemaVersion()) + "); upgrade HalluSQL to open it");
  };
  if (header.applicationId != kApplicationId) {
    return fileError(ErrorKind::BadInput, "not_workspace", path,
                     "not a HalluSQL workspace (a SQLite database of another application; open it as a "
                     "database instead)");
  }
  if (header.userVersion > currentSchemaVersion()) return tooNew(header.userVersion);

  auto opened = openConnection(path, SQLITE_OPEN_READWRITE);
  if (!opened) return opened.error();
  Workspace ws(opened.value(), path);
  sqlite3* db = ws.db_;
  if (sqlite3_db_readonly(db, "main") == 1) {
    return fileError(ErrorKind::BadInput, "read_only", path, "the workspace file is not writable");
  }
  // Read through SQLite now (a committed -wal may hold a newer header), before anything is written:
  // reading the schema parses page 1 and every CREATE statement, so a damaged file fails here.
  auto appId = queryInt(db, "PRAGMA application_id", path);
  auto version = queryInt(db, "PRAGMA user_version", path);
  Status objects = appId && version ? detail::checkSchemaObjects(db, static_cast<int>(version.value()), path)
                                    : Status(appId ? version.error() : appId.error());
  if (!objects) {
    Error e = objects.error();
    if (e.code == "corrupt") {
      e.message = "workspace " + path + " is corrupt or not a SQLite database (" + e.message + ")";
    } else if (e.code == "busy") {
      e.message = "workspace " + path + " is locked by another process (" + e.message + ")";
    }
    e.where = path;
    return e;
  }
  if (appId.value() != kApplicationId) {
    return fileError(ErrorKind::BadInput, "not_workspace", path, "not a HalluSQL workspace");
  }
  if (version.value() > currentSchemaVersion()) return tooNew(version.value());
  // Migrate before switching to WAL: a file whose migration fails is left exactly as it was.
  if (auto s = migrate(db, path); !s) return s.error();
  if (auto s = configure(db, path); !s) return s.error();
  return ws;
}

Result<Workspace> Workspace::create(const std::string& rawPath) {
  const std::string path = absolutePath(rawPath);
  const fs::path target(path);
  if (auto s = refuseSymlink(path); !s) return s.error();
  switch (detail::readHeader(path).kind) {
    case FileKind::Missing:
      break;
    case FileKind::Directory:
      return fileError(ErrorKind::BadInput, "exists", path, "is a directory; refusing to replace it");
    default:
      if (isWorkspaceFile(path)) {
        return fileError(ErrorKind::BadInput, "exists", path,
                         "already exists (a HalluSQL workspace); open it instead of creating it");
      }
      return fileError(ErrorKind::BadInput, "exists", path,
                       "exists and is not a HalluSQL workspace; refusing to overwrite it");
  }
  std::error_code ec;
  if (!fs::is_directory(target.parent_path(), ec)) {
    return fileError(ErrorKind::BadInput, "not_found", path,
                     "the directory " + target.parent_path().string() + " does not exist");
  }
  // Build the whole workspace under a temporary name next to the target (a crashed run's temporary
  // files for the same target are removed first).
  removeStaleSiblings(path);
  const std::string temp = siblingTempPath(path);
  if (auto s = createEmptyFile(temp, kWorkspaceMode, path); !s) return s.error();
  {
    auto opened = openConnection(temp, SQLITE_OPEN_READWRITE);
    if (!opened) {
      removeWithSidecars(temp);
      return opened.error();
    }
    Workspace building(opened.value(), temp);
    Status s = configure(building.db_, path);
    if (s) s = migrate(building.db_, path);
    if (s) s = building.setSetting("workspace.created_at", nowUtcIso());
    if (s) s = building.setSetting("workspace.created_by", std::string("HalluSQL ") + HALLUSQL_VERSION);
    if (s) s = exec(building.db_, "PRAGMA wal_checkpoint(TRUNCATE)", path);
    if (!s) {
      building.close();
      removeWithSidecars(temp);
      Error e = s.error();
      e.where = path;
      return e;
    }
    building.close();  // last connection: SQLite checkpoints and removes the -wal file
  }
  if (auto placed = placeFile(temp, path, false); !placed) return placed.error();
  syncDirectory(target.parent_path());
  return open(path);
}

Status Workspace::saveCopy(const std::string& rawPath, bool replace) const {
  if (!db_) return closedError();
  const std::string path = absolutePath(rawPath);
  const fs::path target(path);
  if (auto s = refuseSymlink(path); !s) return s.error();
  std::error_code ec;
  if (path == path_ || fs::equivalent(path, path_, ec)) {
    return fileError(ErrorKind::BadInput, "same_file", path,
                     "is the open workspace itself; choose another file for the copy");
  }
  switch (detail::readHeader(path).kind) {
    case FileKind::Missing:
      break;
    case FileKind::Directory:
      return fileError(ErrorKind::BadInput, "exists", path, "is a directory; refusing to replace it");
    default:
      if (!replace) return fileError(ErrorKind::BadInput, "exists", path, "already exists");
      if (!isWorkspaceFile(path)) {
        return fileError(ErrorKind::BadInput, "exists", path,
                         "exists and is not a HalluSQL workspace; refusing to overwrite it");
      }
  }
  if (!fs::is_directory(target.parent_path(), ec)) {
    return fileError(ErrorKind::BadInput, "not_found", path,
                     "the directory " + target.parent_path().string() + " does not exist");
  }
  removeStaleSiblings(path);
  const std::string temp = siblingTempPath(path);
  // A new copy is private; one that replaces a workspace keeps that file's permissions.
  mode_t mode = kWorkspaceMode;
  if (struct stat old{}; replace && ::stat(path.c_str(), &old) == 0) mode = old.st_mode & 0777;
  // VACUUM INTO writes a consistent snapshot (a read transaction) of the committed state into a
  // new or empty file: the temporary name, created empty and private.
  if (auto s = createEmptyFile(temp, kWorkspaceMode, path); !s) return s.error();
  auto st = Statement::prepare(db_, "VACUUM INTO ?1", path_);
  if (!st) {
    removeWithSidecars(temp);
    return st.error();
  }
  if (auto s = st->bind(1, temp).run(); !s) {
    removeWithSidecars(temp);
    Error e = s.error();
    e.message = "cannot write a copy of the workspace to " + path + ": " + e.message;
    e.where = path;
    return e;
  }
  if (mode != kWorkspaceMode && ::chmod(temp.c_str(), mode) != 0) {
    removeWithSidecars(temp);
    return fileError(
        ErrorKind::BadInput, "io", path,
        std::string("cannot give the copy the permissions of the file it replaces: ") + std::strerror(errno));
  }
  syncFile(temp);
  if (replace) {
    fs::remove(path + "-wal", ec);  // a stale -wal of the replaced file must not be applied to the copy
    fs::remove(path + "-shm", ec);
  }
  return placeFile(temp, path, replace && fs::exists(path, ec));
}

Workspace::Workspace(Workspace&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

Workspace& Workspace::operator=(Workspace&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

Workspace::~Workspace() {
  close();
}

void Workspace::close() {
  if (!db_) return;
  // Roll back anything left open, then close; sqlite3_close_v2 defers if statements remain.
  if (sqlite3_get_autocommit(db_) == 0) (void)exec(db_, "ROLLBACK", path_);
  sqlite3_close_v2(db_);
  db_ = nullptr;
}

Error Workspace::closedError() const {
  Error e = makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  e.where = path_;
  return e;
}

Result<int> Workspace::schemaVersion() const {
  if (!db_) return closedError();
  auto v = queryInt(db_, "PRAGMA user_version", path_);
  if (!v) return v.error();
  return static_cast<int>(v.value());
}

Status Workspace::setSetting(const std::string& key, const std::string& value) {
  if (!db_) return closedError();
  auto st = Statement::prepare(
      db_,
      "INSERT INTO settings(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      path_);
  if (!st) return st.error();
  return st->bind(1, key).bind(2, value).run();
}

Result<std::optional<std::string>> Workspace::setting(const std::string& key) const {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, "SELECT value FROM settings WHERE key = ?1", path_);
  if (!st) return st.error();
  st->bind(1, key);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) return std::optional<std::string>();
  return std::optional<std::string>(st->text(0));
}

Status Workspace::removeSetting(const std::string& key) {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, "DELETE FROM settings WHERE key = ?1", path_);
  if (!st) return st.error();
  return st->bind(1, key).run();
}

Result<std::map<std::string, std::string>> Workspace::settings() const {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, "SELECT key, value FROM settings ORDER BY key", path_);
  if (!st) return st.error();
  std::map<std::string, std::string> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out[st->text(0)] = st->text(1);
  }
  return out;
}

Result<std::vector<std::string>> Workspace::tableNames() const {
  if (!db_) return closedError();
  auto st = Statement::prepare(
      db_, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      path_);
  if (!st) return st.error();
  std::vector<std::string> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back(st->text(0));
  }
  return out;
}

Result<std::int64_t> Workspace::rowCount(const std::string& table) const {
  auto names = tableNames();
  if (!names) return names.error();
  bool known = false;
  for (const auto& n : names.value()) known = known || n == table;
  if (!known) return fileError(ErrorKind::BadInput, "unknown_table", path_, "no table named '" + table + "'");
  return queryInt(db_, "SELECT count(*) FROM \"" + table + "\"", path_);
}

}  // namespace hs::ws
