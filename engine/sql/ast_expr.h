// AST-STABLE
#pragma once
// AST expression nodes (part of engine/sql/ast.h, include that).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/sql/ast_query.h"

namespace hs::sql {

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

}  // namespace hs::sql
