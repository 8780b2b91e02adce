// Causes on real LLM rewrites: another table route to the rows is no join logic error unless its
// repair is what fixes them; repairs that name the prediction's tables, move a MAX/MIN subquery to
// ORDER BY ... LIMIT, pair the main blocks' GROUP BYs and pair repairs that fail alone. The probe is a fake
// scoring the repaired texts the test expects, so what is repaired and how is checked exactly.
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

#include "engine/annotate/annotate.h"
#include "support/causes_probe.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;

namespace {

hs::db::Schema schema() {
  using hs::test::column;
  hs::db::Schema s;
  s.tables = {hs::test::singerTable(),
              hs::test::table("concert", {column("Concert_ID", "INT", true), column("Singer_ID", "INT"),
                                          column("Year", "INT")})};
  return s;
}

using hs::test::Probe;

std::vector<Finding> ctypes(const std::string& pred, const std::string& gold, const CauseProbe* probe,
                            const std::string& question = {}) {
  return hs::test::ctypeFindings(schema(), pred, gold, question, probe);
}

std::set<std::string> types(const std::vector<Finding>& fs) {
  std::set<std::string> t;
  for (const Finding& f : fs) t.insert(f.category);
  return t;
}

const Finding* find(const std::vector<Finding>& fs, const std::string& type) {
  for (const Finding& f : fs)
    if (f.category == type) return &f;
  return nullptr;
}

}  // namespace

class TestAnnotateCausesRoutes : public QObject {
  Q_OBJECT
 private slots:
  void tableReadOnlyInASubqueryIsARoute() {
    // The prediction reaches its rows through an IN-subquery over another table and misses a
    // column; no repair moves the result: the column, not the table route, is named.
    const std::string gold = "SELECT Name, Age FROM singer WHERE Country = 'France'";
    const std::string pred =
        "SELECT Name FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM concert) AND Country = 'France'";
    auto raw = ctypes(pred, gold, nullptr);
    QVERIFY(find(raw, "C3"));
    QCOMPARE(find(raw, "C3")->subcategory, std::string("table route"));
    Probe p(0.4);
    QCOMPARE(types(ctypes(pred, gold, &p.probe)), (std::set<std::string>{"C5"}));
  }

  void routeAloneIsStillNamed() {
    const std::string gold = "SELECT Name FROM singer WHERE Country = 'France'";
    const std::string pred =
        "SELECT Name FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM concert) AND Country = 'France'";
    Probe p(0.4);
    // The route is the only difference: nothing else explains the other rows, so it is named.
    QCOMPARE(types(ctypes(pred, gold, &p.probe)), (std::set<std::string>{"C3"}));
  }

  void extraTableInTheMainJoinIsJoinLogic() {
    // The extra table joined in the main block is a join logic difference (priority before C5)
    // when its repair runs.
    const std::string gold = "SELECT Name, Age FROM singer WHERE Country = 'France'";
    const std::string pred =
        "SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID WHERE T1.Country "
        "= "
        "'France'";
    auto raw = ctypes(pred, gold, nullptr);
    QVERIFY(find(raw, "C3"));
    QCOMPARE(find(raw, "C3")->subcategory, std::string("extra table"));
    Probe p(0.4);
    QVERIFY(types(ctypes(pred, gold, &p.probe)).count("C3"));
  }

  void repairNamesThePredictionsTable() {
    // The gold's T1 is the prediction's unaliased singer of its main block (singer is also read in
    // the subquery): the repaired column is qualified so that it runs there.
    Probe p(0.0);
    p.scores["SELECT singer.Name FROM singer WHERE Age > (SELECT avg(Age) FROM singer)"] = 1.0;
    auto fs =
        ctypes("SELECT Country FROM singer WHERE Age > (SELECT avg(Age) FROM singer)",
               "SELECT T1.Name FROM singer AS T1 WHERE T1.Age > (SELECT avg(Age) FROM singer)", &p.probe);
    QCOMPARE(types(fs), (std::set<std::string>{"C5"}));
    QVERIFY(fs[0].explanation.find("just this part") != std::string::npos);
  }

  void maxSubqueryRepairIsOrderByLimit() {
    Probe p(0.5);
    p.scores["SELECT Name FROM singer ORDER BY Age DESC LIMIT 1"] = 1.0;
    auto fs = ctypes("SELECT Name FROM singer WHERE Age = (SELECT max(Age) FROM singer)",
                     "SELECT Name FROM singer ORDER BY Age DESC LIMIT 1", &p.probe);
    QCOMPARE(types(fs), (std::set<std::string>{"C2"}));
    QVERIFY(fs[0].explanation.find("just this part") != std::string::npos);
  }

  void limitRepairIsMaxSubquery() {
    // The other way: ORDER BY ... LIMIT 1 removed, the gold's '= (SELECT MAX ...)' put into WHERE.
    Probe p(0.5);
    p.scores["SELECT Name FROM singer WHERE Age = (SELECT max(Age) FROM singer)"] = 1.0;
    auto fs = ctypes("SELECT Name FROM singer ORDER BY Age DESC LIMIT 1",
                     "SELECT Name FROM singer WHERE Age = (SELECT max(Age) FROM singer)", &p.probe);
    QCOMPARE(types(fs), (std::set<std::string>{"C2"}));
    QVERIFY(fs[0].explanation.find("just this part") != std::string::npos);
  }

  void repairThatFailsAloneJoinsAPair() {
    // ORDER BY SUM(..) LIMIT 1 does not run without the GROUP BY: the two repairs go together, the
    // GROUP BY before the ORDER BY at the one position both are inserted.
    Probe p(0.3);
    p.fails.insert("SELECT Country FROM singer ORDER BY sum(Age) DESC LIMIT 1");
    p.scores["SELECT Country FROM singer GROUP BY Country ORDER BY sum(Age) DESC LIMIT 1"] = 1.0;
    auto fs = ctypes("SELECT Country FROM singer WHERE Age = (SELECT max(Age) FROM singer)",
                     "SELECT Country FROM singer GROUP BY Country ORDER BY sum(Age) DESC LIMIT 1", &p.probe);
    QCOMPARE(types(fs), (std::set<std::string>{"C2", "C10"}));
    QVERIFY(p.wasAsked("SELECT Country FROM singer GROUP BY Country ORDER BY sum(Age) DESC LIMIT 1"));
  }

  void groupingOfTheMainBlocksIsRepaired() {
    // The prediction also groups inside a subquery; the repair puts the gold's GROUP BY in place
    // of the predicted main block's.
    Probe p(0.2);
    const std::string repaired =
        "SELECT Country FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM singer GROUP BY Singer_ID) "
        "GROUP BY "
        "Country";
    p.scores[repaired] = 1.0;
    auto fs = ctypes(
        "SELECT Country FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM singer GROUP BY Singer_ID) "
        "GROUP BY "
        "Name",
        "SELECT Country FROM singer GROUP BY Country", &p.probe);
    QVERIFY(p.wasAsked(repaired));
    QCOMPARE(types(fs), (std::set<std::string>{"C10"}));
  }

  void inFormOfASetOperationKeepsDuplicates() {
    // INTERSECT returns distinct rows; the same filter written with two IN-subqueries returns every
    // matching row: a DISTINCT error, verified by the repair that adds DISTINCT.
    const std::string gold =
        "SELECT Country FROM singer WHERE Age < 30 INTERSECT SELECT Country FROM singer WHERE Age > 40";
    const std::string pred =
        "SELECT Country FROM singer WHERE Country IN (SELECT Country FROM singer WHERE Age < 30) AND Country "
        "IN "
        "(SELECT Country FROM singer WHERE Age > 40)";
    QCOMPARE(types(ctypes(pred, gold, nullptr)), (std::set<std::string>{"C8"}));
    Probe p(0.7);
    p.scores
        ["SELECT DISTINCT Country FROM singer WHERE Country IN (SELECT Country FROM singer WHERE Age < 30) "
         "AND "
         "Country IN (SELECT Country FROM singer WHERE Age > 40)"] = 1.0;
    auto fs = ctypes(pred, gold, &p.probe);
    QCOMPARE(types(fs), (std::set<std::string>{"C8"}));
    QVERIFY(fs[0].explanation.find("just this part") != std::string::npos);
    // UNION ALL keeps duplicates itself: no DISTINCT error.
    QVERIFY(
        !types(ctypes(pred,
                      "SELECT Country FROM singer WHERE Age < 30 UNION ALL SELECT Country FROM singer WHERE "
                      "Age > 40",
                      nullptr))
             .count("C8"));
  }

  void orInPlaceOfIntersectIsOperatorMisuse() {
    // "singers from both France and Spain" as INTERSECT (AND) against one block with the values OR-ed:
    // the logical operator (C1), not a dropped set operation or a missing condition (C6).
    const std::string gold =
        "SELECT Name FROM singer WHERE Country = 'France' INTERSECT SELECT Name FROM singer WHERE Country = "
        "'Spain'";
    auto fs = ctypes("SELECT Name FROM singer WHERE Country = 'Spain' OR Country = 'France'", gold, nullptr);
    QCOMPARE(types(fs), (std::set<std::string>{"C1"}));
    QCOMPARE(fs[0].subcategory, std::string("set operator as OR"));
    QCOMPARE(types(ctypes("SELECT Name FROM singer WHERE Country IN ('France', 'Spain')", gold, nullptr)),
             (std::set<std::string>{"C1"}));
    // UNION is the same OR: no C-type from the form.
    QVERIFY(
        ctypes(
            "SELECT Name FROM singer WHERE Country IN ('France', 'Spain')",
            "SELECT Name FROM singer WHERE Country = 'France' UNION SELECT Name FROM singer WHERE Country = "
            "'Spain'",
            nullptr)
            .empty());
    // Other conditions in the operands: still the set operation (C6).
    QVERIFY(
        types(
            ctypes("SELECT Name FROM singer WHERE Country IN ('France', 'Spain')",
                   "SELECT Name FROM singer WHERE Age > 30 INTERSECT SELECT Name FROM singer WHERE Age < 50",
                   nullptr))
            .count("C6"));
  }

  void boundPhrasingIsOperatorMisuse() {
    // "at least 30" as > 30 where the gold says > 29 (= >= 30): the bound's strictness (C1),
    // repaired by the gold's comparison; without such phrasing the other number is a value (C4).
    Probe p(0.5);
    p.scores["SELECT Name FROM singer WHERE Age > 29"] = 1.0;
    auto fs = ctypes("SELECT Name FROM singer WHERE Age > 30", "SELECT Name FROM singer WHERE Age > 29",
                     &p.probe, "Which singers are at least 30 years old?");
    QCOMPARE(types(fs), (std::set<std::string>{"C1"}));
    QCOMPARE(fs[0].subcategory, std::string("bound strictness"));
    QCOMPARE(types(ctypes("SELECT Name FROM singer WHERE Age > 30", "SELECT Name FROM singer WHERE Age > 29",
                          nullptr, "Which singers are older than 29?")),
             (std::set<std::string>{"C4"}));
    QCOMPARE(types(ctypes("SELECT Name FROM singer WHERE Age > 40", "SELECT Name FROM singer WHERE Age > 29",
                          nullptr, "Which singers are at least 30 years old?")),
             (std::set<std::string>{"C4"}));
  }

  void topRowsInASubqueryAreOrderedThere() {
    // WHERE id = (SELECT id ... ORDER BY count(*) ASC LIMIT 1) against the main block's ORDER BY
    // count(*) DESC LIMIT 1: the ordering differs (C9); the link is no extra condition (C6) and no
    // other join (C3), and the repair turns the subquery's ordering.
    const std::string gold =
        "SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID GROUP BY "
        "T2.Singer_ID "
        "ORDER BY count(*) DESC LIMIT 1";
    const std::string pred =
        "SELECT Name FROM singer WHERE Singer_ID = (SELECT Singer_ID FROM concert GROUP BY Singer_ID ORDER "
        "BY "
        "count(*) ASC LIMIT 1)";
    QCOMPARE(types(ctypes(pred, gold, nullptr)), (std::set<std::string>{"C9"}));
    Probe p(0.0);
    p.scores
        ["SELECT Name FROM singer WHERE Singer_ID = (SELECT Singer_ID FROM concert GROUP BY Singer_ID ORDER "
         "BY "
         "count(*) DESC LIMIT 1)"] = 1.0;
    auto fs = ctypes(pred, gold, &p.probe);
    QCOMPARE(types(fs), (std::set<std::string>{"C9"}));
    QVERIFY(fs[0].explanation.find("just this part") != std::string::npos);
    // The same top row: no C-type.
    QVERIFY(
        ctypes("SELECT Name FROM singer WHERE Singer_ID = (SELECT Singer_ID FROM concert GROUP BY Singer_ID "
               "ORDER BY count(*) DESC LIMIT 1)",
               gold, nullptr)
            .empty());
  }
};

QTEST_APPLESS_MAIN(TestAnnotateCausesRoutes)
#include "tst_annotate_causes_routes.moc"
