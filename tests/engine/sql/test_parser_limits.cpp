// The parser's depth bound covers left-associative chains as well as nesting (issue 16): a tree
// the parser accepts is at most ParseOptions::maxDepth levels of expressions/queries deep, so every
// recursive walker (resolver, plan, JSON, printer, normaliser, diff, clone, equals) is safe on it.
#include <QtTest>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/db/schema.h"
#include "engine/sql/ast_json.h"
#include "engine/sql/diff.h"
#include "engine/sql/normalise.h"
#include "engine/sql/parser.h"
#include "engine/sql/plan.h"
#include "engine/sql/printer.h"
#include "engine/sql/resolver.h"

using namespace hs::sql;

namespace {

// Height of a tree in nodes, computed without recursion.
std::size_t height(const Node& root) {
  std::size_t best = 0;
  std::vector<std::pair<const Node*, std::size_t>> stack{{&root, 1}};
  while (!stack.empty()) {
    auto [n, d] = stack.back();
    stack.pop_back();
    best = std::max(best, d);
    n->forEachChild([&stack, d = d](const Node& c) { stack.emplace_back(&c, d + 1); });
  }
  return best;
}

std::string chain(const std::string& first, const std::string& link, int n) {
  std::string s = first;
  s.reserve(first.size() + link.size() * static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) s += link;
  return s;
}

// Runs every walker the CLI runs on a tree (plan, diff, parse --tree, normalise).
void walkAll(const std::string& sql) {
  auto q = parseSelect(sql);
  QVERIFY2(q.ok(), q.ok() ? "" : q.error().message.c_str());
  hs::db::Schema schema;
  Resolution res = resolve(**q, schema, sql);
  auto plan = buildPlan(**q, &res);
  QVERIFY(plan);
  QVERIFY(!renderPlanText(*plan).empty());
  QVERIFY(!toJson(**q).dump().empty());
  std::string printed = print(**q);
  auto again = parseSelect(printed);
  QVERIFY(again.ok() || again.error().code == "depth");
  QVERIFY(equals(*clone(**q), **q));
  QVERIFY(normalise(**q));
  QVERIFY(!canonicalText(**q).empty());
  auto d = diffSql(sql, sql);
  QVERIFY(d.ok() && d->equivalent());
}

}  // namespace

class TestParserLimits : public QObject {
  Q_OBJECT

 private slots:
  // The chains of the issue: 40,000 terms used to pass the guard and overflow the stack of the
  // resolver, AliasRenamer and toJson. Now a clear "depth" error inside the chain.
  void longChainsAreRefused_data() {
    QTest::addColumn<QString>("sql");
    QTest::newRow("plus") << QString::fromStdString(chain("SELECT 1", "+1", 40000));
    QTest::newRow("and") << QString::fromStdString(chain("SELECT 1 WHERE 1", " AND 1", 40000));
    QTest::newRow("or") << QString::fromStdString(chain("SELECT 1 WHERE 1", " OR 1", 40000));
    QTest::newRow("concat") << QString::fromStdString(chain("SELECT 'a'", "||'a'", 40000));
    QTest::newRow("union") << QString::fromStdString(chain("SELECT 1", " UNION SELECT 1", 40000));
    QTest::newRow("join") << QString::fromStdString(chain("SELECT 1 FROM t0", " JOIN t", 40000));
    QTest::newRow("comma join") << QString::fromStdString(chain("SELECT 1 FROM t0", ", t", 40000));
    QTest::newRow("collate") << QString::fromStdString(chain("SELECT 1", " COLLATE nocase", 40000));
  }
  void longChainsAreRefused() {
    QFETCH(QString, sql);
    std::string text = sql.toStdString();
    ParseResult r = parse(text);
    QVERIFY(r.error);
    QCOMPARE(QString::fromStdString(r.error->code), QString("depth"));
    QVERIFY(r.error->offset > 0 && r.error->offset < text.size());
    QVERIFY(r.error->message.find(std::to_string(ParseOptions{}.maxDepth)) != std::string::npos);
    // The partial tree kept for error reporting is bounded as well.
    for (const auto& st : r.statements)
      if (st.select) QVERIFY(height(*st.select) < 8 * ParseOptions{}.maxDepth);
  }

  // Chains inside chains: the right operand of an early link is not deepened by later links in
  // the parser's recursion, but it is in the tree. Heights are tracked, so the bound still holds.
  void nestedChainsStayWithinTheBound() {
    const std::size_t maxDepth = 60;
    ParseOptions options;
    options.maxDepth = maxDepth;
    std::string inner = "1";
    std::size_t accepted = 0;
    for (int level = 0; level < 40; ++level) {
      // (inner * 2 * 2 ...) OR 1 OR 1 ..., each level adding a chain above the previous one
      inner = "(" + inner + chain("", "*2", 20) + ")" + chain("", " OR 1", 20);
      ParseResult r = parse("SELECT " + inner, options);
      if (!r.ok()) {
        QCOMPARE(QString::fromStdString(r.error->code), QString("depth"));
        continue;
      }
      ++accepted;
      // Node height per parser level is a small constant (SelectStmt, SelectCore, ResultColumn).
      QVERIFY2(height(*r.statements[0].select) <= maxDepth + 4,
               std::to_string(height(*r.statements[0].select)).c_str());
    }
    QVERIFY(accepted > 0);
  }

  // Chains that stay under the bound work end to end through every walker.
  void chainsUnderTheBoundWalk() {
    walkAll(chain("SELECT 1", "+1", 450));
    walkAll(chain("SELECT 1 WHERE 1", " AND 1", 450));
    walkAll(chain("SELECT 'a'", "||'a'", 450));
    walkAll(chain("SELECT 1", " UNION SELECT 1", 450));
    walkAll(chain("SELECT 1 FROM t0", " JOIN t0 AS x", 300));
    std::string nested = "SELECT 1";
    for (int i = 0; i < 200; ++i) nested = "SELECT * FROM (" + nested + ")";
    walkAll(nested);
    walkAll("SELECT " + std::string(450, '(') + "1" + std::string(450, ')'));
  }

  // One statement larger than maxBytes is refused before it is tokenized.
  void oversizedInputIsRefused() {
    ParseOptions small;
    small.maxBytes = 64;
    std::string sql = chain("SELECT 1", ", 1", 100);
    ParseResult r = parse(sql, small);
    QVERIFY(r.error);
    QCOMPARE(QString::fromStdString(r.error->code), QString("too_large"));
    QCOMPARE(r.error->offset, std::size_t(64));
    auto q = parseSelect(sql, small);
    QVERIFY(!q.ok());
    QCOMPARE(QString::fromStdString(q.error().code), QString("too_large"));
    QVERIFY(!parseExpr(chain("1", "+1", 100), small).ok());
    QVERIFY(parse(sql).ok());  // the default (1 MiB) is far above
  }
};

QTEST_APPLESS_MAIN(TestParserLimits)
#include "test_parser_limits.moc"
