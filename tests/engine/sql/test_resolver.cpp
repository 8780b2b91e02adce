// Resolver fixtures: aliases, CTEs, derived tables, correlated subqueries, USING, NATURAL, *,
// result aliases, rowid, ambiguity and unknown names with their exact byte spans.
#include <QtTest>

#include <string>

#include "engine/sql/parser.h"
#include "engine/sql/resolver.h"

using namespace hs::sql;

namespace {

hs::db::TableInfo table(const std::string& name, std::vector<std::string> cols,
                        const std::string& intPk = {}) {
  hs::db::TableInfo t;
  t.name = name;
  for (auto& c : cols) {
    hs::db::ColumnInfo ci;
    ci.name = c;
    ci.declaredType = c == intPk ? "INTEGER" : "TEXT";
    ci.primaryKey = c == intPk;
    ci.pkPosition = ci.primaryKey ? 1 : 0;
    t.columns.push_back(ci);
  }
  return t;
}

hs::db::Schema schema() {
  hs::db::Schema s;
  s.tables.push_back(table("singer", {"Singer_ID", "Name", "Age", "Country"}, "Singer_ID"));
  s.tables.push_back(table("concert", {"concert_ID", "Name", "Stadium_ID", "Year"}, "concert_ID"));
  s.tables.push_back(table("singer_in_concert", {"concert_ID", "Singer_ID"}));
  return s;
}

struct Resolved {
  SelectPtr tree;
  Resolution res;
};

Resolved run(const std::string& sql) {
  auto q = parseSelect(sql);
  if (!q.ok()) qFatal("parse failed: %s", q.error().describe().c_str());
  Resolved r{std::move(q.value()), {}};
  r.res = resolve(*r.tree, schema(), sql);
  return r;
}

// The binding of the n-th ColumnRef (pre-order) of the tree.
const ColumnBinding* nthBinding(const Resolved& r, int n, const ColumnRef** refOut = nullptr) {
  const ColumnRef* found = nullptr;
  int i = 0;
  walk(static_cast<const Node&>(*r.tree), [&](const Node& node) {
    if (const auto* ref = node.as<ColumnRef>(); ref && i++ == n) found = ref;
    return true;
  });
  if (refOut) *refOut = found;
  return found ? r.res.binding(*found) : nullptr;
}

std::string readsText(const Resolution& r) {
  std::string out;
  for (const auto& b : r.reads) out += (out.empty() ? "" : " ") + b.table + "." + b.column;
  return out;
}

}  // namespace

class TestResolver : public QObject {
  Q_OBJECT

 private slots:
  void tableAlias() {
    auto r = run("SELECT T1.name FROM singer AS T1 WHERE T1.age > 3");
    QVERIFY(r.res.diagnostics.empty());
    const ColumnBinding* b = nthBinding(r, 0);
    QVERIFY(b);
    QCOMPARE(b->source, std::string("singer"));
    QCOMPARE(b->column, std::string("Name"));
    QCOMPARE(b->kind, SourceKind::Table);
    QCOMPARE(readsText(r.res), std::string("singer.Age singer.Name"));
  }

  void unknownNamesHaveSpans() {
    auto r = run("SELECT T2.name FROM singer AS T1");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("unknown_qualifier"));
    QCOMPARE(r.res.diagnostics[0].span.begin, std::size_t(7));
    QCOMPARE(r.res.diagnostics[0].span.end, std::size_t(14));

    r = run("SELECT nme FROM singer");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("no_such_column"));
    QCOMPARE(r.res.diagnostics[0].span.begin, std::size_t(7));
    QCOMPARE(r.res.diagnostics[0].span.end, std::size_t(10));

    r = run("SELECT name FROM singr");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));  // no cascade onto `name`
    QCOMPARE(r.res.diagnostics[0].code, std::string("no_such_table"));
    QCOMPARE(r.res.diagnostics[0].span.begin, std::size_t(17));
    QCOMPARE(r.res.diagnostics[0].span.end, std::size_t(22));

    r = run("SELECT x.* FROM singer");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("unknown_qualifier"));
    QCOMPARE(r.res.diagnostics[0].span.begin, std::size_t(7));
  }

  void ambiguity() {
    auto r = run("SELECT name FROM singer, concert");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("ambiguous_column"));
    QCOMPARE(r.res.diagnostics[0].span.begin, std::size_t(7));
    QCOMPARE(r.res.diagnostics[0].span.end, std::size_t(11));
    QVERIFY(!nthBinding(r, 0));
  }

  void cte() {
    auto r = run("WITH x AS (SELECT name, age FROM singer) SELECT name FROM x WHERE age > 1");
    QVERIFY(r.res.diagnostics.empty());
    const ColumnBinding* b = nthBinding(r, 2);  // the outer `name`
    QVERIFY(b);
    QCOMPARE(b->kind, SourceKind::Cte);
    QCOMPARE(b->source, std::string("x"));
    QCOMPARE(readsText(r.res), std::string("singer.Age singer.Name"));

    // An unused CTE is never looked at by SQLite: no reads, only warnings.
    r = run("WITH x AS (SELECT nosuch FROM singer) SELECT 1");
    QVERIFY(!r.res.hasErrors());
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QVERIFY(r.res.reads.empty());
  }

  void recursiveCte() {
    auto r =
        run("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c");
    QVERIFY2(r.res.diagnostics.empty(),
             r.res.diagnostics.empty() ? "" : r.res.diagnostics[0].message.c_str());
    const ColumnBinding* b = nthBinding(r, 0);
    QVERIFY(b);
    QCOMPARE(b->kind, SourceKind::Cte);
    QCOMPARE(b->column, std::string("n"));
    // Without a column list the names come from the non-recursive part.
    r = run("WITH RECURSIVE c AS (SELECT 1 AS k UNION ALL SELECT k + 1 FROM c WHERE k < 5) SELECT k FROM c");
    QVERIFY(r.res.diagnostics.empty());
  }

  void derivedTable() {
    auto r = run("SELECT d.cnt FROM (SELECT count(*) AS cnt FROM concert) AS d");
    QVERIFY(r.res.diagnostics.empty());
    const ColumnBinding* b = nthBinding(r, 0);
    QVERIFY(b);
    QCOMPARE(b->kind, SourceKind::Derived);
    QCOMPARE(b->source, std::string("d"));
    QCOMPARE(readsText(r.res), std::string("concert."));
    r = run("SELECT d.name FROM (SELECT count(*) AS cnt FROM concert) AS d");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("no_such_column"));
  }

  void correlatedSubquery() {
    auto r =
        run("SELECT name FROM singer s WHERE EXISTS (SELECT 1 FROM singer_in_concert c WHERE c.singer_id = "
            "s.singer_id)");
    QVERIFY(r.res.diagnostics.empty());
    const ColumnBinding* inner = nthBinding(r, 1);
    const ColumnBinding* outer = nthBinding(r, 2);
    QVERIFY(inner && outer);
    QCOMPARE(inner->depth, 0);
    QCOMPARE(outer->depth, 1);
    QCOMPARE(outer->source, std::string("singer"));
    const SelectStmt* sub = nullptr;
    walk(static_cast<const Node&>(*r.tree), [&](const Node& n) {
      if (const auto* e = n.as<Exists>()) sub = e->query.get();
      return true;
    });
    QVERIFY(sub && r.res.isCorrelated(*sub));
    auto u = run("SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert)");
    walk(static_cast<const Node&>(*u.tree), [&](const Node& n) {
      if (const auto* e = n.as<InSubquery>()) sub = e->query.get();
      return true;
    });
    QVERIFY(!u.res.isCorrelated(*sub));
  }

  void usingAndNatural() {
    auto r = run("SELECT singer_id, * FROM singer JOIN singer_in_concert USING (singer_id)");
    QVERIFY(r.res.diagnostics.empty());
    const ColumnBinding* b = nthBinding(r, 0);
    QVERIFY(b);
    QCOMPARE(b->source, std::string("singer"));
    // * skips the right table's copy of the USING column.
    const Expr* star = r.tree->body->as<SelectCore>()->columns[1]->expr.get();
    QCOMPARE(r.res.stars.at(star).size(), std::size_t(5));

    r = run("SELECT concert_id FROM concert NATURAL JOIN singer_in_concert");
    QVERIFY(r.res.diagnostics.empty());
    QCOMPARE(nthBinding(r, 0)->source, std::string("concert"));
    r = run("SELECT concert_id FROM concert JOIN singer_in_concert ON 1");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("ambiguous_column"));
    r = run("SELECT 1 FROM concert JOIN singer USING (age)");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].span.begin, std::size_t(41));
  }

  void resultAliases() {
    auto r = run("SELECT age * 2 AS a FROM singer WHERE a > 10 GROUP BY a HAVING a < 100 ORDER BY a");
    QVERIFY(r.res.diagnostics.empty());
    for (int i = 1; i <= 4; ++i) {
      const ColumnBinding* b = nthBinding(r, i);
      QVERIFY(b);
      QCOMPARE(b->kind, SourceKind::ResultAlias);
      QCOMPARE(b->aliasIndex, 0);
    }
    // ORDER BY prefers the alias; WHERE prefers the table's column.
    r = run("SELECT name AS age FROM singer WHERE age > 1 ORDER BY age");
    QCOMPARE(nthBinding(r, 1)->kind, SourceKind::Table);
    QCOMPARE(nthBinding(r, 2)->kind, SourceKind::ResultAlias);
    r = run("SELECT name FROM singer ORDER BY 2");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("bad_column_number"));
  }

  void rowidAndCount() {
    auto r = run("SELECT rowid FROM singer");
    QVERIFY(r.res.diagnostics.empty());
    QVERIFY(nthBinding(r, 0)->rowid);
    QCOMPARE(readsText(r.res), std::string("singer. singer.rowid"));
    r = run("SELECT count(*) FROM singer JOIN concert ON 1");
    QCOMPARE(readsText(r.res), std::string("concert. singer."));
    r = run("SELECT rowid FROM singer, concert");
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
  }

  void doubleQuotedString() {
    auto r = run("SELECT name FROM singer WHERE name = \"Bob\"");
    QVERIFY(!r.res.hasErrors());
    QCOMPARE(r.res.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.res.diagnostics[0].code, std::string("dqs_string"));
    QVERIFY(r.res.diagnostics[0].warning);
  }
};

QTEST_GUILESS_MAIN(TestResolver)
#include "test_resolver.moc"
