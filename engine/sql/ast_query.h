// AST-STABLE
#pragma once
// AST query structure and FROM clause nodes (part of engine/sql/ast.h, include that).
#include <memory>
#include <optional>
#include <vector>

#include "engine/sql/ast_node.h"

namespace hs::sql {

// ---------------------------------------------------------------------------------------------
// Query structure

enum class SortOrder : std::uint8_t { None, Asc, Desc };
enum class NullsOrder : std::uint8_t { None, First, Last };

class OrderingTerm : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(OrderingTerm);
  ExprPtr expr;  // may carry a Collate
  SortOrder order = SortOrder::None;
  NullsOrder nulls = NullsOrder::None;
};
using OrderingTermPtr = std::unique_ptr<OrderingTerm>;

// LIMIT count [OFFSET offset] or LIMIT offset, count (commaForm: first number is the OFFSET).
class Limit : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(Limit);
  ExprPtr count;
  ExprPtr offset;          // may be null
  bool commaForm = false;  // written "LIMIT offset, count"; printed canonically as LIMIT .. OFFSET ..
};

enum class FrameUnit : std::uint8_t { Rows, Range, Groups };
enum class FrameBoundKind : std::uint8_t {
  UnboundedPreceding,
  Preceding,  // expr PRECEDING
  CurrentRow,
  Following,  // expr FOLLOWING
  UnboundedFollowing,
};
enum class FrameExclude : std::uint8_t { None, NoOthers, CurrentRow, Group, Ties };
struct FrameBound {
  FrameBoundKind kind = FrameBoundKind::CurrentRow;
  ExprPtr expr;  // for Preceding / Following
};
struct FrameSpec {
  FrameUnit unit = FrameUnit::Rows;
  bool between = false;  // BETWEEN start AND end; otherwise only start
  FrameBound start;
  FrameBound end;
  FrameExclude exclude = FrameExclude::None;
  Span span;
};

// ( [base] [PARTITION BY ..] [ORDER BY ..] [frame] )
class WindowSpec : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(WindowSpec);
  std::optional<Identifier> baseName;
  ExprList partitionBy;
  std::vector<OrderingTermPtr> orderBy;
  std::optional<FrameSpec> frame;
};
using WindowSpecPtr = std::unique_ptr<WindowSpec>;

class NamedWindow : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(NamedWindow);
  Identifier name;
  WindowSpecPtr spec;
};
using NamedWindowPtr = std::unique_ptr<NamedWindow>;

class ResultColumn : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(ResultColumn);
  ExprPtr expr;  // Star / TableStar for * and t.*
  std::optional<Identifier> alias;
  bool hasAs = false;  // alias written with AS
};
using ResultColumnPtr = std::unique_ptr<ResultColumn>;

enum class Quantifier : std::uint8_t { None, Distinct, All };

class SelectCore : public QueryBody {
  using Base = QueryBody;

 public:
  HS_SQL_NODE(SelectCore);
  Quantifier quantifier = Quantifier::None;
  std::vector<ResultColumnPtr> columns;
  TableRefPtr from;  // one join tree (comma joins are JoinClause with JoinType::Comma); may be null
  ExprPtr where;
  ExprList groupBy;
  ExprPtr having;
  std::vector<NamedWindowPtr> windows;
};

class ValuesClause : public QueryBody {
  using Base = QueryBody;

 public:
  HS_SQL_NODE(ValuesClause);
  std::vector<ExprList> rows;
};

enum class CompoundOp : std::uint8_t { Union, UnionAll, Intersect, Except };
const char* toString(CompoundOp op);  // "UNION", "UNION ALL", "INTERSECT", "EXCEPT"

// Left-associative binary tree: ((a UNION b) EXCEPT c) has left = (a UNION b), right = c.
class CompoundSelect : public QueryBody {
  using Base = QueryBody;

 public:
  HS_SQL_NODE(CompoundSelect);
  CompoundOp op = CompoundOp::Union;
  QueryBodyPtr left;
  QueryBodyPtr right;  // SelectCore or ValuesClause
};

enum class Materialization : std::uint8_t { Default, Materialized, NotMaterialized };

class CommonTableExpr : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(CommonTableExpr);
  Identifier name;
  std::vector<Identifier> columns;
  Materialization materialization = Materialization::Default;
  SelectPtr query;
};
using CommonTableExprPtr = std::unique_ptr<CommonTableExpr>;

class WithClause : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(WithClause);
  bool recursive = false;
  std::vector<CommonTableExprPtr> ctes;
};
using WithClausePtr = std::unique_ptr<WithClause>;

// A complete query: the top-level statement, a subquery, a CTE body.
class SelectStmt : public Node {
  using Base = Node;

 public:
  HS_SQL_NODE(SelectStmt);
  WithClausePtr with;  // may be null
  QueryBodyPtr body;
  std::vector<OrderingTermPtr> orderBy;  // applies to the whole compound
  std::unique_ptr<Limit> limit;          // may be null
};

// ---------------------------------------------------------------------------------------------
// FROM clause

class NamedTable : public TableRef {
  using Base = TableRef;

 public:
  HS_SQL_NODE(NamedTable);
  std::optional<Identifier> schema;
  Identifier name;
  std::optional<Identifier> alias;
  bool hasAs = false;
  std::optional<Identifier> indexedBy;  // INDEXED BY name
  bool notIndexed = false;              // NOT INDEXED
};

class TableFunction : public TableRef {
  using Base = TableRef;

 public:
  HS_SQL_NODE(TableFunction);
  std::optional<Identifier> schema;
  Identifier name;
  ExprList args;
  std::optional<Identifier> alias;
  bool hasAs = false;
};

class SubqueryTable : public TableRef {
  using Base = TableRef;

 public:
  HS_SQL_NODE(SubqueryTable);
  SelectPtr query;
  std::optional<Identifier> alias;
  bool hasAs = false;
};

enum class JoinType : std::uint8_t {
  Comma,  // FROM a, b
  Inner,  // JOIN / INNER JOIN
  Cross,  // CROSS JOIN
  Left,   // LEFT [OUTER] JOIN
  Right,  // RIGHT [OUTER] JOIN
  Full,   // FULL [OUTER] JOIN
};

// Left-deep: FROM a JOIN b JOIN c is Join(Join(a, b), c).
class JoinClause : public TableRef {
  using Base = TableRef;

 public:
  HS_SQL_NODE(JoinClause);
  JoinType type = JoinType::Inner;
  bool natural = false;
  bool outerKeyword = false;  // OUTER written (no meaning; ignored by equals)
  bool innerKeyword = false;  // INNER written (ignored by equals)
  TableRefPtr left;
  TableRefPtr right;
  ExprPtr on;                      // may be null
  std::vector<Identifier> using_;  // USING (a, b)
  bool hasUsing = false;
};

}  // namespace hs::sql
