// AST-STABLE
#pragma once
// AST core (part of engine/sql/ast.h, include that): spans, identifiers, node kinds, the Node base
// class, clone/equals/walk and the base classes of the three node families.
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

// Declares a node class's kind, constructor and overrides; #undef'd at the end of ast.h.
#define HS_SQL_NODE(Name)                           \
  static constexpr NodeKind kKind = NodeKind::Name; \
  Name() : Base(NodeKind::Name) {}                  \
  void forEachChild(const ChildFn& fn) override;    \
  using Node::forEachChild;                         \
  std::unique_ptr<Node> cloneNode() const override

}  // namespace hs::sql
