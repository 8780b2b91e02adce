// All Spider dev cases with the GPT-4 DIN-SQL predictions import, execute and score; EX under set
// semantics equals a straightforward reference computed here with plain sqlite3 (read-only) and a
// Python-like set of row tuples, on every case.
#include <QtTest>

#include <sqlite3.h>

#include <cmath>
#include <cstdio>
#include <set>

#include "engine/eval/runner.h"
#include "engine/workspace/import/import.h"
#include "support/shared_data.h"

namespace {

// A row as text: Python's tuple equality for sqlite3 values (int 1 == float 1.0, None == None).
std::string valueKey(sqlite3_stmt* st, int col) {
  switch (sqlite3_column_type(st, col)) {
    case SQLITE_NULL:
      return "N";
    case SQLITE_INTEGER:
      return "I" + std::to_string(sqlite3_column_int64(st, col));
    case SQLITE_FLOAT: {
      double d = sqlite3_column_double(st, col);
      if (std::trunc(d) == d && std::fabs(d) < 9.2e18) return "I" + std::to_string(static_cast<long long>(d));
      char buf[64];
      std::snprintf(buf, sizeof buf, "R%.17g", d);
      return buf;
    }
    case SQLITE_TEXT: {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
      return "T" + std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, col)));
    }
    default: {
      const auto* p = static_cast<const char*>(sqlite3_column_blob(st, col));
      return "B" + std::string(p ? p : "", static_cast<std::size_t>(sqlite3_column_bytes(st, col)));
    }
  }
}

// nullopt when the statement fails (Python's execute raises), like BIRD's / Spider's evaluators.
std::optional<std::set<std::string>> referenceRows(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  const char* tail = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, &tail) != SQLITE_OK) return std::nullopt;
  // Python's sqlite3 refuses a second statement after the first one.
  std::string rest = tail ? tail : "";
  if (rest.find_first_not_of(" \t\r\n;") != std::string::npos) {
    sqlite3_finalize(st);
    return std::nullopt;
  }
  std::set<std::string> rows;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    std::string key;
    const int n = sqlite3_column_count(st);
    for (int c = 0; c < n; ++c) {
      std::string v = valueKey(st, c);
      key += std::to_string(v.size()) + ":" + v;
    }
    rows.insert(key + "#" + std::to_string(n));
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) return std::nullopt;
  return rows;
}

}  // namespace

class TestSpiderEx : public QObject {
  Q_OBJECT
 private slots:
  void gpt4DinSqlSetExMatchesReference() {
    HS_REQUIRE_SHARED_DATA();
    hs::ws::import::ImportOptions io;
    io.casesPath = hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv");
    auto report = hs::ws::import::importCases(io);
    QVERIFY(report.errors.empty());
    QCOMPARE(report.cases.size(), std::size_t(1034));

    hs::eval::EvalOptions eo;
    eo.dbRoot = hs::test::sharedPath("spider/database");
    eo.jobs = 2;
    auto outcomes = hs::eval::evaluateCases(report.cases, eo);
    QCOMPARE(outcomes.size(), report.cases.size());

    std::size_t executable = 0, correct = 0, refCorrect = 0;
    for (std::size_t i = 0; i < report.cases.size(); ++i) {
      const hs::Case& c = report.cases[i];
      const auto& o = outcomes[i];
      auto path = hs::eval::resolveDatabase(eo.dbRoot, c.dbId);
      if (!path) {
        QVERIFY2(!o.exSet.has_value(), c.id.c_str());
        QCOMPARE(o.gold.error->kind, hs::eval::ExecErrorClass::NoDatabase);
        continue;
      }
      ++executable;
      QVERIFY2(o.gold.ok, (c.id + ": gold failed: " + (o.gold.error ? o.gold.error->message : "")).c_str());
      sqlite3* db = nullptr;
      QCOMPARE(sqlite3_open_v2(path->c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
      auto g = referenceRows(db, *c.goldSql);
      auto p = referenceRows(db, *c.predSql);
      sqlite3_close(db);
      QVERIFY(g.has_value());
      const bool ref = p.has_value() && *g == *p;
      refCorrect += ref ? 1 : 0;
      QVERIFY2(o.exSet.has_value(), c.id.c_str());
      correct += *o.exSet ? 1 : 0;
      QVERIFY2(*o.exSet == ref, (c.id + ": EX(set) differs from the reference").c_str());
      QVERIFY(o.exBag.has_value());
      if (*o.exBag) QVERIFY2(*o.exSet, c.id.c_str());  // bag equality implies set equality
      QVERIFY(o.softF1.has_value());
      if (*o.exSet && *o.exBag) QVERIFY(o.diff && o.diff->missingTotal == 0 && o.diff->extraTotal == 0);
    }
    QCOMPARE(executable, std::size_t(1034 - 62));  // wta_1 is missing (SOURCES.md)
    QCOMPARE(correct, refCorrect);
    const double ex = static_cast<double>(correct) / static_cast<double>(executable);
    qInfo("GPT-4 DIN-SQL on Spider dev: EX(set) %zu/%zu = %.4f", correct, executable, ex);
    QVERIFY(ex > 0.75 && ex < 0.9);
  }
};

QTEST_GUILESS_MAIN(TestSpiderEx)
#include "test_spider_ex.moc"
