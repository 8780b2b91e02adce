// Clause counts of one parsed query and its sets of tables, strings and columns (clause_counts.h).
#include "engine/sql/clause_counts.h"

#include "engine/core/text.h"

namespace hs::sql {

namespace {

constexpr std::string_view kNames[kClauseKinds] = {
    "select",   "subquery", "table", "join",      "where",  "group",      "having", "order", "limit",
    "distinct", "selected", "in",    "not",       "and",    "or",         "eq",     "neq",   "gt",
    "lt",       "between",  "like",  "is_null",   "exists", "arithmetic", "count",  "sum",   "avg",
    "max",      "min",      "union", "intersect", "except", "literal",    "case"};

struct Counter {
  ClauseCounts& c;
  void add(ClauseKind k, Span where) {
    const auto i = static_cast<std::size_t>(k);
    if (c.counts[i]++ == 0) c.first[i] = where;
  }
};

Span spanOf(const std::vector<ExprPtr>& list) {
  if (list.empty() || !list.front() || !list.back()) return {};
  return {list.front()->span.begin, list.back()->span.end};
}

void countCore(Counter& k, const SelectCore& core) {
  k.add(ClauseKind::Select, core.span);
  if (core.quantifier == Quantifier::Distinct) k.add(ClauseKind::Distinct, core.span);
  if (core.where) k.add(ClauseKind::Where, core.where->span);
  if (!core.groupBy.empty()) k.add(ClauseKind::GroupBy, spanOf(core.groupBy));
  if (core.having) k.add(ClauseKind::Having, core.having->span);
}

void countBinary(Counter& k, const Binary& b) {
  switch (b.op) {
    case BinaryOp::And:
      return k.add(ClauseKind::And, b.span);
    case BinaryOp::Or:
      return k.add(ClauseKind::Or, b.span);
    case BinaryOp::Eq:
      return k.add(ClauseKind::Eq, b.span);
    case BinaryOp::Ne:
      return k.add(ClauseKind::Ne, b.span);
    case BinaryOp::Gt:
    case BinaryOp::Ge:
      return k.add(ClauseKind::Gt, b.span);
    case BinaryOp::Lt:
    case BinaryOp::Le:
      return k.add(ClauseKind::Lt, b.span);
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Mod:
      return k.add(ClauseKind::Arithmetic, b.span);
    default:
      return;
  }
}

void countFunction(Counter& k, const FunctionCall& f) {
  const std::string name = asciiLower(f.name.name);
  if (name == "count") k.add(ClauseKind::Count, f.span);
  if (name == "sum") k.add(ClauseKind::Sum, f.span);
  if (name == "avg") k.add(ClauseKind::Avg, f.span);
  if (name == "max") k.add(ClauseKind::Max, f.span);
  if (name == "min") k.add(ClauseKind::Min, f.span);
  if (f.distinct) k.add(ClauseKind::Distinct, f.span);
}

// One node of the pre-order walk; negated forms count as a NOT as well.
void countNode(Counter& k, const Node& n, const SelectStmt& root) {
  ClauseCounts& c = k.c;
  if (const auto* s = n.as<SelectStmt>()) {
    if (s != &root) k.add(ClauseKind::Subquery, s->span);
    if (!s->orderBy.empty() && s->orderBy.front() && s->orderBy.back())
      k.add(ClauseKind::OrderBy, {s->orderBy.front()->span.begin, s->orderBy.back()->span.end});
    if (s->limit) k.add(ClauseKind::Limit, s->limit->span);
  } else if (const auto* core = n.as<SelectCore>()) {
    countCore(k, *core);
  } else if (const auto* set = n.as<CompoundSelect>()) {
    k.add(set->op == CompoundOp::Intersect ? ClauseKind::Intersect
          : set->op == CompoundOp::Except  ? ClauseKind::Except
                                           : ClauseKind::Union,
          set->span);
  } else if (const auto* t = n.as<NamedTable>()) {
    k.add(ClauseKind::Table, t->name.span);
    c.tables.insert(asciiLower(t->name.name));
  } else if (const auto* j = n.as<JoinClause>()) {
    k.add(ClauseKind::Join, j->right ? j->right->span : j->span);
  } else if (const auto* u = n.as<Unary>()) {
    if (u->op == UnaryOp::Not) k.add(ClauseKind::Not, u->span);
  } else if (const auto* b = n.as<Binary>()) {
    countBinary(k, *b);
  } else if (const auto* il = n.as<InList>()) {
    k.add(ClauseKind::In, il->span);
    if (il->negated) k.add(ClauseKind::Not, il->span);
  } else if (const auto* is = n.as<InSubquery>()) {
    k.add(ClauseKind::In, is->span);
    if (is->negated) k.add(ClauseKind::Not, is->span);
  } else if (const auto* it = n.as<InTable>()) {
    k.add(ClauseKind::In, it->span);
    if (it->negated) k.add(ClauseKind::Not, it->span);
  } else if (const auto* bt = n.as<Between>()) {
    k.add(ClauseKind::Between, bt->span);
    if (bt->negated) k.add(ClauseKind::Not, bt->span);
  } else if (const auto* l = n.as<Like>()) {
    k.add(ClauseKind::Like, l->span);
    if (l->negated) k.add(ClauseKind::Not, l->span);
  } else if (const auto* in = n.as<IsNull>()) {
    k.add(ClauseKind::IsNull, in->span);
    if (in->negated) k.add(ClauseKind::Not, in->span);
  } else if (n.is<Exists>()) {
    k.add(ClauseKind::Exists, n.span);
  } else if (n.is<Case>()) {
    k.add(ClauseKind::Case, n.span);
  } else if (const auto* f = n.as<FunctionCall>()) {
    countFunction(k, *f);
  } else if (const auto* lit = n.as<Literal>()) {
    k.add(ClauseKind::Literal, lit->span);
    if (lit->literalKind == LiteralKind::String) c.strings.insert(asciiLower(lit->value));
  } else if (const auto* col = n.as<ColumnRef>()) {
    c.columns.insert(asciiLower(col->column.name));
  }
}

}  // namespace

std::string_view clauseKindName(ClauseKind kind) {
  return kNames[static_cast<std::size_t>(kind)];
}

ClauseCounts countClauses(const SelectStmt& query) {
  ClauseCounts c;
  Counter k{c};
  walk(query, [&](const Node& n) {
    countNode(k, n, query);
    return true;
  });
  if (const auto* core = query.body ? query.body->as<SelectCore>() : nullptr) {
    const auto i = static_cast<std::size_t>(ClauseKind::Selected);
    c.counts[i] = static_cast<int>(core->columns.size());
    if (!core->columns.empty() && core->columns.front() && core->columns.back())
      c.first[i] = {core->columns.front()->span.begin, core->columns.back()->span.end};
  }
  return c;
}

}  // namespace hs::sql
