// Detector metrics on hand-computed examples: threshold scores, AUROC with ties, average
// precision, TrustSQL RS(c), per-type label agreement.
#include <QtTest>

#include <cmath>

#include "engine/eval/metrics.h"

using namespace hs::eval;

class TestMetrics : public QObject {
  Q_OBJECT
 private slots:
  void threshold() {
    BinaryScores s = scoreAtThreshold({0.1, 0.4, 0.4, 0.8}, {false, true, false, true}, 0.4);
    QCOMPARE(s.confusion.tp, std::size_t(2));
    QCOMPARE(s.confusion.fp, std::size_t(1));
    QCOMPARE(s.confusion.tn, std::size_t(1));
    QCOMPARE(s.confusion.fn, std::size_t(0));
    QCOMPARE(s.precision, 2.0 / 3.0);
    QCOMPARE(s.recall, 1.0);
    QCOMPARE(s.f1, 0.8);
    BinaryScores none = scoreAtThreshold({0.1, 0.2}, {true, false}, 0.9);
    QCOMPARE(none.precision, 0.0);
    QCOMPARE(none.recall, 0.0);
    QCOMPARE(none.f1, 0.0);
  }

  void calibrationBinsAndEce() {
    // Bin [0.1, 0.2): 0.1, 0.1 with 0 of 2 wrong; bin [0.9, 1.0]: 0.9, 1.0 (1 falls in the last bin)
    // with 2 of 2 wrong. ECE = 2/4 * |0.1 - 0| + 2/4 * |0.95 - 1| = 0.075.
    auto c = calibration({0.1, 0.1, 0.9, 1.0}, {false, false, true, true}, 10);
    QVERIFY(c.has_value());
    QCOMPARE(c->bins.size(), std::size_t(10));
    QCOMPARE(c->bins[1].cases, std::size_t(2));
    QCOMPARE(c->bins[1].positiveRate, 0.0);
    QCOMPARE(c->bins[9].cases, std::size_t(2));
    QCOMPARE(c->bins[9].meanScore, 0.95);
    QCOMPARE(c->bins[0].cases, std::size_t(0));
    QVERIFY(std::abs(c->ece - 0.075) < 1e-12);
    // Perfectly calibrated: half of the 0.5 scores are wrong.
    QCOMPARE(calibration({0.5, 0.5}, {true, false})->ece, 0.0);
    QVERIFY(!calibration({}, {}).has_value());
  }

  void aurocWithTies() {
    // Positives {0.4, 0.8}, negatives {0.1, 0.4}: pairs 1 + 0.5 + 1 + 1 = 3.5 of 4.
    QCOMPARE(auroc({0.1, 0.4, 0.4, 0.8}, {false, true, false, true}).value(), 0.875);
    QCOMPARE(auroc({0.5, 0.5, 0.5}, {true, false, true}).value(), 0.5);
    QCOMPARE(auroc({0.9, 0.1}, {false, true}).value(), 0.0);
    QVERIFY(!auroc({0.1, 0.2}, {true, true}));
  }

  void averagePrecisionHand() {
    // Descending: 0.8 (pos) P=1 R=.5; 0.4 (pos, neg) P=2/3 R=1 -> .5*1 + .5*2/3.
    QCOMPARE(averagePrecision({0.1, 0.4, 0.4, 0.8}, {false, true, false, true}).value(),
             0.5 + 0.5 * 2.0 / 3.0);
    // 0.9 neg: R=0; 0.8 pos: P=.5 R=.5; 0.7 pos: P=2/3 R=1 -> .25 + .3333.
    QCOMPARE(averagePrecision({0.9, 0.8, 0.7, 0.1}, {false, true, true, false}).value(),
             0.25 + 0.5 * 2.0 / 3.0);
    QVERIFY(!averagePrecision({0.1}, {false}));
  }

  void reliabilityScoreTrustSql() {
    std::vector<RsItem> items;
    for (int k = 0; k < 4; ++k) items.push_back({true, true, true});  // correct answers: +1
    items.push_back({true, true, false});                             // wrong answer: -c
    items.push_back({true, false, false});                            // abstention on feasible: 0
    items.push_back({false, false, false});                           // correct abstention: +1
    items.push_back({false, true, false});                            // answered infeasible: -c
    const double n = static_cast<double>(items.size());
    QCOMPARE(reliabilityScore(items, 0), 5.0 / 8.0);
    QCOMPARE(reliabilityScore(items, 10), -15.0 / 8.0);
    QCOMPARE(reliabilityScore(items, n), -11.0 / 8.0);

    auto abst = abstainAtThreshold({0.2, 0.9, 0.6}, {true, false, true}, 0.5);
    QCOMPARE(abst.size(), std::size_t(3));
    QVERIFY(abst[0].answered);
    QVERIFY(!abst[1].answered);
    QVERIFY(!abst[2].answered);
    QCOMPARE(reliabilityScore(abst, 10), 1.0 / 3.0);  // the wrong one was held back
    auto all = abstainAtThreshold({0.2, 0.2, 0.2}, {true, false, true}, 0.5);
    QCOMPARE(reliabilityScore(all, 10), (2.0 - 10.0) / 3.0);
  }

  void labelAgreementPerType() {
    std::vector<std::set<std::string>> pred{{"C1", "C3"}, {"C9"}, {}};
    std::vector<std::set<std::string>> human{{"C1"}, {"C9", "C2"}, {"C5"}};
    std::vector<std::string> types;
    for (int k = 1; k <= 10; ++k) types.push_back("C" + std::to_string(k));
    LabelAgreement a = labelAgreement(pred, human, types);
    QCOMPARE(a.perType.size(), std::size_t(10));
    QCOMPARE(a.perType[0].tp, std::size_t(1));  // C1
    QCOMPARE(a.perType[0].f1, 1.0);
    QCOMPARE(a.perType[2].fp, std::size_t(1));  // C3
    QCOMPARE(a.perType[2].precision, 0.0);
    QCOMPARE(a.perType[1].fn, std::size_t(1));  // C2
    QCOMPARE(a.perType[4].fn, std::size_t(1));  // C5
    QCOMPARE(a.tp, std::size_t(2));
    QCOMPARE(a.fp, std::size_t(1));
    QCOMPARE(a.fn, std::size_t(2));
    QCOMPARE(a.microPrecision, 2.0 / 3.0);
    QCOMPARE(a.microRecall, 0.5);
    QCOMPARE(a.microF1, 4.0 / 7.0);
  }
};

QTEST_GUILESS_MAIN(TestMetrics)
#include "test_metrics.moc"
