#pragma once
// Name resolution of a query against a schema, following SQLite's rules (resolve.c): table
// aliases, CTEs (recursive too), derived tables, correlated subqueries, USING / NATURAL
// (coalesced columns), result-column aliases (ORDER BY first, then WHERE / GROUP BY / HAVING as a
// fallback), rowid, and * / t.* expansion. Unresolved and ambiguous names become diagnostics with
// their byte spans; resolution never fails as a whole.
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/db/schema.h"
#include "engine/sql/ast.h"

namespace hs::sql {

// What a FROM item (or a name) stands for.
enum class SourceKind { Table, View, Cte, Derived, Function, ResultAlias };
const char* toString(SourceKind kind);

// A column of a base table (or view) that the query reads. Names use the schema's spelling;
// column is "" when a table is read without any column (e.g. SELECT count(*) FROM t), which is
// what SQLite's authorizer reports in that case. `column` is "rowid" for rowid / oid / _rowid_.
struct BaseColumn {
  std::string table;
  std::string column;
  friend bool operator<(const BaseColumn& a, const BaseColumn& b) {
    return a.table != b.table ? a.table < b.table : a.column < b.column;
  }
  friend bool operator==(const BaseColumn& a, const BaseColumn& b) {
    return a.table == b.table && a.column == b.column;
  }
};

// One FROM item of one SELECT: what a qualifier / unqualified name may bind to.
struct SourceInfo {
  int id = -1;        // index in Resolution::sources
  int scopeId = -1;   // the SELECT (scope) it belongs to
  int fromIndex = 0;  // position in its FROM clause (0-based, left to right)
  SourceKind kind = SourceKind::Table;
  std::string name;                  // table (schema spelling), CTE name, or the derived table's alias
  std::string qualifier;             // what a qualified reference must say: the alias, else the table name
  std::vector<std::string> columns;  // output columns, in order
  const Node* node = nullptr;        // NamedTable / SubqueryTable / TableFunction
  bool opaque = false;               // columns unknown (unknown table, table function)
  const hs::db::TableInfo* table = nullptr;  // Table / View: the schema entry
};

// What one ColumnRef stands for.
struct ColumnBinding {
  SourceKind kind = SourceKind::Table;
  int sourceId = -1;   // SourceInfo id (-1 for a result alias)
  std::string source;  // table / CTE / derived alias (ResultAlias: the alias)
  std::string column;  // column name as the source spells it ("rowid" for rowid)
  int scopeId = -1;    // scope of the source
  int depth = 0;       // 0: own SELECT; > 0: an outer SELECT (correlated reference)
  bool rowid = false;
  bool coalesced = false;           // a USING / NATURAL column named without qualifier
  const Expr* aliasExpr = nullptr;  // ResultAlias: the aliased expression
  int aliasIndex = -1;              // ResultAlias / ORDER BY n: 0-based result column
};

struct Diagnostic {
  // "no_such_table", "no_such_column", "unknown_qualifier", "ambiguous_column",
  // "ambiguous_table", "bad_column_number", "column_count" (CTE column list),
  // "dqs_string" (a double-quoted name that SQLite reads as a string literal; a warning)
  std::string code;
  std::string message;
  Span span;
  bool warning = false;
};

struct Resolution {
  std::vector<SourceInfo> sources;
  std::unordered_map<const ColumnRef*, ColumnBinding> columns;
  std::unordered_map<const Node*, int> tables;  // FROM item node -> source id
  // Star / TableStar node -> the (source id, column) pairs it expands to.
  std::unordered_map<const Expr*, std::vector<std::pair<int, std::string>>> stars;
  std::unordered_map<const Node*, int> scopeOf;  // SelectCore -> scope id
  std::vector<int> scopeParent;                  // scope id -> enclosing scope id (-1: none)
  std::set<BaseColumn> reads;                    // base columns read (see BaseColumn)
  std::vector<Diagnostic> diagnostics;

  const ColumnBinding* binding(const ColumnRef& ref) const;
  const SourceInfo* sourceOf(const Node& fromItem) const;
  bool hasErrors() const;
  // True when the subtree refers to a column of a scope outside it (a correlated subquery).
  bool isCorrelated(const SelectStmt& subquery) const;
};

// `text` is the SQL the tree was parsed from (names of expression columns); may be empty.
Resolution resolve(const SelectStmt& query, const hs::db::Schema& schema, std::string_view text = {});

}  // namespace hs::sql
