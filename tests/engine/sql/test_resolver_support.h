#pragma once
// Test helpers for the resolver: a schema read straight from a SQLite file and the authorizer's
// SQLITE_READ pairs of a statement, both through a read-only sqlite3 connection (nothing runs:
// the statement is only prepared).
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "engine/db/schema.h"

namespace hs::test {

inline std::string lowerAscii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

using ReadSet = std::set<std::pair<std::string, std::string>>;  // (table, column), lower case

class ReadOnlyDb {
 public:
  explicit ReadOnlyDb(const std::string& path) {
    std::string uri = "file:" + path + "?mode=ro";
    if (sqlite3_open_v2(uri.c_str(), &db_, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
      sqlite3_close(db_);
      db_ = nullptr;
    }
  }
  ~ReadOnlyDb() { sqlite3_close(db_); }
  ReadOnlyDb(const ReadOnlyDb&) = delete;
  ReadOnlyDb& operator=(const ReadOnlyDb&) = delete;

  bool ok() const { return db_ != nullptr; }

  hs::db::Schema schema() {
    hs::db::Schema schema;
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(
        db_,
        "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table','view') AND name NOT "
        "LIKE 'sqlite_%'",
        -1, &st, nullptr);
    while (st && sqlite3_step(st) == SQLITE_ROW) {
      hs::db::TableInfo t;
      t.name = text(st, 0);
      t.isView = text(st, 1) == "view";
      t.sql = text(st, 2);
      schema.tables.push_back(std::move(t));
    }
    sqlite3_finalize(st);
    for (auto& t : schema.tables) {
      sqlite3_stmt* ti = nullptr;
      std::string q = "SELECT name, pk, type FROM pragma_table_info(?1)";
      sqlite3_prepare_v2(db_, q.c_str(), -1, &ti, nullptr);
      sqlite3_bind_text(ti, 1, t.name.c_str(), -1, SQLITE_TRANSIENT);
      while (ti && sqlite3_step(ti) == SQLITE_ROW) {
        hs::db::ColumnInfo c;
        c.name = text(ti, 0);
        c.pkPosition = sqlite3_column_int(ti, 1);
        c.primaryKey = c.pkPosition > 0;
        c.declaredType = text(ti, 2);
        t.columns.push_back(std::move(c));
      }
      sqlite3_finalize(ti);
    }
    return schema;
  }

  // Prepares `sql` with an authorizer that records SQLITE_READ; false when SQLite refuses it.
  bool authorizerReads(const std::string& sql, ReadSet& out, std::string* error = nullptr) {
    out.clear();
    sqlite3_set_authorizer(db_, &ReadOnlyDb::authorize, &out);
    sqlite3_stmt* st = nullptr;
    int rc = sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &st, nullptr);
    if (rc != SQLITE_OK && error) *error = sqlite3_errmsg(db_);
    sqlite3_finalize(st);
    sqlite3_set_authorizer(db_, nullptr, nullptr);
    return rc == SQLITE_OK && st != nullptr;
  }

 private:
  static std::string text(sqlite3_stmt* st, int i) {
    const unsigned char* p = sqlite3_column_text(st, i);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }
  static int authorize(void* user, int action, const char* a, const char* b, const char*, const char*) {
    if (action == SQLITE_READ) {
      auto* reads = static_cast<ReadSet*>(user);
      reads->insert({lowerAscii(a ? a : ""), lowerAscii(b ? b : "")});
    }
    return SQLITE_OK;
  }

  sqlite3* db_ = nullptr;
};

}  // namespace hs::test
