// Decomposition of gold queries into drill-down paths: step order, spans, subqueries, set
// operations, CTEs, folding of steps that do not execute, the time limit of a whole decomposition,
// and all Spider dev gold queries.
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "engine/db/database.h"
#include "engine/drilldown/decompose.h"
#include "engine/eval/runner.h"
#include "support/shared_data.h"

using namespace hs;
using namespace hs::drilldown;

namespace {

std::vector<std::string> sqls(const std::vector<Candidate>& c) {
  std::vector<std::string> out;
  for (const auto& x : c) out.push_back(x.sql);
  return out;
}

std::string addsText(const std::string& sql, const std::vector<sql::Span>& adds) {
  std::string out;
  for (const auto& s : adds) out += (out.empty() ? "" : " | ") + sql.substr(s.begin, s.end - s.begin);
  return out;
}

}  // namespace

class TestDrilldownDecompose : public QObject {
  Q_OBJECT
 private slots:
  void clausesOneAtATime() {
    const std::string q =
        "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T' AND (T1.y > 3 "
        "OR "
        "T1.z < 2) GROUP BY T1.name HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 3";
    auto c = candidateSteps(q);
    QVERIFY(c.ok());
    QCOMPARE(sqls(c.value()),
             (std::vector<std::string>{
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid",
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T'",
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T' AND "
                 "(T1.y > 3 "
                 "OR T1.z < 2)",
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T' AND "
                 "(T1.y > 3 "
                 "OR T1.z < 2) GROUP BY T1.name",
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T' AND "
                 "(T1.y > 3 "
                 "OR T1.z < 2) GROUP BY T1.name HAVING count(*) > 1",
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T' AND "
                 "(T1.y > 3 "
                 "OR T1.z < 2) GROUP BY T1.name HAVING count(*) > 1 ORDER BY count(*) DESC",
                 "SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid WHERE T2.x = 'T' AND "
                 "(T1.y > 3 "
                 "OR T1.z < 2) GROUP BY T1.name HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 3"}));
    const auto& v = c.value();
    QCOMPARE(addsText(q, v[0].adds),
             std::string("SELECT T1.name, count(*) FROM a AS T1 JOIN b AS T2 ON T1.id = T2.aid"));
    QCOMPARE(addsText(q, v[1].adds), std::string("WHERE T2.x = 'T'"));
    QCOMPARE(addsText(q, v[2].adds), std::string("AND (T1.y > 3 OR T1.z < 2)"));
    QCOMPARE(addsText(q, v[3].adds), std::string("GROUP BY T1.name"));
    QCOMPARE(addsText(q, v[4].adds), std::string("HAVING count(*) > 1"));
    QCOMPARE(addsText(q, v[5].adds), std::string("ORDER BY count(*) DESC"));
    QCOMPARE(addsText(q, v[6].adds), std::string("LIMIT 3"));
    QCOMPARE(v[2].part, StepPart::Where);
    QCOMPARE(v[6].part, StepPart::Limit);
  }

  void commaJoinConditionsBelongToTheCore() {
    const std::string q = "SELECT a.n FROM a, b WHERE a.id = b.aid AND b.v = 1";
    auto c = candidateSteps(q);
    QVERIFY(c.ok());
    QCOMPARE(sqls(c.value()),
             (std::vector<std::string>{"SELECT a.n FROM a, b WHERE a.id = b.aid",
                                       "SELECT a.n FROM a, b WHERE a.id = b.aid AND b.v = 1"}));
    QCOMPARE(addsText(q, c.value()[0].adds), std::string("SELECT a.n FROM a, b | WHERE a.id = b.aid"));
  }

  void innerQueryFirstThenOuter() {
    const std::string q = "SELECT name FROM s WHERE age > 3 AND id NOT IN (SELECT sid FROM c WHERE y = 2014)";
    auto c = candidateSteps(q);
    QVERIFY(c.ok());
    QCOMPARE(sqls(c.value()),
             (std::vector<std::string>{
                 "SELECT name FROM s", "SELECT name FROM s WHERE age > 3", "SELECT sid FROM c",
                 "SELECT sid FROM c WHERE y = 2014",
                 "SELECT name FROM s WHERE age > 3 AND id NOT IN (SELECT sid FROM c WHERE y = "
                 "2014)"}));
    QCOMPARE(c.value()[2].depth, 1);
    QCOMPARE(c.value()[4].depth, 0);
    QVERIFY(c.value().back().adds.size() == 1);
  }

  void setOperationsOperandsThenCompound() {
    const std::string q = "SELECT x FROM t WHERE a > 1 EXCEPT SELECT x FROM t WHERE a < 0 ORDER BY x";
    auto c = candidateSteps(q);
    QVERIFY(c.ok());
    // The second operand's core repeats the first one's: it is folded into the next step.
    QCOMPARE(sqls(c.value()),
             (std::vector<std::string>{
                 "SELECT x FROM t", "SELECT x FROM t WHERE a > 1", "SELECT x FROM t WHERE a < 0",
                 "SELECT x FROM t WHERE a > 1 EXCEPT SELECT x FROM t WHERE a < 0",
                 "SELECT x FROM t WHERE a > 1 EXCEPT SELECT x FROM t WHERE a < 0 ORDER BY x"}));
    QCOMPARE(addsText(q, c.value()[2].adds), std::string("SELECT x FROM t | WHERE a < 0"));
    QCOMPARE(addsText(q, c.value()[3].adds), std::string("EXCEPT"));
    QCOMPARE(c.value()[3].part, StepPart::Compound);
  }

  void ctesAreDecomposedWithTheirPredecessors() {
    const std::string q =
        "WITH a AS (SELECT x FROM t WHERE y = 1), b AS (SELECT x FROM a WHERE x > 2) SELECT x FROM b";
    auto c = candidateSteps(q);
    QVERIFY(c.ok());
    QCOMPARE(
        sqls(c.value()),
        (std::vector<std::string>{
            "SELECT x FROM t", "SELECT x FROM t WHERE y = 1",
            "WITH a AS (SELECT x FROM t WHERE y = 1) SELECT x FROM a",
            "WITH a AS (SELECT x FROM t WHERE y = 1) SELECT x FROM a WHERE x > 2",
            "WITH a AS (SELECT x FROM t WHERE y = 1), b AS (SELECT x FROM a WHERE x > 2) SELECT x FROM b"}));
  }

  void badSqlIsAnError() {
    auto c = candidateSteps("SELECT FROM WHERE");
    QVERIFY(!c.ok());
    QCOMPARE(c.error().kind, ErrorKind::BadInput);
    QVERIFY(!candidateSteps("DELETE FROM t").ok());
  }

  void correlatedStepIsFoldedIntoTheNext() {
    HS_REQUIRE_SHARED_DATA();
    auto database = db::Database::openReadOnly(test::spiderDb("concert_singer"));
    QVERIFY(database.ok());
    // The inner query refers to the outer T1: alone it does not execute.
    const std::string q =
        "SELECT name FROM singer AS T1 WHERE EXISTS (SELECT 1 FROM singer_in_concert AS T2 WHERE "
        "T2.singer_id = "
        "T1.singer_id)";
    auto p = decompose(q, database.value().get());
    QVERIFY(p.ok());
    const Path& path = p.value();
    QVERIFY(!path.merged.empty());
    QVERIFY(path.merged.front().reason.find("T1.singer_id") != std::string::npos);
    QCOMPARE(path.merged.front().into, path.steps.size());
    for (const Step& s : path.steps) QVERIFY(s.exec.ok);
    QVERIFY(path.steps.back().final);
    QCOMPARE(path.finalEqualsOriginal, std::optional<bool>(true));
    // The folded step's spans went to the step that took it.
    QVERIFY(path.steps.back().adds.size() >= 1);
  }

  void withoutDatabaseNothingRuns() {
    auto p = decompose("SELECT a FROM t WHERE b = 1", nullptr);
    QVERIFY(p.ok());
    QCOMPARE(p->steps.size(), std::size_t(2));
    QVERIFY(!p->steps[0].exec.ran);
    QVERIFY(!p->finalEqualsOriginal.has_value());
    QVERIFY(p->stepsReparse);
    QVERIFY(p->finalTreeEqualsOriginal);
  }

  // DecomposeOptions::timeoutMs is one budget for every statement of the decomposition: the first
  // step stops at it, the later steps and the final check do not start (and are not folded).
  void timeLimitCoversTheWholeDecomposition() {
    QTemporaryDir dir;
    const std::string path = (dir.path() + "/d.sqlite").toStdString();
    {
      sqlite3* h = nullptr;
      QCOMPARE(sqlite3_open(path.c_str(), &h), SQLITE_OK);
      QCOMPARE(sqlite3_exec(h,
                            "CREATE TABLE t(x INTEGER); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT "
                            "i + 1 FROM n WHERE i < 1000) INSERT INTO t SELECT i FROM n;",
                            nullptr, nullptr, nullptr),
               SQLITE_OK);
      sqlite3_close(h);
    }
    auto database = db::Database::openReadOnly(path);
    QVERIFY(database.ok());
    // 10^12 rows in every step.
    const std::string q =
        "SELECT count(*) FROM t AS a, t AS b, t AS c, t AS d WHERE a.x > 0 AND b.x > 0 AND c.x > 0";
    DecomposeOptions options;
    options.limits.timeoutMs = 5000;  // each statement alone
    options.timeoutMs = 300;          // all of them together
    auto p = decompose(q, database.value().get(), options);
    QVERIFY(p.ok());
    QCOMPARE(p->steps.size(), std::size_t(4));
    QVERIFY(p->merged.empty());
    QVERIFY(p->timeLimit.has_value());
    QCOMPARE(p->timeLimit->limitMs, 300);
    QCOMPARE(p->timeLimit->stepIndex, std::size_t(1));
    QVERIFY2(p->timeLimit->message.find("time limit of 300 ms was reached in step 1") != std::string::npos,
             p->timeLimit->message.c_str());
    QVERIFY(p->steps[0].exec.ran && !p->steps[0].exec.ok);
    QCOMPARE(p->steps[0].exec.errorCode, std::string("deadline"));
    for (std::size_t i = 1; i < p->steps.size(); ++i) {
      QVERIFY(!p->steps[i].exec.ran);
      QVERIFY(p->steps[i].exec.error.find("not run") != std::string::npos);
    }
    QVERIFY(!p->finalEqualsOriginal.has_value());
    QVERIFY(p->finalCheckError.find("not run") != std::string::npos);
  }

  // All 1,034 Spider dev gold queries (about half a second): every step of every query whose
  // database exists executes, and the last step returns the original's result.
  void spiderDevAllQueries() {
    HS_REQUIRE_SHARED_DATA();
    std::ifstream in(test::sharedPath("spider/dev_gold.sql"));
    QVERIFY(in.good());
    const std::string root = test::sharedPath("spider/database");
    std::map<std::string, std::unique_ptr<db::Database>> dbs;
    std::string line;
    std::size_t queries = 0, withDb = 0, steps = 0, ok = 0, finalEqual = 0, merged = 0;
    while (std::getline(in, line)) {
      auto tab = line.rfind('\t');
      if (tab == std::string::npos) continue;
      std::string sql = line.substr(0, tab), dbId = line.substr(tab + 1);
      if (!dbs.count(dbId)) {
        std::unique_ptr<db::Database> d;
        if (auto path = eval::resolveDatabase(root, dbId))
          if (auto o = db::Database::openReadOnly(*path)) d = std::move(o.value());
        dbs[dbId] = std::move(d);
      }
      auto p = decompose(sql, dbs[dbId].get());
      QVERIFY2(p.ok(), sql.c_str());
      ++queries;
      QVERIFY2(p->stepsReparse && p->finalTreeEqualsOriginal, sql.c_str());
      if (!dbs[dbId]) continue;
      ++withDb;
      merged += p->merged.size();
      for (const Step& s : p->steps) {
        ++steps;
        ok += s.exec.ok ? 1 : 0;
      }
      finalEqual += p->finalEqualsOriginal.value_or(false) ? 1 : 0;
    }
    QCOMPARE(queries, std::size_t(1034));
    QCOMPARE(withDb, std::size_t(972));  // wta_1 (62 questions) is missing
    QCOMPARE(merged, std::size_t(0));
    QCOMPARE(ok, steps);
    QCOMPARE(finalEqual, withDb);
    QVERIFY(steps > 2 * withDb);
  }
};

QTEST_APPLESS_MAIN(TestDrilldownDecompose)
#include "test_decompose.moc"
