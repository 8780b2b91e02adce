// The annotators' canonical parts: engine/sql's expression form with columns named by the keys
// they resolve to through the query's join equalities (no shared data needed).
#include <QtTest>

#include <string>

#include "engine/annotate/canonical_parts.h"
#include "engine/annotate/sql_view.h"
#include "tests/engine/annotate/toy_schema.h"

using namespace hs::annotate;

namespace {

hs::db::Schema schema() {
  return test::toySchema();
}

// The first predicate of `sql`'s first block, normalised with the query's own join equalities.
NormPredicate firstCondition(const std::string& sql) {
  static const hs::db::Schema s = schema();
  const SqlView v = analyse(sql, s);
  if (!v.ok() || v.blocks[0].predicates.empty()) qFatal("no condition in %s", sql.c_str());
  KeyMap keys;
  keys.addEqualities(v);
  const NormContext c{v, keys, s};
  // The context's caches point into `v`: read everything before it goes.
  return normPredicate(c, v.blocks[0].predicates.back());
}

}  // namespace

class TestAnnotateCanonicalParts : public QObject {
  Q_OBJECT
 private slots:
  void columnsAreNamedByTheirTables() {
    const NormPredicate a = firstCondition("SELECT 1 FROM singer AS T1 WHERE T1.Age > 20");
    const NormPredicate b = firstCondition("SELECT 1 FROM singer WHERE 20 < age");
    QCOMPARE(a.text(), std::string("singer.age > 20"));
    QCOMPARE(b.text(), a.text());
  }

  void joinEqualitiesMakeOneColumn() {
    // T2.singer_id is singer.singer_id once the ON condition equates them.
    const NormPredicate n = firstCondition(
        "SELECT 1 FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.singer_id = "
        "3");
    QCOMPARE(n.text(), std::string("concert.singer_id = 3"));
  }

  void numbersAgreeWithTheirStrings() {
    QCOMPARE(firstCondition("SELECT 1 FROM concert WHERE year = '2014'").text(),
             firstCondition("SELECT 1 FROM concert WHERE Year = 2014.0").text());
    QVERIFY(firstCondition("SELECT 1 FROM singer WHERE name = 'Bob'").text() !=
            firstCondition("SELECT 1 FROM singer WHERE name = 'bob'").text());
  }

  void anUnresolvableDoubleQuotedNameIsAString() {
    const NormPredicate n = firstCondition("SELECT 1 FROM singer WHERE \"Bob\" = name");
    QCOMPARE(n.text(), std::string("singer.name = 'Bob'"));
  }

  void listsAndBoundsKeepTheirParts() {
    const NormPredicate in = firstCondition("SELECT 1 FROM singer WHERE age IN (20, '30', 40.0)");
    QCOMPARE(in.op, std::string("in"));
    QCOMPARE(in.parts, (std::vector<std::string>{"20", "30", "40"}));
    const NormPredicate between = firstCondition("SELECT 1 FROM singer WHERE age BETWEEN 'x and y' AND 9");
    QCOMPARE(between.parts, (std::vector<std::string>{"'x and y'", "9"}));
  }

  void subqueriesLoseTheirAliases() {
    const NormPredicate a = firstCondition(
        "SELECT 1 FROM singer WHERE singer_id IN (SELECT T2.singer_id AS s FROM concert AS T2 WHERE T2.year "
        "= 2014)");
    const NormPredicate b = firstCondition(
        "SELECT 1 FROM singer WHERE singer_id IN (SELECT singer_id FROM concert WHERE year = '2014')");
    QCOMPARE(a.rhs, b.rhs);
    QCOMPARE(a.rhs, std::string("(SELECT concert.singer_id FROM concert WHERE concert.year = 2014)"));
  }

  void countOfAKeyCountsRows() {
    static const hs::db::Schema s = schema();
    const SqlView v = analyse("SELECT count(T1.singer_id), count(DISTINCT name) FROM singer AS T1", s);
    QVERIFY(v.ok());
    KeyMap keys;
    const NormContext c{v, keys, s};
    QCOMPARE(normExpr(c, v.blocks[0].itemNodes[0]), std::string("count(*)"));
    QCOMPARE(normExpr(c, v.blocks[0].itemNodes[1]), std::string("count(DISTINCT singer.name)"));
  }

  void anAliasStandsForItsExpression() {
    static const hs::db::Schema s = schema();
    const SqlView v = analyse("SELECT count(*) AS n FROM singer GROUP BY age ORDER BY n DESC", s);
    QVERIFY(v.ok());
    KeyMap keys;
    const NormContext c{v, keys, s};
    QCOMPARE(normExpr(c, v.blocks[0].orderBy.at(0).node), std::string("count(*)"));
  }
};

QTEST_APPLESS_MAIN(TestAnnotateCanonicalParts)
#include "tst_annotate_canonical_parts.moc"
