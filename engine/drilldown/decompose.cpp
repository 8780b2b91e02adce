// The static half of the decomposition: the AST of a gold query -> its candidate steps, each
// printed from a tree built of clones of the original's subtrees (so spans stay those of the
// original text). Order and treatment: engine/drilldown/README.md.
#include "engine/drilldown/decompose.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <utility>

#include "engine/drilldown/spans.h"
#include "engine/sql/parser.h"
#include "engine/sql/printer.h"

namespace hs::drilldown {

using namespace hs::sql;

const char* toString(StepPart part) {
  switch (part) {
    case StepPart::Core:
      return "core";
    case StepPart::Where:
      return "where";
    case StepPart::GroupBy:
      return "group_by";
    case StepPart::Having:
      return "having";
    case StepPart::OrderBy:
      return "order_by";
    case StepPart::Limit:
      return "limit";
    case StepPart::Compound:
      return "compound";
    case StepPart::Original:
      return "original";
  }
  return "core";
}

namespace {

constexpr int kMaxDepth = 16;  // deeper subqueries are not decomposed on their own

using CteList = std::vector<const CommonTableExpr*>;

void flattenAnd(const Expr* e, std::vector<const Expr*>& out) {
  if (!e) return;
  if (const auto* b = e->as<Binary>(); b && b->op == BinaryOp::And) {
    flattenAnd(b->left.get(), out);
    flattenAnd(b->right.get(), out);
    return;
  }
  out.push_back(e);
}

ExprPtr andChain(const std::vector<const Expr*>& conjuncts) {
  ExprPtr chain;
  for (const Expr* c : conjuncts) {
    if (!chain) {
      chain = clone(*c);
      continue;
    }
    auto b = std::make_unique<Binary>();
    b->op = BinaryOp::And;
    b->left = std::move(chain);
    b->right = clone(*c);
    chain = std::move(b);
  }
  return chain;
}

// A WHERE conjunct that only links two tables of the FROM clause: a.x = b.y with different
// qualifiers. Such conditions belong to the FROM/JOIN core (a comma join without them is a
// cartesian product, not a drill-down step).
bool isJoinCondition(const Expr* e) {
  const auto* b = e->as<Binary>();
  if (!b || b->op != BinaryOp::Eq || !b->left || !b->right) return false;
  const auto* l = b->left->as<ColumnRef>();
  const auto* r = b->right->as<ColumnRef>();
  return l && r && l->table && r->table && !sameName(*l->table, *r->table);
}

// The queries nested directly in a subtree (not those nested in them).
void nestedQueries(const Node& root, std::vector<const SelectStmt*>& out) {
  walk(root, [&](const Node& n) {
    if (&n != &root && n.kind() == NodeKind::SelectStmt) {
      out.push_back(static_cast<const SelectStmt*>(&n));
      return false;
    }
    return true;
  });
}

class Builder {
 public:
  explicit Builder(std::string_view text) : text_(text) {}
  std::vector<Candidate> out;

  void statement(const SelectStmt& s, const CteList& outer, int depth) {
    CteList ctx = outer;
    if (s.with) {
      for (const auto& cte : s.with->ctes) {
        if (cte && cte->query && depth < kMaxDepth) statement(*cte->query, ctx, depth + 1);
        if (cte) ctx.push_back(cte.get());
      }
      recursive_ = recursive_ || s.with->recursive;
    }
    if (!s.body) return;
    body(*s.body, ctx, depth);
    const QueryBody& b = *s.body;
    if (!s.orderBy.empty()) {
      std::vector<Span> adds{withKeyword(text_, coverTerms(s.orderBy), {"ORDER", "BY"})};
      emit(b, ctx, s.orderBy.size(), nullptr, StepPart::OrderBy, depth, adds, s);
    }
    if (s.limit) {
      std::vector<Span> adds{withKeyword(text_, s.limit->span, {"LIMIT"})};
      emit(b, ctx, s.orderBy.size(), s.limit.get(), StepPart::Limit, depth, adds, s);
    }
  }

 private:
  void inner(const Node& n, const CteList& ctx, int depth) {
    if (depth >= kMaxDepth) return;
    std::vector<const SelectStmt*> queries;
    nestedQueries(n, queries);
    for (const SelectStmt* q : queries) statement(*q, ctx, depth + 1);
  }

  void body(const QueryBody& b, const CteList& ctx, int depth) {
    if (const auto* core = b.as<SelectCore>()) return coreSteps(*core, ctx, depth);
    if (const auto* comp = b.as<CompoundSelect>()) {
      if (comp->left) body(*comp->left, ctx, depth + 1);
      if (comp->right) body(*comp->right, ctx, depth + 1);
      std::vector<Span> adds;
      if (comp->left && comp->right)
        adds.push_back(trimmed(text_, {comp->left->span.end, comp->right->span.begin}));
      return push(printBody(clone(b), ctx), StepPart::Compound, depth, adds);
    }
    inner(b, ctx, depth);
    push(printBody(clone(b), ctx), StepPart::Core, depth, {b.span});
  }

  void coreSteps(const SelectCore& c, const CteList& ctx, int depth) {
    for (const auto& col : c.columns)
      if (col) inner(*col, ctx, depth);
    if (c.from) inner(*c.from, ctx, depth);
    std::vector<const Expr*> conjuncts;
    flattenAnd(c.where.get(), conjuncts);
    std::vector<const Expr*> joins, filters;
    for (const Expr* e : conjuncts)
      (c.from && c.from->is<JoinClause>() && isJoinCondition(e) ? joins : filters).push_back(e);

    auto step = [&](std::size_t nFilters, bool group, bool having) {
      auto core = std::make_unique<SelectCore>();
      core->span = c.span;
      core->quantifier = c.quantifier;
      for (const auto& col : c.columns) core->columns.push_back(cloneOrNull(col));
      core->from = cloneOrNull(c.from);
      std::vector<const Expr*> where = joins;
      // Keep the original order of the conjuncts taken so far.
      for (std::size_t i = 0; i < nFilters; ++i) where.push_back(filters[i]);
      std::stable_sort(where.begin(), where.end(),
                       [](const Expr* a, const Expr* b) { return a->span.begin < b->span.begin; });
      core->where = andChain(where);
      if (group)
        for (const auto& g : c.groupBy) core->groupBy.push_back(cloneOrNull(g));
      if (having) core->having = cloneOrNull(c.having);
      for (const auto& w : c.windows) core->windows.push_back(cloneOrNull(w));
      return printBody(std::move(core), ctx);
    };

    std::size_t coreEnd = c.from ? c.from->span.end : c.span.end;
    if (!c.columns.empty() && c.columns.back() && !c.from) coreEnd = c.columns.back()->span.end;
    std::vector<Span> coreAdds{{c.span.begin, coreEnd}};
    for (const Expr* j : joins)
      coreAdds.push_back(withKeyword(text_, widened(text_, *j), {"WHERE"}, {"AND"}));
    push(step(0, false, false), StepPart::Core, depth, coreAdds);
    for (std::size_t i = 0; i < filters.size(); ++i) {
      inner(*filters[i], ctx, depth);
      std::vector<Span> adds{withKeyword(text_, widened(text_, *filters[i]), {"WHERE"}, {"AND"})};
      push(step(i + 1, false, false), StepPart::Where, depth, adds);
    }
    if (!c.groupBy.empty()) {
      Span s{c.groupBy.front()->span.begin, c.groupBy.back()->span.end};
      push(step(filters.size(), true, false), StepPart::GroupBy, depth,
           {withKeyword(text_, s, {"GROUP", "BY"})});
    }
    if (c.having) {
      inner(*c.having, ctx, depth);
      std::vector<Span> adds{withKeyword(text_, widened(text_, *c.having), {"HAVING"})};
      push(step(filters.size(), true, true), StepPart::Having, depth, adds);
    }
  }

  std::string printBody(QueryBodyPtr b, const CteList& ctx, std::size_t nOrder = 0,
                        const Limit* limit = nullptr, const SelectStmt* from = nullptr) {
    auto stmt = std::make_unique<SelectStmt>();
    if (!ctx.empty()) {
      stmt->with = std::make_unique<WithClause>();
      stmt->with->recursive = recursive_;
      for (const CommonTableExpr* cte : ctx) stmt->with->ctes.push_back(clone(*cte));
    }
    stmt->body = std::move(b);
    if (from)
      for (std::size_t i = 0; i < nOrder && i < from->orderBy.size(); ++i)
        stmt->orderBy.push_back(cloneOrNull(from->orderBy[i]));
    if (limit) stmt->limit = clone(*limit);
    return print(*stmt);
  }

  void emit(const QueryBody& b, const CteList& ctx, std::size_t nOrder, const Limit* limit, StepPart part,
            int depth, const std::vector<Span>& adds, const SelectStmt& s) {
    push(printBody(clone(b), ctx, nOrder, limit, &s), part, depth, adds);
  }

  void push(std::string sqlText, StepPart part, int depth, std::vector<Span> adds) {
    adds.erase(std::remove_if(adds.begin(), adds.end(), [](const Span& s) { return s.empty(); }), adds.end());
    out.push_back({std::move(sqlText), part, depth, std::move(adds)});
  }

  template <class List>
  static Span coverTerms(const List& terms) {
    Span s{terms.front()->span.begin, terms.back()->span.end};
    return s;
  }

  std::string_view text_;
  bool recursive_ = false;
};

// A candidate with the same SQL as an earlier one is dropped; its spans go to the next candidate
// (consecutive repeats become one step that keeps both spans).
void dropRepeats(std::vector<Candidate>& c) {
  std::vector<Candidate> out;
  std::vector<Span> carried;
  for (std::size_t i = 0; i < c.size(); ++i) {
    Candidate& cand = c[i];
    cand.adds.insert(cand.adds.begin(), carried.begin(), carried.end());
    carried.clear();
    if (!out.empty() && out.back().sql == cand.sql) {
      out.back().adds.insert(out.back().adds.end(), cand.adds.begin(), cand.adds.end());
      out.back().depth = std::min(cand.depth, out.back().depth);
      out.back().part = cand.part;
      continue;
    }
    bool seen = std::any_of(out.begin(), out.end(), [&](const Candidate& o) { return o.sql == cand.sql; });
    if (seen && i + 1 < c.size()) {
      carried = std::move(cand.adds);
      continue;
    }
    out.push_back(std::move(cand));
  }
  c = std::move(out);
}

}  // namespace

Result<std::vector<Candidate>> candidateSteps(std::string_view sqlText) {
  auto parsed = parseSelect(sqlText);
  if (!parsed) return parsed.error();
  const SelectStmt& root = *parsed.value();
  Builder b(sqlText);
  b.statement(root, {}, 0);
  std::string whole = print(root);
  if (b.out.empty() || b.out.back().sql != whole)
    b.out.push_back({whole, StepPart::Original, 0, {root.span}});
  dropRepeats(b.out);
  for (auto& cand : b.out) sortSpans(cand.adds);
  return std::move(b.out);
}

}  // namespace hs::drilldown
