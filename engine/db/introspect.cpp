// Schema introspection, sample values and value lookups of hs::db::Database.
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "engine/core/sql_quote.h"
#include "engine/core/text.h"
#include "engine/db/connection.h"
#include "engine/db/database.h"
#include "engine/db/sql_text.h"

namespace hs::db {

using detail::Connection;

namespace {

constexpr int kIntrospectionTimeoutMs = 30000;

std::string columnText(sqlite3_stmt* stmt, int i) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt, i))) : std::string();
}

// Runs an internal statement to completion, calling `onRow` for each row.
template <class F>
Status runInternal(Connection& conn, const std::string& sql, const std::vector<std::string>& params,
                   F onRow) {
  auto stmt = conn.prepareInternal(sql);
  if (!stmt) return stmt.error();
  for (std::size_t i = 0; i < params.size(); ++i) {
    sqlite3_bind_text(stmt->get(), static_cast<int>(i + 1), params[i].data(),
                      static_cast<int>(params[i].size()), SQLITE_TRANSIENT);
  }
  while (true) {
    int rc = sqlite3_step(stmt->get());
    if (rc == SQLITE_DONE) return ok();
    if (rc != SQLITE_ROW) return conn.stepError(rc, sql);
    onRow(stmt->get());
  }
}

// RAII: arms the connection's time limit for a block of internal statements.
class Run {
 public:
  Run(Connection& conn, const Limits& limits) : conn_(conn) { conn_.beginRun(limits); }
  ~Run() { conn_.endRun(); }
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

 private:
  Connection& conn_;
};

bool containsNoCase(const std::string& haystack, const std::string& needle) {
  return asciiLower(haystack).find(asciiLower(needle)) != std::string::npos;
}

std::optional<std::int64_t> leadingInteger(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  if (i == s.size() || std::isdigit(static_cast<unsigned char>(s[i])) == 0) return std::nullopt;
  std::int64_t v = 0;
  for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0; ++i) {
    if (v > (INT64_MAX - 9) / 10) return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

Error unknownName(const std::string& what, const std::string& name, const std::string& path) {
  Error e = makeError(ErrorKind::BadInput, "unknown_name", "no such " + what + ": " + name);
  e.where = path;
  return e;
}

}  // namespace

Result<const Schema*> Database::cachedSchema() {
  if (!schemaCache_) {
    auto s = schema();
    if (!s) return s.error();
  }
  return static_cast<const Schema*>(schemaCache_.get());
}

Result<Schema> Database::schema() {
  Connection& conn = *conn_;
  Run run(conn, Limits(kIntrospectionTimeoutMs));
  Schema schema;
  bool hasStat1 = false;
  Status st = runInternal(conn,
                          "SELECT type, name, coalesce(sql, '') FROM sqlite_schema "
                          "WHERE type IN ('table', 'view') ORDER BY rowid",
                          {}, [&](sqlite3_stmt* s) {
                            std::string name = columnText(s, 1);
                            if (iequals(name, "sqlite_stat1")) hasStat1 = true;
                            if (asciiLower(name).rfind("sqlite_", 0) == 0) return;  // internal tables
                            TableInfo t;
                            t.isView = columnText(s, 0) == "view";
                            t.name = std::move(name);
                            t.sql = columnText(s, 2);
                            schema.tables.push_back(std::move(t));
                          });
  if (!st) return st.error();

  // Cheap size hints: one B-tree seek per table, never a scan.
  std::int64_t pageCount = 0;
  std::int64_t pageSize = 0;
  (void)runInternal(conn, "PRAGMA page_count", {},
                    [&](sqlite3_stmt* s) { pageCount = sqlite3_column_int64(s, 0); });
  (void)runInternal(conn, "PRAGMA page_size", {},
                    [&](sqlite3_stmt* s) { pageSize = sqlite3_column_int64(s, 0); });
  const std::int64_t maxRowsInFile = pageCount * pageSize / 4;  // a row takes at least ~4 bytes

  for (auto& t : schema.tables) {
    st = runInternal(conn,
                     "SELECT name, coalesce(type, ''), \"notnull\", dflt_value, pk, hidden "
                     "FROM pragma_table_xinfo(?1)",
                     {t.name}, [&](sqlite3_stmt* s) {
                       if (sqlite3_column_int(s, 5) == 1) return;  // hidden virtual-table column
                       ColumnInfo c;
                       c.name = columnText(s, 0);
                       c.declaredType = columnText(s, 1);
                       c.notNull = sqlite3_column_int(s, 2) != 0;
                       if (sqlite3_column_type(s, 3) != SQLITE_NULL) c.defaultValue = columnText(s, 3);
                       c.pkPosition = sqlite3_column_int(s, 4);
                       c.primaryKey = c.pkPosition > 0;
                       t.columns.push_back(std::move(c));
                     });
    if (!st) {
      // A view over a missing table or a virtual table of an unknown module: keep the name.
      if (st.error().kind == ErrorKind::Timeout || st.error().kind == ErrorKind::Cancelled) return st.error();
      continue;
    }
    if (t.isView) continue;

    std::map<int, ForeignKey> fks;
    st = runInternal(
        conn, "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq",
        {t.name}, [&](sqlite3_stmt* s) {
          ForeignKey& fk = fks[sqlite3_column_int(s, 0)];
          fk.toTable = columnText(s, 1);
          fk.fromColumns.push_back(columnText(s, 2));
          if (sqlite3_column_type(s, 3) != SQLITE_NULL) fk.toColumns.push_back(columnText(s, 3));
        });
    if (!st) return st.error();
    for (auto& [id, fk] : fks) {
      if (fk.toColumns.size() != fk.fromColumns.size()) fk.toColumns.clear();  // "the primary key"
      t.foreignKeys.push_back(std::move(fk));
    }

    if (hasStat1) {
      (void)runInternal(conn, "SELECT stat FROM sqlite_stat1 WHERE tbl = ?1 ORDER BY idx IS NOT NULL LIMIT 1",
                        {t.name}, [&](sqlite3_stmt* s) { t.rowEstimate = leadingInteger(columnText(s, 0)); });
      if (t.rowEstimate) continue;
    }
    bool virtualTable = containsNoCase(t.sql, "create virtual table");
    bool withoutRowid = containsNoCase(t.sql, "without rowid");
    if (virtualTable || withoutRowid) continue;
    for (const char* alias : {"rowid", "_rowid_", "oid"}) {
      if (t.findColumn(alias)) continue;  // shadowed by a real column
      // max - min + 1 of the rowid (two b-tree seeks): 1..n tables give n, and keys that start at
      // 1001 (Spider's Student) no longer read as a thousand rows.
      std::optional<std::int64_t> minRowid, maxRowid;
      bool empty = false;
      Status s2 = runInternal(conn,
                              "SELECT min(" + std::string(alias) + "), max(" + std::string(alias) +
                                  ") FROM " + quoteIdentifier(t.name),
                              {}, [&](sqlite3_stmt* s) {
                                if (sqlite3_column_type(s, 1) == SQLITE_NULL) {
                                  empty = true;
                                } else {
                                  minRowid = sqlite3_column_int64(s, 0);
                                  maxRowid = sqlite3_column_int64(s, 1);
                                }
                              });
      if (s2) {
        if (empty) t.rowEstimate = 0;
        if (maxRowid && minRowid) {
          // in double: rowids may sit near both ends of int64, the file bounds the result anyway
          const double span = static_cast<double>(*maxRowid) - static_cast<double>(*minRowid) + 1.0;
          const auto cap = std::max<std::int64_t>(maxRowsInFile, 0);
          t.rowEstimate = span >= static_cast<double>(cap) ? cap : static_cast<std::int64_t>(span);
        }
      }
      break;
    }
  }
  schemaCache_ = std::make_unique<Schema>(schema);
  return schema;
}

Result<std::vector<Value>> Database::sampleValues(const std::string& table, const std::string& column,
                                                  std::size_t n, const Limits& limits) {
  auto s = cachedSchema();
  if (!s) return s.error();
  const TableInfo* t = (*s)->findTable(table);
  if (!t) return unknownName("table", table, path_);
  const ColumnInfo* c = t->findColumn(column);
  if (!c) return unknownName("column", table + "." + column, path_);
  std::vector<Value> out;
  if (n == 0) return out;
  Connection& conn = *conn_;
  Run run(conn, limits);
  std::string q = quoteIdentifier(c->name);
  std::string sql = "SELECT DISTINCT " + q + " FROM " + quoteIdentifier(t->name) + " WHERE " + q +
                    " IS NOT NULL LIMIT " + std::to_string(n);
  Status st =
      runInternal(conn, sql, {}, [&](sqlite3_stmt* stmt) { out.push_back(detail::columnValue(stmt, 0)); });
  if (!st) return st.error();
  if (out.size() < n) {
    bool hasNull = false;
    st = runInternal(conn, "SELECT 1 FROM " + quoteIdentifier(t->name) + " WHERE " + q + " IS NULL LIMIT 1",
                     {}, [&](sqlite3_stmt*) { hasNull = true; });
    if (!st) return st.error();
    if (hasNull) out.push_back(Value::null());
  }
  return out;
}

Result<bool> Database::valueExists(const std::string& table, const std::string& column, const Value& v,
                                   const Limits& limits) {
  auto s = cachedSchema();
  if (!s) return s.error();
  const TableInfo* t = (*s)->findTable(table);
  if (!t) return unknownName("table", table, path_);
  const ColumnInfo* c = t->findColumn(column);
  if (!c) return unknownName("column", table + "." + column, path_);
  Connection& conn = *conn_;
  Run run(conn, limits);
  std::string sql = "SELECT 1 FROM " + quoteIdentifier(t->name) + " WHERE " + quoteIdentifier(c->name) +
                    (v.isNull() ? " IS NULL" : " = ?1") + " LIMIT 1";
  auto stmt = conn.prepareInternal(sql);
  if (!stmt) return stmt.error();
  sqlite3_stmt* raw = stmt->get();
  switch (v.type) {
    case Value::Type::Null:
      break;
    case Value::Type::Integer:
      sqlite3_bind_int64(raw, 1, v.i);
      break;
    case Value::Type::Real:
      sqlite3_bind_double(raw, 1, v.r);
      break;
    case Value::Type::Text:
      sqlite3_bind_text(raw, 1, v.bytes.data(), static_cast<int>(v.bytes.size()), SQLITE_TRANSIENT);
      break;
    case Value::Type::Blob:
      sqlite3_bind_blob(raw, 1, v.bytes.data(), static_cast<int>(v.bytes.size()), SQLITE_TRANSIENT);
      break;
  }
  int rc = sqlite3_step(raw);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return conn.stepError(rc, sql);
}

}  // namespace hs::db
