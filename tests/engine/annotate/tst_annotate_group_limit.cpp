// The gold-free checks on grouping and LIMIT on a real (temporary) SQLite database, through the rule
// annotator of evaluation runs: `bare_column` (a selected column neither grouped, nor aggregated, nor
// fixed by a grouped key), `limit_tie` (the row past the LIMIT ties with the last one kept) and
// `limit_null_key` (a kept row sorts by NULL), and `group_by_shared_name` (a GROUP BY on a name
// that rows of a keyed table share). Each fires on a small example and not on its correct
// counterpart; a fired check with a positive weight is among the risk reasons.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "engine/annotate/risk.h"
#include "support/rule_eval.h"

namespace {

// p: people (id key) in cities; v: visits of people; s: scores with a NULL and a tie at the top.
constexpr const char* kSetup =
    "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT, city TEXT, age INT);"
    "INSERT INTO p VALUES (1, 'Ann', 'Oslo', 30), (2, 'Bob', 'Oslo', 41), (3, 'Cid', 'Rome', 41),"
    "(4, 'Dan', 'Rome', 25), (5, 'Eve', 'Bern', 19);"
    "CREATE TABLE v (vid INTEGER PRIMARY KEY, pid INT REFERENCES p(id), year INT);"
    "INSERT INTO v VALUES (1, 1, 2001), (2, 1, 2002), (3, 2, 2003), (4, 4, 2004);"
    "CREATE TABLE s (sid INTEGER PRIMARY KEY, label TEXT, score REAL);"
    "INSERT INTO s VALUES (1, 'x', 5.0), (2, 'y', NULL), (3, 'z', 7.5), (4, 'w', 7.5);"
    "CREATE TABLE q (id INTEGER PRIMARY KEY, name TEXT, team TEXT);"
    "INSERT INTO q VALUES (1, 'Kim', 'a'), (2, 'Kim', 'b'), (3, 'Lee', 'a');"
    "CREATE TABLE visit_log (id INTEGER PRIMARY KEY, vet_name TEXT, log_name TEXT);"
    "INSERT INTO visit_log VALUES (1, 'Dr. Harper', 'x'), (2, 'Dr. Harper', 'x');";

struct Fixture {
  QTemporaryDir dir;
  bool ok = dir.isValid() && hs::test::makeDatabase(dir.path().toStdString(), kSetup);

  // The findings of one category on `sql` (evaluated against itself as gold: EX plays no part).
  std::vector<hs::Finding> of(const std::string& sql, const std::string& category) const {
    std::vector<hs::Finding> out;
    for (const hs::Finding& f : hs::test::evaluateWithRules(dir.path().toStdString(), sql, sql).findings)
      if (f.category == category) out.push_back(f);
    return out;
  }
  std::vector<std::string> reasons(const std::string& sql) const {
    const auto o = hs::test::evaluateWithRules(dir.path().toStdString(), sql, sql);
    return o.risk ? o.risk->reasons : std::vector<std::string>{};
  }
};

std::string spanText(const std::string& sql, const hs::Finding& f) {
  return sql.substr(f.spans.at(0).begin, f.spans.at(0).end - f.spans.at(0).begin);
}

double weightOf(const std::string& feature) {
  return hs::test::riskWeight(feature);
}

}  // namespace

class TestAnnotateGroupLimit : public QObject {
  Q_OBJECT
 private slots:
  void bareColumnFires() {
    Fixture x;
    QVERIFY(x.ok);
    // The name of "each city" is any one person's.
    const std::string sql = "SELECT name, city, count(*) FROM p GROUP BY city";
    const auto f = x.of(sql, "bare_column");
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(spanText(sql, f[0]), std::string("name"));
    QVERIFY(f[0].message.find("neither grouped nor aggregated") != std::string::npos);
    // An aggregate with no GROUP BY is one group: the name is arbitrary too.
    QCOMPARE(x.of("SELECT name, count(*) FROM p", "bare_column").size(), std::size_t(1));
    // A grouped foreign key does not fix the other table's non-key columns.
    QCOMPARE(
        x.of("SELECT v.year, count(*) FROM p JOIN v ON p.id = v.pid GROUP BY v.pid", "bare_column").size(),
        std::size_t(1));
    // The fitted weight is positive, so the finding is a risk reason.
    QVERIFY(weightOf("bare_column") > 0);
    const auto why = x.reasons(sql);
    QVERIFY(std::any_of(why.begin(), why.end(),
                        [](const std::string& r) { return r.rfind("bare_column: ", 0) == 0; }));
  }

  void bareColumnCorrectCounterparts() {
    Fixture x;
    QVERIFY(x.ok);
    // Grouped by the key: the name is the entity's own.
    QVERIFY(x.of("SELECT name, count(*) FROM p GROUP BY id", "bare_column").empty());
    // The grouped foreign key equals p's key through the join, so p's columns are fixed.
    QVERIFY(
        x.of("SELECT p.name, count(*) FROM p JOIN v ON p.id = v.pid GROUP BY v.pid", "bare_column").empty());
    // The grouped column itself, and SQLite's one-MIN/MAX rule (the name of the oldest).
    QVERIFY(x.of("SELECT city, count(*) FROM p GROUP BY city", "bare_column").empty());
    QVERIFY(x.of("SELECT name, max(age) FROM p", "bare_column").empty());
    // A key fixed by WHERE: one row.
    QVERIFY(x.of("SELECT name, count(*) FROM p WHERE id = 2", "bare_column").empty());
    // No aggregate, no grouping.
    QVERIFY(x.of("SELECT name FROM p", "bare_column").empty());
  }

  void limitTieFires() {
    Fixture x;
    QVERIFY(x.ok);
    // Bob and Cid are both 41: "the oldest person" is either.
    const std::string sql = "SELECT name FROM p ORDER BY age DESC LIMIT 1;";
    const auto f = x.of(sql, "limit_tie");
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(spanText(sql, f[0]), std::string("1"));
    QVERIFY(f[0].message.find("row 1 ties with row 2") != std::string::npos);
    // A position in ORDER BY stands for its SELECT item; an aggregate key ties too (Oslo and Rome, 2 each).
    QCOMPARE(x.of("SELECT name, age FROM p ORDER BY 2 DESC LIMIT 1", "limit_tie").size(), std::size_t(1));
    QCOMPARE(x.of("SELECT city FROM p GROUP BY city ORDER BY count(*) DESC LIMIT 1", "limit_tie").size(),
             std::size_t(1));
    // An output alias stands for its expression (the alias itself cannot be selected again).
    QCOMPARE(
        x.of("SELECT city, count(*) AS n FROM p GROUP BY city ORDER BY n DESC LIMIT 1", "limit_tie").size(),
        std::size_t(1));
  }

  void limitTieCorrectCounterparts() {
    Fixture x;
    QVERIFY(x.ok);
    QVERIFY(x.of("SELECT name FROM p ORDER BY age LIMIT 1", "limit_tie").empty());             // Eve alone
    QVERIFY(x.of("SELECT name FROM p ORDER BY age DESC LIMIT 2", "limit_tie").empty());        // 41, 41 | 30
    QVERIFY(x.of("SELECT name FROM p ORDER BY age DESC, name LIMIT 1", "limit_tie").empty());  // broken tie
    QVERIFY(x.of("SELECT name FROM p WHERE age = 41 LIMIT 1", "limit_tie").empty());           // no ORDER BY
    QVERIFY(x.of("SELECT name FROM p ORDER BY age DESC LIMIT 5", "limit_tie").empty());        // every row
  }

  void groupBySharedName() {
    Fixture x;
    QVERIFY(x.ok);
    // Two people called Kim: grouping by the name counts them as one.
    const std::string sql = "SELECT q.name, count(*) FROM q JOIN v ON q.id = v.pid GROUP BY q.name";
    const auto f = x.of(sql, "group_by_shared_name");
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(spanText(sql, f[0]), std::string("q.name"));
    QVERIFY2(f[0].message.find("'Kim' in 2 rows") != std::string::npos &&
                 f[0].message.find("key id") != std::string::npos,
             f[0].message.c_str());
    // Grouped by the key, by the key too, by a column that is no name, or by a name no two rows
    // share (p): no finding.
    QVERIFY(
        x.of("SELECT q.name, count(*) FROM q JOIN v ON q.id = v.pid GROUP BY q.id", "group_by_shared_name")
            .empty());
    QVERIFY(x.of("SELECT q.name, count(*) FROM q GROUP BY q.name, q.id", "group_by_shared_name").empty());
    QVERIFY(x.of("SELECT team, count(*) FROM q GROUP BY team", "group_by_shared_name").empty());
    QVERIFY(x.of("SELECT name, count(*) FROM p JOIN v ON p.id = v.pid GROUP BY name", "group_by_shared_name")
                .empty());
    // A name of another entity (the vet of a visit) is no name of the table's rows.
    QVERIFY(
        x.of("SELECT vet_name, count(*) FROM visit_log GROUP BY vet_name", "group_by_shared_name").empty());
    QCOMPARE(
        x.of("SELECT log_name, count(*) FROM visit_log GROUP BY log_name", "group_by_shared_name").size(),
        std::size_t(1));
  }

  void limitNullKey() {
    Fixture x;
    QVERIFY(x.ok);
    // "The lowest score" by ORDER BY ... LIMIT is the row without a score; MIN() would skip it.
    const auto f = x.of("SELECT label FROM s ORDER BY score LIMIT 1", "limit_null_key");
    QCOMPARE(f.size(), std::size_t(1));
    QVERIFY(f[0].message.find("NULL") != std::string::npos);
    QVERIFY(
        x.of("SELECT label FROM s WHERE score IS NOT NULL ORDER BY score LIMIT 1", "limit_null_key").empty());
    QVERIFY(x.of("SELECT label FROM s ORDER BY score DESC LIMIT 1", "limit_null_key").empty());
    // The same query ties at the top (7.5 twice).
    QCOMPARE(x.of("SELECT label FROM s ORDER BY score DESC LIMIT 1", "limit_tie").size(), std::size_t(1));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateGroupLimit)
#include "tst_annotate_group_limit.moc"
