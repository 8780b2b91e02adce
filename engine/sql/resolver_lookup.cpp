// Expression walking and name lookup of the resolver (SQLite's lookupName in resolve.c).
#include <algorithm>

#include "engine/sql/resolver_scope.h"

namespace hs::sql::detail {

int ResolverImpl::findColumn(const SourceInfo& src, std::string_view column) const {
  for (std::size_t i = 0; i < src.columns.size(); ++i)
    if (sameName(src.columns[i], column)) return static_cast<int>(i);
  return -1;
}

CteDef* ResolverImpl::findCte(std::string_view name) {
  for (auto frame = ctes_.rbegin(); frame != ctes_.rend(); ++frame)
    for (auto& def : *frame)
      if (sameName(def->cte->name.name, name)) return def.get();
  return nullptr;
}

void ResolverImpl::referenceCte(CteDef& def) {
  if (!def.resolved && !def.resolving && def.cte->query) {
    def.resolving = true;
    std::set<BaseColumn>* saved = reads_;
    reads_ = &def.reads;
    pendingCte_ = &def;
    auto names = select(*def.cte->query, nullptr);
    pendingCte_ = nullptr;
    reads_ = saved;
    if (!def.computed) {
      def.columns = names;
      def.computed = true;
    } else if (!def.cte->columns.empty() && names.size() != def.cte->columns.size()) {
      diag("column_count",
           "table " + def.cte->name.name + " has " + std::to_string(names.size()) + " values for " +
               std::to_string(def.cte->columns.size()) + " columns",
           def.cte->name.span);
    }
    def.resolving = false;
    def.resolved = true;
  }
  reads_->insert(def.reads.begin(), def.reads.end());
}

bool isRowidAlias(const hs::db::TableInfo& table, std::string_view column) {
  if (table.isView) return false;
  const hs::db::ColumnInfo* pk = nullptr;
  for (const auto& c : table.columns) {
    if (!c.primaryKey) continue;
    if (pk) return false;  // composite key
    pk = &c;
  }
  if (!pk || !sameName(pk->name, column) || !sameName(pk->declaredType, "INTEGER")) return false;
  std::string sql = lowerAscii(table.sql);
  return sql.find("without rowid") == std::string::npos;
}

void ResolverImpl::markRead(Scope& scope, int sourceId, const std::string& column, bool report) {
  const SourceInfo& src = r_.sources[static_cast<std::size_t>(sourceId)];
  bool base = src.kind == SourceKind::Table || src.kind == SourceKind::View;
  bool rowidOnly = base && src.table && (column == "rowid" || isRowidAlias(*src.table, column));
  if (!rowidOnly) scope.used.insert(sourceId);
  if (report && !column.empty() && base) reads_->insert(BaseColumn{src.name, column});
}

void ResolverImpl::visit(const Node& node, Scope& scope) {
  if (const auto* ref = node.as<ColumnRef>()) {
    columnRef(*ref, scope);
    return;
  }
  if (const auto* sub = node.as<SelectStmt>()) {
    select(*sub, &scope);
    return;
  }
  if (const auto* in = node.as<InTable>()) {
    if (in->expr) visit(*in->expr, scope);
    for (const auto& a : in->args)
      if (a) visit(*a, scope);
    if (!in->hasArgs && !findCte(in->table.name) && !schema_.findTable(in->table.name))
      diag("no_such_table", "no such table: " + in->table.name, in->table.span);
    return;
  }
  node.forEachChild([&](const Node& child) { visit(child, scope); });
}

bool ResolverImpl::bindAlias(const ColumnRef& ref, Scope& scope, int depth) {
  if (!scope.core) return false;
  const auto& cols = scope.core->columns;
  for (std::size_t i = 0; i < cols.size(); ++i) {
    const ResultColumn* rc = cols[i].get();
    if (!rc || !rc->alias || !sameName(rc->alias->name, ref.column.name)) continue;
    ColumnBinding b;
    b.kind = SourceKind::ResultAlias;
    b.source = rc->alias->name;
    b.column = rc->alias->name;
    b.scopeId = scope.id;
    b.depth = depth;
    b.aliasExpr = rc->expr.get();
    b.aliasIndex = static_cast<int>(i);
    r_.columns[&ref] = std::move(b);
    return true;
  }
  return false;
}

void ResolverImpl::columnRef(const ColumnRef& ref, Scope& scope) {
  const std::string& col = ref.column.name;
  const std::string* qual = ref.table ? &ref.table->name : nullptr;
  bool qualifierSeen = false;
  bool opaqueSeen = false;
  int depth = 0;
  for (Scope* s = &scope; s; s = s->parent, ++depth) {
    std::vector<std::pair<int, int>> matches;  // (source id, column index)
    std::vector<int> rowidTables;
    for (int id : s->sources) {
      const SourceInfo& src = r_.sources[static_cast<std::size_t>(id)];
      if (qual && !sameName(src.qualifier, *qual)) continue;
      qualifierSeen = true;
      opaqueSeen = opaqueSeen || src.opaque;
      int idx = findColumn(src, col);
      if (idx >= 0) {
        if (!qual && !matches.empty() && s->isCoalesced(id, col)) continue;  // coalesced
        matches.emplace_back(id, idx);
      } else if (src.kind == SourceKind::Table) {
        rowidTables.push_back(id);
      }
    }
    if (matches.size() > 1) {
      diag("ambiguous_column", "ambiguous column name: " + (qual ? *qual + "." : std::string()) + col,
           ref.span);
      return;
    }
    ColumnBinding b;
    b.scopeId = s->id;
    b.depth = depth;
    if (matches.size() == 1) {
      const SourceInfo& src = r_.sources[static_cast<std::size_t>(matches[0].first)];
      b.kind = src.kind;
      b.sourceId = src.id;
      b.source = src.name;
      b.column = src.columns[static_cast<std::size_t>(matches[0].second)];
      b.coalesced = !qual && s->hasCoalesced(src.id);
      markRead(*s, src.id, b.column);
      r_.columns[&ref] = std::move(b);
      return;
    }
    if (isRowidName(col) && rowidTables.size() == 1) {
      const SourceInfo& src = r_.sources[static_cast<std::size_t>(rowidTables[0])];
      b.kind = src.kind;
      b.sourceId = src.id;
      b.source = src.name;
      b.column = "rowid";
      b.rowid = true;
      markRead(*s, src.id, "rowid");
      r_.columns[&ref] = std::move(b);
      return;
    }
    if (!qual && s->aliasesVisible && bindAlias(ref, *s, depth)) return;
  }
  if (opaqueSeen) return;  // an unknown table was already reported; do not cascade
  if (!qual && ref.column.quote == QuoteStyle::Double) {
    diag("dqs_string", "\"" + col + "\" is not a column: SQLite reads it as the string '" + col + "'",
         ref.span, true);
    return;
  }
  if (qual && !qualifierSeen) {
    diag("unknown_qualifier",
         "no such column: " + *qual + "." + col + " (no table or alias named " + *qual + ")", ref.span);
    return;
  }
  bool anyOpaque = false;
  for (Scope* s = &scope; s; s = s->parent)
    for (int id : s->sources) anyOpaque = anyOpaque || r_.sources[static_cast<std::size_t>(id)].opaque;
  if (anyOpaque && !qual) return;
  diag("no_such_column", "no such column: " + (qual ? *qual + "." : std::string()) + col, ref.span);
}

}  // namespace hs::sql::detail
