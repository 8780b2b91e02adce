// RuleAnnotator under the time limit of its case (hs::eval::CaseBudget): the cause repairs run on
// the case's database share the case's deadline, the first one stops at it, and the case says the
// limit was reached there; once the limit is spent before annotation, no database query runs.
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <string>
#include <thread>

#include "engine/eval/case_budget.h"
#include "support/rule_eval.h"

using namespace hs;
using Clock = std::chrono::steady_clock;

namespace {

// The prediction counts t's rows above 20 once per number up to a billion (minutes); the gold
// counts the rows above 30. Repairing the prediction's literal keeps it slow.
const char* kGold = "SELECT count(*) FROM t WHERE x > 30";
const char* kPred =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) "
    "SELECT count(*) FROM n, t WHERE t.x > 20";

Case makeCase() {
  Case c;
  c.id = "slow-repairs";
  c.dbId = "d";
  c.question = "How many rows have x above 30?";
  c.goldSql = kGold;
  c.predSql = kPred;
  return c;
}

// Gold and prediction as if both had run within the limit: the prediction's result is wrong.
eval::CaseOutcome ranOutcome(const Case& c, const std::string& path) {
  eval::CaseOutcome o;
  o.dbPath = path;
  o.gold.ran = o.gold.ok = true;
  o.gold.columns = {"count(*)"};
  o.gold.rows = {{db::Value::integer(70)}};
  o.pred.ran = o.pred.ok = true;
  o.pred.columns = {"count(*)"};
  o.pred.rows = {{db::Value::integer(80000)}};
  eval::scoreOutcome(c, o);
  return o;
}

}  // namespace

class TestAnnotateTimeLimit : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string path_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(test::makeDatabase(dir_.path().toStdString(),
                               "CREATE TABLE t(x INTEGER); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
                               "SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i FROM n;"));
    path_ = dir_.path().toStdString() + "/d.sqlite";
  }

  void causeRepairsShareTheCaseDeadline() {
    const Case c = makeCase();
    const eval::CaseOutcome o = ranOutcome(c, path_);
    QCOMPARE(o.exBag, std::optional<bool>(false));
    auto database = db::Database::openReadOnly(path_);
    QVERIFY(database.ok());
    annotate::RuleAnnotator rules;
    eval::CaseBudget budget(300);
    const auto start = Clock::now();
    rules.annotate(eval::AnnotationInput{c, o, database->get(), &budget});
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    QVERIFY(budget.reachedIn().has_value());
    QCOMPARE(budget.reachedIn()->step, eval::CaseStep::CauseRepair);
    QVERIFY2(budget.reachedIn()->message.find("cause repairs") != std::string::npos,
             budget.reachedIn()->message.c_str());
    // One repair alone may take 2 s without the case's deadline.
    QVERIFY2(ms < 1900, qPrintable(QString("took %1 ms").arg(ms)));
  }

  // The limit spent before annotation (in the gold or predicted SQL): no look-up, probe or repair
  // runs, so nothing more is recorded; the rules that need no database still apply.
  void spentBudgetRunsNoQuery() {
    const Case c = makeCase();
    const eval::CaseOutcome o = ranOutcome(c, path_);
    auto database = db::Database::openReadOnly(path_);
    QVERIFY(database.ok());
    annotate::RuleAnnotator rules;
    eval::CaseBudget budget(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    QVERIFY(budget.spent());
    budget.reached(eval::CaseStep::PredSql);
    const auto start = Clock::now();
    eval::Annotation a = rules.annotate(eval::AnnotationInput{c, o, database->get(), &budget});
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    QCOMPARE(budget.reachedIn()->step, eval::CaseStep::PredSql);
    QVERIFY(!a.findings.empty());
    QVERIFY2(ms < 1900, qPrintable(QString("took %1 ms").arg(ms)));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateTimeLimit)
#include "tst_annotate_time_limit.moc"
