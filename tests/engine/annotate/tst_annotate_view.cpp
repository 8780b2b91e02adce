// The annotators' SQL view is built from engine/sql (tokens, tree, resolution): blocks, clauses,
// tables, predicates and aggregates with byte-exact spans, and the parser's error for SQL that
// does not parse (no shared data needed).
#include <QtTest>

#include <string>

#include "engine/annotate/annotate.h"
#include "engine/annotate/canonical_parts.h"
#include "engine/annotate/sql_view.h"
#include "engine/sql/parser.h"
#include "tests/engine/annotate/toy_schema.h"

using namespace hs::annotate;

namespace {

hs::db::Schema schema() {
  return test::toySchema();
}

std::string_view slice(const SqlView& v, std::size_t b, std::size_t e) {
  return v.slice(b, e);
}

}  // namespace

class TestAnnotateView : public QObject {
  Q_OBJECT
 private slots:
  void blocksClausesAndSpans() {
    const hs::db::Schema s = schema();
    const std::string sql =
        "SELECT DISTINCT T1.Name, count(*) FROM singer AS T1 LEFT OUTER JOIN concert AS T2 "
        "ON T1.Singer_ID = T2.Singer_ID WHERE ((T2.Year > '2014')) AND T1.Name IN (SELECT Name "
        "FROM singer WHERE Country = 'France') GROUP BY T1.Name ORDER BY count(*) DESC LIMIT 3";
    const SqlView v = analyse(sql, s);
    QVERIFY(v.ok());
    QCOMPARE(v.blocks.size(), std::size_t(2));
    QCOMPARE(v.topLevel.size(), std::size_t(1));
    const SelectBlock& m = v.blocks[0];
    QCOMPARE(v.blocks[1].parent, 0);
    QVERIFY(m.distinct);
    QCOMPARE(slice(v, m.distinctBegin, m.distinctEnd), std::string_view("DISTINCT"));
    QCOMPARE(slice(v, m.keywordBegin[kSelect], m.keywordEnd[kSelect]), std::string_view("SELECT"));
    QCOMPARE(slice(v, m.keywordBegin[kGroupBy], m.keywordEnd[kGroupBy]), std::string_view("GROUP BY"));
    QCOMPARE(slice(v, m.keywordBegin[kOrderBy], m.keywordEnd[kOrderBy]), std::string_view("ORDER BY"));
    QCOMPARE(m.items.size(), std::size_t(2));
    QCOMPARE(slice(v, v.beginOf(m.items[0]), v.endOf(m.items[0])), std::string_view("T1.Name"));
    QCOMPARE(m.tables.size(), std::size_t(2));
    QCOMPARE(m.tables[0].alias, std::string("t1"));
    QVERIFY(m.tables[0].info != nullptr);
    QCOMPARE(m.joinKinds.size(), std::size_t(1));
    QCOMPARE(m.joinKinds[0], std::string("left join"));  // OUTER is noise
    QCOMPARE(slice(v, m.joinSpans[0].first, m.joinSpans[0].second), std::string_view("LEFT OUTER JOIN"));
    // ON, then WHERE conjuncts; the parenthesised comparison keeps its parentheses as a group.
    QCOMPARE(m.predicates.size(), std::size_t(3));
    QCOMPARE(m.predicates[0].clause, int(kFrom));
    QCOMPARE(m.predicates[1].op, std::string("group"));
    QCOMPARE(slice(v, m.predicates[1].begin, m.predicates[1].end), std::string_view("((T2.Year > '2014'))"));
    QCOMPARE(m.predicates[2].op, std::string("in"));
    QCOMPARE(slice(v, m.predicates[2].opBegin, m.predicates[2].opEnd), std::string_view("IN"));
    QCOMPARE(m.connectives.size(), std::size_t(1));
    QCOMPARE(m.aggregates.size(), std::size_t(2));
    QCOMPARE(m.aggregates[1].clause, int(kOrderBy));
    QVERIFY(m.orderBy.size() == 1 && m.orderBy[0].desc);
    QCOMPARE(slice(v, v.beginOf(m.limit), v.endOf(m.limit)), std::string_view("3"));
    // Join keys, resolved through the aliases.
    QCOMPARE(v.joinEqualities.size(), std::size_t(1));  // ON (IN (SELECT ...) of the same column adds none)
    QCOMPARE(v.joinEqualities[0].first, std::string("singer.singer_id"));
    QCOMPARE(v.joinEqualities[0].second, std::string("concert.singer_id"));
    QCOMPARE(v.blocks[1].predicates.size(), std::size_t(1));
    QCOMPARE(slice(v, v.blocks[1].predicates[0].begin, v.blocks[1].predicates[0].end),
             std::string_view("Country = 'France'"));
  }

  void compoundCteAndDerivedTables() {
    const hs::db::Schema s = schema();
    const std::string sql =
        "WITH c AS (SELECT Singer_ID AS sid FROM concert) SELECT Name FROM singer JOIN c ON Singer_ID = "
        "c.sid "
        "UNION ALL SELECT d.n FROM (SELECT Name AS n FROM singer) AS d ORDER BY 1";
    const SqlView v = analyse(sql, s);
    QVERIFY(v.ok());
    QVERIFY(v.hasCte);
    QCOMPARE(v.blocks.size(), std::size_t(4));
    QVERIFY(v.blocks[0].isCte);
    QCOMPARE(v.topLevel.size(), std::size_t(2));
    QCOMPARE(v.setOps.size(), std::size_t(1));
    QCOMPARE(v.setOps[0].first, std::string("union all"));
    QCOMPARE(slice(v, v.setOps[0].second.first, v.setOps[0].second.second), std::string_view("UNION ALL"));
    // The compound's ORDER BY belongs to its last operand.
    QCOMPARE(v.blocks[static_cast<std::size_t>(v.topLevel[1])].orderBy.size(), std::size_t(1));
    // c.sid stands for concert.singer_id, d.n for singer.name.
    bool sid = false, n = false;
    for (const ColumnRef& c : v.columns) {
      if (c.qualifier == "c" && c.column == "sid") sid = c.key == "concert.singer_id";
      if (c.qualifier == "d" && c.column == "n") n = c.key == "singer.name";
    }
    QVERIFY(sid);
    QVERIFY(n);
  }

  void unparsableSqlHasTheParsersError() {
    const hs::db::Schema s = schema();
    const std::string sql = "SELECT Name FROM singer WHERE";
    const SqlView v = analyse(sql, s);
    QVERIFY(!v.ok());
    QVERIFY(v.syntaxError);
    QVERIFY(v.blocks.empty());
    const hs::sql::ParseResult p = hs::sql::parse(sql);
    QVERIFY(p.error.has_value());
    QCOMPARE(v.errorOffset, std::min(p.error->offset, sql.size()));
    CaseInput in;
    in.predSql = sql;
    in.schema = &s;
    const Annotation a = annotateCase(in);
    bool found = false;
    for (const hs::Finding& f : a.findings)
      if (f.category == "syntax_error") found = f.spans.at(0).begin == v.errorOffset;
    QVERIFY(found);
  }

  void unresolvedDoubleQuotedNameIsAString() {
    const hs::db::Schema s = schema();
    const std::string sql = "SELECT Name FROM singer WHERE Country = \"France\"";
    const SqlView v = analyse(sql, s);
    QVERIFY(v.ok());
    for (const ColumnRef& c : v.columns) QVERIFY(c.column != "france");
    bool literal = false;
    for (std::size_t i = 0; i < v.tokens.size(); ++i)
      if (v.tokens[i].text == "France") literal = v.literalToken[i];
    QVERIFY(literal);
  }

  // Table names, aliases and CAST types are names, not words of SQL: a rule looking for MAX or
  // COUNT must not find them in `AS count` or `AS "max"`, and the normal form drops aliases.
  void namesAreNotWords() {
    const hs::db::Schema s = schema();
    const std::string sql =
        "SELECT max(Year) AS count FROM concert AS \"max\" WHERE CAST(\"max\".Year AS real) > 2000";
    const SqlView v = analyse(sql, s);
    QVERIFY(v.ok());
    auto tokenAt = [&](std::string_view written, std::size_t from = 0) -> const Token& {
      const std::size_t at = sql.find(written, from);
      for (const Token& t : v.tokens)
        if (t.begin == at) return t;
      qFatal("no token at %s", std::string(written).c_str());
    };
    const Token& func = tokenAt("max(");
    QVERIFY(isWord(func, "max"));
    const Token& itemAlias = tokenAt("count");
    QCOMPARE(itemAlias.role, TokRole::Alias);
    QCOMPARE(itemAlias.text, std::string("count"));
    QVERIFY(!isWord(itemAlias));
    const Token& table = tokenAt("concert");
    QCOMPARE(table.role, TokRole::Table);
    QCOMPARE(table.text, std::string("concert"));
    const Token& tableAlias = tokenAt("\"max\" WHERE");
    QCOMPARE(tableAlias.kind, TokKind::Word);
    QCOMPARE(tableAlias.role, TokRole::Alias);
    QCOMPARE(tableAlias.text, std::string("max"));
    QVERIFY(!isWord(tableAlias, "max"));
    const Token& type = tokenAt("real");
    QCOMPARE(type.role, TokRole::Type);
    QVERIFY(!isWord(type));
    int maxWords = 0, countWords = 0;
    for (const Token& t : v.tokens) {
      maxWords += isWord(t, "max");
      countWords += isWord(t, "count");
    }
    QCOMPARE(maxWords, 1);
    QCOMPARE(countWords, 0);
    // The qualifier `"max".Year` is a column reference, resolved through the alias.
    QCOMPARE(v.columns.back().key, std::string("concert.year"));

    KeyMap keys;
    const NormContext c{v, keys, s};
    QCOMPARE(normExpr(c, v.blocks[0].itemNodes[0]), std::string("max(concert.year)"));
    // The condition's alias-qualified column is named by its table; the literal goes right.
    const NormPredicate where = normPredicate(c, v.blocks[0].predicates.at(0));
    QCOMPARE(where.lhs, std::string("CAST(concert.year AS real)"));
    QCOMPARE(where.op, std::string(">"));
    QCOMPARE(where.rhs, std::string("2000"));
  }
};

QTEST_APPLESS_MAIN(TestAnnotateView)
#include "tst_annotate_view.moc"
