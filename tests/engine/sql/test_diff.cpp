// Diff fixtures with exact spans on both sides, and real gold/prediction pairs (GPT-4 DIN-SQL).
#include <QtTest>

#include <fstream>
#include <map>
#include <string>

#include "engine/sql/diff.h"
#include "support/csv_rows.h"
#include "support/shared_data.h"
#include "test_resolver_support.h"

using namespace hs::sql;

namespace {

DiffResult diffOrDie(const std::string& g, const std::string& p) {
  auto r = diffSql(g, p);
  if (!r.ok()) qFatal("diff failed: %s", r.error().describe().c_str());
  return std::move(r.value());
}

std::string kinds(const DiffResult& r) {
  std::string out;
  for (const auto& e : r.edits)
    out += (out.empty() ? "" : " ") + std::string(toString(e.kind)) + ":" + e.clause;
  return out;
}

}  // namespace

class TestDiff : public QObject {
  Q_OBJECT

 private slots:
  void equivalentQueriesGiveNoEdits() {
    auto r =
        diffOrDie("SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid WHERE T1.age > 3",
                  "select s.NAME from concert c join singer s on c.sid = s.id where 3 < s.age;");
    QVERIFY2(r.equivalent(), kinds(r).c_str());
    QCOMPARE(r.goldCanonical, r.predCanonical);
  }

  void whereAndOrderByWithExactSpans() {
    std::string g = "SELECT name FROM singer WHERE age > 20 ORDER BY age DESC";
    std::string p = "SELECT name FROM singer WHERE age >= 20 ORDER BY age";
    auto r = diffOrDie(g, p);
    QCOMPARE(kinds(r), std::string("update:where update:order_by"));
    const Edit* where = &r.edits[0];
    QCOMPARE(where->gold->begin, std::size_t(30));
    QCOMPARE(where->gold->end, std::size_t(38));
    QCOMPARE(where->pred->begin, std::size_t(30));
    QCOMPARE(where->pred->end, std::size_t(39));
    QCOMPARE(where->goldText, std::string("age > 20"));
    QCOMPARE(where->predText, std::string("age >= 20"));
    const Edit* order = &r.edits[1];
    QCOMPARE(order->gold->begin, std::size_t(48));
    QCOMPARE(order->gold->end, std::size_t(56));
    QCOMPARE(order->pred->begin, std::size_t(49));
    QCOMPARE(order->pred->end, std::size_t(52));
  }

  void selectListMovesAndAliases() {
    auto r = diffOrDie("SELECT name, age FROM singer", "SELECT age AS a, name AS n FROM singer");
    QCOMPARE(kinds(r), std::string("move:select"));
    QCOMPARE(r.edits[0].goldText, std::string("age"));
    QCOMPARE(r.edits[0].predText, std::string("age AS a"));
    r = diffOrDie("SELECT name, age FROM singer", "SELECT name, country FROM singer");
    QCOMPARE(kinds(r), std::string("update:select"));
    r = diffOrDie("SELECT name FROM singer", "SELECT name, age FROM singer");
    QCOMPARE(kinds(r), std::string("insert:select"));
    QVERIFY(!r.edits[0].gold.has_value());
    QCOMPARE(r.edits[0].pred->begin, std::size_t(13));
  }

  void clausesAreSeparated() {
    auto r = diffOrDie(
        "SELECT DISTINCT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid GROUP BY T1.name "
        "HAVING "
        "count(*) > 1 LIMIT 3",
        "SELECT T1.name FROM singer AS T1 LEFT JOIN concert AS T2 ON T1.id = T2.sid GROUP BY T1.name HAVING "
        "count(*) > 2");
    QCOMPARE(kinds(r), std::string("remove:distinct update:join update:having remove:limit"));
    r = diffOrDie("SELECT a FROM t UNION SELECT a FROM u", "SELECT a FROM t UNION ALL SELECT a FROM u");
    QCOMPARE(kinds(r), std::string("update:set_op"));
    r = diffOrDie("SELECT a FROM t", "SELECT a FROM t EXCEPT SELECT a FROM u");
    QCOMPARE(kinds(r), std::string("insert:set_op"));
    r = diffOrDie("SELECT a FROM t", "SELECT a FROM t JOIN u ON t.x = u.x");
    QCOMPARE(kinds(r), std::string("insert:from insert:join_condition"));
  }

  void recursesIntoSubqueries() {
    std::string g = "SELECT name FROM singer WHERE id NOT IN (SELECT sid FROM concert WHERE year = 2014)";
    std::string p = "SELECT name FROM singer WHERE id NOT IN (SELECT sid FROM concert WHERE year = 2015)";
    auto r = diffOrDie(g, p);
    QCOMPARE(kinds(r), std::string("update:where"));
    QCOMPARE(r.edits[0].path, std::string("where.in"));
    QCOMPARE(r.edits[0].goldText, std::string("year = 2014"));
    QCOMPARE(r.edits[0].gold->begin, g.find("year = 2014"));
  }

  void sameSpellingDifferentTable() {
    // T1 is another table on each side: the texts look alike, the canonical forms tell them apart.
    auto r = diffOrDie("SELECT T1.id FROM a AS T1 JOIN b AS T2 ON T1.id = T2.id",
                       "SELECT T1.ID FROM b AS T1 JOIN a AS T2 ON T1.id = T2.id");
    QCOMPARE(kinds(r), std::string("update:select"));
    QVERIFY2(r.edits[0].description.find("canonical: a.id vs b.id") != std::string::npos,
             r.edits[0].description.c_str());
  }

  void syntaxErrorNamesTheSide() {
    auto r = diffSql("SELECT a FROM t", "SELECT a FROM t WHERE (");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().where, std::string("pred"));
    QVERIFY(r.error().offset.has_value());
  }

  void realPredictions() {
    HS_REQUIRE_SHARED_DATA();
    auto rows = hs::test::csvRows(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
    QVERIFY(rows.size() > 1000);
    // Row 21 (1-based data row 22): IN list vs OR of equalities, a real difference in WHERE.
    const auto& row = rows[22];
    auto r = diffOrDie(row[2], row[1]);
    QCOMPARE(kinds(r), std::string("update:where"));
    QCOMPARE(r.edits[0].gold->begin, std::size_t(35));
    QCOMPARE(r.edits[0].gold->end, std::size_t(65));
    QCOMPARE(r.edits[0].pred->begin, std::size_t(35));
    QCOMPARE(r.edits[0].pred->end, std::size_t(55));
    // Row 41: the aliases T1 / T2 swap roles; otherwise the same query.
    QVERIFY2(diffOrDie(rows[42][2], rows[42][1]).equivalent(),
             kinds(diffOrDie(rows[42][2], rows[42][1])).c_str());

    int pairs = 0, parsed = 0, equivalent = 0, edits = 0, equivalentWithSchema = 0;
    std::map<std::string, hs::db::Schema> schemas;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      if (rows[i].size() < 4) continue;
      ++pairs;
      auto d = diffSql(rows[i][2], rows[i][1]);
      if (!d.ok()) continue;
      ++parsed;
      if (d->equivalent()) ++equivalent;
      const std::string& db = rows[i][3];
      if (!schemas.count(db)) {
        hs::test::ReadOnlyDb handle(hs::test::spiderDb(QString::fromStdString(db)));
        schemas[db] = handle.ok() ? handle.schema() : hs::db::Schema{};
      }
      DiffOptions withSchema;
      withSchema.schema = &schemas[db];
      auto ds = diffSql(rows[i][2], rows[i][1], withSchema);
      QVERIFY(ds.ok());
      if (ds->equivalent()) ++equivalentWithSchema;
      // Resolution only adds equivalences: what is equal without the schema stays equal with it.
      if (d->equivalent()) QVERIFY2(ds->equivalent(), rows[i][2].c_str());
      for (const auto& e : d->edits) {
        ++edits;
        // Every span is inside its text and its text is what the span covers.
        if (e.gold) QCOMPARE(e.goldText, rows[i][2].substr(e.gold->begin, e.gold->end - e.gold->begin));
        if (e.pred) QCOMPARE(e.predText, rows[i][1].substr(e.pred->begin, e.pred->end - e.pred->begin));
        QVERIFY(e.gold || e.pred);
      }
    }
    qInfo(
        "GPT-4 DIN-SQL vs gold: %d pairs, %d parsed, %d equivalent after normalisation (%d with the schema), "
        "%d edits in the rest",
        pairs, parsed, equivalent, equivalentWithSchema, edits);
    QVERIFY(equivalentWithSchema >= equivalent);
    QVERIFY(parsed > 1000);
    QVERIFY(equivalent > 300);
  }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "test_diff.moc"
