// Clause counts and name sets of parsed queries (engine/sql/clause_counts.h), with their spans.
#include <QtTest>

#include <string>

#include "engine/sql/clause_counts.h"
#include "engine/sql/parser.h"

using namespace hs::sql;

namespace {

ClauseCounts countsOf(const std::string& sql) {
  auto q = parseSelect(sql);
  if (!q) qFatal("parse failed: %s", q.error().describe().c_str());
  return countClauses(**q);
}

std::string at(const std::string& sql, Span s) {
  return std::string(s.in(sql));
}

}  // namespace

class TestClauseCounts : public QObject {
  Q_OBJECT

 private slots:
  void joinAgainstInSubquery() {
    // The same question answered with a join and with an IN subquery: people call it a join error.
    const std::string join =
        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid WHERE T2.year = 2014";
    const std::string in = "SELECT name FROM singer WHERE id IN (SELECT sid FROM concert WHERE year = 2014)";
    const ClauseCounts j = countsOf(join), i = countsOf(in);
    QCOMPARE(j[ClauseKind::Join], 1);
    QCOMPARE(j[ClauseKind::Table], 2);
    QCOMPARE(j[ClauseKind::Subquery], 0);
    QCOMPARE(j[ClauseKind::Eq], 2);
    QCOMPARE(i[ClauseKind::Join], 0);
    QCOMPARE(i[ClauseKind::Subquery], 1);
    QCOMPARE(i[ClauseKind::In], 1);
    QCOMPARE(i[ClauseKind::Select], 2);
    QCOMPARE(i[ClauseKind::Where], 2);
    QCOMPARE(at(join, j.firstSpan(ClauseKind::Join)), std::string("concert AS T2"));
    QCOMPARE(at(in, i.firstSpan(ClauseKind::Subquery)),
             std::string("SELECT sid FROM concert WHERE year = 2014"));
    QCOMPARE(j.tables, (std::set<std::string>{"concert", "singer"}));
    QCOMPARE(i.columns, (std::set<std::string>{"id", "name", "sid", "year"}));
  }

  void clausesAggregatesAndOperators() {
    const std::string sql =
        "SELECT DISTINCT country, count(*), max(age) FROM singer WHERE age >= 20 AND name NOT LIKE 'A%' "
        "OR age BETWEEN 1 AND 3 GROUP BY country HAVING count(DISTINCT name) > 1 ORDER BY country DESC LIMIT "
        "3";
    const ClauseCounts c = countsOf(sql);
    QCOMPARE(c[ClauseKind::Selected], 3);
    QCOMPARE(at(sql, c.firstSpan(ClauseKind::Selected)), std::string("country, count(*), max(age)"));
    QCOMPARE(c[ClauseKind::Distinct], 2);  // SELECT DISTINCT and count(DISTINCT ..)
    QCOMPARE(c[ClauseKind::Count], 2);
    QCOMPARE(c[ClauseKind::Max], 1);
    QCOMPARE(c[ClauseKind::Gt], 2);  // >= and >
    QCOMPARE(c[ClauseKind::Like], 1);
    QCOMPARE(c[ClauseKind::Not], 1);
    QCOMPARE(c[ClauseKind::And], 1);  // BETWEEN's AND is no connective
    QCOMPARE(c[ClauseKind::Or], 1);
    QCOMPARE(c[ClauseKind::Between], 1);
    QCOMPARE(c[ClauseKind::GroupBy], 1);
    QCOMPARE(c[ClauseKind::Having], 1);
    QCOMPARE(c[ClauseKind::OrderBy], 1);
    QCOMPARE(c[ClauseKind::Limit], 1);
    QCOMPARE(c[ClauseKind::Literal], 6);  // 20, 'A%', 1, 3, 1 and the LIMIT's 3
    QCOMPARE(at(sql, c.firstSpan(ClauseKind::GroupBy)), std::string("country"));
    QCOMPARE(at(sql, c.firstSpan(ClauseKind::OrderBy)), std::string("country DESC"));
    QCOMPARE(c.strings, (std::set<std::string>{"a%"}));
  }

  void setOperationsAndNegation() {
    const std::string sql =
        "SELECT name FROM a EXCEPT SELECT name FROM b WHERE NOT EXISTS (SELECT 1 FROM c) AND x NOT IN (1, 2) "
        "UNION SELECT name FROM d, e";
    const ClauseCounts c = countsOf(sql);
    QCOMPARE(c[ClauseKind::Except], 1);
    QCOMPARE(c[ClauseKind::Union], 1);
    QCOMPARE(c[ClauseKind::Intersect], 0);
    QCOMPARE(c[ClauseKind::Selected], 0);  // the top level is a set operation
    QCOMPARE(c[ClauseKind::Exists], 1);
    QCOMPARE(c[ClauseKind::Not], 2);
    QCOMPARE(c[ClauseKind::In], 1);
    QCOMPARE(c[ClauseKind::Join], 1);  // the comma join
    QCOMPARE(c[ClauseKind::Table], 5);
    QCOMPARE(c[ClauseKind::Select], 4);
  }

  void namesAreUnique() {
    for (std::size_t i = 0; i < kClauseKinds; ++i)
      for (std::size_t j = i + 1; j < kClauseKinds; ++j)
        QVERIFY(clauseKindName(static_cast<ClauseKind>(i)) != clauseKindName(static_cast<ClauseKind>(j)));
    QCOMPARE(clauseKindName(ClauseKind::Case), std::string_view("case"));
  }
};

QTEST_APPLESS_MAIN(TestClauseCounts)
#include "test_clause_counts.moc"
