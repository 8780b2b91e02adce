#include "engine/mr/db_transform.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "engine/db/database.h"

namespace hs::mr {
namespace {

std::string quoteName(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string joinQuoted(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += ", ";
    out += quoteName(n);
  }
  return out;
}

Error writeError(const std::string& where, const std::string& message) {
  Error e = makeError(ErrorKind::Internal, "transform", message);
  e.where = where;
  return e;
}

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using DbHandle = std::unique_ptr<sqlite3, DbCloser>;
using StmtHandle = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

Status exec(sqlite3* db, const std::string& sql, const std::string& where) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
    std::string text = msg ? msg : "unknown error";
    sqlite3_free(msg);
    return writeError(where, text + " in: " + sql.substr(0, 200));
  }
  return ok();
}

int bindValue(sqlite3_stmt* stmt, int index, const db::Value& v) {
  switch (v.type) {
    case db::Value::Type::Null:
      return sqlite3_bind_null(stmt, index);
    case db::Value::Type::Integer:
      return sqlite3_bind_int64(stmt, index, v.i);
    case db::Value::Type::Real:
      return sqlite3_bind_double(stmt, index, v.r);
    case db::Value::Type::Text:
      return sqlite3_bind_text64(stmt, index, v.bytes.data(), v.bytes.size(), SQLITE_STATIC, SQLITE_UTF8);
    case db::Value::Type::Blob:
      return sqlite3_bind_blob64(stmt, index, v.bytes.data(), v.bytes.size(), SQLITE_STATIC);
  }
  return SQLITE_MISUSE;
}

std::string createTableSql(const db::TableInfo& t, const SchemaMapping& m) {
  std::string sql = "CREATE TABLE " + quoteName(m.table(t.name)) + " (";
  std::vector<std::pair<int, std::string>> pk;
  bool first = true;
  for (const auto& c : t.columns) {
    if (!first) sql += ", ";
    first = false;
    sql += quoteName(m.column(t.name, c.name));
    if (!c.declaredType.empty()) sql += " " + c.declaredType;
    if (c.notNull) sql += " NOT NULL";
    if (c.primaryKey) pk.emplace_back(c.pkPosition, m.column(t.name, c.name));
  }
  if (!pk.empty()) {
    std::sort(pk.begin(), pk.end());
    std::vector<std::string> names;
    for (auto& [pos, name] : pk) names.push_back(name);
    sql += ", PRIMARY KEY (" + joinQuoted(names) + ")";
  }
  for (const auto& fk : t.foreignKeys) {
    std::vector<std::string> from, to;
    for (const auto& c : fk.fromColumns) from.push_back(m.column(t.name, c));
    for (const auto& c : fk.toColumns) to.push_back(m.column(fk.toTable, c));
    sql += ", FOREIGN KEY (" + joinQuoted(from) + ") REFERENCES " + quoteName(m.table(fk.toTable));
    if (!to.empty()) sql += " (" + joinQuoted(to) + ")";
  }
  return sql + ")";
}

}  // namespace

Result<TransformedDatabase> writeRenamedCopy(const std::string& sourcePath, const std::string& targetPath,
                                             const RenameOptions& options, const std::atomic<bool>* cancel) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(targetPath, ec)) {
    Error e = makeError(ErrorKind::BadInput, "exists", "refusing to overwrite an existing file");
    e.where = targetPath;
    return e;
  }
  auto source = db::Database::openReadOnly(sourcePath);
  if (!source) return source.error();
  auto schema = source.value()->schema();
  if (!schema) return schema.error();

  TransformedDatabase out;
  out.path = targetPath;
  for (const auto& t : schema->tables) {
    if (t.isView) continue;
    out.mapping.addTable(t.name, options.tablePrefix + t.name);
    for (const auto& c : t.columns) out.mapping.addColumn(t.name, c.name, c.name + options.columnSuffix);
  }

  const std::string partPath = targetPath + ".part";
  fs::remove(partPath, ec);
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(partPath.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    std::string msg = raw ? sqlite3_errmsg(raw) : "cannot create file";
    sqlite3_close_v2(raw);
    return writeError(partPath, msg);
  }
  DbHandle target(raw);
  auto fail = [&](Error e) -> Result<TransformedDatabase> {
    target.reset();
    fs::remove(partPath, ec);
    return e;
  };

  if (auto s = exec(target.get(), "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN", partPath); !s) {
    return fail(s.error());
  }
  // Trusted reads of the whole source (not model-written SQL): no time, row, size or value cap.
  db::Limits unlimited{0, 0, 0};
  unlimited.maxMemoryBytes = 0;
  unlimited.maxValueBytes = 0;
  for (const auto& t : schema->tables) {
    if (t.isView) {
      ++out.viewsSkipped;
      continue;
    }
    if (auto s = exec(target.get(), createTableSql(t, out.mapping), partPath); !s) return fail(s.error());
    std::string placeholders;
    for (std::size_t i = 0; i < t.columns.size(); ++i) placeholders += i ? ", ?" : "?";
    std::string insert =
        "INSERT INTO " + quoteName(out.mapping.table(t.name)) + " VALUES (" + placeholders + ")";
    sqlite3_stmt* rawStmt = nullptr;
    if (sqlite3_prepare_v2(target.get(), insert.c_str(), -1, &rawStmt, nullptr) != SQLITE_OK) {
      return fail(writeError(partPath, sqlite3_errmsg(target.get())));
    }
    StmtHandle stmt(rawStmt);
    std::vector<std::string> names;
    for (const auto& c : t.columns) names.push_back(c.name);
    auto cursor =
        source.value()->openCursor("SELECT " + joinQuoted(names) + " FROM " + quoteName(t.name), unlimited);
    if (!cursor) return fail(cursor.error());
    while (!cursor.value()->atEnd()) {
      if (cancel && cancel->load())
        return fail(makeError(ErrorKind::Cancelled, "cancelled", "copy cancelled"));
      auto rows = cursor.value()->fetch(2048);
      if (!rows) return fail(rows.error());
      for (const auto& row : rows.value()) {
        for (std::size_t i = 0; i < row.size(); ++i) bindValue(stmt.get(), static_cast<int>(i + 1), row[i]);
        if (sqlite3_step(stmt.get()) != SQLITE_DONE) {
          return fail(writeError(partPath, std::string(sqlite3_errmsg(target.get())) + " copying " + t.name));
        }
        sqlite3_reset(stmt.get());
        ++out.rows;
      }
    }
    ++out.tables;
  }
  if (auto s = exec(target.get(), "COMMIT", partPath); !s) return fail(s.error());
  target.reset();
  fs::rename(partPath, targetPath, ec);
  if (ec) {
    fs::remove(partPath, ec);
    return writeError(targetPath, "cannot move the copy into place");
  }
  return out;
}

}  // namespace hs::mr
