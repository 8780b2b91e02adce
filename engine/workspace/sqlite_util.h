#pragma once
// The one SQLite wrapper for files HalluSQL writes: the workspace (our own project file) and
// scratch databases of our own (the demo database, the DSR/DR renamed copies). RAII helpers over
// the SQLite C API. User databases never go through here: they are opened by hs::db only.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <sqlite3.h>

#include "engine/core/error.h"
#include "engine/db/value.h"

namespace hs::ws {

// An error from the workspace connection: SQLite's message, its extended code, and the file.
Error sqliteError(sqlite3* db, const std::string& what, const std::string& where);

// Runs one or more statements that return no rows.
Status exec(sqlite3* db, std::string_view sql, const std::string& where);

// A prepared statement, finalized on destruction. Bind with 1-based indices.
class Statement {
 public:
  static Result<Statement> prepare(sqlite3* db, std::string_view sql, const std::string& where);
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  Statement& bind(int index, std::int64_t v);
  Statement& bind(int index, double v);
  Statement& bind(int index, std::string_view v);
  Statement& bind(int index, const char* v) { return bind(index, std::string_view(v)); }
  Statement& bind(int index, const std::string& v) { return bind(index, std::string_view(v)); }
  Statement& bindNull(int index);
  Statement& bind(int index, const std::optional<std::string>& v);
  Statement& bind(int index, const std::optional<std::int64_t>& v);
  // A value read from a user database: text and blobs are not copied (keep `v` alive until step).
  Statement& bind(int index, const db::Value& v);

  // SQLITE_ROW -> true, SQLITE_DONE -> false, anything else -> error.
  Result<bool> step();
  // Steps to completion (for INSERT/UPDATE/DELETE).
  Status run();
  void reset();

  bool isNull(int col) const;
  std::int64_t int64(int col) const;
  double real(int col) const;
  std::string text(int col) const;
  std::optional<std::string> optText(int col) const;
  std::optional<std::int64_t> optInt64(int col) const;

  sqlite3_stmt* raw() const { return stmt_; }

 private:
  Statement(sqlite3* db, sqlite3_stmt* stmt, std::string where)
      : db_(db), stmt_(stmt), where_(std::move(where)) {}
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  std::string where_;
};

// A new SQLite file of our own that is not a workspace (the demo database, a renamed copy): created
// with O_EXCL semantics (an existing file is refused, never opened), closed on destruction.
class OwnedDatabase {
 public:
  static Result<OwnedDatabase> createNew(const std::string& path);
  OwnedDatabase(OwnedDatabase&& other) noexcept;
  OwnedDatabase& operator=(OwnedDatabase&& other) noexcept;
  OwnedDatabase(const OwnedDatabase&) = delete;
  OwnedDatabase& operator=(const OwnedDatabase&) = delete;
  ~OwnedDatabase();

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }
  void close();

 private:
  OwnedDatabase(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  sqlite3* db_ = nullptr;
  std::string path_;
};

// One integer from a single-row query (e.g. "PRAGMA user_version").
Result<std::int64_t> queryInt(sqlite3* db, std::string_view sql, const std::string& where);

// Current UTC time as ISO 8601 with milliseconds, e.g. "2026-11-22T05:10:00.123Z".
std::string nowUtcIso();

}  // namespace hs::ws
