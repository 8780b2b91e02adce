#pragma once
// Small SQLite databases that GUI tests and benchmarks build for themselves (written with the
// SQLite C API; they are test fixtures, never user databases).
#include <QString>

#include <sqlite3.h>

namespace hs::test {

// people(id, name, score) with 3 rows (one NULL score) and big(n, label) with `bigRows` rows.
inline bool createGuiTestDb(const QString& path, int bigRows = 20000) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    return false;
  }
  const QString sql = QStringLiteral(
                          "CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL);"
                          "INSERT INTO people VALUES (1, 'Ada', 9.5), (2, '李雷', NULL), (3, 'Grace', 7.25);"
                          "CREATE TABLE big(n INTEGER PRIMARY KEY, label TEXT);"
                          "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < %1) "
                          "INSERT INTO big SELECT x, 'row ' || x FROM c;")
                          .arg(bigRows);
  const bool ok = sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(db);
  return ok;
}

// A query over `big` that runs for a very long time (a triple cartesian product).
inline const char* longQuery() {
  return "SELECT count(*) FROM big AS a, big AS b, big AS c WHERE a.n + b.n + c.n = -1";
}

}  // namespace hs::test
