#pragma once
// Helpers of the annotation tests and benchmark (no Qt): Spider schemas from tables.json, the
// GPT-4 prediction CSV, a read-only SQLite value lookup and set-semantics EX.
#include <sqlite3.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/annotate/checks.h"
#include "engine/db/schema.h"
#include "tests/support/csv_rows.h"

namespace hs::annotate::test {

inline std::map<std::string, db::Schema> loadSpiderSchemas(const std::string& tablesJson) {
  std::map<std::string, db::Schema> out;
  std::ifstream in(tablesJson);
  if (!in) return out;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded()) return out;
  for (const auto& d : j) {
    db::Schema s;
    for (const auto& t : d["table_names_original"])
      s.tables.push_back({t.get<std::string>(), false, {}, {}, {}, ""});
    std::set<int> pks;
    for (const auto& p : d["primary_keys"]) {
      if (p.is_array())
        for (const auto& q : p) pks.insert(q.get<int>());
      else
        pks.insert(p.get<int>());
    }
    const auto& cols = d["column_names_original"];
    for (std::size_t i = 0; i < cols.size(); ++i) {
      int t = cols[i][0].get<int>();
      if (t < 0) continue;
      db::ColumnInfo c;
      c.name = cols[i][1].get<std::string>();
      std::string type = d["column_types"][i].get<std::string>();
      c.declaredType = type == "number" ? "REAL" : type == "text" ? "TEXT" : type;
      c.primaryKey = pks.count(static_cast<int>(i)) > 0;
      s.tables[static_cast<std::size_t>(t)].columns.push_back(c);
    }
    out[d["db_id"].get<std::string>()] = std::move(s);
  }
  return out;
}

// CSV rows through the engine's reader (tests/support/csv_rows.h).
inline std::vector<std::vector<std::string>> readCsv(const std::string& path) {
  return hs::test::csvRows(path);
}

// A read-only SQLite connection (the test's own; never writes).
class ReadOnlyDb {
 public:
  explicit ReadOnlyDb(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      sqlite3_close(db_);
      db_ = nullptr;
    }
  }
  ~ReadOnlyDb() { sqlite3_close(db_); }
  ReadOnlyDb(const ReadOnlyDb&) = delete;
  ReadOnlyDb& operator=(const ReadOnlyDb&) = delete;
  bool ok() const { return db_ != nullptr; }

  // Rows as text cells (NULL -> "\x01NULL"); false on error.
  bool run(const std::string& sql, std::vector<std::vector<std::string>>& rows) const {
    rows.clear();
    if (!db_) return false;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK || !st) {
      sqlite3_finalize(st);
      return false;
    }
    int rc;
    int steps = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && ++steps < 200000) {
      std::vector<std::string> r;
      for (int c = 0; c < sqlite3_column_count(st); ++c) {
        if (sqlite3_column_type(st, c) == SQLITE_NULL) {
          r.push_back("\x01NULL");
        } else if (sqlite3_column_type(st, c) == SQLITE_FLOAT ||
                   sqlite3_column_type(st, c) == SQLITE_INTEGER) {
          char buf[64];
          std::snprintf(buf, sizeof buf, "%.10g", sqlite3_column_double(st, c));
          r.push_back(buf);
        } else {
          const unsigned char* t = sqlite3_column_text(st, c);
          r.push_back(t ? reinterpret_cast<const char*>(t) : "");
        }
      }
      rows.push_back(std::move(r));
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || rc == SQLITE_ROW;
  }

  ValueCheck lookup(const std::string& table, const std::string& column, const std::string& value,
                    bool numeric) const {
    std::vector<std::vector<std::string>> rows;
    auto q = [](const std::string& id) { return "\"" + id + "\""; };
    std::string lit = numeric ? value : "'" + escape(value) + "'";
    if (!run("SELECT 1 FROM " + q(table) + " WHERE " + q(column) + " = " + lit + " LIMIT 1", rows))
      return ValueCheck::Unknown;
    if (!rows.empty()) return ValueCheck::Exists;
    if (numeric) return ValueCheck::Absent;
    if (!run("SELECT 1 FROM " + q(table) + " WHERE lower(trim(" + q(column) + ")) = lower(trim(" + lit +
                 ")) LIMIT 1",
             rows))
      return ValueCheck::Unknown;
    return rows.empty() ? ValueCheck::Absent : ValueCheck::ExistsIgnoringCase;
  }

 private:
  static std::string escape(const std::string& s) {
    std::string o;
    for (char c : s) {
      o.push_back(c);
      if (c == '\'') o.push_back('\'');
    }
    return o;
  }
  sqlite3* db_ = nullptr;
};

// Set-semantics EX: 1 = same set of rows, 0 = different, -1 = gold fails or no database.
inline int executionMatch(const ReadOnlyDb& db, const std::string& pred, const std::string& gold,
                          ResultSummary* summary) {
  std::vector<std::vector<std::string>> g, p;
  if (!db.ok() || !db.run(gold, g)) return -1;
  bool okPred = db.run(pred, p);
  if (summary) {
    summary->failed = !okPred;
    summary->rows = p.size();
    summary->allNull = !p.empty() && std::all_of(p.begin(), p.end(), [](const auto& r) {
      return std::all_of(r.begin(), r.end(), [](const std::string& c) { return c == "\x01NULL"; });
    });
    bool anyNull = false;
    for (const auto& r : p)
      for (const std::string& c : r) anyNull = anyNull || c == "\x01NULL";
    summary->someNull = anyNull && !summary->allNull;
  }
  if (!okPred) return 0;
  std::set<std::vector<std::string>> gs(g.begin(), g.end()), ps(p.begin(), p.end());
  return gs == ps ? 1 : 0;
}

}  // namespace hs::annotate::test
