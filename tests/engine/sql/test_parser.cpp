// Parser unit tests: fixture-driven (tests/fixtures/sql/parser_cases.txt) plus structural checks of
// trees, spans, identifiers, partial trees on errors, nesting limits and the child visitor.
#include <QtTest>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/sql/parser.h"
#include "engine/sql/printer.h"

using namespace hs::sql;

namespace {

struct Fixture {
  int line = 0;
  std::string sql;
  std::string print;
  std::string errorCode;
  long errorOffset = -1;
};

std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size()) {
      out += s[i];
      continue;
    }
    char c = s[++i];
    if (c == 'n')
      out += '\n';
    else if (c == 't')
      out += '\t';
    else if (c == 'x' && i + 2 < s.size() + 1) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else
      out += c;
  }
  return out;
}

std::vector<Fixture> loadCases() {
  std::ifstream in(std::string(HALLUSQL_SOURCE_DIR) + "/tests/fixtures/sql/parser_cases.txt");
  std::vector<Fixture> cases;
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    if (line.rfind("sql:", 0) == 0) {
      Fixture c;
      c.line = no;
      c.sql = unescape(line.size() > 5 ? line.substr(5) : "");
      cases.push_back(c);
    } else if (line.rfind("print: ", 0) == 0 && !cases.empty()) {
      cases.back().print = line.substr(7);
    } else if (line.rfind("error: ", 0) == 0 && !cases.empty()) {
      std::istringstream fields(line.substr(7));
      fields >> cases.back().errorCode >> cases.back().errorOffset;
    }
  }
  return cases;
}

// Every child's span lies inside its parent's span, and every span inside the text.
bool spansNested(const Node& n, std::size_t size, std::string& why) {
  bool ok = n.span.begin <= n.span.end && n.span.end <= size;
  if (!ok) why = std::string(toString(n.kind())) + " span outside the text";
  n.forEachChild([&](const Node& child) {
    if (!ok) return;
    if (child.span.begin < n.span.begin || child.span.end > n.span.end) {
      ok = false;
      why = std::string(toString(child.kind())) + " [" + std::to_string(child.span.begin) + "," +
            std::to_string(child.span.end) + ") outside " + toString(n.kind()) + " [" +
            std::to_string(n.span.begin) + "," + std::to_string(n.span.end) + ")";
      return;
    }
    ok = spansNested(child, size, why);
  });
  return ok;
}

template <class T>
const T* firstOf(const Node& root) {
  const T* found = nullptr;
  walk(root, [&](const Node& n) {
    if (!found && n.is<T>()) found = n.as<T>();
    return found == nullptr;
  });
  return found;
}

const SelectCore& coreOf(const SelectStmt& s) {
  return *s.body->as<SelectCore>();
}

}  // namespace

class TestParser : public QObject {
  Q_OBJECT

 private slots:
  void fixtures_data() {
    QTest::addColumn<int>("index");
    auto cases = loadCases();
    QVERIFY(cases.size() > 80);
    for (std::size_t i = 0; i < cases.size(); ++i)
      QTest::newRow(("line " + std::to_string(cases[i].line)).c_str()) << static_cast<int>(i);
  }
  void fixtures() {
    QFETCH(int, index);
    static const auto cases = loadCases();
    const Fixture& c = cases[static_cast<std::size_t>(index)];
    ParseResult r = parse(c.sql);
    if (!c.errorCode.empty()) {
      QVERIFY2(r.error.has_value(), c.sql.c_str());
      QCOMPARE(QString::fromStdString(r.error->code), QString::fromStdString(c.errorCode));
      QCOMPARE(static_cast<long>(r.error->offset), c.errorOffset);
      QVERIFY(!r.error->message.empty());
      return;
    }
    QVERIFY2(r.ok(), r.error ? r.error->message.c_str() : "");
    std::string printed;
    for (const auto& st : r.statements) {
      if (!printed.empty()) printed += " ; ";
      printed += print(st);
      if (!st.select) continue;
      std::string why;
      QVERIFY2(spansNested(*st.select, c.sql.size(), why), why.c_str());
      // Round trip: the printed SQL parses to an equal tree; clones are equal.
      auto again = parseSelect(print(*st.select));
      QVERIFY2(again.ok(), print(*st.select).c_str());
      QVERIFY(equals(**again, *st.select));
      QVERIFY(equals(*clone(*st.select), *st.select));
    }
    QCOMPARE(QString::fromStdString(printed), QString::fromStdString(c.print));
  }

  void limitCommaFormSwapsOperands() {
    auto a = parseSelect("SELECT a FROM t LIMIT 5, 10");
    auto b = parseSelect("SELECT a FROM t LIMIT 10 OFFSET 5");
    QVERIFY(a.ok() && b.ok());
    const Limit& l = *(*a)->limit;
    QVERIFY(l.commaForm);
    QCOMPARE(QString::fromStdString(l.count->as<Literal>()->text), QString("10"));
    QCOMPARE(QString::fromStdString(l.offset->as<Literal>()->text), QString("5"));
    QVERIFY(equals(**a, **b));
  }

  void identifiersKeepSpellingAndSpans() {
    std::string sql = "SELECT \"My \"\"Col\"\" \", [b c], `d`, T.e FROM 'tbl' AS 'x'";
    auto s = parseSelect(sql);
    QVERIFY(s.ok());
    const SelectCore& core = coreOf(**s);
    const auto* c0 = core.columns[0]->expr->as<ColumnRef>();
    QVERIFY(c0);
    QCOMPARE(QString::fromStdString(c0->column.name), QString("My \"Col\" "));
    QVERIFY(c0->column.quote == QuoteStyle::Double);
    QCOMPARE(QString::fromStdString(std::string(c0->column.span.in(sql))), QString("\"My \"\"Col\"\" \""));
    QVERIFY(core.columns[1]->expr->as<ColumnRef>()->column.quote == QuoteStyle::Bracket);
    QVERIFY(core.columns[2]->expr->as<ColumnRef>()->column.quote == QuoteStyle::Backtick);
    const auto* c3 = core.columns[3]->expr->as<ColumnRef>();
    QCOMPARE(QString::fromStdString(c3->table->name), QString("T"));
    QCOMPARE(QString::fromStdString(std::string(c3->span.in(sql))), QString("T.e"));
    const auto* t = core.from->as<NamedTable>();
    QVERIFY(t);
    QVERIFY(t->name.quote == QuoteStyle::Single);
    QCOMPARE(QString::fromStdString(t->name.name), QString("tbl"));
    QCOMPARE(QString::fromStdString(t->alias->name), QString("x"));
    // A single-quoted result column is a string, not a name.
    auto lit = parseSelect("SELECT 'col' FROM t");
    QVERIFY(coreOf(**lit).columns[0]->expr->is<Literal>());
  }

  void spansOfExpressions() {
    std::string sql = "SELECT (a + b) * c, count(DISTINCT x) FROM t WHERE y BETWEEN 1 AND 2";
    auto s = parseSelect(sql);
    QVERIFY(s.ok());
    const SelectCore& core = coreOf(**s);
    QCOMPARE(QString::fromStdString(std::string(core.columns[0]->expr->span.in(sql))),
             QString("(a + b) * c"));
    const auto* mul = core.columns[0]->expr->as<Binary>();
    QCOMPARE(QString::fromStdString(std::string(mul->left->span.in(sql))), QString("a + b"));
    QCOMPARE(static_cast<int>(mul->left->parens), 1);
    QCOMPARE(QString::fromStdString(std::string(core.columns[1]->span.in(sql))),
             QString("count(DISTINCT x)"));
    QCOMPARE(QString::fromStdString(std::string(core.where->span.in(sql))), QString("y BETWEEN 1 AND 2"));
    QCOMPARE(static_cast<int>((*s)->span.end), static_cast<int>(sql.size()));
  }

  void precedenceMatchesSqlite() {
    auto e = parseExpr("NOT a = b AND c OR d");
    QVERIFY(e.ok());
    const auto* orNode = (*e)->as<Binary>();
    QVERIFY(orNode && orNode->op == BinaryOp::Or);
    const auto* andNode = orNode->left->as<Binary>();
    QVERIFY(andNode && andNode->op == BinaryOp::And);
    const auto* notNode = andNode->left->as<Unary>();
    QVERIFY(notNode && notNode->op == UnaryOp::Not && notNode->operand->is<Binary>());
    auto e2 = parseExpr("a || b COLLATE nocase");
    QVERIFY((*e2)->as<Binary>() && (*e2)->as<Binary>()->right->is<Collate>());
    auto e3 = parseExpr("x NOT LIKE 'a%' ESCAPE '!'");
    const auto* like = (*e3)->as<Like>();
    QVERIFY(like && like->negated && like->escape);
    auto e4 = parseExpr("a IS DISTINCT FROM b");
    QVERIFY((*e4)->as<IsExpr>()->isNot());
    QVERIFY(equals(**e4, **parseExpr("a IS NOT b")));
    QVERIFY(!equals(**e4, **parseExpr("a IS b")));
  }

  void equalsIgnoresCaseQuotingAndSpaces() {
    auto a = parseSelect("select T.Name from Singer as T where t.AGE>1");
    auto b = parseSelect("SELECT  t.\"name\"  FROM [singer] AS `t`  WHERE (T.age > 1)");
    auto c = parseSelect("SELECT t.name FROM singer AS t WHERE t.age > 2");
    QVERIFY(a.ok() && b.ok() && c.ok());
    QVERIFY(equals(**a, **b));
    QVERIFY(!equals(**a, **c));
    QVERIFY(!equals(**parseSelect("SELECT 'A'"), **parseSelect("SELECT 'a'")));
  }

  void visitorReachesEveryNode() {
    auto s = parseSelect(
        "WITH c AS (SELECT 1 AS x) SELECT x, (SELECT max(y) FROM u) FROM c JOIN d ON c.x = d.x "
        "WHERE x IN (1, 2) ORDER BY x LIMIT 1");
    QVERIFY(s.ok());
    int columnRefs = 0, selects = 0, total = 0;
    walk(static_cast<const Node&>(**s), [&](const Node& n) {
      ++total;
      columnRefs += n.is<ColumnRef>();
      selects += n.is<SelectStmt>();
      return true;
    });
    QCOMPARE(columnRefs, 6);
    QCOMPARE(selects, 3);
    auto copy = clone(**s);
    int copyTotal = 0;
    walk(static_cast<const Node&>(*copy), [&](const Node&) { return ++copyTotal > 0; });
    QCOMPARE(copyTotal, total);
  }

  void partialTreeOnError() {
    std::string sql = "SELECT a, b FROM t JOIN u ON t.id = u.id WHERE x >";
    ParseResult r = parse(sql);
    QVERIFY(r.error);
    QCOMPARE(static_cast<int>(r.error->offset), static_cast<int>(sql.size()));
    QVERIFY(!r.error->expected.empty());
    QCOMPARE(r.statements.size(), std::size_t(1));
    const SelectStmt* s = r.statements[0].select.get();
    QVERIFY(s && s->body);
    const SelectCore& core = *s->body->as<SelectCore>();
    QCOMPARE(core.columns.size(), std::size_t(2));
    QVERIFY(core.from && core.from->is<JoinClause>());
    const auto* gt = core.where ? core.where->as<Binary>() : nullptr;
    QVERIFY(gt && gt->left && !gt->right);
    QVERIFY(print(*s).find("WHERE x > ?") != std::string::npos);
  }

  void nestingIsBounded() {
    std::string deep = "SELECT " + std::string(5000, '(') + "1" + std::string(5000, ')');
    ParseResult r = parse(deep);
    QVERIFY(r.error);
    QCOMPARE(QString::fromStdString(r.error->code), QString("depth"));
    QVERIFY(r.error->offset > 7 && r.error->offset < 7 + 5000);
    std::string nots = "SELECT ";
    for (int i = 0; i < 5000; ++i) nots += "NOT ";
    QCOMPARE(QString::fromStdString(parse(nots + "1").error->code), QString("depth"));
    std::string subs = "SELECT 1";
    for (int i = 0; i < 600; ++i) subs = "SELECT * FROM (" + subs + ")";
    QCOMPARE(QString::fromStdString(parse(subs).error->code), QString("depth"));
    // Long left-associative chains are parsed by a loop, but each link makes the tree one level
    // deeper, so they count against the same bound (test_parser_limits has the details).
    std::string chain = "SELECT 1";
    for (int i = 0; i < 20000; ++i) chain += " + 1";
    QCOMPARE(QString::fromStdString(parse(chain).error->code), QString("depth"));
    std::string shortChain = "SELECT 1";
    for (int i = 0; i < 400; ++i) shortChain += " + 1";
    QVERIFY(parse(shortChain).ok());
    ParseOptions tight;
    tight.maxDepth = 5;
    QVERIFY(!parse("SELECT ((((((1))))))", tight).ok());
  }

  void classifyStatements() {
    auto kinds = classify(
        "select 1; insert into t values(1); WITH x AS (SELECT 1) DELETE FROM t; pragma foo;"
        " create view v as select 1; vacuum; hello world; select 2");
    QCOMPARE(kinds.size(), std::size_t(8));
    QCOMPARE(QString(toString(kinds[0])), QString("select"));
    QCOMPARE(QString(toString(kinds[1])), QString("insert"));
    QCOMPARE(QString(toString(kinds[2])), QString("delete"));
    QCOMPARE(QString(toString(kinds[3])), QString("pragma"));
    QCOMPARE(QString(toString(kinds[4])), QString("create_view"));
    QCOMPARE(QString(toString(kinds[5])), QString("vacuum"));
    QCOMPARE(QString(toString(kinds[6])), QString("unknown"));
    QCOMPARE(QString(toString(kinds[7])), QString("select"));
    auto notQuery = parseSelect("DELETE FROM t");
    QVERIFY(!notQuery.ok());
    QCOMPARE(QString::fromStdString(notQuery.error().code), QString("not_a_query"));
    QVERIFY(!parseSelect("SELECT 1; SELECT 2").ok());
    QVERIFY(parseSelect("SELECT 1;").ok());
  }

  void keywordsAsNames() {
    for (const char* sql : {"SELECT key, value, year, date, time, replace FROM t", "SELECT t.left FROM t",
                            "SELECT a FROM t AS first", "SELECT match FROM t WHERE like = 1",
                            "SELECT rowid, count FROM t", "SELECT a AS left FROM t"}) {
      QVERIFY2(parse(sql).ok(), sql);
    }
    QVERIFY(!parse("SELECT left FROM t").ok());
    QVERIFY(!parse("SELECT a FROM t WHERE order = 1").ok());
  }
};

QTEST_GUILESS_MAIN(TestParser)
#include "test_parser.moc"
