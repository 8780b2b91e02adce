// Regression test, not a measurement: the gold-free risk score on the Spider dev GPT-4 (DIN-SQL)
// run, a development set the project has looked at, stays above loose AUROC floors and below a
// loose calibration-error ceiling. It guards against breaking the score; the measured figures of
// the frozen test set live in README.md (tests/fit/measure_test_set.py).
#include <QtTest>

#include <map>
#include <memory>

#include "engine/annotate/annotate.h"
#include "engine/eval/metrics.h"
#include "support/shared_data.h"
#include "tests/engine/annotate/spider_support.h"

using namespace hs::annotate;
using hs::Finding;

class TestAnnotateRiskRegression : public QObject {
  Q_OBJECT

 private slots:
  // Development data (tests/fit/README.md): the Spider dev GPT-4 run, EX with set semantics
  // against gold.
  void regressionFloorsOnDevGpt4Run() {
    HS_REQUIRE_SHARED_DATA();
    auto schemas = test::loadSpiderSchemas(hs::test::sharedPath("spider/tables.json"));
    auto rows = test::readCsv(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
    QVERIFY(rows.size() > 1000);
    std::map<std::string, std::unique_ptr<test::ReadOnlyDb>> dbs;
    std::vector<double> all, exec;
    std::vector<bool> allWrong, execWrong;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      const auto& r = rows[i];
      if (r.size() < 4) continue;
      auto& db = dbs[r[3]];
      if (!db) db = std::make_unique<test::ReadOnlyDb>(hs::test::spiderDb(QString::fromStdString(r[3])));
      ResultSummary sum;
      int ex = test::executionMatch(*db, r[1], r[2], &sum);
      if (ex < 0) continue;  // no database (wta_1) or the gold query fails
      CaseInput in;
      in.predSql = r[1];
      in.question = r[0];
      in.schema = &schemas[r[3]];
      in.predResult = sum;
      const test::ReadOnlyDb* d = db.get();
      in.lookup = [d](const std::string& t, const std::string& c, const std::string& v, bool n) {
        return d->lookup(t, c, v, n);
      };
      Annotation a = annotateCase(in);
      for (const Finding& f : a.findings)
        QVERIFY(f.taxonomy == "goldfree" || f.taxonomy == "tasql");  // no gold given: no C1..C10
      all.push_back(a.risk.score);
      allWrong.push_back(ex == 0);
      if (!sum.failed) {
        exec.push_back(a.risk.score);
        execWrong.push_back(ex == 0);
      }
    }
    QVERIFY(all.size() > 900);
    const double aucAll = hs::eval::auroc(all, allWrong).value_or(0.0);
    const double aucExec = hs::eval::auroc(exec, execWrong).value_or(0.0);
    const double ece = hs::eval::calibration(all, allWrong, 10)->ece;
    qInfo("GPT-4 dev: %zu cases (%zu execute); AUROC all %.3f, executable %.3f; ECE(10 bins) %.3f",
          all.size(), exec.size(), aucAll, aucExec, ece);
    // Floors a few hundredths below what the current weights give: they catch a broken score (weights not
    // embedded, a feature wired to the wrong column, a check that stopped firing), not a change of a few
    // thousandths. They are not the project's measurement: that is the frozen test set's figure
    // in tests/fit/README.md.
    QVERIFY2(aucAll >= 0.70, qPrintable(QString::number(aucAll)));
    QVERIFY2(aucExec >= 0.69, qPrintable(QString::number(aucExec)));
    QVERIFY2(ece <= 0.09, qPrintable(QString::number(ece)));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateRiskRegression)
#include "tst_annotate_risk_regression.moc"
