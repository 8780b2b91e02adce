// AST-STABLE
#pragma once
// Typed AST of SQLite's query language (hs::sql). One class per node kind, std::unique_ptr children,
// a generic child visitor (Node::forEachChild), clone() and structural equals() (ast_equals.cpp).
//
// Stability: fields and kinds are only ever ADDED. Names here are not renamed or removed.
//
// Conventions:
//  - Every node has a byte span [begin, end) into the original UTF-8 text. Expression spans do not
//    include surrounding redundant parentheses; Expr::parens counts them (informational only).
//  - Identifiers keep their span (raw spelling incl. quotes) and their unquoted name.
//  - A tree from a successful parse has every "required" child non-null. A PARTIAL tree (returned
//    with a syntax error) may have null children anywhere; forEachChild skips null children.
//  - Parentheses are not nodes: the printer re-inserts them by precedence.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hs::sql {

// Byte range [begin, end) in the original text.
struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
  bool empty() const { return end <= begin; }
  std::string_view in(std::string_view text) const { return text.substr(begin, end - begin); }
  friend bool operator==(const Span& a, const Span& b) { return a.begin == b.begin && a.end == b.end; }
};

enum class QuoteStyle : std::uint8_t {
  None,      // bare identifier or keyword used as a name
  Double,    // "x"
  Backtick,  // `x`
  Bracket,   // [x]
  Single,    // 'x' where SQLite reads a string as a name (FROM 'tbl', AS 'alias')
};

// A name as written: `name` is the unquoted text (doubled quotes resolved), `span` the raw token.
struct Identifier {
  std::string name;
  Span span;
  QuoteStyle quote = QuoteStyle::None;
  bool empty() const { return name.empty() && quote == QuoteStyle::None; }
};
// Case-insensitive (ASCII) comparison of unquoted names, as SQLite compares identifiers.
bool sameName(const Identifier& a, const Identifier& b);
bool sameName(std::string_view a, std::string_view b);

enum class NodeKind : std::uint8_t {
  // Query structure
  SelectStmt,      // [WITH] body [ORDER BY] [LIMIT]
  SelectCore,      // SELECT ... FROM ... WHERE ... GROUP BY ... HAVING ... WINDOW ...
  CompoundSelect,  // left UNION/UNION ALL/INTERSECT/EXCEPT right
  ValuesClause,    // VALUES (..), (..)
  WithClause,
  CommonTableExpr,
  ResultColumn,
  OrderingTerm,
  Limit,
  WindowSpec,
  NamedWindow,  // WINDOW name AS (spec)
  // Table references (FROM)
  NamedTable,
  SubqueryTable,
  JoinClause,
  TableFunction,
  // Expressions
  ColumnRef,
  Literal,
  Parameter,
  Unary,
  Binary,
  Between,
  InList,
  InSubquery,
  InTable,  // x IN tbl
  Exists,
  SubqueryExpr,
  Case,
  Cast,
  Collate,
  Like,  // LIKE / GLOB / REGEXP / MATCH [ESCAPE]
  IsExpr,
  IsNull,  // ISNULL, NOTNULL, NOT NULL, IS NULL, IS NOT NULL
  FunctionCall,
  Star,       // * in a result column (or count(*) is FunctionCall::star instead)
  TableStar,  // t.*
  RowValue,   // (a, b, ...)
  Raise,      // RAISE(IGNORE | ROLLBACK/ABORT/FAIL, msg)
};
const char* toString(NodeKind kind);  // "SelectStmt", "ColumnRef", ...
bool isExprKind(NodeKind kind);
bool isTableRefKind(NodeKind kind);
bool isQueryBodyKind(NodeKind kind);  // SelectCore, CompoundSelect, ValuesClause

class Node;
using ChildFn = std::function<void(Node&)>;
using ConstChildFn = std::function<void(const Node&)>;

class Node {
 public:
  explicit Node(NodeKind k) : kind_(k) {}
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  NodeKind kind() const { return kind_; }
  Span span;

  // Calls fn on every non-null direct child node, in source order.
  virtual void forEachChild(const ChildFn& fn) = 0;
  void forEachChild(const ConstChildFn& fn) const;
  // Deep copy (spans included).
  virtual std::unique_ptr<Node> cloneNode() const = 0;

  template <class T>
  bool is() const {
    return kind_ == T::kKind;
  }
  template <class T>
  T* as() {
    return kind_ == T::kKind ? static_cast<T*>(this) : nullptr;
  }
  template <class T>
  const T* as() const {
    return kind_ == T::kKind ? static_cast<const T*>(this) : nullptr;
  }

 protected:
  Node(NodeKind k, Span s) : span(s), kind_(k) {}

 private:
  NodeKind kind_;
};

// Typed deep copy: clone(*expr) -> unique_ptr<Expr>, clone(*select) -> unique_ptr<SelectStmt>.
template <class T>
std::unique_ptr<T> clone(const T& node) {
  return std::unique_ptr<T>(static_cast<T*>(node.cloneNode().release()));
}
template <class T>
std::unique_ptr<T> cloneOrNull(const std::unique_ptr<T>& node) {
  return node ? clone(*node) : nullptr;
}

// Structural equality: ignores spans, parentheses, whitespace, keyword case, quoting style; names
// compare case-insensitively after unquoting. Null children compare equal only to null children.
bool equals(const Node& a, const Node& b);
bool equalsOrNull(const Node* a, const Node* b);

// Pre-order walk over a subtree (the node itself first). Return false from fn to skip children.
void walk(Node& root, const std::function<bool(Node&)>& fn);
void walk(const Node& root, const std::function<bool(const Node&)>& fn);

// ---------------------------------------------------------------------------------------------
// Base classes of the three node families.

class Expr : public Node {
 public:
  using Node::Node;
  std::uint8_t parens = 0;  // number of redundant parentheses around it in the source
};
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

class TableRef : public Node {
 public:
  using Node::Node;
  std::uint8_t parens = 0;
};
using TableRefPtr = std::unique_ptr<TableRef>;

// SelectCore, CompoundSelect or ValuesClause.
class QueryBody : public Node {
 public:
  using Node::Node;
};
using QueryBodyPtr = std::unique_ptr<QueryBody>;

class SelectStmt;
using SelectPtr = std::unique_ptr<SelectStmt>;

#define HS_SQL_NODE(Name)                           \
  static constexpr NodeKind kKind = NodeKind::Name; \
  Name() : Base(NodeKind::Name) {}                  \
  void forEachChild(const ChildFn& fn) override;    \
  using Node::forEachChild;                         \
  std::unique_ptr<Node> cloneNode() const override

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

// ---------------------------------------------------------------------------------------------
// Expressions

class ColumnRef : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(ColumnRef);
  std::optional<Identifier> schema;
  std::optional<Identifier> table;
  Identifier column;
};

enum class LiteralKind : std::uint8_t {
  Integer,  // 12, 0x1F
  Float,    // 1.5, 1e3, .5
  String,   // 'text'
  Blob,     // X'ABCD'
  Null,
  True,
  False,
  CurrentTime,
  CurrentDate,
  CurrentTimestamp,
};
const char* toString(LiteralKind kind);

class Literal : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Literal);
  LiteralKind literalKind = LiteralKind::Null;
  std::string text;   // spelling in the source: 0x1F, 1e3, 'it''s', X'AB', NULL
  std::string value;  // String: unescaped content; Blob: hex digits; others: same as text
};

class Parameter : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Parameter);
  std::string text;  // ?, ?3, :name, @name, $name
};

enum class UnaryOp : std::uint8_t { Minus, Plus, Not, BitNot };
const char* toString(UnaryOp op);

class Unary : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Unary);
  UnaryOp op = UnaryOp::Not;
  ExprPtr operand;
};

enum class BinaryOp : std::uint8_t {
  Or,
  And,
  Eq,  // = and ==
  Ne,  // != and <>
  Lt,
  Le,
  Gt,
  Ge,
  BitAnd,
  BitOr,
  ShiftLeft,
  ShiftRight,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Concat,      // ||
  JsonGet,     // ->
  JsonGetText  // ->>
};
const char* toString(BinaryOp op);  // canonical spelling: "=", "<>", "||", "AND", ...

class Binary : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Binary);
  BinaryOp op = BinaryOp::Eq;
  ExprPtr left;
  ExprPtr right;
};

class Between : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Between);
  bool negated = false;
  ExprPtr expr;
  ExprPtr low;
  ExprPtr high;
};

class InList : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(InList);
  bool negated = false;
  ExprPtr expr;
  ExprList list;  // may be empty: x IN ()
};

class InSubquery : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(InSubquery);
  bool negated = false;
  ExprPtr expr;
  SelectPtr query;
};

class InTable : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(InTable);
  bool negated = false;
  ExprPtr expr;
  std::optional<Identifier> schema;
  Identifier table;
  ExprList args;  // table-valued function arguments: x IN f(1, 2)
  bool hasArgs = false;
};

// EXISTS (query). NOT EXISTS is Unary(Not, Exists).
class Exists : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Exists);
  SelectPtr query;
};

// A scalar subquery: (SELECT ...).
class SubqueryExpr : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(SubqueryExpr);
  SelectPtr query;
};

struct WhenClause {
  ExprPtr when;
  ExprPtr then;
};

class Case : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Case);
  ExprPtr operand;  // CASE operand WHEN ..; may be null
  std::vector<WhenClause> whens;
  ExprPtr elseExpr;  // may be null
};

class Cast : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Cast);
  ExprPtr expr;
  std::string typeName;  // tokens of the type joined by single spaces, e.g. "VARCHAR(10)", "REAL"
  Span typeSpan;
};

class Collate : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Collate);
  ExprPtr expr;
  Identifier collation;
};

enum class LikeOp : std::uint8_t { Like, Glob, Regexp, Match };
const char* toString(LikeOp op);

class Like : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Like);
  LikeOp op = LikeOp::Like;
  bool negated = false;
  ExprPtr expr;
  ExprPtr pattern;
  ExprPtr escape;  // may be null
};

// left IS [NOT] right, left IS [NOT] DISTINCT FROM right.
// Meaning: "IS" == "IS NOT DISTINCT FROM"; "IS NOT" == "IS DISTINCT FROM". isNot() gives that.
class IsExpr : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(IsExpr);
  bool negated = false;       // NOT written
  bool distinctFrom = false;  // DISTINCT FROM written
  ExprPtr left;
  ExprPtr right;
  bool isNot() const { return negated != distinctFrom; }
};

class IsNull : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(IsNull);
  bool negated = false;  // NOTNULL / NOT NULL / IS NOT NULL
  ExprPtr expr;
};

class FunctionCall : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(FunctionCall);
  Identifier name;
  bool distinct = false;
  bool star = false;  // count(*)
  ExprList args;
  std::vector<OrderingTermPtr> orderBy;  // aggregate ORDER BY (SQLite 3.44+); usually empty
  ExprPtr filter;                        // FILTER (WHERE expr); may be null
  std::optional<Identifier> overName;    // OVER name
  WindowSpecPtr over;                    // OVER (spec); may be null
};

class Star : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Star);
};

class TableStar : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(TableStar);
  std::optional<Identifier> schema;
  Identifier table;
};

class RowValue : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(RowValue);
  ExprList items;
};

enum class RaiseKind : std::uint8_t { Ignore, Rollback, Abort, Fail };

class Raise : public Expr {
  using Base = Expr;

 public:
  HS_SQL_NODE(Raise);
  RaiseKind raiseKind = RaiseKind::Ignore;
  ExprPtr message;  // null for IGNORE
};

#undef HS_SQL_NODE

// ---------------------------------------------------------------------------------------------
// Statements: queries are modelled, the rest recognised and classified.

enum class StatementKind : std::uint8_t {
  Select,  // SELECT, VALUES, WITH ... SELECT
  Insert,  // INSERT, REPLACE
  Update,
  Delete,
  CreateTable,
  CreateVirtualTable,
  CreateIndex,
  CreateView,
  CreateTrigger,
  DropTable,
  DropIndex,
  DropView,
  DropTrigger,
  AlterTable,
  Pragma,
  Attach,
  Detach,
  Begin,
  Commit,  // COMMIT / END
  Rollback,
  Savepoint,
  Release,
  Vacuum,
  Analyze,
  Reindex,
  Unknown,  // not a statement SQLite knows
};
// "select", "insert", "update", "delete", "create_table", ..., "pragma", "unknown".
const char* toString(StatementKind kind);
// True for statements that cannot change anything (SELECT, read-only PRAGMA is not decided here).
bool isQuery(StatementKind kind);

enum class ExplainKind : std::uint8_t { None, Explain, QueryPlan };

struct Statement {
  StatementKind kind = StatementKind::Unknown;
  ExplainKind explain = ExplainKind::None;  // EXPLAIN [QUERY PLAN] prefix; kind is the inner one
  Span span;                                // without the terminating ';'
  SelectPtr select;                         // for kind == Select (partial on a syntax error)
};

}  // namespace hs::sql
