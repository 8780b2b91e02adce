// Gold-free risk score against EX (set semantics) on the Spider dev GPT-4 (DIN-SQL) predictions:
// weights fitted on the even rows, AUROC reported on the odd rows (held out). No gold SQL enters
// the score; the gold query is only run to get the EX label.
#include <QtTest>

#include "engine/annotate/annotate.h"
#include "engine/eval/metrics.h"
#include "support/shared_data.h"
#include "tests/engine/annotate/spider_support.h"

using namespace hs::annotate;
using hs::Finding;
using hs::FindingSpan;

namespace {
// The one AUROC (hs::eval::auroc); a held-out half always has both classes here.
double auroc(const std::vector<double>& scores, const std::vector<int>& wrong) {
  std::vector<bool> positive(wrong.begin(), wrong.end());
  return hs::eval::auroc(scores, positive).value_or(0.5);
}
}  // namespace

class TestAnnotateRisk : public QObject {
  Q_OBJECT

  std::vector<std::vector<double>> x_;
  std::vector<int> wrong_;
  std::vector<int> row_;
  std::vector<double> defaultScores_;

 private slots:
  void initTestCase() {
    if (!hs::test::hasSharedData()) return;  // heldOutAuroc skips; the other tests need no data
    auto schemas = test::loadSpiderSchemas(hs::test::sharedPath("spider/tables.json"));
    auto rows = test::readCsv(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
    QVERIFY(rows.size() > 1000);
    std::map<std::string, std::unique_ptr<test::ReadOnlyDb>> dbs;
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
      std::vector<Finding> gf;
      for (const Finding& f : a.findings) {
        QVERIFY(f.taxonomy == "goldfree" || f.taxonomy == "tasql");  // no gold given: no C1..C10
        if (f.taxonomy == "goldfree") gf.push_back(f);
      }
      x_.push_back(riskFeatures(analyse(r[1], schemas[r[3]]), gf));
      wrong_.push_back(ex == 0 ? 1 : 0);
      row_.push_back(static_cast<int>(i - 1));
      defaultScores_.push_back(a.risk.score);
    }
    QVERIFY(x_.size() > 900);
    int nWrong = 0;
    for (int w : wrong_) nWrong += w;
    qInfo("%zu executable cases, %d wrong under EX(set)", x_.size(), nWrong);
    QVERIFY(nWrong > 100);
  }

  void heldOutAuroc() {
    HS_REQUIRE_SHARED_DATA();
    std::vector<std::vector<double>> trainX;
    std::vector<int> trainY, testY, trainIdx, testIdx;
    for (std::size_t k = 0; k < x_.size(); ++k) {
      if (row_[k] % 2 == 0) {
        trainX.push_back(x_[k]);
        trainY.push_back(wrong_[k]);
        trainIdx.push_back(static_cast<int>(k));
      } else {
        testY.push_back(wrong_[k]);
        testIdx.push_back(static_cast<int>(k));
      }
    }
    RiskModel m = fitRiskModel(trainX, trainY);
    auto scoresOf = [&](const RiskModel& model, const std::vector<int>& idx) {
      std::vector<double> s;
      for (int k : idx) s.push_back(scoreRisk(model, x_[static_cast<std::size_t>(k)], {}).score);
      return s;
    };
    double train = auroc(scoresOf(m, trainIdx), trainY);
    double held = auroc(scoresOf(m, testIdx), testY);
    std::vector<double> defHeld;
    for (int k : testIdx) defHeld.push_back(defaultScores_[static_cast<std::size_t>(k)]);
    double defaultHeld = auroc(defHeld, testY);
    QString w = QString("bias=%1").arg(m.bias, 0, 'f', 3);
    for (std::size_t j = 0; j < m.weights.size(); ++j)
      w += QString(" %1=%2").arg(QString::fromStdString(riskFeatureNames()[j])).arg(m.weights[j], 0, 'f', 3);
    qInfo("fitted on even rows: %s", qPrintable(w));
    qInfo("AUROC train (even rows) = %.3f, held-out (odd rows) = %.3f, default model held-out = %.3f", train,
          held, defaultHeld);
    QVERIFY2(held >= 0.70, qPrintable(QString::number(held)));
    QVERIFY2(defaultHeld >= 0.70, qPrintable(QString::number(defaultHeld)));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateRisk)
#include "tst_annotate_risk.moc"
