#include "engine/workspace/workspace.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <utility>

#include "engine/workspace/migrations.h"
#include "engine/workspace/sqlite_util.h"

namespace fs = std::filesystem;

namespace hs::ws {

namespace {

Error fileError(ErrorKind kind, std::string code, const std::string& path, std::string message) {
  Error e = makeError(kind, std::move(code), "workspace " + path + ": " + std::move(message));
  e.where = path;
  return e;
}

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(path), ec);
  if (ec) return path;
  return p.lexically_normal().string();
}

// First 16 bytes of every SQLite 3 database.
constexpr char kSqliteMagic[] = "SQLite format 3";  // plus its NUL: 16 bytes

enum class FileKind { Missing, Directory, Empty, Sqlite, Other, Unreadable };

FileKind classify(const std::string& path) {
  std::error_code ec;
  auto st = fs::status(path, ec);
  if (ec || !fs::exists(st)) return FileKind::Missing;
  if (fs::is_directory(st)) return FileKind::Directory;
  std::ifstream in(path, std::ios::binary);
  if (!in) return FileKind::Unreadable;
  char header[16] = {};
  in.read(header, sizeof header);
  std::streamsize got = in.gcount();
  if (got == 0) return FileKind::Empty;
  if (got < 16 || std::memcmp(header, kSqliteMagic, 16) != 0) return FileKind::Other;
  return FileKind::Sqlite;
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

std::atomic<unsigned> gTempCounter{0};

std::string tempSibling(const fs::path& target) {
  std::random_device rd;
  return (target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(getpid()) +
                                  "-" + std::to_string(++gTempCounter) + "-" + std::to_string(rd() % 100000)))
      .string();
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

bool isWorkspaceFile(const std::string& path) {
  if (classify(path) != FileKind::Sqlite) return false;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return false;
  }
  auto id = queryInt(db, "PRAGMA application_id", path);
  sqlite3_close(db);
  return id.ok() && id.value() == kApplicationId;
}

Result<Workspace> Workspace::open(const std::string& rawPath) {
  const std::string path = absolutePath(rawPath);
  switch (classify(path)) {
    case FileKind::Missing:
      return fileError(ErrorKind::BadInput, "not_found", path, "no such file");
    case FileKind::Directory:
      return fileError(ErrorKind::BadInput, "not_a_file", path, "is a directory");
    case FileKind::Unreadable:
      return fileError(ErrorKind::BadInput, "io", path, "cannot read the file");
    case FileKind::Other:
      return fileError(ErrorKind::BadInput, "not_workspace", path,
                       "not a HalluSQL workspace (the file is not a SQLite database)");
    case FileKind::Empty:
    case FileKind::Sqlite:
      break;
  }
  // Probe through a read-only connection first: a file that is not ours is never opened for writing.
  {
    auto probe = openConnection(path, SQLITE_OPEN_READONLY);
    if (!probe) return probe.error();
    Workspace reader(probe.value(), path);
    sqlite3* db = reader.db_;
    // Reading the schema parses page 1 and every CREATE statement: a damaged file fails here.
    auto objects = queryInt(db, "SELECT count(*) FROM sqlite_schema", path);
    auto appId = queryInt(db, "PRAGMA application_id", path);
    auto version = queryInt(db, "PRAGMA user_version", path);
    for (auto* r : {&objects, &appId, &version}) {
      if (!r->ok()) {
        Error e = r->error();
        if (e.code == "corrupt") {
          e.message = "workspace " + path + " is corrupt or not a SQLite database (" + e.message + ")";
        } else if (e.code == "busy") {
          e.message = "workspace " + path + " is locked by another process (" + e.message + ")";
        }
        return e;
      }
    }
    const bool emptyDb = objects.value() == 0 && appId.value() == 0 && version.value() == 0;
    if (!emptyDb && appId.value() != kApplicationId) {
      return fileError(ErrorKind::BadInput, "not_workspace", path,
                       "not a HalluSQL workspace (a SQLite database of another application; open it as a "
                       "database instead)");
    }
    if (version.value() > currentSchemaVersion()) {
      return fileError(ErrorKind::BadInput, "too_new", path,
                       "workspace schema version " + std::to_string(version.value()) +
                           " is newer than this build of HalluSQL supports (" +
                           std::to_string(currentSchemaVersion()) + "); upgrade HalluSQL to open it");
    }
  }
  auto opened = openConnection(path, SQLITE_OPEN_READWRITE);
  if (!opened) return opened.error();
  Workspace ws(opened.value(), path);
  sqlite3* db = ws.db_;
  if (sqlite3_db_readonly(db, "main") == 1) {
    return fileError(ErrorKind::BadInput, "read_only", path, "the workspace file is not writable");
  }
  if (auto s = configure(db, path); !s) return s.error();
  if (auto s = migrate(db, path); !s) return s.error();
  return ws;
}

Result<Workspace> Workspace::create(const std::string& rawPath) {
  const std::string path = absolutePath(rawPath);
  const fs::path target(path);
  switch (classify(path)) {
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
  // Build the whole workspace under a temporary name next to the target.
  const std::string temp = tempSibling(target);
  int fd = ::open(temp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0) {
    return fileError(
        ErrorKind::BadInput, "io", path,
        "cannot create a file in " + target.parent_path().string() + ": " + std::strerror(errno));
  }
  ::close(fd);
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
  // link() fails with EEXIST instead of replacing a file that appeared meanwhile.
  if (::link(temp.c_str(), path.c_str()) != 0) {
    int err = errno;
    if (err == EEXIST) {
      removeWithSidecars(temp);
      return fileError(ErrorKind::BadInput, "exists", path, "appeared while the workspace was being created");
    }
    // File systems without hard links: rename (the existence check above is the guard).
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
  return open(path);
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
