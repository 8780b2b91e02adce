#include "engine/eval/spider_hardness.h"

#include <vector>

#include "engine/sql/ast.h"
#include "engine/sql/parser.h"

// Spider's evaluation.py works on process_sql's parse of the gold: a flat condition list per
// clause (cond_units separated by 'and' / 'or'), FROM table units plus join conditions, and at
// most one of intersect / union / except whose left side is the query itself. The counts below
// read the same parts from hs::sql's AST:
//  - the query measured is the leftmost SELECT of a compound (process_sql parses "A UNION B" as A
//    with union = B); a compound's ORDER BY / LIMIT belong to its last SELECT, not to A;
//  - a subquery in FROM is one table unit and is not a nested query (get_nestedSQL ignores it);
//  - count_others' aggregate count keeps the original's quirks: for WHERE and HAVING it applies
//    has_agg to cond_units, whose first field is the NOT flag, so it counts negated conditions
//    (NOT IN / NOT LIKE / NOT BETWEEN / NOT ...), and for HAVING also every 'and' / 'or' between
//    conditions (a non-empty string is "not none"), never the aggregate inside a condition.

namespace hs::eval {

namespace {

using namespace hs::sql;

bool isAggregateCall(const Expr* e) {
  const auto* f = e ? e->as<FunctionCall>() : nullptr;
  if (!f) return false;
  for (const char* agg : {"max", "min", "count", "sum", "avg"})
    if (sameName(f->name.name, agg)) return true;
  return false;
}

bool isArithmetic(BinaryOp op) {
  return op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Mul || op == BinaryOp::Div;
}

// process_sql's val_unit: col_unit1 [op col_unit2]; the aggregates of its column units.
int valUnitAggregates(const Expr* e) {
  const auto* b = e ? e->as<Binary>() : nullptr;
  if (b && isArithmetic(b->op))
    return (isAggregateCall(b->left.get()) ? 1 : 0) + (isAggregateCall(b->right.get()) ? 1 : 0);
  return isAggregateCall(e) ? 1 : 0;
}

// A select item is aggregated when it starts with an aggregate (parse_select reads the agg first).
bool selectItemAggregated(const Expr* e) {
  while (const auto* b = e ? e->as<Binary>() : nullptr) {
    if (!isArithmetic(b->op)) break;
    e = b->left.get();
  }
  return isAggregateCall(e);
}

// One clause's condition list: cond_units and the connectors between them.
struct Conditions {
  std::vector<const Expr*> units;
  int ors = 0;
  int connectors = 0;
};

void flatten(const Expr* e, Conditions& out) {
  if (!e) return;
  if (const auto* b = e->as<Binary>(); b && (b->op == BinaryOp::And || b->op == BinaryOp::Or)) {
    flatten(b->left.get(), out);
    flatten(b->right.get(), out);
    ++out.connectors;
    out.ors += b->op == BinaryOp::Or ? 1 : 0;
    return;
  }
  out.units.push_back(e);
}

Conditions conditionsOf(const Expr* e) {
  Conditions c;
  flatten(e, c);
  return c;
}

// process_sql's not_op of a cond_unit.
bool negated(const Expr* e) {
  if (const auto* u = e->as<Unary>()) return u->op == UnaryOp::Not;
  if (const auto* l = e->as<Like>()) return l->negated;
  if (const auto* i = e->as<InList>()) return i->negated;
  if (const auto* i = e->as<InSubquery>()) return i->negated;
  if (const auto* b = e->as<Between>()) return b->negated;
  return false;
}

bool isLike(const Expr* e) {
  const auto* u = e->as<Unary>();
  if (u && u->op == UnaryOp::Not && u->operand) e = u->operand.get();
  const auto* l = e->as<Like>();
  return l && l->op == LikeOp::Like;
}

// Subqueries used as values of one condition (val1 / val2 of the cond_unit), not descending into
// those subqueries.
int nestedQueries(const Expr* e) {
  int n = 0;
  walk(*e, [&n](const Node& node) {
    if (node.is<SubqueryExpr>() || node.is<InSubquery>() || node.is<Exists>()) {
      ++n;
      return false;
    }
    return true;
  });
  return n;
}

void collectTables(const TableRef* t, int& tables, std::vector<const Expr*>& joinConds) {
  if (!t) return;
  if (const auto* j = t->as<JoinClause>()) {
    collectTables(j->left.get(), tables, joinConds);
    collectTables(j->right.get(), tables, joinConds);
    if (j->on) joinConds.push_back(j->on.get());
    return;
  }
  ++tables;
}

const SelectCore* leftmostCore(const QueryBody* body) {
  while (body) {
    if (const auto* c = body->as<SelectCore>()) return c;
    const auto* compound = body->as<CompoundSelect>();
    if (!compound) return nullptr;
    body = compound->left.get();
  }
  return nullptr;
}

}  // namespace

std::optional<SpiderHardnessCounts> spiderHardnessCounts(std::string_view goldSql) {
  auto parsed = parseSelect(goldSql);
  if (!parsed || !*parsed || !(*parsed)->body) return std::nullopt;
  const SelectStmt& stmt = **parsed;
  const bool compound = stmt.body->is<CompoundSelect>();
  const SelectCore* core = leftmostCore(stmt.body.get());
  if (!core) return std::nullopt;

  int tables = 0;
  std::vector<const Expr*> joinOns;
  collectTables(core->from.get(), tables, joinOns);
  Conditions from;
  for (const Expr* on : joinOns) flatten(on, from);
  const Conditions where = conditionsOf(core->where.get());
  const Conditions having = conditionsOf(core->having.get());
  const Conditions* clauses[] = {&from, &where, &having};
  const bool hasOrder = !compound && !stmt.orderBy.empty();
  const bool hasLimit = !compound && stmt.limit;

  SpiderHardnessCounts counts;
  // count_component1
  int& c1 = counts.component1;
  c1 += core->where ? 1 : 0;
  c1 += core->groupBy.empty() ? 0 : 1;
  c1 += hasOrder ? 1 : 0;
  c1 += hasLimit ? 1 : 0;
  c1 += tables > 0 ? tables - 1 : 0;
  c1 += from.ors + where.ors + having.ors;
  for (const Conditions* cs : clauses)
    for (const Expr* u : cs->units) c1 += isLike(u) ? 1 : 0;

  // count_component2: subqueries as condition values, plus intersect / union / except.
  int& c2 = counts.component2;
  for (const Conditions* cs : clauses)
    for (const Expr* u : cs->units) c2 += nestedQueries(u);
  c2 += compound ? 1 : 0;

  // count_others
  int aggregates = 0;
  for (const auto& col : core->columns) aggregates += col && selectItemAggregated(col->expr.get()) ? 1 : 0;
  for (const Expr* u : where.units) aggregates += negated(u) ? 1 : 0;
  for (const auto& g : core->groupBy) aggregates += isAggregateCall(g.get()) ? 1 : 0;
  if (hasOrder)
    for (const auto& term : stmt.orderBy) aggregates += term ? valUnitAggregates(term->expr.get()) : 0;
  for (const Expr* u : having.units) aggregates += negated(u) ? 1 : 0;
  aggregates += having.connectors;
  int& others = counts.others;
  others += aggregates > 1 ? 1 : 0;
  others += core->columns.size() > 1 ? 1 : 0;
  others += where.units.size() > 1 ? 1 : 0;
  others += core->groupBy.size() > 1 ? 1 : 0;
  return counts;
}

std::string spiderHardnessLevel(const SpiderHardnessCounts& counts) {
  const int c1 = counts.component1, c2 = counts.component2, others = counts.others;
  if (c1 <= 1 && others == 0 && c2 == 0) return "easy";
  if ((others <= 2 && c1 <= 1 && c2 == 0) || (c1 <= 2 && others < 2 && c2 == 0)) return "medium";
  if ((others > 2 && c1 <= 2 && c2 == 0) || (2 < c1 && c1 <= 3 && others <= 2 && c2 == 0) ||
      (c1 <= 1 && others == 0 && c2 <= 1))
    return "hard";
  return "extra";
}

std::optional<std::string> spiderHardness(std::string_view goldSql) {
  auto counts = spiderHardnessCounts(goldSql);
  if (!counts) return std::nullopt;
  return spiderHardnessLevel(*counts);
}

CaseDifficulty caseDifficulty(const hs::Case& c) {
  if (!c.difficulty.empty() || !c.goldSql) return {c.difficulty, false};
  auto hardness = spiderHardness(*c.goldSql);
  return hardness ? CaseDifficulty{*hardness, true} : CaseDifficulty{};
}

}  // namespace hs::eval
