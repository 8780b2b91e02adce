// Causes, not differences (issue 13): the repairs made on the predicted tree, the verdicts of a
// result probe, and the static rules without one. The probe is a fake: it scores the repaired SQL
// texts the test expects, so what is repaired and how is checked exactly.
#include <QtTest>

#include <algorithm>
#include <map>

#include "engine/annotate/annotate.h"
#include "support/causes_probe.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;

namespace {

hs::db::Schema schema() {
  hs::db::Schema s;
  s.tables = {hs::test::singerTable()};
  return s;
}

using hs::test::Probe;

std::vector<Finding> ctypes(const std::string& pred, const std::string& gold, const std::string& question,
                            const CauseProbe* probe, ValueLookup lookup = {}) {
  return hs::test::ctypeFindings(schema(), pred, gold, question, probe, std::move(lookup));
}

bool has(const std::vector<Finding>& fs, const std::string& type) {
  for (const Finding& f : fs)
    if (f.category == type) return true;
  return false;
}

}  // namespace

class TestAnnotateCauses : public QObject {
  Q_OBJECT
 private slots:
  void replacementThatFixesIsACause() {
    Probe p(0.2);
    p.scores["SELECT Name FROM singer WHERE Age >= 30"] = 1.0;
    auto fs = ctypes("SELECT Name FROM singer WHERE Age > 30", "SELECT Name FROM singer WHERE Age >= 30",
                     "Singers aged 30 or more?", &p.probe);
    QVERIFY(has(fs, "C1"));
    QCOMPARE(p.asked.size(), std::size_t(1));
    QVERIFY(fs[0].explanation.find("gives the gold result") != std::string::npos);
  }

  void repairWithoutEffectIsNoCause() {
    Probe p(0.5);  // every other repair leaves the result as it is
    p.scores["SELECT DISTINCT Name FROM singer WHERE Age > 40"] = 1.0;
    // Two differences: the literal (a cause) and DISTINCT (no effect on this result).
    auto fs = ctypes("SELECT DISTINCT Name FROM singer WHERE Age > 30",
                     "SELECT Name FROM singer WHERE Age > 40", "Names of singers older than 40?", &p.probe);
    QVERIFY(has(fs, "C4"));
    QVERIFY(!has(fs, "C8"));
    bool asked = false;
    for (const std::string& s : p.asked)
      asked = asked || s == "SELECT DISTINCT Name FROM singer WHERE Age > 40";
    QVERIFY(asked);  // the literal repaired alone, DISTINCT kept
  }

  void deletionAndInsertionRepairs() {
    Probe p(0.1);
    p.scores["SELECT Name FROM singer WHERE Age > 30"] = 1.0;
    auto extra = ctypes("SELECT Name FROM singer WHERE Age > 30 AND Country = 'France'",
                        "SELECT Name FROM singer WHERE Age > 30", "Singers older than 30?", &p.probe);
    QVERIFY(has(extra, "C6"));
    Probe q(0.1);
    q.scores["SELECT Name FROM singer WHERE Age > 30"] = 1.0;
    auto missing = ctypes("SELECT Name FROM singer", "SELECT Name FROM singer WHERE Age > 30",
                          "Singers older than 30?", &q.probe);
    QVERIFY(has(missing, "C6"));
    QCOMPARE(q.asked.size(), std::size_t(1));
    QCOMPARE(q.asked[0], std::string("SELECT Name FROM singer WHERE Age > 30"));
    Probe r(0.1);
    r.scores["SELECT Name FROM singer WHERE Age > 30 AND Country = 'France'"] = 1.0;
    auto second = ctypes("SELECT Name FROM singer WHERE Country = 'France'",
                         "SELECT Name FROM singer WHERE Country = 'France' AND Age > 30", "", &r.probe);
    QCOMPARE(r.asked.size(), std::size_t(1));
    QCOMPARE(r.asked[0], std::string("SELECT Name FROM singer WHERE Age > 30 AND Country = 'France'"));
  }

  void correctResultHasNoCauses() {
    Probe p(1.0);
    p.probe.resultEqual = true;
    auto fs = ctypes("SELECT Name FROM singer WHERE Age > 30 ORDER BY Age",
                     "SELECT Name FROM singer WHERE Age > 30", "", &p.probe);
    QVERIFY(fs.empty());
    QVERIFY(p.asked.empty());
  }

  void extraColumnTheQuestionAsksForIsNoCause() {
    // Static rules: an extra output column beside every gold column is not a cause.
    auto fs =
        ctypes("SELECT Name, Age FROM singer", "SELECT Name FROM singer", "Names of the singers?", nullptr);
    QVERIFY(!has(fs, "C5"));
    // With a probe, removing it fixes the result, but the question asks for the age.
    Probe p(0.0);
    p.scores["SELECT Name FROM singer"] = 1.0;
    fs = ctypes("SELECT Name, Age FROM singer", "SELECT Name FROM singer", "Names and ages of the singers?",
                &p.probe);
    QVERIFY(!has(fs, "C5"));
    Probe q(0.0);
    q.scores["SELECT Name FROM singer"] = 1.0;
    fs = ctypes("SELECT Name, Age FROM singer", "SELECT Name FROM singer", "Names of the singers?", &q.probe);
    QVERIFY(has(fs, "C5"));
    // A replaced column is a cause by the static rules too.
    fs = ctypes("SELECT Age FROM singer", "SELECT Name FROM singer", "Names of the singers?", nullptr);
    QVERIFY(has(fs, "C5"));
    for (const Finding& f : fs) QVERIFY(!f.explanation.empty());
  }

  void oneRepairThatFixesNamesOneType() {
    // Both the operator and the DISTINCT repair give the gold rows on this data: one type (the
    // priority order puts the operator before DISTINCT), not every difference.
    Probe p(0.3);
    p.scores["SELECT DISTINCT Name FROM singer WHERE Age >= 30"] = 1.0;
    p.scores["SELECT Name FROM singer WHERE Age > 30"] = 1.0;
    auto fs = ctypes("SELECT DISTINCT Name FROM singer WHERE Age > 30",
                     "SELECT Name FROM singer WHERE Age >= 30", "", &p.probe);
    QCOMPARE(fs.size(), std::size_t(1));
    QCOMPARE(fs[0].category, std::string("C1"));
    QVERIFY(std::find(p.asked.begin(), p.asked.end(), "SELECT Name FROM singer WHERE Age > 30") !=
            p.asked.end());
  }

  void pairOfRepairsNamesBothTypes() {
    // Operator and value of one comparison are two differences; only repairing both gives the gold rows.
    Probe p(0.2);
    p.scores["SELECT Name FROM singer WHERE Age >= 30"] = 1.0;
    auto fs = ctypes("SELECT Name FROM singer WHERE Age > 40", "SELECT Name FROM singer WHERE Age >= 30", "",
                     &p.probe);
    QVERIFY(has(fs, "C1"));
    QVERIFY(has(fs, "C4"));
    QCOMPARE(fs.size(), std::size_t(2));
    QVERIFY(fs[0].explanation.find("together") != std::string::npos);
  }

  void repairsWithoutEffectAreNotRestored() {
    // No repair changes the result: one type by priority, not all of them.
    Probe p(0.4);
    auto fs = ctypes("SELECT DISTINCT Name FROM singer WHERE Age > 30",
                     "SELECT Name FROM singer WHERE Age >= 30", "", &p.probe);
    QCOMPARE(fs.size(), std::size_t(1));
    QCOMPARE(fs[0].category, std::string("C1"));
  }

  void replacedColumnIsOneRepair() {
    Probe p(0.0);
    p.scores["SELECT Name FROM singer"] = 1.0;
    auto fs = ctypes("SELECT Age FROM singer", "SELECT Name FROM singer", "", &p.probe);
    QCOMPARE(fs.size(), std::size_t(1));
    QCOMPARE(fs[0].subcategory, std::string("wrong column"));
    QCOMPARE(p.asked.front(), std::string("SELECT Name FROM singer"));
  }

  void informativeExtraColumnsAreNoCause() {
    // The key of the returned rows, and the value the gold query orders by, only add information.
    Probe p(0.0);
    p.scores["SELECT Name FROM singer"] = 1.0;
    QVERIFY(ctypes("SELECT Name, Singer_ID FROM singer", "SELECT Name FROM singer", "", &p.probe).empty());
    Probe q(0.0);
    q.scores["SELECT Name FROM singer ORDER BY Age DESC LIMIT 1"] = 1.0;
    QVERIFY(ctypes("SELECT Name, Age FROM singer ORDER BY Age DESC LIMIT 1",
                   "SELECT Name FROM singer ORDER BY Age DESC LIMIT 1", "", &q.probe)
                .empty());
  }

  void setOperatorSwapIsOperatorMisuse() {
    auto fs = ctypes(
        "SELECT Name FROM singer WHERE Age > 30 UNION SELECT Name FROM singer WHERE Country = 'France'",
        "SELECT Name FROM singer WHERE Age > 30 INTERSECT SELECT Name FROM singer WHERE Country = 'France'",
        "", nullptr);
    QVERIFY(has(fs, "C1"));
    QVERIFY(!has(fs, "C6"));
  }

  void negatedSubqueryLinkIsOperatorMisuse() {
    auto fs =
        ctypes("SELECT Name FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM singer WHERE Age > 30)",
               "SELECT Name FROM singer WHERE Singer_ID NOT IN (SELECT Singer_ID FROM singer WHERE Age > 30)",
               "", nullptr);
    QCOMPARE(fs.size(), std::size_t(1));
    QCOMPARE(fs[0].category, std::string("C1"));
  }

  void orderThatOnlyBreaksTiesOrFeedsLimitIsNoOrderByMisuse() {
    // Tie-breaking keys after the gold's: the gold's pick among ties is arbitrary.
    auto fs = ctypes("SELECT Name FROM singer ORDER BY Age DESC, Name LIMIT 1",
                     "SELECT Name FROM singer ORDER BY Age DESC LIMIT 1", "", nullptr);
    QVERIFY(fs.empty());
    // The gold neither orders nor limits: the LIMIT is the cause (C2), not the ORDER BY.
    fs = ctypes("SELECT Name FROM singer ORDER BY Age LIMIT 3", "SELECT Name FROM singer", "", nullptr);
    QVERIFY(has(fs, "C2"));
    QVERIFY(!has(fs, "C9"));
    // Another direction is still C9.
    fs = ctypes("SELECT Name FROM singer ORDER BY Age LIMIT 1",
                "SELECT Name FROM singer ORDER BY Age DESC LIMIT 1", "", nullptr);
    QVERIFY(has(fs, "C9"));
  }

  void countDistinctIsAggregation() {
    auto fs =
        ctypes("SELECT COUNT(DISTINCT Country) FROM singer", "SELECT COUNT(*) FROM singer", "", nullptr);
    QVERIFY(has(fs, "C7"));
    QVERIFY(!has(fs, "C8"));
  }

  void valueTheDataHoldsIsNoValueError() {
    // The gold compares with 'france', which the column never holds; the prediction's 'France' is there.
    ValueLookup lookup = [](const std::string&, const std::string& column, const std::string& value, bool) {
      if (column != "country") return ValueCheck::Unknown;
      return value == "France" ? ValueCheck::Exists : ValueCheck::ExistsIgnoringCase;
    };
    auto fs = ctypes("SELECT Name FROM singer WHERE Country = 'France'",
                     "SELECT Name FROM singer WHERE Country = 'france'", "", nullptr, lookup);
    QVERIFY(!has(fs, "C4"));
    fs = ctypes("SELECT Name FROM singer WHERE Country = 'france'",
                "SELECT Name FROM singer WHERE Country = 'France'", "", nullptr, lookup);
    QVERIFY(has(fs, "C4"));
  }
};

QTEST_APPLESS_MAIN(TestAnnotateCauses)
#include "tst_annotate_causes.moc"
