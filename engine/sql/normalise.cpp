#include "engine/sql/normalise.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>

#include "engine/sql/normalise_rewrite.h"
#include "engine/sql/printer.h"
#include "engine/sql/resolver.h"

namespace hs::sql {

using detail::lowerAscii;

namespace {

// ---- table_aliases ------------------------------------------------------------------------

class AliasRenamer {
 public:
  void stmt(SelectStmt& s) {
    if (s.with)
      for (auto& cte : s.with->ctes)
        if (cte && cte->query) stmt(*cte->query);
    if (s.body) body(*s.body, &s);
  }

 private:
  using Map = std::map<std::string, std::string>;  // lower-case qualifier -> canonical name

  void body(QueryBody& b, SelectStmt* owner) {
    if (auto* c = b.as<SelectCore>()) return core(*c, owner);
    if (auto* cs = b.as<CompoundSelect>()) {
      if (cs->left) body(*cs->left, nullptr);
      if (cs->right) body(*cs->right, nullptr);
    } else {
      exprs(b);
    }
    if (owner) {
      for (auto& t : owner->orderBy)
        if (t) exprs(*t);
    }
  }

  std::string fresh(const std::string& base) {
    int n = ++counts_[base];
    return n == 1 ? base : base + "_" + std::to_string(n);
  }

  void fromItems(TableRef& t, Map& map, std::vector<JoinClause*>& joins) {
    if (auto* j = t.as<JoinClause>()) {
      if (j->left) fromItems(*j->left, map, joins);
      if (j->right) fromItems(*j->right, map, joins);
      joins.push_back(j);
      return;
    }
    std::optional<Identifier>* alias = nullptr;
    std::string oldQual, base;
    if (auto* nt = t.as<NamedTable>()) {
      alias = &nt->alias;
      oldQual = nt->alias ? nt->alias->name : nt->name.name;
      base = lowerAscii(nt->name.name);
      nt->hasAs = true;
    } else if (auto* sq = t.as<SubqueryTable>()) {
      if (sq->query) stmt(*sq->query);
      alias = &sq->alias;
      oldQual = sq->alias ? sq->alias->name : std::string();
      base = "d";
      sq->hasAs = true;
    } else if (auto* tf = t.as<TableFunction>()) {
      alias = &tf->alias;
      oldQual = tf->alias ? tf->alias->name : tf->name.name;
      base = lowerAscii(tf->name.name);
    }
    if (!alias) return;
    std::string name = base == "d" ? "d" + std::to_string(++derived_) : fresh(base);
    Span span = *alias ? (*alias)->span : t.span;
    *alias = Identifier{name, span, QuoteStyle::None};
    if (!oldQual.empty()) map[lowerAscii(oldQual)] = name;
  }

  void core(SelectCore& c, SelectStmt* owner) {
    Map map;
    std::vector<JoinClause*> joins;
    if (c.from) fromItems(*c.from, map, joins);
    scopes_.push_back(std::move(map));
    for (auto* j : joins)
      if (j->on) exprs(*j->on);
    for (auto& rc : c.columns)
      if (rc) exprs(*rc);
    if (c.where) exprs(*c.where);
    for (auto& g : c.groupBy)
      if (g) exprs(*g);
    if (c.having) exprs(*c.having);
    for (auto& w : c.windows)
      if (w) exprs(*w);
    if (owner) {
      for (auto& t : owner->orderBy)
        if (t) exprs(*t);
      if (owner->limit) exprs(*owner->limit);
    }
    scopes_.pop_back();
  }

  void rename(Identifier& q) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(lowerAscii(q.name));
      if (f != it->end()) {
        q = Identifier{f->second, q.span, QuoteStyle::None};
        return;
      }
    }
  }

  // Qualifiers in an expression subtree; nested queries get their own scopes.
  void exprs(Node& n) {
    if (auto* s = n.as<SelectStmt>()) return stmt(*s);
    if (auto* ref = n.as<ColumnRef>(); ref && ref->table) rename(*ref->table);
    if (auto* ts = n.as<TableStar>()) rename(ts->table);
    n.forEachChild([&](Node& child) { exprs(child); });
  }

  std::vector<Map> scopes_;
  std::map<std::string, int> counts_;
  int derived_ = 0;
};

SelectPtr tableAliases(SelectPtr s, const NormaliseOptions&) {
  AliasRenamer().stmt(*s);
  return s;
}

// ---- resolve_columns ----------------------------------------------------------------------

ExprPtr stringLiteral(const std::string& value, Span span) {
  auto lit = std::make_unique<Literal>();
  lit->literalKind = LiteralKind::String;
  lit->value = value;
  std::string text = "'";
  for (char c : value) text += c == '\'' ? std::string("''") : std::string(1, c);
  lit->text = text + "'";
  lit->span = span;
  return lit;
}

SelectPtr resolveColumns(SelectPtr s, const NormaliseOptions& o) {
  if (!o.schema) return s;
  Resolution r = resolve(*s, *o.schema);
  std::set<const Node*> dqs;
  for (const auto& d : r.diagnostics)
    if (d.code == "dqs_string")
      walk(static_cast<const Node&>(*s), [&](const Node& n) {
        if (n.is<ColumnRef>() && n.span == d.span) dqs.insert(&n);
        return true;
      });
  for (auto& [ref, b] : r.columns) {
    if (b.sourceId < 0 || b.kind == SourceKind::ResultAlias) continue;
    const SourceInfo& src = r.sources[static_cast<std::size_t>(b.sourceId)];
    auto* mut = const_cast<ColumnRef*>(ref);  // the tree is our own clone
    Span span = mut->table ? mut->table->span : mut->span;
    if (!src.qualifier.empty()) mut->table = Identifier{src.qualifier, span, QuoteStyle::None};
    mut->column = Identifier{b.column, mut->column.span, QuoteStyle::None};
  }
  detail::rewriteExprs(*s, [&](ExprPtr& e) {
    if (dqs.count(e.get())) e = stringLiteral(e->as<ColumnRef>()->column.name, e->span);
  });
  return s;
}

// ---- single_source ------------------------------------------------------------------------

void dropQualifiers(Node& n, const std::string& qual) {
  if (n.is<SelectStmt>()) return;
  if (auto* ref = n.as<ColumnRef>(); ref && ref->table && sameName(ref->table->name, qual)) {
    ref->table.reset();
    ref->schema.reset();
  }
  n.forEachChild([&](Node& c) { dropQualifiers(c, qual); });
}

SelectPtr singleSource(SelectPtr s, const NormaliseOptions&) {
  std::function<void(SelectStmt&)> stmt = [&](SelectStmt& q) {
    walk(static_cast<Node&>(q), [&](Node& n) {
      auto* c = n.as<SelectCore>();
      if (!c || !c->from || c->from->is<JoinClause>()) return true;
      std::string qual;
      if (auto* nt = c->from->as<NamedTable>()) qual = nt->alias ? nt->alias->name : nt->name.name;
      if (auto* sq = c->from->as<SubqueryTable>()) qual = sq->alias ? sq->alias->name : std::string();
      if (qual.empty()) return true;
      c->forEachChild([&](Node& child) {
        if (&child != c->from.get()) dropQualifiers(child, qual);
      });
      detail::rewriteExprs(*c, [&](ExprPtr& e) {
        if (auto* ts = e->as<TableStar>(); ts && sameName(ts->table.name, qual)) {
          auto star = std::make_unique<Star>();
          star->span = ts->span;
          e = std::move(star);
        }
      });
      return true;
    });
    (void)q;
  };
  stmt(*s);
  // ORDER BY of a single-source SELECT belongs to that SELECT too.
  walk(static_cast<Node&>(*s), [&](Node& n) {
    auto* q = n.as<SelectStmt>();
    if (!q || !q->body) return true;
    auto* c = q->body->as<SelectCore>();
    if (!c || !c->from) return true;
    std::string qual;
    if (auto* nt = c->from->as<NamedTable>()) qual = nt->alias ? nt->alias->name : nt->name.name;
    if (qual.empty()) return true;
    for (auto& t : q->orderBy)
      if (t) dropQualifiers(*t, qual);
    return true;
  });
  return s;
}

// ---- dq_strings ---------------------------------------------------------------------------

bool isDqName(const Expr* e) {
  const auto* ref = e ? e->as<ColumnRef>() : nullptr;
  return ref && !ref->table && ref->column.quote == QuoteStyle::Double;
}
bool isPlainColumn(const Expr* e) {
  const auto* ref = e ? e->as<ColumnRef>() : nullptr;
  return ref && ref->column.quote != QuoteStyle::Double;
}
void toString(ExprPtr& e) {
  e = stringLiteral(e->as<ColumnRef>()->column.name, e->span);
}

bool isComparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt || op == BinaryOp::Le ||
         op == BinaryOp::Gt || op == BinaryOp::Ge;
}

SelectPtr dqStrings(SelectPtr s, const NormaliseOptions& o) {
  if (o.schema) return s;  // resolve_columns decided with the schema
  detail::rewriteExprs(*s, [&](ExprPtr& e) {
    if (auto* b = e->as<Binary>(); b && isComparison(b->op)) {
      if (isDqName(b->right.get()) && isPlainColumn(b->left.get()))
        toString(b->right);
      else if (isDqName(b->left.get()) && isPlainColumn(b->right.get()))
        toString(b->left);
    } else if (auto* l = e->as<Like>(); l && isDqName(l->pattern.get()) && isPlainColumn(l->expr.get())) {
      toString(l->pattern);
    } else if (auto* il = e->as<InList>(); il && isPlainColumn(il->expr.get())) {
      for (auto& item : il->list)
        if (isDqName(item.get())) toString(item);
    } else if (auto* bt = e->as<Between>(); bt && isPlainColumn(bt->expr.get())) {
      if (isDqName(bt->low.get())) toString(bt->low);
      if (isDqName(bt->high.get())) toString(bt->high);
    }
  });
  return s;
}

// ---- order_by_alias / result_aliases ------------------------------------------------------

SelectPtr orderByAlias(SelectPtr s, const NormaliseOptions&) {
  walk(static_cast<Node&>(*s), [&](Node& n) {
    auto* q = n.as<SelectStmt>();
    auto* c = q && q->body ? q->body->as<SelectCore>() : nullptr;
    if (!c) return true;
    for (auto& t : q->orderBy) {
      auto* ref = t && t->expr ? t->expr->as<ColumnRef>() : nullptr;
      if (!ref || ref->table) continue;
      for (auto& rc : c->columns)
        if (rc && rc->alias && rc->expr && sameName(rc->alias->name, ref->column.name)) {
          Span span = ref->span;
          t->expr = clone(*rc->expr);
          detail::setSpans(*t->expr, span);
          break;
        }
    }
    return true;
  });
  return s;
}

void topCores(QueryBody& b, std::vector<SelectCore*>& out) {
  if (auto* c = b.as<SelectCore>()) out.push_back(c);
  if (auto* cs = b.as<CompoundSelect>()) {
    if (cs->left) topCores(*cs->left, out);
    if (cs->right) topCores(*cs->right, out);
  }
}

SelectPtr resultAliases(SelectPtr s, const NormaliseOptions&) {
  if (!s->body) return s;
  std::set<std::string> used;
  walk(static_cast<const Node&>(*s), [&](const Node& n) {
    if (const auto* ref = n.as<ColumnRef>(); ref && !ref->table) used.insert(lowerAscii(ref->column.name));
    return true;
  });
  std::vector<SelectCore*> cores;
  topCores(*s->body, cores);
  for (auto* c : cores)
    for (auto& rc : c->columns)
      if (rc && rc->alias && !used.count(lowerAscii(rc->alias->name))) {
        rc->alias.reset();
        rc->hasAs = false;
      }
  return s;
}

// ---- case_fold / literals / joins ---------------------------------------------------------

void caseFold(Node& n) {
  detail::forEachIdentifier(n, [](Identifier& id) {
    id.name = lowerAscii(id.name);
    id.quote = QuoteStyle::None;
  });
}

std::string canonicalFloat(const std::string& text) {
  double v = std::strtod(text.c_str(), nullptr);
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string out = buf;
  if (out.find_first_of(".eEni") == std::string::npos) out += ".0";
  return out;
}

void literals(Node& n) {
  if (auto* lit = n.as<Literal>()) {
    if (lit->literalKind == LiteralKind::Integer) {
      errno = 0;
      char* end = nullptr;
      long long v = std::strtoll(lit->text.c_str(), &end, 0);
      if (errno == 0 && end && *end == '\0') lit->text = lit->value = std::to_string(v);
    } else if (lit->literalKind == LiteralKind::Float) {
      lit->text = lit->value = canonicalFloat(lit->text);
    } else if (lit->literalKind == LiteralKind::String) {
      lit->text = stringLiteral(lit->value, lit->span)->as<Literal>()->text;
    } else if (lit->literalKind == LiteralKind::Blob) {
      lit->value = lowerAscii(lit->value);
      lit->text = "X'" + lit->value + "'";
    }
  }
  if (auto* e = dynamic_cast<Expr*>(&n)) e->parens = 0;
  if (auto* t = dynamic_cast<TableRef*>(&n)) t->parens = 0;
}

// Leaves and ON conditions of a FROM tree made only of inner joins (false when another kind occurs).
bool innerJoinTree(TableRefPtr& t, std::vector<TableRefPtr>& leaves, std::vector<ExprPtr>& conds) {
  auto* j = t->as<JoinClause>();
  if (!j) {
    leaves.push_back(std::move(t));
    return true;
  }
  if (j->type != JoinType::Inner || j->natural || j->hasUsing || !j->left || !j->right) return false;
  if (j->on) conds.push_back(std::move(j->on));
  return innerJoinTree(j->left, leaves, conds) && innerJoinTree(j->right, leaves, conds);
}

std::string leafName(const TableRef& t) {
  if (const auto* nt = t.as<NamedTable>()) return nt->alias ? nt->alias->name : nt->name.name;
  if (const auto* sq = t.as<SubqueryTable>()) return sq->alias ? sq->alias->name : std::string();
  return print(t);
}

// Inner joins commute: tables ordered by their (canonical) names, all ON conditions on the top join.
void orderInnerJoins(TableRefPtr& from) {
  if (!from || !from->is<JoinClause>()) return;
  auto copy = clone(*from);
  std::vector<TableRefPtr> leaves;
  std::vector<ExprPtr> conds;
  if (!innerJoinTree(copy, leaves, conds)) return;
  Span top = from->span;
  std::stable_sort(leaves.begin(), leaves.end(),
                   [](const TableRefPtr& a, const TableRefPtr& b) { return leafName(*a) < leafName(*b); });
  TableRefPtr acc = std::move(leaves[0]);
  for (std::size_t i = 1; i < leaves.size(); ++i) {
    auto j = std::make_unique<JoinClause>();
    j->type = JoinType::Inner;
    j->span =
        Span{std::min(acc->span.begin, leaves[i]->span.begin), std::max(acc->span.end, leaves[i]->span.end)};
    j->left = std::move(acc);
    j->right = std::move(leaves[i]);
    acc = std::move(j);
  }
  ExprPtr on;
  for (auto& c : conds) {
    if (!on) {
      on = std::move(c);
      continue;
    }
    auto b = std::make_unique<Binary>();
    b->op = BinaryOp::And;
    b->span = Span{std::min(on->span.begin, c->span.begin), std::max(on->span.end, c->span.end)};
    b->left = std::move(on);
    b->right = std::move(c);
    on = std::move(b);
  }
  acc->as<JoinClause>()->on = std::move(on);
  acc->span = top;
  from = std::move(acc);
}

SelectPtr joins(SelectPtr s, const NormaliseOptions&) {
  walk(static_cast<Node&>(*s), [&](Node& n) {
    if (auto* j = n.as<JoinClause>()) {
      if ((j->type == JoinType::Comma || j->type == JoinType::Cross) && !j->on && !j->hasUsing && !j->natural)
        j->type = JoinType::Inner;
      j->innerKeyword = j->outerKeyword = false;
    }
    if (auto* t = n.as<OrderingTerm>(); t && t->order == SortOrder::Asc) t->order = SortOrder::None;
    return true;
  });
  walk(static_cast<Node&>(*s), [&](Node& n) {
    if (auto* c = n.as<SelectCore>()) orderInnerJoins(c->from);
    return true;
  });
  return s;
}

NormalisePass wholeTree(std::string name,
                        std::function<SelectPtr(SelectPtr, const NormaliseOptions&)> rewrite) {
  return {std::move(name), std::move(rewrite), nullptr};
}

NormalisePass nodeByNode(std::string name, void (*eachNode)(Node&)) {
  auto rewrite = [eachNode](SelectPtr s, const NormaliseOptions&) {
    walk(static_cast<Node&>(*s), [&](Node& n) {
      eachNode(n);
      return true;
    });
    return s;
  };
  return {std::move(name), rewrite, eachNode};
}

// Every pass, once; the two pipelines below name theirs.
const std::vector<NormalisePass>& allPasses() {
  static const std::vector<NormalisePass> passes = {
      wholeTree("table_aliases", tableAliases),
      wholeTree("resolve_columns", resolveColumns),
      wholeTree("single_source", singleSource),
      wholeTree("dq_strings", dqStrings),
      wholeTree("order_by_alias", orderByAlias),
      wholeTree("result_aliases", resultAliases),
      nodeByNode("count_rows", detail::countRows),
      nodeByNode("drop_aliases", detail::dropAliases),
      nodeByNode("case_fold", caseFold),
      nodeByNode("numeric_values", detail::numericValues),
      nodeByNode("literals", literals),
      wholeTree("joins", joins),
      wholeTree("comparisons", detail::comparisons),
      wholeTree("and_or", detail::andOr),
  };
  return passes;
}

std::vector<NormalisePass> pipeline(std::initializer_list<std::string_view> names) {
  std::vector<NormalisePass> out;
  for (std::string_view n : names)
    for (const NormalisePass& p : allPasses())
      if (p.name == n) out.push_back(p);
  return out;
}

}  // namespace

const std::vector<NormalisePass>& normalisePasses() {
  static const std::vector<NormalisePass> passes =
      pipeline({"table_aliases", "resolve_columns", "single_source", "dq_strings", "order_by_alias",
                "result_aliases", "case_fold", "literals", "joins", "comparisons", "and_or"});
  return passes;
}

const std::vector<NormalisePass>& expressionPasses() {
  static const std::vector<NormalisePass> passes =
      pipeline({"count_rows", "drop_aliases", "case_fold", "numeric_values", "joins"});
  return passes;
}

SelectPtr NormalisePass::apply(const SelectStmt& query, const NormaliseOptions& options) const {
  return rewrite(clone(query), options);
}

SelectPtr runPasses(const std::vector<NormalisePass>& passes, SelectPtr tree,
                    const NormaliseOptions& options) {
  for (std::size_t i = 0; i < passes.size();) {
    if (!passes[i].eachNode) {
      tree = passes[i++].rewrite(std::move(tree), options);
      continue;
    }
    std::size_t end = i;
    while (end < passes.size() && passes[end].eachNode) ++end;
    walk(static_cast<Node&>(*tree), [&](Node& n) {
      for (std::size_t k = i; k < end; ++k) passes[k].eachNode(n);
      return true;
    });
    i = end;
  }
  return tree;
}

SelectPtr normalise(const SelectStmt& query, const NormaliseOptions& options) {
  return runPasses(normalisePasses(), clone(query), options);  // one copy; the passes rewrite it in turn
}

std::string canonicalText(const SelectStmt& query, const NormaliseOptions& options) {
  return print(*normalise(query, options));
}

}  // namespace hs::sql
