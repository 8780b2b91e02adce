#pragma once
// Internal to the resolver (resolver.cpp, resolver_lookup.cpp): scopes and the walking state.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/db/schema.h"
#include "engine/sql/ast.h"
#include "engine/sql/resolver.h"

namespace hs::sql::detail {

std::string lowerAscii(std::string_view s);
bool isRowidName(std::string_view s);
// The INTEGER PRIMARY KEY column of a rowid table: another name for the rowid.
bool isRowidAlias(const hs::db::TableInfo& table, std::string_view column);

struct CteDef {
  const CommonTableExpr* cte = nullptr;
  std::vector<std::string> columns;
  bool computed = false;   // columns known
  bool resolving = false;  // body being resolved (a reference now is a recursive one)
  bool resolved = false;
  std::set<BaseColumn> reads;  // what the body reads; merged at each reference
};

// One SELECT core: its FROM items and what its expressions may see.
struct Scope {
  int id = -1;
  Scope* parent = nullptr;
  const SelectCore* core = nullptr;
  std::vector<int> sources;                     // source ids, FROM order
  std::map<int, std::set<std::string>> using_;  // source id -> coalesced (lower-case) columns
  std::set<int> used;                           // sources with at least one column used
  bool aliasesVisible = false;                  // result aliases usable as a fallback
  std::vector<std::string> outputNames;

  // Whether source `sourceId` has coalesced columns / has `column` among them. Looked up without
  // operator[] (no empty entry per source asked about) and without lower-casing when it has none.
  bool hasCoalesced(int sourceId) const {
    auto it = using_.find(sourceId);
    return it != using_.end() && !it->second.empty();
  }
  bool isCoalesced(int sourceId, std::string_view column) const {
    auto it = using_.find(sourceId);
    return it != using_.end() && !it->second.empty() && it->second.count(lowerAscii(column)) > 0;
  }
};

class ResolverImpl {
 public:
  ResolverImpl(const hs::db::Schema& schema, std::string_view text, Resolution& out)
      : schema_(schema), text_(text), r_(out), reads_(&out.reads) {}

  std::vector<std::string> select(const SelectStmt& stmt, Scope* outer);

 private:
  std::vector<std::string> body(const QueryBody& body, Scope* outer, const SelectStmt* owner);
  std::vector<std::string> core(const SelectCore& core, Scope* outer, const SelectStmt* owner);
  std::vector<std::string> values(const ValuesClause& values, Scope* outer);
  void fromItem(const TableRef& ref, Scope& scope, std::vector<const Expr*>& onExprs);
  int addSource(SourceInfo info, Scope& scope);
  void joinConstraint(const JoinClause& join, Scope& scope, std::size_t firstRight);
  void resultColumns(const SelectCore& core, Scope& scope);
  void orderBy(const std::vector<OrderingTermPtr>& terms, Scope& scope, bool groupBy);
  void groupBy(const ExprList& keys, Scope& scope);

  // Expressions (resolver_lookup.cpp).
  void visit(const Node& node, Scope& scope);
  void columnRef(const ColumnRef& ref, Scope& scope);
  bool bindAlias(const ColumnRef& ref, Scope& scope, int depth);
  // Records that a column of a source is used; `report` adds it to the reads (the authorizer does
  // not see USING / NATURAL comparisons). Using only the rowid (or its INTEGER PRIMARY KEY alias)
  // leaves the table "unused", as SQLite's column-usage mask does.
  void markRead(Scope& scope, int sourceId, const std::string& column, bool report = true);
  int findColumn(const SourceInfo& src, std::string_view column) const;
  CteDef* findCte(std::string_view name);
  void referenceCte(CteDef& def);
  std::string nameOf(const ResultColumn& rc, std::size_t index) const;
  void diag(std::string code, std::string message, Span span, bool warning = false);

  const hs::db::Schema& schema_;
  std::string_view text_;
  Resolution& r_;
  std::set<BaseColumn>* reads_;
  std::vector<std::vector<std::unique_ptr<CteDef>>> ctes_;  // visible WITH frames, innermost last
  CteDef* pendingCte_ = nullptr;  // CTE whose columns come from its first (non-recursive) part
  std::vector<std::unique_ptr<Scope>> scopes_;
};

}  // namespace hs::sql::detail
