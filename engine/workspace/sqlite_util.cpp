#include "engine/workspace/sqlite_util.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <utility>

namespace hs::ws {

Error sqliteError(sqlite3* db, const std::string& what, const std::string& where) {
  int code = db ? sqlite3_extended_errcode(db) : SQLITE_ERROR;
  int primary = code & 0xff;
  ErrorKind kind = ErrorKind::Internal;
  std::string tag = "sqlite";
  if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) {
    kind = ErrorKind::BadInput;
    tag = "corrupt";
  } else if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
    kind = ErrorKind::External;
    tag = "busy";
  } else if (primary == SQLITE_CANTOPEN || primary == SQLITE_PERM || primary == SQLITE_READONLY ||
             primary == SQLITE_IOERR || primary == SQLITE_FULL) {
    kind = ErrorKind::BadInput;
    tag = "io";
  } else if (primary == SQLITE_CONSTRAINT) {
    kind = ErrorKind::BadInput;
    tag = "constraint";
  }
  std::string msg = what;
  if (db) {
    msg += ": ";
    msg += sqlite3_errmsg(db);
  }
  Error e = makeError(kind, tag, msg);
  e.where = where;
  return e;
}

Status exec(sqlite3* db, std::string_view sql, const std::string& where) {
  std::string text(sql);
  char* err = nullptr;
  int rc = sqlite3_exec(db, text.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    sqlite3_free(err);
    return sqliteError(db, "workspace statement failed", where);
  }
  return ok();
}

Result<Statement> Statement::prepare(sqlite3* db, std::string_view sql, const std::string& where) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return sqliteError(db, "cannot prepare workspace statement", where);
  }
  return Statement(db, stmt, where);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)), where_(std::move(other.where_)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    db_ = other.db_;
    stmt_ = std::exchange(other.stmt_, nullptr);
    where_ = std::move(other.where_);
  }
  return *this;
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, std::int64_t v) {
  sqlite3_bind_int64(stmt_, index, v);
  return *this;
}

Statement& Statement::bind(int index, double v) {
  sqlite3_bind_double(stmt_, index, v);
  return *this;
}

Statement& Statement::bind(int index, std::string_view v) {
  sqlite3_bind_text64(stmt_, index, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  return *this;
}

Statement& Statement::bindNull(int index) {
  sqlite3_bind_null(stmt_, index);
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& v) {
  return v ? bind(index, std::string_view(*v)) : bindNull(index);
}

Statement& Statement::bind(int index, const std::optional<std::int64_t>& v) {
  return v ? bind(index, *v) : bindNull(index);
}

Result<bool> Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return sqliteError(db_, "workspace statement failed", where_);
}

Status Statement::run() {
  for (;;) {
    auto r = step();
    if (!r) return r.error();
    if (!r.value()) return ok();
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Statement& Statement::bind(int index, const db::Value& v) {
  switch (v.type) {
    case db::Value::Type::Null:
      sqlite3_bind_null(stmt_, index);
      break;
    case db::Value::Type::Integer:
      sqlite3_bind_int64(stmt_, index, v.i);
      break;
    case db::Value::Type::Real:
      sqlite3_bind_double(stmt_, index, v.r);
      break;
    case db::Value::Type::Text:
      sqlite3_bind_text64(stmt_, index, v.bytes.data(), v.bytes.size(), SQLITE_STATIC, SQLITE_UTF8);
      break;
    case db::Value::Type::Blob:
      sqlite3_bind_blob64(stmt_, index, v.bytes.data(), v.bytes.size(), SQLITE_STATIC);
      break;
  }
  return *this;
}

bool Statement::isNull(int col) const {
  return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}
std::int64_t Statement::int64(int col) const {
  return sqlite3_column_int64(stmt_, col);
}
double Statement::real(int col) const {
  return sqlite3_column_double(stmt_, col);
}

std::string Statement::text(int col) const {
  const unsigned char* p = sqlite3_column_text(stmt_, col);
  int n = sqlite3_column_bytes(stmt_, col);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
}

std::optional<std::string> Statement::optText(int col) const {
  if (isNull(col)) return std::nullopt;
  return text(col);
}

std::optional<std::int64_t> Statement::optInt64(int col) const {
  if (isNull(col)) return std::nullopt;
  return int64(col);
}

Result<OwnedDatabase> OwnedDatabase::createNew(const std::string& path) {
  const int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) {
    Error e = makeError(ErrorKind::BadInput, errno == EEXIST ? "exists" : "io",
                        "cannot create " + path + ": " + std::strerror(errno));
    e.where = path;
    return e;
  }
  ::close(fd);
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    Error e = sqliteError(db, "cannot open " + path, path);
    sqlite3_close(db);
    return e;
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  return OwnedDatabase(db, path);
}

OwnedDatabase::OwnedDatabase(OwnedDatabase&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

OwnedDatabase& OwnedDatabase::operator=(OwnedDatabase&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

OwnedDatabase::~OwnedDatabase() {
  close();
}

void OwnedDatabase::close() {
  if (db_) sqlite3_close_v2(db_);
  db_ = nullptr;
}

Result<std::int64_t> queryInt(sqlite3* db, std::string_view sql, const std::string& where) {
  auto st = Statement::prepare(db, sql, where);
  if (!st) return st.error();
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) {
    Error e = makeError(ErrorKind::Internal, "sqlite", "query returned no row: " + std::string(sql));
    e.where = where;
    return e;
  }
  return st->int64(0);
}

std::string nowUtcIso() {
  auto now = std::chrono::system_clock::now();
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  char out[48];
  std::snprintf(out, sizeof out, "%s.%03dZ", buf, static_cast<int>(ms % 1000));
  return out;
}

}  // namespace hs::ws
