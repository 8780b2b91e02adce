// engine/sql/plan_locate: the plan node a byte span belongs to and the gold/predicted plan diff,
// on small queries whose answers are worked out by hand.
#include <QtTest>

#include <string>

#include "engine/sql/plan_locate.h"

using namespace hs::sql;

namespace {

LocatedPlan planOf(const std::string& sql) {
  auto p = locatedPlan(sql);
  if (!p) qFatal("does not parse: %s", sql.c_str());
  return std::move(p.value());
}

// The node of the text `part` (its first occurrence) in `sql`.
std::optional<std::size_t> nodeOfText(const LocatedPlan& p, const std::string& sql, const std::string& part) {
  const std::size_t at = sql.find(part);
  if (at == std::string::npos) qFatal("no '%s' in the query", part.c_str());
  return planNodeForSpan(p.nodes, at, at + part.size());
}

PlanOp opOf(const LocatedPlan& p, std::optional<std::size_t> id) {
  return id ? p.nodes[*id].node->op : PlanOp::Empty;
}

}  // namespace

class TestPlanLocate : public QObject {
  Q_OBJECT

 private slots:
  void flattensInPreOrder() {
    auto p = planOf("SELECT name FROM t WHERE a > 3");
    QCOMPARE(p.nodes.size(), std::size_t(3));
    QCOMPARE(p.nodes[0].node->op, PlanOp::Project);
    QCOMPARE(p.nodes[1].node->op, PlanOp::Filter);
    QCOMPARE(p.nodes[2].node->op, PlanOp::Scan);
    QCOMPARE(p.nodes[0].parent, -1);
    QCOMPARE(p.nodes[2].parent, 1);
    QCOMPARE(p.nodes[2].depth, 2);
  }

  void spanGoesToTheNodeThatHoldsIt() {
    const std::string sql = "SELECT name FROM t WHERE a > 3";
    auto p = planOf(sql);
    QCOMPARE(nodeOfText(p, sql, "a > 3"), std::optional<std::size_t>(1));
    QCOMPARE(nodeOfText(p, sql, "3"), std::optional<std::size_t>(1));
    QCOMPARE(nodeOfText(p, sql, ">"), std::optional<std::size_t>(1));
    QCOMPARE(nodeOfText(p, sql, "name"), std::optional<std::size_t>(0));
    QCOMPARE(nodeOfText(p, sql, " t"), std::optional<std::size_t>(2));  // overlaps the table by 1 byte
    // no node spans the SELECT keyword
    QCOMPARE(planNodeForSpan(p.nodes, 0, 6), std::optional<std::size_t>());
    // "t WHERE a" is in no node: it overlaps the Filter ("a", 1 byte) and the Scan ("t", 1 byte);
    // the shorter span wins the tie
    QCOMPARE(opOf(p, nodeOfText(p, sql, "t WHERE a")), PlanOp::Scan);
    // "t WHERE a >" overlaps the Filter by 3 bytes
    QCOMPARE(opOf(p, nodeOfText(p, sql, "t WHERE a >")), PlanOp::Filter);
    // a point (zero-length span, a deletion) inside the condition
    const std::size_t gt = sql.find('>');
    QCOMPARE(planNodeForSpan(p.nodes, gt, gt), std::optional<std::size_t>(1));
  }

  void innermostNodeWins() {
    // the aggregate's span equals the Project's column span: the deeper Aggregate wins the tie
    const std::string agg = "SELECT count(*) FROM t GROUP BY k";
    auto a = planOf(agg);
    QCOMPARE(opOf(a, nodeOfText(a, agg, "count(*)")), PlanOp::Aggregate);
    QCOMPARE(opOf(a, nodeOfText(a, agg, "k")), PlanOp::Aggregate);
    // a condition inside a subquery belongs to the subquery's Filter, not the outer one
    const std::string sub = "SELECT a FROM t WHERE b IN (SELECT c FROM u WHERE d = 1)";
    auto s = planOf(sub);
    auto inner = nodeOfText(s, sub, "d = 1");
    QCOMPARE(opOf(s, inner), PlanOp::Filter);
    QCOMPARE(s.nodes[*inner].node->attrOr("condition"), std::string("d = 1"));
    QVERIFY(s.nodes[*inner].depth > 2);
    auto outer = nodeOfText(s, sub, "b IN");
    QCOMPARE(opOf(s, outer), PlanOp::Filter);
    QVERIFY(*outer != *inner);
    QCOMPARE(opOf(s, nodeOfText(s, sub, "u")), PlanOp::Scan);
    // the whole subquery is the Apply node (its "subquery" span)
    auto apply = nodeOfText(s, sub, "SELECT c FROM u WHERE d = 1");
    QCOMPARE(opOf(s, apply), PlanOp::Apply);
    QCOMPARE(s.nodes[*apply].parent, static_cast<int>(*outer));
    QCOMPARE(s.nodes[*nodeOfText(s, sub, "u")].node->attrOr("table"), std::string("u"));
  }

  void diffMarksOnlyTheChangedNode() {
    auto g = planOf("SELECT name FROM t WHERE a > 3");
    auto p = planOf("SELECT name FROM t WHERE a <= 3");
    PlanDiff d = diffPlans(g.nodes, p.nodes);
    QCOMPARE(d.differing(), std::size_t(2));
    QCOMPARE(d.goldDiffers, (std::vector<bool>{false, true, false}));
    QCOMPARE(d.predDiffers, (std::vector<bool>{false, true, false}));
    QCOMPARE(d.predPartner, (std::vector<int>{0, 1, 2}));
  }

  void diffSkipsAMissingNode() {
    // the prediction lacks the WHERE: only the gold's Filter differs; the Scans still pair
    auto g = planOf("SELECT name FROM t WHERE a > 3");
    auto p = planOf("SELECT name FROM t");
    PlanDiff d = diffPlans(g.nodes, p.nodes);
    QCOMPARE(d.goldDiffers, (std::vector<bool>{false, true, false}));
    QCOMPARE(d.predDiffers, (std::vector<bool>{false, false}));
    QCOMPARE(d.predPartner, (std::vector<int>{0, 2}));
    QCOMPARE(d.goldPartner, (std::vector<int>{0, -1, 1}));
    // the other way round: the prediction has the extra Filter
    PlanDiff r = diffPlans(p.nodes, g.nodes);
    QCOMPARE(r.predDiffers, (std::vector<bool>{false, true, false}));
    QCOMPARE(r.goldDiffers, (std::vector<bool>{false, false}));
  }

  void diffOfDifferentTables() {
    auto g = planOf("SELECT a FROM t");
    auto p = planOf("SELECT a FROM u");
    PlanDiff d = diffPlans(g.nodes, p.nodes);
    QCOMPARE(d.predDiffers, (std::vector<bool>{false, true}));
    QCOMPARE(d.differing(), std::size_t(2));
    PlanDiff same = diffPlans(g.nodes, g.nodes);
    QCOMPARE(same.differing(), std::size_t(0));
  }

  void diffIgnoresTheCaseOfWordsButNotOfStrings() {
    // GPT-4 case 1 of Spider dev: count(*) against COUNT(*) is the same plan
    auto g = planOf("SELECT count(*) FROM singer WHERE name = 'Joe'");
    auto p = planOf("select COUNT( * ) from SINGER where NAME='Joe'");
    QCOMPARE(diffPlans(g.nodes, p.nodes).differing(), std::size_t(0));
    // a value in another case is another value
    auto q = planOf("SELECT count(*) FROM singer WHERE name = 'joe'");
    PlanDiff d = diffPlans(g.nodes, q.nodes);
    QCOMPARE(d.differing(), std::size_t(2));
    // GPT-4 case 180: a double-quoted value is the string SQLite falls back to; [name] is name
    auto sq = planOf("SELECT count(*) FROM singer WHERE name = 'Joe Sharp'");
    auto dq = planOf("SELECT count(*) FROM singer WHERE [Name] = \"Joe Sharp\"");
    QCOMPARE(diffPlans(sq.nodes, dq.nodes).differing(), std::size_t(0));
  }

  void findingsAttachToTheNodeOfTheirFirstSpanOnASide() {
    const std::string sql = "SELECT name FROM t WHERE a > 3";
    auto p = planOf(sql);
    hs::Finding onFilter, onGoldOnly, none, twoSpans;
    onFilter.spans = {{"pred", 29, 30}};
    onGoldOnly.spans = {{"gold", 7, 11}};
    twoSpans.spans = {{"gold", 29, 30}, {"pred", 17, 18}, {"pred", 7, 11}};
    auto pred = findingNodes(p.nodes, {onFilter, onGoldOnly, none, twoSpans}, "pred");
    QCOMPARE(pred.size(), std::size_t(4));
    QCOMPARE(pred[0], std::optional<std::size_t>(1));
    QCOMPARE(pred[1], std::optional<std::size_t>());
    QCOMPARE(pred[2], std::optional<std::size_t>());
    QCOMPARE(pred[3], std::optional<std::size_t>(2));  // the first predicted span: the table
    auto gold = findingNodes(p.nodes, {onFilter, onGoldOnly, none, twoSpans}, "gold");
    QCOMPARE(gold[1], std::optional<std::size_t>(0));
    QCOMPARE(gold[3], std::optional<std::size_t>(1));
  }

  void diffPairsScansByTable() {
    // the prediction reads only the second table of the gold's join: its Scan pairs with that one
    auto g = planOf("SELECT count(*) FROM student AS t1 JOIN has_pet AS t2 ON t1.id = t2.id");
    auto p = planOf("SELECT count(*) FROM has_pet");
    PlanDiff d = diffPlans(g.nodes, p.nodes);
    const std::size_t predScan = p.nodes.size() - 1;
    QCOMPARE(p.nodes[predScan].node->op, PlanOp::Scan);
    const int partner = d.predPartner[predScan];
    QVERIFY(partner >= 0);
    QCOMPARE(g.nodes[static_cast<std::size_t>(partner)].node->attrOr("table"), std::string("has_pet"));
    QVERIFY(d.predDiffers[predScan]);  // the alias differs
  }

  void badSqlIsAnError() {
    auto p = locatedPlan("SELECT FROM WHERE");
    QVERIFY(!p.ok());
    auto one = planOf("SELECT 1");
    PlanDiff d = diffPlans({}, one.nodes);
    QCOMPARE(d.predDiffers, std::vector<bool>(one.nodes.size(), true));
  }
};

QTEST_GUILESS_MAIN(TestPlanLocate)
#include "test_plan_locate.moc"
