// The time limit of an evaluation case is one budget for all its statements: a case whose gold SQL
// spends it skips its predicted SQL and the annotator's database queries and says where the limit
// was reached; the annotator's queries are bound by it too; the other cases run as usual.
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine/eval/runner.h"

using namespace hs;
using Clock = std::chrono::steady_clock;

namespace {

// Counts to a billion: minutes of plain VM loops.
const char* kSlow =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) "
    "SELECT count(*) FROM n";

Case makeCase(const std::string& id, const std::string& gold, const std::string& pred) {
  Case c;
  c.id = id;
  c.dbId = "d";
  c.question = "q";
  c.goldSql = gold;
  c.predSql = pred;
  return c;
}

// An annotator that runs `statements` slow queries on the case's database, as the rule
// annotator's look-ups, probes and repairs do, each bound by the case's budget.
class SlowAnnotator final : public eval::Annotator {
 public:
  explicit SlowAnnotator(int statements) : statements_(statements) {}
  eval::Annotation annotate(const eval::AnnotationInput& in) const override {
    if (!in.database || !in.budget) return {};
    for (int i = 0; i < statements_; ++i) {
      if (in.budget->spent()) {
        in.budget->reached(eval::CaseStep::ProbeQuery);
        break;
      }
      ++ran;
      auto r = in.database->query(kSlow, in.budget->bound(db::Limits(5000)));
      if (!r) in.budget->stoppedBy(r.error(), eval::CaseStep::ProbeQuery);
    }
    return {};
  }
  mutable int ran = 0;

 private:
  int statements_;
};

}  // namespace

class TestCaseBudget : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open((dir_.path() + "/d.sqlite").toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3);", nullptr,
                          nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
  }

  // The gold SQL spends the budget: the prediction does not run, the case says where the limit was
  // reached, and the next case is evaluated as usual.
  void goldSpendsTheBudgetAndThePredictionIsSkipped() {
    eval::EvalOptions o;
    o.dbRoot = dir_.path().toStdString();
    o.timeoutMs = 300;
    const auto start = Clock::now();
    auto out = eval::evaluateCases(
        {makeCase("slow", kSlow, kSlow), makeCase("fast", "SELECT x FROM t", "SELECT x FROM t")}, o);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    QCOMPARE(out.size(), std::size_t(2));
    const eval::CaseOutcome& slow = out[0];
    QVERIFY(slow.timeLimit.has_value());
    QCOMPARE(slow.timeLimit->step, eval::CaseStep::GoldSql);
    QCOMPARE(slow.timeLimit->limitMs, 300);
    QVERIFY2(
        slow.timeLimit->message.find("time limit of 300 ms was reached in the gold SQL") != std::string::npos,
        slow.timeLimit->message.c_str());
    QVERIFY(slow.gold.ran && !slow.gold.ok);
    QCOMPARE(slow.gold.error->kind, eval::ExecErrorClass::Timeout);
    QVERIFY(!slow.pred.ran);  // skipped, not run up to a limit of its own
    QCOMPARE(slow.pred.error->kind, eval::ExecErrorClass::Timeout);
    QVERIFY2(slow.pred.error->message.find("not run") != std::string::npos, slow.pred.error->message.c_str());
    QVERIFY(!slow.exSet.has_value());
    const eval::CaseOutcome& fast = out[1];
    QVERIFY(!fast.timeLimit.has_value());
    QCOMPARE(fast.exSet, std::optional<bool>(true));
    // Two statements of 300 ms each would take 600 ms at least.
    QVERIFY2(ms < 3000, qPrintable(QString("took %1 ms").arg(ms)));
  }

  // The prediction spends what the gold left: stopped at the case's deadline, scored as a failed
  // prediction.
  void predictionStopsAtTheCaseDeadline() {
    eval::EvalOptions o;
    o.dbRoot = dir_.path().toStdString();
    o.timeoutMs = 300;
    auto out = eval::evaluateCases({makeCase("slow-pred", "SELECT x FROM t", kSlow)}, o);
    QCOMPARE(out.size(), std::size_t(1));
    QVERIFY(out[0].gold.ok);
    QVERIFY(out[0].timeLimit.has_value());
    QCOMPARE(out[0].timeLimit->step, eval::CaseStep::PredSql);
    QVERIFY(out[0].pred.ran && !out[0].pred.ok);
    QVERIFY2(out[0].pred.error->message.find("time limit of 300 ms") != std::string::npos,
             out[0].pred.error->message.c_str());
    QCOMPARE(out[0].exSet, std::optional<bool>(false));
  }

  // The annotator's statements share the case's budget: of four slow probes, the first stops at
  // the deadline and the others do not start.
  void annotatorStatementsShareTheBudget() {
    SlowAnnotator slow(4);
    eval::EvalOptions o;
    o.dbRoot = dir_.path().toStdString();
    o.timeoutMs = 300;
    o.annotator = &slow;
    auto out = eval::evaluateCases({makeCase("probes", "SELECT x FROM t", "SELECT x FROM t")}, o);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].exSet, std::optional<bool>(true));
    QVERIFY(out[0].timeLimit.has_value());
    QCOMPARE(out[0].timeLimit->step, eval::CaseStep::ProbeQuery);
    QCOMPARE(slow.ran, 1);
  }
};

QTEST_GUILESS_MAIN(TestCaseBudget)
#include "test_case_budget.moc"
