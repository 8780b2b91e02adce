// engine/bench/localise: the top finding of a mutant against its mutated span and plan node, on
// hand-written findings whose answers are known.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/bench/localise.h"

using namespace hs::bench;

namespace {

const std::string kPred = "SELECT name FROM t WHERE a <= 3";  // mutated: "<=" at 27..29

hs::Finding finding(const std::string& taxonomy, std::size_t begin, std::size_t end, double confidence,
                    const std::string& side = "pred") {
  hs::Finding f;
  f.taxonomy = taxonomy;
  f.category = "test";
  f.confidence = confidence;
  f.spans.push_back({side, begin, end});
  return f;
}

}  // namespace

class TestLocalise : public QObject {
  Q_OBJECT

 private slots:
  void topFindingIsTheMostConfidentWithAPredictedSpan() {
    std::vector<hs::Finding> f{finding("tasql", 0, 3, 0.9, "gold"), finding("goldfree", 7, 11, 0.6),
                               finding("tasql", 25, 30, 0.8), finding("tasql", 17, 18, 0.8)};
    QCOMPARE(topFinding(f, FindingSource::All), std::optional<std::size_t>(2));  // first of the 0.8s
    QCOMPARE(topFinding(f, FindingSource::GoldFree), std::optional<std::size_t>(1));
    QCOMPARE(topFinding({finding("tasql", 0, 3, 1.0, "gold")}, FindingSource::All),
             std::optional<std::size_t>());
  }

  void hitOnSpanAndNode() {
    auto o = localiseMutant(kPred, 27, 29, {finding("goldfree", 25, 31, 0.9)}, FindingSource::All, nullptr);
    QVERIFY(o.detected);
    QVERIFY(o.spanHit);
    QVERIFY(o.nodeHit);
    QCOMPARE(o.mutatedNode, std::optional<std::size_t>(1));  // Project, Filter, Scan
  }

  void sameNodeWithoutOverlap() {
    // the finding points at the column "a", the mutation at the operator: both in the Filter
    auto o = localiseMutant(kPred, 27, 29, {finding("tasql", 25, 26, 1.0)}, FindingSource::All, nullptr);
    QVERIFY(o.detected);
    QVERIFY(!o.spanHit);
    QVERIFY(o.nodeHit);
  }

  void wrongPlace() {
    // the top finding is on the SELECT list; a weaker one on the mutation does not count
    std::vector<hs::Finding> f{finding("tasql", 7, 11, 1.0), finding("tasql", 27, 29, 0.5)};
    auto o = localiseMutant(kPred, 27, 29, f, FindingSource::All, nullptr);
    QVERIFY(o.detected);
    QVERIFY(!o.spanHit);
    QVERIFY(!o.nodeHit);
    QCOMPARE(o.findingNode, std::optional<std::size_t>(0));
    // only the gold-free findings: there are none, so the mutant is missed
    auto g = localiseMutant(kPred, 27, 29, f, FindingSource::GoldFree, nullptr);
    QVERIFY(!g.detected);
  }

  void deletionIsAPoint() {
    auto o = localiseMutant(kPred, 29, 29, {finding("tasql", 25, 31, 1.0)}, FindingSource::All, nullptr);
    QVERIFY(o.spanHit);
    auto miss = localiseMutant(kPred, 12, 12, {finding("tasql", 25, 31, 1.0)}, FindingSource::All, nullptr);
    QVERIFY(!miss.spanHit);
  }

  void unparsablePredictionStillScoresTheSpan() {
    auto o = localiseMutant("SELECT FROM WHERE <=", 18, 20, {finding("tasql", 18, 20, 1.0)},
                            FindingSource::All, nullptr);
    QVERIFY(o.spanHit);
    QVERIFY(!o.nodeHit);
  }

  void countsAndShares() {
    Localisation l;
    l.source = FindingSource::All;
    const LocaliseOutcome hit{true, true, true, 1, 1}, nodeOnly{true, false, true, 1, 1}, missed{};
    for (const auto* o : {&hit, &hit, &nodeOnly, &missed}) {
      l.all.add(*o);
      l.byRule[o == &missed ? "sub_sql" : "operator_inversion"].add(*o);
    }
    QCOMPARE(l.all.mutants, std::size_t(4));
    QCOMPARE(l.all.detected, std::size_t(3));
    QCOMPARE(l.all.bothHit, std::size_t(2));
    nlohmann::json j = localisationToJson(l);
    QCOMPARE(j["findings"].get<std::string>(), std::string("all"));
    QCOMPARE(j["detected_share"].get<double>(), 0.75);
    QCOMPARE(j["span_overlap"].get<double>(), 2.0 / 3.0);
    QCOMPARE(j["plan_node"].get<double>(), 1.0);
    QCOMPARE(j["both"].get<double>(), 2.0 / 3.0);
    QCOMPARE(j["by_rule"].size(), std::size_t(2));
    QCOMPARE(j["by_rule"][0]["rule"].get<std::string>(), std::string("operator_inversion"));
    QCOMPARE(j["by_rule"][1]["detected"].get<int>(), 0);
    QCOMPARE(j["by_rule"][1]["span_overlap"].get<double>(), 0.0);
  }
};

QTEST_GUILESS_MAIN(TestLocalise)
#include "test_localise.moc"
