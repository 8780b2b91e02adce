// Normaliser: pairs that must normalise equal, pairs that must not, pass order, spans kept.
#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/sql/normalise.h"
#include "engine/sql/parser.h"
#include "engine/sql/printer.h"

using namespace hs::sql;

namespace {

SelectPtr parseOrDie(const std::string& sql) {
  auto q = parseSelect(sql);
  if (!q.ok()) qFatal("parse failed: %s: %s", sql.c_str(), q.error().describe().c_str());
  return std::move(q.value());
}

hs::db::Schema schema() {
  hs::db::Schema s;
  for (auto [name, cols] :
       {std::pair<const char*, std::vector<const char*>>{"singer", {"singer_id", "name", "age"}},
        {"concert", {"concert_id", "singer_id", "year"}}}) {
    hs::db::TableInfo t;
    t.name = name;
    for (const char* c : cols) t.columns.push_back(hs::db::ColumnInfo{c, "TEXT", false, false, 0, {}});
    s.tables.push_back(t);
  }
  return s;
}

}  // namespace

class TestNormalise : public QObject {
  Q_OBJECT

 private slots:
  void equalPairs_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("case and quoting") << "SELECT Name FROM Singer"
                                      << "select \"name\" from [singer]";
    QTest::newRow("count star") << "SELECT count(*) FROM singer"
                                << "SELECT COUNT(*) FROM singer";
    QTest::newRow("table alias") << "SELECT T1.name FROM singer AS T1"
                                 << "SELECT s.name FROM singer s";
    QTest::newRow("single source qualifier") << "SELECT singer.name FROM singer"
                                             << "SELECT name FROM singer";
    QTest::newRow("join order and aliases")
        << "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id"
        << "SELECT a.name FROM concert AS b JOIN singer AS a ON b.singer_id = a.singer_id";
    QTest::newRow("and operands") << "SELECT 1 FROM singer WHERE age > 1 AND name = 'x'"
                                  << "SELECT 1 FROM singer WHERE name = 'x' AND age > 1";
    QTest::newRow("or operands, nested") << "SELECT 1 FROM singer WHERE (a = 1 OR b = 2) OR c = 3"
                                         << "SELECT 1 FROM singer WHERE c = 3 OR (b = 2 OR a = 1)";
    QTest::newRow("flipped comparison") << "SELECT 1 FROM singer WHERE age > 20"
                                        << "SELECT 1 FROM singer WHERE 20 < age";
    QTest::newRow("signed literal is a constant") << "SELECT 1 FROM singer WHERE age > -5"
                                                  << "SELECT 1 FROM singer WHERE -5 < age";
    QTest::newRow("ne spellings") << "SELECT 1 FROM singer WHERE age != 20"
                                  << "SELECT 1 FROM singer WHERE age <> 20";
    QTest::newRow("commutative eq and plus") << "SELECT a + b FROM singer WHERE x = y"
                                             << "SELECT b + a FROM singer WHERE y = x";
    QTest::newRow("parentheses") << "SELECT 1 FROM singer WHERE ((age > 1))"
                                 << "SELECT 1 FROM singer WHERE age > 1";
    QTest::newRow("float spelling") << "SELECT 1 FROM singer WHERE age > 1.50"
                                    << "SELECT 1 FROM singer WHERE age > 1.5";
    QTest::newRow("hex integer") << "SELECT 1 FROM singer WHERE age = 0x10"
                                 << "SELECT 1 FROM singer WHERE age = 16";
    QTest::newRow("dq string") << "SELECT 1 FROM singer WHERE name = \"Bob\""
                               << "SELECT 1 FROM singer WHERE name = 'Bob'";
    QTest::newRow("asc default") << "SELECT name FROM singer ORDER BY age ASC"
                                 << "SELECT name FROM singer ORDER BY age";
    QTest::newRow("order by alias") << "SELECT count(*) AS c FROM singer GROUP BY age ORDER BY c"
                                    << "SELECT count(*) FROM singer GROUP BY age ORDER BY count(*)";
    QTest::newRow("result alias") << "SELECT name AS n FROM singer"
                                  << "SELECT name AS singer_name FROM singer";
    QTest::newRow("comma join") << "SELECT 1 FROM singer AS a, concert AS b"
                                << "SELECT 1 FROM singer AS x JOIN concert AS y";
    QTest::newRow("limit comma form") << "SELECT name FROM singer LIMIT 2, 5"
                                      << "SELECT name FROM singer LIMIT 5 OFFSET 2";
    QTest::newRow("subquery aliases")
        << "SELECT name FROM singer WHERE singer_id IN (SELECT T1.singer_id FROM concert AS T1)"
        << "SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM concert)";
  }
  void equalPairs() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    auto ta = parseOrDie(a.toStdString());
    auto tb = parseOrDie(b.toStdString());
    std::string ca = canonicalText(*ta), cb = canonicalText(*tb);
    QCOMPARE(QString::fromStdString(ca), QString::fromStdString(cb));
    QVERIFY(equals(*normalise(*ta), *normalise(*tb)));
  }

  void unequalPairs_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("different column") << "SELECT name FROM singer"
                                      << "SELECT age FROM singer";
    QTest::newRow("strict vs non-strict") << "SELECT 1 FROM singer WHERE age > 20"
                                          << "SELECT 1 FROM singer WHERE age >= 20";
    QTest::newRow("minus is not commutative") << "SELECT a - b FROM singer"
                                              << "SELECT b - a FROM singer";
    QTest::newRow("string case") << "SELECT 1 FROM singer WHERE name = 'Bob'"
                                 << "SELECT 1 FROM singer WHERE name = 'bob'";
    QTest::newRow("integer vs real") << "SELECT 1 FROM singer WHERE age = 1"
                                     << "SELECT 1 FROM singer WHERE age = 1.0";
    QTest::newRow("desc") << "SELECT name FROM singer ORDER BY age"
                          << "SELECT name FROM singer ORDER BY age DESC";
    QTest::newRow("distinct") << "SELECT DISTINCT name FROM singer"
                              << "SELECT name FROM singer";
    QTest::newRow("left join") << "SELECT 1 FROM singer AS a JOIN concert AS b ON a.x = b.x"
                               << "SELECT 1 FROM singer AS a LEFT JOIN concert AS b ON a.x = b.x";
    QTest::newRow("and vs or") << "SELECT 1 FROM singer WHERE a = 1 AND b = 2"
                               << "SELECT 1 FROM singer WHERE a = 1 OR b = 2";
    QTest::newRow("qualifier of another table") << "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON 1"
                                                << "SELECT T2.name FROM singer AS T1 JOIN concert AS T2 ON 1";
    QTest::newRow("limit") << "SELECT name FROM singer LIMIT 1"
                           << "SELECT name FROM singer LIMIT 2";
    QTest::newRow("count distinct") << "SELECT count(DISTINCT name) FROM singer"
                                    << "SELECT count(name) FROM singer";
  }
  void unequalPairs() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    auto ta = parseOrDie(a.toStdString());
    auto tb = parseOrDie(b.toStdString());
    QVERIFY2(canonicalText(*ta) != canonicalText(*tb), canonicalText(*ta).c_str());
    QVERIFY(!equals(*normalise(*ta), *normalise(*tb)));
  }

  void schemaAwareQualification() {
    hs::db::Schema s = schema();
    NormaliseOptions o;
    o.schema = &s;
    auto a = parseOrDie("SELECT name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id");
    auto b = parseOrDie("SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id");
    QVERIFY(canonicalText(*a) != canonicalText(*b));  // without the schema `name` stays unqualified
    QCOMPARE(canonicalText(*a, o), canonicalText(*b, o));
    auto c = parseOrDie("SELECT 1 FROM singer AS T1 JOIN concert AS T2 ON 1 WHERE name = \"x\"");
    auto d = parseOrDie("SELECT 1 FROM singer AS T1 JOIN concert AS T2 ON 1 WHERE T1.name = 'x'");
    QCOMPARE(canonicalText(*c, o), canonicalText(*d, o));
  }

  void passesAreOrderedAndPure() {
    const auto& passes = normalisePasses();
    QVERIFY(passes.size() >= 10);
    QCOMPARE(passes.front().name, std::string("table_aliases"));
    QCOMPARE(passes.back().name, std::string("and_or"));
    std::string sql = "SELECT T1.Name FROM Singer AS T1 WHERE 3 < T1.Age";
    auto tree = parseOrDie(sql);
    std::string before = print(*tree);
    auto out = normalise(*tree);
    QCOMPARE(print(*tree), before);  // the input is untouched
    QCOMPARE(print(*out), std::string("SELECT name FROM singer AS singer WHERE age > 3"));
  }

  // The annotators' expression form: columns named by the caller, then the expression passes.
  void expressionPasses_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("count of a column counts rows") << "COUNT(T1.singer_id)"
                                                   << "count(*)" << true;
    QTest::newRow("count distinct stays") << "count(DISTINCT name)"
                                          << "count(name)" << false;
    QTest::newRow("numeric string") << "year = '2014'"
                                    << "year = 2014.0" << true;
    QTest::newRow("text string stays") << "name = 'Bob'"
                                       << "name = 'bob'" << false;
    QTest::newRow("nested aliases dropped") << "x IN (SELECT T2.id AS k FROM concert AS T2)"
                                            << "x IN (SELECT T2.id FROM concert)" << true;
    QTest::newRow("case and quotes") << "MAX(\"Age\")"
                                     << "max(age)" << true;
    QTest::newRow("operands keep their sides") << "a = b"
                                               << "b = a" << false;
  }
  void expressionPasses() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    auto ea = parseExpr(a.toStdString()), eb = parseExpr(b.toStdString());
    QVERIFY(ea.ok() && eb.ok());
    const std::string ca = print(*normaliseExpr(**ea)), cb = print(*normaliseExpr(**eb));
    QVERIFY2((ca == cb) == same, (ca + " | " + cb).c_str());
  }

  void expressionColumnsAreNamedByTheCaller() {
    auto e = parseExpr("sum(T1.age) + T9.x");
    QVERIFY(e.ok());
    ExprNormaliseOptions o;
    o.column = [](const ColumnRef& ref) -> ExprPtr {
      if (!ref.table || ref.table->name != "T1") return nullptr;  // unknown: kept as written
      auto by = std::make_unique<ColumnRef>();
      by->table = Identifier{"singer", ref.span};
      by->column = Identifier{ref.column.name, ref.column.span};
      return by;
    };
    QCOMPARE(print(*normaliseExpr(**e, o)), std::string("sum(singer.age) + t9.x"));
    const auto& passes = hs::sql::expressionPasses();
    QCOMPARE(passes.front().name, std::string("count_rows"));
    QVERIFY(std::none_of(passes.begin(), passes.end(),
                         [](const NormalisePass& p) { return p.name == "comparisons"; }));
  }

  void operandOrder() {
    auto five = parseExpr("5"), minus = parseExpr("-5"), age = parseExpr("age"), name = parseExpr("name");
    QVERIFY(five.ok() && minus.ok() && age.ok() && name.ok());
    QVERIFY(swapsOperands(**five, **age));    // 5 < age -> age > 5
    QVERIFY(!swapsOperands(**age, **minus));  // age > -5 stays
    QVERIFY(swapsOperands(**name, **age));    // by text: age before name
    QCOMPARE(mirrored(BinaryOp::Lt), BinaryOp::Gt);
    QCOMPARE(mirrored(BinaryOp::Ge), BinaryOp::Le);
    QCOMPARE(mirrored(BinaryOp::Eq), BinaryOp::Eq);
  }

  void spansPointIntoTheOriginal() {
    std::string sql = "SELECT T1.Name FROM Singer AS T1 WHERE 3 < T1.Age AND T1.Name = \"Bob\"";
    auto out = normalise(*parseOrDie(sql));
    std::vector<std::string> refs, strings;
    walk(static_cast<const Node&>(*out), [&](const Node& n) {
      // Qualifiers dropped and names folded, but spans keep pointing at the original spelling.
      if (const auto* ref = n.as<ColumnRef>()) refs.emplace_back(ref->span.in(sql));
      if (const auto* lit = n.as<Literal>(); lit && lit->literalKind == LiteralKind::String)
        strings.emplace_back(lit->span.in(sql));
      return true;
    });
    std::sort(refs.begin(), refs.end());
    QCOMPARE(refs, (std::vector<std::string>{"T1.Age", "T1.Name", "T1.Name"}));
    QCOMPARE(strings, (std::vector<std::string>{"\"Bob\""}));
  }
};

QTEST_GUILESS_MAIN(TestNormalise)
#include "test_normalise.moc"
