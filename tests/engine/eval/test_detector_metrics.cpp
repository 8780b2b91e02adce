// Threshold views and bootstrap intervals of a detector score (engine/eval/detector_metrics.h) on a
// hand-computed example: scores 0.9 .. 0.4, wrong = {0.9, 0.8, 0.6}.
#include <QtTest>

#include <cmath>

#include "engine/eval/detector_metrics.h"
#include "engine/eval/metrics.h"

using namespace hs::eval;

namespace {
const std::vector<double> kScores{0.9, 0.8, 0.7, 0.6, 0.5, 0.4};
const std::vector<bool> kWrong{true, true, false, true, false, false};
}  // namespace

class TestDetectorMetrics : public QObject {
  Q_OBJECT
 private slots:
  void points() {
    auto pts = operatingPoints(kScores, kWrong);
    QCOMPARE(pts.size(), std::size_t(6));
    QCOMPARE(pts[2].threshold, 0.7);
    QCOMPARE(pts[2].precision, 2.0 / 3.0);
    QCOMPARE(pts[2].recall, 2.0 / 3.0);
    QCOMPARE(pts[3].precision, 0.75);
    QCOMPARE(pts[3].recall, 1.0);
    auto tied = operatingPoints({0.5, 0.5, 0.2}, {true, false, true});
    QCOMPARE(tied.size(), std::size_t(2));  // ties form one threshold
    QCOMPARE(tied[0].flagged, std::size_t(2));
    QCOMPARE(tied[0].precision, 0.5);
  }

  void fixedRecallAndPrecision() {
    QCOMPARE(precisionAtRecall(kScores, kWrong, 1.0).value(), 0.75);
    QCOMPARE(precisionAtRecall(kScores, kWrong, 0.5).value(), 1.0);
    QCOMPARE(recallAtPrecision(kScores, kWrong, 0.75).value(), 1.0);
    QCOMPARE(recallAtPrecision(kScores, kWrong, 0.9).value(), 2.0 / 3.0);
    QVERIFY(!precisionAtRecall({0.1, 0.2}, {false, false}, 0.5));
  }

  void thresholdForPrecisionTarget() {
    // Precision from the top: 1, 1, 2/3 (falls below 0.7) -> stop at 0.8.
    auto p = thresholdForPrecision(kScores, kWrong, 0.7);
    QVERIFY(p);
    QCOMPARE(p->threshold, 0.8);
    QCOMPARE(p->recall, 2.0 / 3.0);
    // Target 0.6: 1, 1, 2/3, 3/4, 3/5, then 1/2 -> 0.5.
    QCOMPARE(thresholdForPrecision(kScores, kWrong, 0.6)->threshold, 0.5);
    QVERIFY(!thresholdForPrecision({0.9, 0.1}, {false, true}, 0.5));  // the top item is correct
  }

  void bestRs() {
    RsChoice r0 = bestRsThreshold(kScores, kWrong, 0.0);
    QCOMPARE(r0.rsAnswerAll, 0.5);  // 3 correct of 6, wrong answers cost nothing
    QCOMPARE(r0.rs, 0.5);
    QVERIFY(std::isinf(r0.threshold));
    RsChoice r10 = bestRsThreshold(kScores, kWrong, 10.0);
    QCOMPARE(r10.rsAnswerAll, -4.5);  // (3 - 30) / 6
    QCOMPARE(r10.rsAbstainAll, 0.0);
    QCOMPARE(r10.threshold, 0.6);  // abstain on the top four: answers 0.5 and 0.4, both correct
    QCOMPARE(r10.rs, 2.0 / 6.0);
    QCOMPARE(r10.abstained, std::size_t(4));
  }

  void bootstrap() {
    std::vector<double> s;
    std::vector<bool> y;
    for (int i = 0; i < 60; ++i) {
      s.push_back((i % 10) / 10.0);
      y.push_back(i % 10 >= 4 ? (i % 3 != 0) : (i % 5 == 0));
    }
    auto point = auroc(s, y).value();
    auto a = bootstrapInterval(s, y, auroc, 300, 7);
    auto b = bootstrapInterval(s, y, auroc, 300, 7);
    QVERIFY(a && b);
    QCOMPARE(a->low, b->low);  // seeded: the same interval
    QCOMPARE(a->high, b->high);
    QVERIFY(a->low <= point && point <= a->high);
    QVERIFY(a->low < a->high);
    QCOMPARE(a->samples, std::size_t(300));
    QVERIFY(!bootstrapInterval({0.1, 0.2}, {true, true}, auroc, 50, 1));  // one class: no AUROC
  }
};

QTEST_GUILESS_MAIN(TestDetectorMetrics)
#include "test_detector_metrics.moc"
