// C1 Operator Misuse as seed 002 scopes it: "the arithmetic, comparison, or logical operation
// descriptions" (its C1 prompt; "total compensation, calculated as `base_salary + bonus`", "salary
// greater than 5000", "from New York or Los Angeles"), wherever the operator stands. Built from
// Spider train queries (allergy_1, bike_1); static rules (no probe), so each case checks what the
// comparison names. tests/fit/ctype_dev/SEED002_AUDIT.md has the audit these cases come from.
#include <QtTest>

#include <set>

#include "engine/annotate/annotate.h"
#include "support/causes_probe.h"
#include "support/test_schema.h"

using hs::Finding;
using hs::test::column;

namespace {

hs::db::Schema allergySchema() {
  hs::db::Schema s;
  s.tables = {hs::test::table("Student", {column("StuID", "INTEGER", true), column("LName", "VARCHAR(12)"),
                                          column("Fname", "VARCHAR(12)"), column("Age", "INTEGER")}),
              hs::test::table("Has_Allergy", {column("StuID", "INTEGER"), column("Allergy", "VARCHAR(20)")})};
  return s;
}

hs::db::Schema weatherSchema() {
  hs::db::Schema s;
  s.tables = {hs::test::table("weather", {column("date", "TEXT"), column("max_temperature_f", "INTEGER"),
                                          column("min_temperature_f", "INTEGER")})};
  return s;
}

// "category:subcategory;" of each C1..C10 finding.
std::string findings(const hs::db::Schema& schema, const std::string& pred, const std::string& gold) {
  std::string s;
  for (const Finding& f : hs::test::ctypeFindings(schema, pred, gold, {}, nullptr))
    s += f.category + ":" + f.subcategory + ";";
  return s;
}

}  // namespace

class TestAnnotateOperatorMisuse : public QObject {
  Q_OBJECT
 private slots:
  void orInPlaceOfIntersectInsideASubquery() {
    // "The students who are allergic to both milk and cat": the INTERSECT inside the IN subquery,
    // against one subquery with the values OR-ed, is the logical operator (C1), as at the top level;
    // the 'Cat' condition is not missing (no C6).
    const hs::db::Schema s = allergySchema();
    const std::string gold =
        "SELECT lname ,  age FROM Student WHERE StuID IN (SELECT StuID FROM Has_allergy WHERE Allergy  =  "
        "\"Milk\" INTERSECT SELECT StuID FROM Has_allergy WHERE Allergy  =  \"Cat\")";
    for (const std::string pred :
         {"SELECT LName, Age FROM Student WHERE StuID IN (SELECT StuID FROM Has_Allergy WHERE Allergy = "
          "'Milk' "
          "OR Allergy = 'Cat')",
          "SELECT LName, Age FROM Student WHERE StuID IN (SELECT StuID FROM Has_Allergy WHERE Allergy IN "
          "('Milk', 'Cat'))"}) {
      auto fs = hs::test::ctypeFindings(s, pred, gold, {}, nullptr);
      QCOMPARE(fs.size(), std::size_t{1});
      QCOMPARE(fs[0].category, std::string("C1"));
      QCOMPARE(fs[0].subcategory, std::string("set operator as OR"));
      bool onIntersect = false;  // the gold span is the INTERSECT keyword
      for (const hs::FindingSpan& sp : fs[0].spans)
        onIntersect =
            onIntersect || (sp.side == "gold" && gold.substr(sp.begin, sp.end - sp.begin) == "INTERSECT");
      QVERIFY(onIntersect);
    }
    // A UNION inside the subquery is the same OR: no C-type.
    QCOMPARE(findings(s,
                      "SELECT LName, Age FROM Student WHERE StuID IN (SELECT StuID FROM Has_Allergy WHERE "
                      "Allergy = 'Milk' OR Allergy = 'Cat')",
                      "SELECT lname ,  age FROM Student WHERE StuID IN (SELECT StuID FROM Has_allergy WHERE "
                      "Allergy  =  \"Milk\" UNION SELECT StuID FROM Has_allergy WHERE Allergy  =  \"Cat\")"),
             std::string());
    // Other conditions in the operands: not the OR form (the set operation's conditions differ).
    QVERIFY(
        findings(s,
                 "SELECT LName, Age FROM Student WHERE StuID IN (SELECT StuID FROM Has_Allergy WHERE "
                 "Allergy = 'Milk' OR Allergy = 'Cat')",
                 "SELECT lname ,  age FROM Student WHERE StuID IN (SELECT StuID FROM Has_allergy WHERE "
                 "Allergy  =  \"Milk\" INTERSECT SELECT StuID FROM Has_allergy WHERE Allergy  =  \"Eggs\")")
            .find("set operator as OR") == std::string::npos);
  }

  // A value broadened to a pattern (LIKE '%x%' where the gold says = 'x'), or a pattern written as
  // one value, is the value specification (C4), either way round; another operator with another
  // value (LIKE against <, IN) stays C1.
  void patternAgainstValueIsTheValue() {
    const hs::db::Schema s = allergySchema();
    const std::string eq = "SELECT LName FROM Student WHERE LName = 'Smith'";
    const std::string like = "SELECT LName FROM Student WHERE LName LIKE '%Smith%'";
    QCOMPARE(findings(s, like, eq), std::string("C4:value or pattern;"));
    QCOMPARE(findings(s, eq, like), std::string("C4:value or pattern;"));
    QCOMPARE(findings(s, "SELECT LName FROM Student WHERE LName NOT LIKE '%Smith%'",
                      "SELECT LName FROM Student WHERE LName != 'Smith'"),
             std::string("C4:value or pattern;"));
    QCOMPARE(findings(s, "SELECT LName FROM Student WHERE LName NOT LIKE '%Smith%'", eq),
             std::string("C1:comparison operator and value;"));
  }

  void arithmeticOperatorInOrderBy() {
    // "The day with the smallest temperature range": ORDER BY max - min written as max + min is the
    // arithmetic operator (C1), as it is in the SELECT list, not another ordering (C9).
    const hs::db::Schema s = weatherSchema();
    const std::string gold =
        "SELECT date ,  max_temperature_f - min_temperature_f FROM weather ORDER BY max_temperature_f - "
        "min_temperature_f LIMIT 1";
    QCOMPARE(findings(s,
                      "SELECT date, max_temperature_f - min_temperature_f FROM weather ORDER BY "
                      "max_temperature_f + min_temperature_f LIMIT 1",
                      gold),
             std::string("C1:arithmetic operator in ORDER BY;"));
    QCOMPARE(findings(s,
                      "SELECT date, max_temperature_f + min_temperature_f FROM weather ORDER BY "
                      "max_temperature_f - min_temperature_f LIMIT 1",
                      gold),
             std::string("C1:arithmetic operator;"));
    // The same rows in another order (no LIMIT): still the cause, as C9 would be.
    hs::test::Probe p(0.5);
    p.probe.resultEqual = true;
    p.probe.orderDiffers = true;
    auto fs = hs::test::ctypeFindings(
        s, "SELECT date FROM weather ORDER BY max_temperature_f + min_temperature_f",
        "SELECT date FROM weather ORDER BY max_temperature_f - min_temperature_f", {}, &p.probe);
    QCOMPARE(fs.size(), std::size_t{1});
    QCOMPARE(fs[0].subcategory, std::string("arithmetic operator in ORDER BY"));
    // Another direction is the ordering (C9), another operand too.
    QCOMPARE(findings(s,
                      "SELECT date, max_temperature_f - min_temperature_f FROM weather ORDER BY "
                      "max_temperature_f - min_temperature_f DESC LIMIT 1",
                      gold),
             std::string("C9:ordering key or direction;"));
    QCOMPARE(findings(s,
                      "SELECT date, max_temperature_f - min_temperature_f FROM weather ORDER BY "
                      "max_temperature_f LIMIT 1",
                      gold),
             std::string("C9:ordering key or direction;"));
  }
};

QTEST_APPLESS_MAIN(TestAnnotateOperatorMisuse)
#include "tst_annotate_operator_misuse.moc"
