// The repairs of the cause attribution made on the tree (issue 26): the gold's node for one
// difference replaces, leaves out or joins the predicted node in a copy of the predicted tree, and
// the copy is printed. Each test checks the printed repair of one finding exactly.
#include <QtTest>

#include "engine/annotate/causes.h"
#include "engine/annotate/rules.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;

namespace {

hs::db::Schema schema() {
  using hs::test::column;
  hs::db::Schema s;
  s.tables = {hs::test::singerTable(), hs::test::concertTable(),
              hs::test::table("performance", {column("Performance_ID", "INT", true),
                                              column("Singer_ID", "INT"), column("Year", "INT")})};
  return s;
}

struct Pair {
  SqlView pred, gold;
  std::vector<Finding> findings;
};

Pair pairOf(const std::string& pred, const std::string& gold) {
  static const hs::db::Schema s = schema();
  Pair p{analyse(pred, s), analyse(gold, s), {}};
  p.findings = mrsqlgenFindings(p.pred, p.gold, s);
  return p;
}

const Finding* findingOf(const Pair& p, const std::string& subcategory) {
  for (const Finding& f : p.findings)
    if (f.subcategory == subcategory) return &f;
  return nullptr;
}

// The printed repair of the finding of that subcategory ("" when there is none; "-" when it cannot
// be repaired).
std::string repairOf(const Pair& p, const std::string& subcategory) {
  const Finding* f = findingOf(p, subcategory);
  if (!f) {
    for (const Finding& g : p.findings)
      qWarning("finding: %s / %s", g.category.c_str(), g.subcategory.c_str());
    return {};
  }
  return repairFor(*f, p.pred, p.gold).value_or("-");
}

}  // namespace

class TestAnnotateCausesRepair : public QObject {
  Q_OBJECT
 private slots:
  void replacesAWhereLiteral() {
    auto p = pairOf("SELECT Name FROM singer WHERE Age > 30 AND Country = 'France'",
                    "SELECT Name FROM singer WHERE Age > 40 AND Country = 'France'");
    QCOMPARE(repairOf(p, "literal value"),
             std::string("SELECT Name FROM singer WHERE Age > 40 AND Country = 'France'"));
  }

  void deletesAnExtraCondition() {
    // The AND goes with the condition; the other operand takes the connective's place.
    auto p = pairOf("SELECT Name FROM singer WHERE Country = 'France' AND Age > 30",
                    "SELECT Name FROM singer WHERE Age > 30");
    QCOMPARE(repairOf(p, "extra condition"), std::string("SELECT Name FROM singer WHERE Age > 30"));
    // The only condition: the WHERE goes too.
    auto q = pairOf("SELECT Name FROM singer WHERE Country = 'France'", "SELECT Name FROM singer");
    QCOMPARE(repairOf(q, "extra condition"), std::string("SELECT Name FROM singer"));
  }

  void insertsAMissingGroupBy() {
    auto p = pairOf("SELECT Country, count(*) FROM singer",
                    "SELECT Country, count(*) FROM singer GROUP BY Country");
    QCOMPARE(repairOf(p, "missing GROUP BY"),
             std::string("SELECT Country, count(*) FROM singer GROUP BY Country"));
  }

  void insertsAMissingOrderByAndLimit() {
    auto p = pairOf("SELECT Name FROM singer WHERE Age > 30",
                    "SELECT Name FROM singer WHERE Age > 30 ORDER BY Age DESC");
    QCOMPARE(repairOf(p, "missing ORDER BY"),
             std::string("SELECT Name FROM singer WHERE Age > 30 ORDER BY Age DESC"));
    auto q = pairOf("SELECT Name FROM singer ORDER BY Age DESC",
                    "SELECT Name FROM singer ORDER BY Age DESC LIMIT 3");
    QCOMPARE(repairOf(q, "missing LIMIT"), std::string("SELECT Name FROM singer ORDER BY Age DESC LIMIT 3"));
  }

  void replacesAWrongJoinTable() {
    // The gold's FROM in place of the predicted one, its alias of singer renamed to the
    // prediction's (s -> t1, the view's lower-cased alias: SQLite reads names without case), so the
    // prediction's T1.Name still reads it.
    auto p = pairOf("SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID",
                    "SELECT s.Name FROM singer AS s JOIN performance AS p ON s.Singer_ID = p.Singer_ID");
    const Finding* f = nullptr;
    for (const Finding& g : p.findings)
      if (g.category == "C3") f = &g;
    QVERIFY(f);
    QCOMPARE(
        repairFor(*f, p.pred, p.gold).value_or("-"),
        std::string("SELECT T1.Name FROM singer AS t1 JOIN performance AS p ON t1.Singer_ID = p.Singer_ID"));
  }

  void extraAndMissingConditionTogether() {
    // Both edit the one WHERE: the gold's condition in place of the predicted one (as text, the
    // deleted "WHERE Country = 'France'" and the insertion after WHERE overlapped: no repair).
    auto p =
        pairOf("SELECT Name FROM singer WHERE Country = 'France'", "SELECT Name FROM singer WHERE Age > 30");
    const Finding* extra = findingOf(p, "extra condition");
    const Finding* missing = findingOf(p, "missing condition");
    if (!extra || !missing) QSKIP("the rules describe this difference otherwise");
    QCOMPARE(repairFor({extra, missing}, p.pred, p.gold).value_or("-"),
             std::string("SELECT Name FROM singer WHERE Age > 30"));
  }

  void conditionUnderOrKeepsItsGrouping() {
    // a OR b AND c is a OR (b AND c): without b the AND's other operand stays under the OR.
    auto p = pairOf("SELECT Name FROM singer WHERE Age > 60 OR Country = 'France' AND Age > 30",
                    "SELECT Name FROM singer WHERE Age > 60 OR Age > 30");
    QCOMPARE(repairOf(p, "extra condition"),
             std::string("SELECT Name FROM singer WHERE Age > 60 OR Age > 30"));
  }

  void operatorAloneIsReplaced() {
    auto p = pairOf("SELECT Country FROM singer GROUP BY Country HAVING count(*) >= 2",
                    "SELECT Country FROM singer GROUP BY Country HAVING count(*) > 2");
    QCOMPARE(repairOf(p, "comparison operator"),
             std::string("SELECT Country FROM singer GROUP BY Country HAVING count(*) > 2"));
  }

  void loneOrBecomesAnd() {
    // The OR named alone: deleting the keyword leaves no query; the gold joins the two with AND.
    auto p = pairOf("SELECT Name FROM singer WHERE Country = 'France' OR Age > 30",
                    "SELECT Name FROM singer WHERE Country = 'France' AND Age > 30");
    QCOMPARE(repairOf(p, "logical operator"),
             std::string("SELECT Name FROM singer WHERE Country = 'France' AND Age > 30"));
  }

  void loneOrGoneWithItsOperand() {
    // The OR went with the condition deleted before it: nothing is left to repair for it.
    auto p = pairOf("SELECT Name FROM singer WHERE Age > 30 AND Country = 'France' OR Age IS NULL",
                    "SELECT Name FROM singer WHERE Age > 30 AND Country = 'France'");
    const Finding* extra = findingOf(p, "extra condition");
    const Finding* connective = findingOf(p, "logical connective");
    QVERIFY(extra && connective);
    const std::string gold = "SELECT Name FROM singer WHERE Age > 30 AND Country = 'France'";
    QCOMPARE(repairFor({extra, connective}, p.pred, p.gold).value_or("-"), gold);
    // In the other order the OR becomes AND first (the gold has one) and goes with the condition.
    QCOMPARE(repairFor({connective, extra}, p.pred, p.gold).value_or("-"), gold);
  }

  void extraColumnTakesItsAliasAlong() {
    // The span is count(DISTINCT Name) without its alias; the ORDER BY that named the alias
    // orders by the expression (deleting the text alone would leave the alias to Country).
    auto p = pairOf(
        "SELECT Country, count(DISTINCT Name) AS num FROM singer GROUP BY Country ORDER BY num DESC LIMIT 1",
        "SELECT Country FROM singer GROUP BY Country ORDER BY count(*) DESC LIMIT 1");
    QCOMPARE(repairOf(p, "extra column"),
             std::string(
                 "SELECT Country FROM singer GROUP BY Country ORDER BY count(DISTINCT Name) DESC LIMIT 1"));
    // With the ordering repaired too, in either order: the gold query.
    const Finding* extra = findingOf(p, "extra column");
    const Finding* order = findingOf(p, "ordering key or direction");
    QVERIFY(extra && order);
    const std::string gold = "SELECT Country FROM singer GROUP BY Country ORDER BY count(*) DESC LIMIT 1";
    QCOMPARE(repairFor({extra, order}, p.pred, p.gold).value_or("-"), gold);
    QCOMPARE(repairFor({order, extra}, p.pred, p.gold).value_or("-"), gold);
  }

  void valuesAcrossNodesAreReplacedInPlace() {
    // The spans run from the first value to the last: each value replaced, the rest kept.
    auto p = pairOf("SELECT Name FROM singer WHERE Country = 'france' OR Country = 'spain'",
                    "SELECT Name FROM singer WHERE Country = 'France' OR Country = 'Spain'");
    QCOMPARE(repairOf(p, "literal value"),
             std::string("SELECT Name FROM singer WHERE Country = 'France' OR Country = 'Spain'"));
    // An IN list against the gold's OR-ed values keeps its IN (the gold's qualifier is not spliced).
    auto q = pairOf("SELECT Name FROM singer WHERE Country IN ('France', 'Span')",
                    "SELECT T1.Name FROM singer AS T1 WHERE T1.Country = 'France' OR T1.Country = 'Spain'");
    QCOMPARE(repairOf(q, "literal value"),
             std::string("SELECT Name FROM singer WHERE Country IN ('France', 'Spain')"));
  }
};

QTEST_APPLESS_MAIN(TestAnnotateCausesRepair)
#include "tst_annotate_causes_repair.moc"
