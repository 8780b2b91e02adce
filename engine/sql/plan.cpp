#include "engine/sql/plan.h"

#include <algorithm>
#include <set>

#include "engine/sql/printer.h"

namespace hs::sql {

const std::vector<std::string_view>& aggregateFunctionNames() {
  static const std::vector<std::string_view> names{"count", "sum",   "avg",          "min",
                                                   "max",   "total", "group_concat", "string_agg"};
  return names;
}

bool isAggregateCall(const FunctionCall& call) {
  if (call.over || call.overName) return false;
  const std::string& n = call.name.name;
  if (sameName(n, "min") || sameName(n, "max")) return call.args.size() == 1;
  const auto& names = aggregateFunctionNames();
  return std::any_of(names.begin(), names.end(), [&](std::string_view a) { return sameName(n, a); });
}

namespace {

const char* joinName(JoinType t) {
  switch (t) {
    case JoinType::Comma:
      return "comma";
    case JoinType::Inner:
      return "inner";
    case JoinType::Cross:
      return "cross";
    case JoinType::Left:
      return "left";
    case JoinType::Right:
      return "right";
    case JoinType::Full:
      return "full";
  }
  return "?";
}

PlanSpan spanOf(const Node& n, std::string role) {
  return PlanSpan{n.span.begin, n.span.end, std::move(role)};
}

std::string printOr(const Node* n) {
  return n ? print(*n) : std::string("?");
}

class Builder {
 public:
  explicit Builder(const Resolution* r) : res_(r) {}

  std::unique_ptr<PlanNode> stmt(const SelectStmt& s) {
    std::unique_ptr<PlanNode> top;
    if (s.body)
      top = body(*s.body, s.body->is<SelectCore>() ? &s : nullptr);
    else
      top = std::make_unique<PlanNode>(PlanOp::Empty);
    if (!s.body || !s.body->is<SelectCore>()) top = sortLimit(std::move(top), s);
    if (s.with) {
      auto w = std::make_unique<PlanNode>(PlanOp::With);
      w->attr("recursive", s.with->recursive ? "true" : "false");
      w->spans.push_back(spanOf(*s.with, "with"));
      for (const auto& cte : s.with->ctes) {
        if (!cte) continue;
        auto c = std::make_unique<PlanNode>(PlanOp::Cte);
        c->attr("name", cte->name.name);
        for (const auto& col : cte->columns) c->exprs.push_back(col.name);
        c->spans.push_back(spanOf(*cte, "cte"));
        if (cte->query) c->children.push_back(stmt(*cte->query));
        w->children.push_back(std::move(c));
      }
      w->children.push_back(std::move(top));
      top = std::move(w);
    }
    return top;
  }

 private:
  std::unique_ptr<PlanNode> sortLimit(std::unique_ptr<PlanNode> input, const SelectStmt& s) {
    if (!s.orderBy.empty()) {
      auto sort = std::make_unique<PlanNode>(PlanOp::Sort);
      for (const auto& t : s.orderBy) {
        if (!t) continue;
        std::string key = printOr(t->expr.get());
        if (t->order == SortOrder::Desc) key += " DESC";
        if (t->nulls != NullsOrder::None)
          key += t->nulls == NullsOrder::First ? " NULLS FIRST" : " NULLS LAST";
        sort->exprs.push_back(key);
        sort->spans.push_back(spanOf(*t, "key"));
      }
      sort->children.push_back(std::move(input));
      for (const auto& t : s.orderBy)
        if (t) applies(*t, *sort);
      input = std::move(sort);
    }
    if (s.limit) {
      auto lim = std::make_unique<PlanNode>(PlanOp::Limit);
      lim->attr("fetch", printOr(s.limit->count.get()));
      if (s.limit->offset) lim->attr("offset", print(*s.limit->offset));
      lim->spans.push_back(spanOf(*s.limit, "clause"));
      lim->children.push_back(std::move(input));
      input = std::move(lim);
    }
    return input;
  }

  std::unique_ptr<PlanNode> body(const QueryBody& b, const SelectStmt* owner) {
    if (const auto* c = b.as<SelectCore>()) return core(*c, owner);
    if (const auto* v = b.as<ValuesClause>()) {
      auto n = std::make_unique<PlanNode>(PlanOp::Values);
      n->attr("rows", std::to_string(v->rows.size()));
      for (const auto& row : v->rows) {
        std::string r = "(";
        for (std::size_t i = 0; i < row.size(); ++i) r += (i ? ", " : "") + printOr(row[i].get());
        n->exprs.push_back(r + ")");
      }
      n->spans.push_back(spanOf(*v, "values"));
      applies(*v, *n);
      return n;
    }
    const auto* cs = b.as<CompoundSelect>();
    auto n = std::make_unique<PlanNode>(PlanOp::SetOp);
    if (!cs) return n;
    n->attr("kind", toString(cs->op));
    n->spans.push_back(spanOf(*cs, "compound"));
    n->children.push_back(cs->left ? body(*cs->left, nullptr) : std::make_unique<PlanNode>(PlanOp::Empty));
    n->children.push_back(cs->right ? body(*cs->right, nullptr) : std::make_unique<PlanNode>(PlanOp::Empty));
    return n;
  }

  std::unique_ptr<PlanNode> from(const TableRef& t) {
    if (const auto* j = t.as<JoinClause>()) {
      auto n = std::make_unique<PlanNode>(PlanOp::Join);
      n->attr("type", joinName(j->type));
      if (j->natural) n->attr("natural", "true");
      if (j->on) n->attr("condition", print(*j->on));
      if (j->hasUsing) {
        std::string u;
        for (const auto& id : j->using_) u += (u.empty() ? "" : ", ") + id.name;
        n->attr("using", u);
      }
      n->spans.push_back(spanOf(*j, "join"));
      if (j->on) n->spans.push_back(spanOf(*j->on, "condition"));
      n->children.push_back(j->left ? from(*j->left) : std::make_unique<PlanNode>(PlanOp::Empty));
      n->children.push_back(j->right ? from(*j->right) : std::make_unique<PlanNode>(PlanOp::Empty));
      if (j->on) applies(*j->on, *n);
      return n;
    }
    const SourceInfo* src = res_ ? res_->sourceOf(t) : nullptr;
    if (const auto* nt = t.as<NamedTable>()) {
      bool cte = src && src->kind == SourceKind::Cte;
      auto n = std::make_unique<PlanNode>(cte ? PlanOp::CteRef : PlanOp::Scan);
      n->attr("table", src && !src->opaque ? src->name : nt->name.name);
      if (nt->alias) n->attr("alias", nt->alias->name);
      n->spans.push_back(spanOf(*nt, "table"));
      if (src) n->exprs = columnsRead(src->id);
      return n;
    }
    if (const auto* sq = t.as<SubqueryTable>()) {
      auto n = std::make_unique<PlanNode>(PlanOp::Derived);
      if (sq->alias) n->attr("alias", sq->alias->name);
      n->spans.push_back(spanOf(*sq, "subquery"));
      if (sq->query) n->children.push_back(stmt(*sq->query));
      return n;
    }
    auto n = std::make_unique<PlanNode>(PlanOp::Scan);
    if (const auto* f = t.as<TableFunction>()) n->attr("function", print(*f));
    n->spans.push_back(spanOf(t, "table"));
    return n;
  }

  std::vector<std::string> columnsRead(int sourceId) const {
    std::set<std::string> cols;
    for (const auto& [ref, b] : res_->columns)
      if (b.sourceId == sourceId) cols.insert(b.column);
    return {cols.begin(), cols.end()};
  }

  // Apply nodes for the subqueries directly inside `n` (not inside nested subqueries).
  void applies(const Node& n, PlanNode& into) {
    walk(n, [&](const Node& x) {
      if (&x != &n && x.is<SelectStmt>()) return false;
      const SelectStmt* q = nullptr;
      const char* kind = nullptr;
      if (const auto* e = x.as<Exists>())
        q = e->query.get(), kind = "exists";
      else if (const auto* in = x.as<InSubquery>())
        q = in->query.get(), kind = "in";
      else if (const auto* sq = x.as<SubqueryExpr>())
        q = sq->query.get(), kind = "scalar";
      if (!q) return true;
      auto a = std::make_unique<PlanNode>(PlanOp::Apply);
      a->attr("kind", kind);
      if (res_) a->attr("correlated", res_->isCorrelated(*q) ? "true" : "false");
      a->spans.push_back(spanOf(x, "expr"));
      a->spans.push_back(spanOf(*q, "subquery"));
      a->children.push_back(stmt(*q));
      into.children.push_back(std::move(a));
      return false;
    });
  }

  std::unique_ptr<PlanNode> core(const SelectCore& c, const SelectStmt* owner) {
    std::unique_ptr<PlanNode> cur = c.from ? from(*c.from) : std::make_unique<PlanNode>(PlanOp::Empty);
    auto wrap = [&](std::unique_ptr<PlanNode> n) {
      n->children.insert(n->children.begin(), std::move(cur));
      cur = std::move(n);
    };
    if (c.where) {
      auto f = std::make_unique<PlanNode>(PlanOp::Filter);
      f->attr("condition", print(*c.where));
      f->spans.push_back(spanOf(*c.where, "condition"));
      applies(*c.where, *f);
      wrap(std::move(f));
    }
    std::vector<const FunctionCall*> aggs, windows;
    auto collect = [&](const Node& root) {
      walk(root, [&](const Node& x) {
        if (x.is<SelectStmt>()) return false;
        if (const auto* f = x.as<FunctionCall>()) {
          if (f->over || f->overName)
            windows.push_back(f);
          else if (isAggregateCall(*f))
            aggs.push_back(f);
        }
        return true;
      });
    };
    for (const auto& rc : c.columns)
      if (rc) collect(*rc);
    if (c.having) collect(*c.having);
    if (owner)
      for (const auto& t : owner->orderBy)
        if (t) collect(*t);
    if (!c.groupBy.empty() || !aggs.empty()) {
      auto a = std::make_unique<PlanNode>(PlanOp::Aggregate);
      std::string keys;
      for (const auto& k : c.groupBy)
        if (k) {
          keys += (keys.empty() ? "" : ", ") + print(*k);
          a->spans.push_back(spanOf(*k, "key"));
        }
      a->attr("group", keys);
      std::set<std::string> seen;
      for (const auto* f : aggs) {
        std::string s = print(*f);
        if (seen.insert(s).second) {
          a->exprs.push_back(s);
          a->spans.push_back(spanOf(*f, "function"));
        }
      }
      wrap(std::move(a));
    }
    if (c.having) {
      auto f = std::make_unique<PlanNode>(PlanOp::Filter);
      f->attr("clause", "having");
      f->attr("condition", print(*c.having));
      f->spans.push_back(spanOf(*c.having, "condition"));
      applies(*c.having, *f);
      wrap(std::move(f));
    }
    if (!windows.empty()) {
      auto w = std::make_unique<PlanNode>(PlanOp::Window);
      for (const auto* f : windows) {
        w->exprs.push_back(print(*f));
        w->spans.push_back(spanOf(*f, "function"));
      }
      wrap(std::move(w));
    }
    auto p = std::make_unique<PlanNode>(PlanOp::Project);
    for (const auto& rc : c.columns) {
      if (!rc) continue;
      std::string e = printOr(rc->expr.get());
      if (rc->alias) e += " AS " + printName(rc->alias->name);
      p->exprs.push_back(e);
    }
    if (!c.columns.empty() && c.columns.front() && c.columns.back())
      p->spans.push_back(PlanSpan{c.columns.front()->span.begin, c.columns.back()->span.end, "columns"});
    for (const auto& rc : c.columns)
      if (rc) applies(*rc, *p);
    wrap(std::move(p));
    if (c.quantifier == Quantifier::Distinct) {
      auto d = std::make_unique<PlanNode>(PlanOp::Distinct);
      d->spans.push_back(PlanSpan{
          c.span.begin, c.columns.empty() || !c.columns.front() ? c.span.end : c.columns.front()->span.begin,
          "keyword"});
      wrap(std::move(d));
    }
    if (owner) cur = sortLimit(std::move(cur), *owner);
    return cur;
  }

  const Resolution* res_;
};

}  // namespace

std::unique_ptr<PlanNode> buildPlan(const SelectStmt& query, const Resolution* resolution) {
  Builder b(resolution);
  return b.stmt(query);
}

}  // namespace hs::sql
