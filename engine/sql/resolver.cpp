#include "engine/sql/resolver.h"

#include <algorithm>

#include "engine/sql/printer.h"
#include "engine/sql/resolver_scope.h"

namespace hs::sql {

const char* toString(SourceKind kind) {
  switch (kind) {
    case SourceKind::Table:
      return "table";
    case SourceKind::View:
      return "view";
    case SourceKind::Cte:
      return "cte";
    case SourceKind::Derived:
      return "derived";
    case SourceKind::Function:
      return "function";
    case SourceKind::ResultAlias:
      return "alias";
  }
  return "?";
}

const ColumnBinding* Resolution::binding(const ColumnRef& ref) const {
  auto it = columns.find(&ref);
  return it == columns.end() ? nullptr : &it->second;
}

const SourceInfo* Resolution::sourceOf(const Node& fromItem) const {
  auto it = tables.find(&fromItem);
  return it == tables.end() ? nullptr : &sources[static_cast<std::size_t>(it->second)];
}

bool Resolution::hasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return !d.warning; });
}

bool Resolution::isCorrelated(const SelectStmt& subquery) const {
  std::set<int> inner;
  walk(subquery, [&](const Node& n) {
    auto it = scopeOf.find(&n);
    if (it != scopeOf.end()) inner.insert(it->second);
    return true;
  });
  bool correlated = false;
  walk(subquery, [&](const Node& n) {
    if (const auto* ref = n.as<ColumnRef>()) {
      const ColumnBinding* b = binding(*ref);
      if (b && b->scopeId >= 0 && !inner.count(b->scopeId)) correlated = true;
    }
    return !correlated;
  });
  return correlated;
}

Resolution resolve(const SelectStmt& query, const hs::db::Schema& schema, std::string_view text) {
  Resolution out;
  detail::ResolverImpl impl(schema, text, out);
  impl.select(query, nullptr);
  return out;
}

namespace detail {

std::string lowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool isRowidName(std::string_view s) {
  return sameName(s, "rowid") || sameName(s, "oid") || sameName(s, "_rowid_");
}

void ResolverImpl::diag(std::string code, std::string message, Span span, bool warning) {
  r_.diagnostics.push_back(Diagnostic{std::move(code), std::move(message), span, warning});
}

std::vector<std::string> ResolverImpl::select(const SelectStmt& stmt, Scope* outer) {
  bool pushed = false;
  if (stmt.with) {
    std::vector<std::unique_ptr<CteDef>> frame;
    for (const auto& cte : stmt.with->ctes) {
      if (!cte) continue;
      auto def = std::make_unique<CteDef>();
      def->cte = cte.get();
      for (const auto& c : cte->columns) def->columns.push_back(c.name);
      def->computed = !cte->columns.empty();
      frame.push_back(std::move(def));
    }
    ctes_.push_back(std::move(frame));
    pushed = true;
  }
  std::vector<std::string> names;
  if (stmt.body) names = body(*stmt.body, outer, &stmt);
  if (pushed) {
    // CTEs nobody referenced: SQLite never looks at them (no reads, no errors); resolve them for
    // the bindings only, into a throw-away read set, and keep their problems as warnings.
    for (auto& def : ctes_.back()) {
      if (def->resolved || !def->cte->query) continue;
      std::size_t before = r_.diagnostics.size();
      std::set<BaseColumn> discarded;
      std::set<BaseColumn>* saved = reads_;
      reads_ = &discarded;
      referenceCte(*def);
      reads_ = saved;
      for (std::size_t i = before; i < r_.diagnostics.size(); ++i) r_.diagnostics[i].warning = true;
    }
    ctes_.pop_back();
  }
  return names;
}

std::vector<std::string> ResolverImpl::body(const QueryBody& b, Scope* outer, const SelectStmt* owner) {
  CteDef* pending = pendingCte_;
  pendingCte_ = nullptr;
  if (const auto* c = b.as<SelectCore>()) return core(*c, outer, owner);
  if (const auto* v = b.as<ValuesClause>()) {
    auto names = values(*v, outer);
    if (owner) orderBy(owner->orderBy, *scopes_.back(), false);
    return names;
  }
  const auto* cs = b.as<CompoundSelect>();
  if (!cs) return {};
  std::vector<std::string> names;
  if (cs->left) names = body(*cs->left, outer, nullptr);
  if (pending && !pending->computed) {
    pending->columns = names;
    pending->computed = true;
  }
  if (cs->right) body(*cs->right, outer, nullptr);
  if (owner && !owner->orderBy.empty()) {
    // ORDER BY of a compound names result columns (by alias/name or number); nothing is read.
    for (const auto& term : owner->orderBy) {
      if (!term || !term->expr) continue;
      const Expr* e = term->expr.get();
      if (const auto* col = e->as<Collate>()) e = col->expr.get();
      if (const auto* ref = e ? e->as<ColumnRef>() : nullptr) {
        auto it = std::find_if(names.begin(), names.end(),
                               [&](const std::string& n) { return sameName(n, ref->column.name); });
        if (it != names.end()) {
          ColumnBinding bnd;
          bnd.kind = SourceKind::ResultAlias;
          bnd.source = *it;
          bnd.column = *it;
          bnd.aliasIndex = static_cast<int>(it - names.begin());
          r_.columns[ref] = bnd;
          continue;
        }
        diag("no_such_column",
             "ORDER BY term does not match any column in the result set: " + ref->column.name, ref->span);
      }
    }
  }
  if (owner && owner->limit) {
    Scope empty;
    visit(*owner->limit, empty);
  }
  return names;
}

std::vector<std::string> ResolverImpl::values(const ValuesClause& v, Scope* outer) {
  auto scope = std::make_unique<Scope>();
  scope->id = static_cast<int>(r_.scopeParent.size());
  r_.scopeParent.push_back(outer ? outer->id : -1);
  scope->parent = outer;
  r_.scopeOf[&v] = scope->id;
  std::size_t width = 0;
  for (const auto& row : v.rows) {
    width = std::max(width, row.size());
    for (const auto& e : row)
      if (e) visit(*e, *scope);
  }
  std::vector<std::string> names;
  for (std::size_t i = 0; i < width; ++i) names.push_back("column" + std::to_string(i + 1));
  scope->outputNames = names;
  scopes_.push_back(std::move(scope));
  return names;
}

int ResolverImpl::addSource(SourceInfo info, Scope& scope) {
  info.id = static_cast<int>(r_.sources.size());
  info.scopeId = scope.id;
  info.fromIndex = static_cast<int>(scope.sources.size());
  if (info.node) r_.tables[info.node] = info.id;
  scope.sources.push_back(info.id);
  r_.sources.push_back(std::move(info));
  return r_.sources.back().id;
}

void ResolverImpl::fromItem(const TableRef& ref, Scope& scope, std::vector<const Expr*>& onExprs) {
  if (const auto* j = ref.as<JoinClause>()) {
    if (j->left) fromItem(*j->left, scope, onExprs);
    std::size_t firstRight = scope.sources.size();
    if (j->right) fromItem(*j->right, scope, onExprs);
    joinConstraint(*j, scope, firstRight);
    if (j->on) onExprs.push_back(j->on.get());
    return;
  }
  SourceInfo info;
  info.node = &ref;
  if (const auto* t = ref.as<NamedTable>()) {
    info.name = t->name.name;
    info.qualifier = t->alias ? t->alias->name : t->name.name;
    CteDef* def = t->schema ? nullptr : findCte(t->name.name);
    if (def) {
      info.kind = SourceKind::Cte;
      referenceCte(*def);
      info.columns = def->columns;
      info.name = def->cte->name.name;
    } else if (const hs::db::TableInfo* table = schema_.findTable(t->name.name)) {
      info.kind = table->isView ? SourceKind::View : SourceKind::Table;
      info.name = table->name;
      info.table = table;
      info.columns.reserve(table->columns.size());
      for (const auto& c : table->columns) info.columns.push_back(c.name);
    } else {
      diag("no_such_table", "no such table: " + t->name.name, t->name.span);
      info.opaque = true;
    }
  } else if (const auto* s = ref.as<SubqueryTable>()) {
    info.kind = SourceKind::Derived;
    info.name = s->alias ? s->alias->name : std::string();
    info.qualifier = info.name;
    if (s->query) info.columns = select(*s->query, scope.parent);
  } else if (const auto* f = ref.as<TableFunction>()) {
    info.kind = SourceKind::Function;
    info.name = f->name.name;
    info.qualifier = f->alias ? f->alias->name : f->name.name;
    info.opaque = true;
    for (const auto& a : f->args)
      if (a) visit(*a, scope);
  } else {
    return;
  }
  addSource(std::move(info), scope);
}

void ResolverImpl::joinConstraint(const JoinClause& j, Scope& scope, std::size_t firstRight) {
  if (!j.natural && !j.hasUsing) return;
  std::vector<std::string> cols;
  auto leftHas = [&](const std::string& name, bool mark) {
    for (std::size_t i = 0; i < firstRight; ++i) {
      int id = scope.sources[i];
      int idx = findColumn(r_.sources[static_cast<std::size_t>(id)], name);
      if (idx >= 0 && !scope.isCoalesced(id, name)) {
        if (mark)
          markRead(scope, id, r_.sources[static_cast<std::size_t>(id)].columns[static_cast<std::size_t>(idx)],
                   false);
        return true;
      }
    }
    return false;
  };
  if (j.natural) {
    for (std::size_t i = firstRight; i < scope.sources.size(); ++i)
      for (const auto& c : r_.sources[static_cast<std::size_t>(scope.sources[i])].columns)
        if (leftHas(c, false)) cols.push_back(c);
  } else {
    for (const auto& u : j.using_) {
      bool right = false;
      for (std::size_t i = firstRight; i < scope.sources.size(); ++i)
        right = right || findColumn(r_.sources[static_cast<std::size_t>(scope.sources[i])], u.name) >= 0;
      if (!right || !leftHas(u.name, false))
        diag("no_such_column", "cannot join using column " + u.name + " - column not present in both tables",
             u.span);
      cols.push_back(u.name);
    }
  }
  // The columns are compared (the tables count as used; SQLite's authorizer does not report these
  // generated comparisons as reads) and the right side's copies are hidden from * and unqualified names.
  for (const auto& c : cols) {
    leftHas(c, true);
    for (std::size_t i = firstRight; i < scope.sources.size(); ++i) {
      int id = scope.sources[i];
      int idx = findColumn(r_.sources[static_cast<std::size_t>(id)], c);
      if (idx >= 0) {
        scope.using_[id].insert(lowerAscii(c));
        markRead(scope, id, r_.sources[static_cast<std::size_t>(id)].columns[static_cast<std::size_t>(idx)],
                 false);
      }
    }
  }
}

std::string ResolverImpl::nameOf(const ResultColumn& rc, std::size_t index) const {
  if (rc.alias) return rc.alias->name;
  if (rc.expr) {
    if (const auto* ref = rc.expr->as<ColumnRef>()) return ref->column.name;
    if (!text_.empty() && rc.expr->span.end <= text_.size()) return std::string(rc.expr->span.in(text_));
    return print(*rc.expr);
  }
  return "column" + std::to_string(index + 1);
}

void ResolverImpl::resultColumns(const SelectCore& c, Scope& scope) {
  for (std::size_t i = 0; i < c.columns.size(); ++i) {
    const ResultColumn* rc = c.columns[i].get();
    if (!rc || !rc->expr) continue;
    const Expr* e = rc->expr.get();
    const TableStar* ts = e->as<TableStar>();
    if (e->is<Star>() || ts) {
      std::vector<std::pair<int, std::string>> expansion;
      bool found = false;
      for (int id : scope.sources) {
        const SourceInfo& src = r_.sources[static_cast<std::size_t>(id)];
        if (ts && !sameName(src.qualifier, ts->table.name)) continue;
        found = true;
        if (src.opaque) markRead(scope, id, std::string());
        for (const auto& col : src.columns) {
          if (!ts && scope.isCoalesced(id, col)) continue;
          expansion.emplace_back(id, col);
          markRead(scope, id, col);
          scope.outputNames.push_back(col);
        }
      }
      if (ts && !found) diag("unknown_qualifier", "no such table: " + ts->table.name, ts->table.span);
      if (!ts && scope.sources.empty()) diag("no_such_table", "no tables specified", e->span);
      r_.stars[e] = std::move(expansion);
      continue;
    }
    visit(*e, scope);
    scope.outputNames.push_back(nameOf(*rc, i));
  }
}

std::vector<std::string> ResolverImpl::core(const SelectCore& c, Scope* outer, const SelectStmt* owner) {
  auto owned = std::make_unique<Scope>();
  Scope& scope = *owned;
  scopes_.push_back(std::move(owned));
  scope.id = static_cast<int>(r_.scopeParent.size());
  r_.scopeParent.push_back(outer ? outer->id : -1);
  scope.parent = outer;
  scope.core = &c;
  r_.scopeOf[&c] = scope.id;

  std::vector<const Expr*> onExprs;
  if (c.from) fromItem(*c.from, scope, onExprs);
  for (const Expr* on : onExprs) visit(*on, scope);
  resultColumns(c, scope);
  scope.aliasesVisible = true;
  if (c.where) visit(*c.where, scope);
  groupBy(c.groupBy, scope);
  if (c.having) visit(*c.having, scope);
  for (const auto& w : c.windows)
    if (w) visit(*w, scope);
  if (owner) {
    orderBy(owner->orderBy, scope, false);
    if (owner->limit) {
      Scope empty;
      visit(*owner->limit, empty);
    }
  }
  // A table none of whose columns is used is still read: the authorizer reports it with "".
  for (int id : scope.sources) {
    const SourceInfo& src = r_.sources[static_cast<std::size_t>(id)];
    if (!scope.used.count(id) && (src.kind == SourceKind::Table || src.kind == SourceKind::View))
      reads_->insert(BaseColumn{src.name, std::string()});
  }
  return scope.outputNames;
}

void ResolverImpl::groupBy(const ExprList& keys, Scope& scope) {
  for (const auto& k : keys) {
    if (!k) continue;
    const Expr* e = k.get();
    if (const auto* lit = e->as<Literal>(); lit && lit->literalKind == LiteralKind::Integer) {
      long long n = std::atoll(lit->text.c_str());
      if (n < 1 || static_cast<std::size_t>(n) > scope.outputNames.size())
        diag("bad_column_number",
             "GROUP BY term out of range - should be between 1 and " +
                 std::to_string(scope.outputNames.size()),
             lit->span);
      continue;
    }
    visit(*e, scope);
  }
}

void ResolverImpl::orderBy(const std::vector<OrderingTermPtr>& terms, Scope& scope, bool) {
  for (const auto& term : terms) {
    if (!term || !term->expr) continue;
    const Expr* e = term->expr.get();
    if (const auto* col = e->as<Collate>(); col && col->expr) e = col->expr.get();
    if (const auto* ref = e->as<ColumnRef>(); ref && !ref->table && bindAlias(*ref, scope, 0)) continue;
    if (const auto* lit = e->as<Literal>(); lit && lit->literalKind == LiteralKind::Integer) {
      long long n = std::atoll(lit->text.c_str());
      if (n < 1 || static_cast<std::size_t>(n) > scope.outputNames.size())
        diag("bad_column_number",
             "ORDER BY term out of range - should be between 1 and " +
                 std::to_string(scope.outputNames.size()),
             lit->span);
      continue;
    }
    visit(*term, scope);
  }
}

}  // namespace detail
}  // namespace hs::sql
