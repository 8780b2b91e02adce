// Workspace: databases attached to the project (recorded by path and content hash).
#include <sys/stat.h>

#include <filesystem>

#include "engine/core/hash.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"

namespace fs = std::filesystem;

namespace hs::ws {

namespace {

struct FileFacts {
  std::int64_t size = 0;
  std::int64_t mtimeNs = 0;
};

Result<FileFacts> statFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    Error e = makeError(ErrorKind::BadInput, "not_found", "database " + path + ": no such file");
    e.where = path;
    return e;
  }
  FileFacts f;
  f.size = static_cast<std::int64_t>(st.st_size);
  f.mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  return f;
}

constexpr const char* kDbColumns = "id, path, display_name, sha256, size_bytes, mtime_ns, attached_at";

DatabaseRecord readDb(const Statement& st) {
  DatabaseRecord r;
  r.id = st.int64(0);
  r.path = st.text(1);
  r.displayName = st.text(2);
  r.sha256 = st.text(3);
  r.sizeBytes = st.int64(4);
  r.mtimeNs = st.int64(5);
  r.attachedAt = st.text(6);
  return r;
}

}  // namespace

Result<std::int64_t> Workspace::attachDatabase(const std::string& rawPath, const std::string& displayName) {
  if (!db_) return closedError();
  std::error_code ec;
  fs::path abs = fs::absolute(fs::path(rawPath), ec);
  const std::string path = ec ? rawPath : abs.lexically_normal().string();
  auto facts = statFile(path);
  if (!facts) return facts.error();
  auto hash = sha256File(path);
  if (!hash) return hash.error();
  std::string name = displayName.empty() ? fs::path(path).stem().string() : displayName;
  auto st = Statement::prepare(
      db_,
      "INSERT INTO databases(path, display_name, sha256, size_bytes, mtime_ns, attached_at) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(path) DO UPDATE SET "
      "display_name = excluded.display_name, sha256 = excluded.sha256, "
      "size_bytes = excluded.size_bytes, mtime_ns = excluded.mtime_ns "
      "RETURNING id",
      path_);
  if (!st) return st.error();
  st->bind(1, path).bind(2, name).bind(3, hash.value()).bind(4, facts->size).bind(5, facts->mtimeNs);
  st->bind(6, nowUtcIso());
  auto row = st->step();
  if (!row) return row.error();
  std::int64_t id = st->int64(0);
  if (auto s = st->run(); !s) return s.error();
  return id;
}

Result<std::vector<DatabaseRecord>> Workspace::databases() const {
  if (!db_) return closedError();
  auto st =
      Statement::prepare(db_, std::string("SELECT ") + kDbColumns + " FROM databases ORDER BY id", path_);
  if (!st) return st.error();
  std::vector<DatabaseRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back(readDb(*st));
  }
  return out;
}

Result<DatabaseRecord> Workspace::database(std::int64_t id) const {
  if (!db_) return closedError();
  auto st =
      Statement::prepare(db_, std::string("SELECT ") + kDbColumns + " FROM databases WHERE id = ?1", path_);
  if (!st) return st.error();
  st->bind(1, id);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) {
    Error e =
        makeError(ErrorKind::BadInput, "not_found", "no attached database with id " + std::to_string(id));
    e.where = path_;
    return e;
  }
  return readDb(*st);
}

Result<std::optional<DatabaseRecord>> Workspace::findDatabaseByPath(const std::string& rawPath) const {
  if (!db_) return closedError();
  std::error_code ec;
  fs::path abs = fs::absolute(fs::path(rawPath), ec);
  const std::string path = ec ? rawPath : abs.lexically_normal().string();
  auto st =
      Statement::prepare(db_, std::string("SELECT ") + kDbColumns + " FROM databases WHERE path = ?1", path_);
  if (!st) return st.error();
  st->bind(1, path);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) return std::optional<DatabaseRecord>();
  return std::optional<DatabaseRecord>(readDb(*st));
}

Status Workspace::detachDatabase(std::int64_t id) {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, "DELETE FROM databases WHERE id = ?1", path_);
  if (!st) return st.error();
  if (auto s = st->bind(1, id).run(); !s) return s;
  if (sqlite3_changes(db_) == 0) {
    Error e =
        makeError(ErrorKind::BadInput, "not_found", "no attached database with id " + std::to_string(id));
    e.where = path_;
    return e;
  }
  return ok();
}

Result<DatabaseCheck> Workspace::verifyDatabase(std::int64_t id, VerifyMode mode) const {
  auto rec = database(id);
  if (!rec) return rec.error();
  DatabaseCheck check;
  check.recorded = rec.value();
  const std::string& path = check.recorded.path;
  auto facts = statFile(path);
  if (!facts) {
    // Gone: look for a file of the same name and content next to the workspace (a moved project).
    fs::path candidate = fs::path(path_).parent_path() / fs::path(path).filename();
    if (candidate.string() != path && statFile(candidate.string()).ok()) {
      auto h = sha256File(candidate.string());
      if (h && h.value() == check.recorded.sha256) {
        check.state = DatabaseState::Moved;
        check.movedTo = candidate.string();
        check.currentSha256 = h.value();
        check.message = "database " + path + " has moved to " + candidate.string();
        return check;
      }
    }
    check.state = DatabaseState::Missing;
    check.message = "database " + path + " is missing";
    return check;
  }
  check.currentSize = facts->size;
  const bool sameStat = facts->size == check.recorded.sizeBytes && facts->mtimeNs == check.recorded.mtimeNs;
  if (mode == VerifyMode::Quick) {
    check.state = sameStat ? DatabaseState::Unchanged : DatabaseState::Changed;
    check.message =
        "database " + path + (sameStat ? " looks unchanged (size and time)" : " has changed (size or time)");
    return check;
  }
  auto h = sha256File(path);
  if (!h) return h.error();
  check.currentSha256 = h.value();
  if (h.value() != check.recorded.sha256) {
    check.state = DatabaseState::Changed;
    check.message = "database " + path + " has changed since it was attached (content hash differs)";
  } else if (!sameStat) {
    check.state = DatabaseState::Touched;
    check.message = "database " + path + " was touched but its content is unchanged";
  } else {
    check.state = DatabaseState::Unchanged;
    check.message = "database " + path + " is unchanged";
  }
  return check;
}

}  // namespace hs::ws
