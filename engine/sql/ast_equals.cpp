// Structural equality of AST nodes: spans, parentheses, quoting and keyword case are ignored.
#include "engine/core/text.h"
#include "engine/sql/ast.h"

namespace hs::sql {

namespace {

bool eqName(const Identifier& a, const Identifier& b) {
  return sameName(a, b);
}
bool eqName(const std::optional<Identifier>& a, const std::optional<Identifier>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || sameName(*a, *b);
}
bool eqNames(const std::vector<Identifier>& a, const std::vector<Identifier>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!sameName(a[i], b[i])) return false;
  return true;
}
template <class P>
bool eq(const P& a, const P& b) {
  return equalsOrNull(a.get(), b.get());
}
template <class P>
bool eqAll(const std::vector<P>& a, const std::vector<P>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!eq(a[i], b[i])) return false;
  return true;
}
bool eqBound(const FrameBound& a, const FrameBound& b) {
  return a.kind == b.kind && eq(a.expr, b.expr);
}

template <class T>
const T& as(const Node& n) {
  return static_cast<const T&>(n);
}

}  // namespace

bool equalsOrNull(const Node* a, const Node* b) {
  if (!a || !b) return a == b;
  return equals(*a, *b);
}

bool equals(const Node& x, const Node& y) {
  if (x.kind() != y.kind()) return false;
  switch (x.kind()) {
    case NodeKind::SelectStmt: {
      const auto &a = as<SelectStmt>(x), &b = as<SelectStmt>(y);
      return eq(a.with, b.with) && eq(a.body, b.body) && eqAll(a.orderBy, b.orderBy) && eq(a.limit, b.limit);
    }
    case NodeKind::SelectCore: {
      const auto &a = as<SelectCore>(x), &b = as<SelectCore>(y);
      return a.quantifier == b.quantifier && eqAll(a.columns, b.columns) && eq(a.from, b.from) &&
             eq(a.where, b.where) && eqAll(a.groupBy, b.groupBy) && eq(a.having, b.having) &&
             eqAll(a.windows, b.windows);
    }
    case NodeKind::CompoundSelect: {
      const auto &a = as<CompoundSelect>(x), &b = as<CompoundSelect>(y);
      return a.op == b.op && eq(a.left, b.left) && eq(a.right, b.right);
    }
    case NodeKind::ValuesClause: {
      const auto &a = as<ValuesClause>(x), &b = as<ValuesClause>(y);
      if (a.rows.size() != b.rows.size()) return false;
      for (std::size_t i = 0; i < a.rows.size(); ++i)
        if (!eqAll(a.rows[i], b.rows[i])) return false;
      return true;
    }
    case NodeKind::WithClause: {
      const auto &a = as<WithClause>(x), &b = as<WithClause>(y);
      return a.recursive == b.recursive && eqAll(a.ctes, b.ctes);
    }
    case NodeKind::CommonTableExpr: {
      const auto &a = as<CommonTableExpr>(x), &b = as<CommonTableExpr>(y);
      return eqName(a.name, b.name) && eqNames(a.columns, b.columns) &&
             a.materialization == b.materialization && eq(a.query, b.query);
    }
    case NodeKind::ResultColumn: {
      const auto &a = as<ResultColumn>(x), &b = as<ResultColumn>(y);
      return eq(a.expr, b.expr) && eqName(a.alias, b.alias);
    }
    case NodeKind::OrderingTerm: {
      const auto &a = as<OrderingTerm>(x), &b = as<OrderingTerm>(y);
      return eq(a.expr, b.expr) && a.order == b.order && a.nulls == b.nulls;
    }
    case NodeKind::Limit: {
      const auto &a = as<Limit>(x), &b = as<Limit>(y);
      return eq(a.count, b.count) && eq(a.offset, b.offset);
    }
    case NodeKind::WindowSpec: {
      const auto &a = as<WindowSpec>(x), &b = as<WindowSpec>(y);
      if (!eqName(a.baseName, b.baseName) || !eqAll(a.partitionBy, b.partitionBy) ||
          !eqAll(a.orderBy, b.orderBy))
        return false;
      if (a.frame.has_value() != b.frame.has_value()) return false;
      if (!a.frame) return true;
      const FrameSpec &f = *a.frame, &g = *b.frame;
      return f.unit == g.unit && f.between == g.between && eqBound(f.start, g.start) &&
             (!f.between || eqBound(f.end, g.end)) && f.exclude == g.exclude;
    }
    case NodeKind::NamedWindow: {
      const auto &a = as<NamedWindow>(x), &b = as<NamedWindow>(y);
      return eqName(a.name, b.name) && eq(a.spec, b.spec);
    }
    case NodeKind::NamedTable: {
      const auto &a = as<NamedTable>(x), &b = as<NamedTable>(y);
      return eqName(a.schema, b.schema) && eqName(a.name, b.name) && eqName(a.alias, b.alias) &&
             eqName(a.indexedBy, b.indexedBy) && a.notIndexed == b.notIndexed;
    }
    case NodeKind::TableFunction: {
      const auto &a = as<TableFunction>(x), &b = as<TableFunction>(y);
      return eqName(a.schema, b.schema) && eqName(a.name, b.name) && eqAll(a.args, b.args) &&
             eqName(a.alias, b.alias);
    }
    case NodeKind::SubqueryTable: {
      const auto &a = as<SubqueryTable>(x), &b = as<SubqueryTable>(y);
      return eq(a.query, b.query) && eqName(a.alias, b.alias);
    }
    case NodeKind::JoinClause: {
      const auto &a = as<JoinClause>(x), &b = as<JoinClause>(y);
      return a.type == b.type && a.natural == b.natural && eq(a.left, b.left) && eq(a.right, b.right) &&
             eq(a.on, b.on) && a.hasUsing == b.hasUsing && eqNames(a.using_, b.using_);
    }
    case NodeKind::ColumnRef: {
      const auto &a = as<ColumnRef>(x), &b = as<ColumnRef>(y);
      return eqName(a.schema, b.schema) && eqName(a.table, b.table) && eqName(a.column, b.column);
    }
    case NodeKind::Literal: {
      const auto &a = as<Literal>(x), &b = as<Literal>(y);
      if (a.literalKind != b.literalKind) return false;
      if (a.literalKind == LiteralKind::String) return a.value == b.value;
      return hs::iequals(a.value, b.value);
    }
    case NodeKind::Parameter:
      return as<Parameter>(x).text == as<Parameter>(y).text;
    case NodeKind::Unary: {
      const auto &a = as<Unary>(x), &b = as<Unary>(y);
      return a.op == b.op && eq(a.operand, b.operand);
    }
    case NodeKind::Binary: {
      const auto &a = as<Binary>(x), &b = as<Binary>(y);
      return a.op == b.op && eq(a.left, b.left) && eq(a.right, b.right);
    }
    case NodeKind::Between: {
      const auto &a = as<Between>(x), &b = as<Between>(y);
      return a.negated == b.negated && eq(a.expr, b.expr) && eq(a.low, b.low) && eq(a.high, b.high);
    }
    case NodeKind::InList: {
      const auto &a = as<InList>(x), &b = as<InList>(y);
      return a.negated == b.negated && eq(a.expr, b.expr) && eqAll(a.list, b.list);
    }
    case NodeKind::InSubquery: {
      const auto &a = as<InSubquery>(x), &b = as<InSubquery>(y);
      return a.negated == b.negated && eq(a.expr, b.expr) && eq(a.query, b.query);
    }
    case NodeKind::InTable: {
      const auto &a = as<InTable>(x), &b = as<InTable>(y);
      return a.negated == b.negated && eq(a.expr, b.expr) && eqName(a.schema, b.schema) &&
             eqName(a.table, b.table) && a.hasArgs == b.hasArgs && eqAll(a.args, b.args);
    }
    case NodeKind::Exists:
      return eq(as<Exists>(x).query, as<Exists>(y).query);
    case NodeKind::SubqueryExpr:
      return eq(as<SubqueryExpr>(x).query, as<SubqueryExpr>(y).query);
    case NodeKind::Case: {
      const auto &a = as<Case>(x), &b = as<Case>(y);
      if (!eq(a.operand, b.operand) || !eq(a.elseExpr, b.elseExpr) || a.whens.size() != b.whens.size())
        return false;
      for (std::size_t i = 0; i < a.whens.size(); ++i)
        if (!eq(a.whens[i].when, b.whens[i].when) || !eq(a.whens[i].then, b.whens[i].then)) return false;
      return true;
    }
    case NodeKind::Cast: {
      const auto &a = as<Cast>(x), &b = as<Cast>(y);
      return eq(a.expr, b.expr) && hs::iequals(a.typeName, b.typeName);
    }
    case NodeKind::Collate: {
      const auto &a = as<Collate>(x), &b = as<Collate>(y);
      return eq(a.expr, b.expr) && eqName(a.collation, b.collation);
    }
    case NodeKind::Like: {
      const auto &a = as<Like>(x), &b = as<Like>(y);
      return a.op == b.op && a.negated == b.negated && eq(a.expr, b.expr) && eq(a.pattern, b.pattern) &&
             eq(a.escape, b.escape);
    }
    case NodeKind::IsExpr: {
      const auto &a = as<IsExpr>(x), &b = as<IsExpr>(y);
      return a.isNot() == b.isNot() && eq(a.left, b.left) && eq(a.right, b.right);
    }
    case NodeKind::IsNull: {
      const auto &a = as<IsNull>(x), &b = as<IsNull>(y);
      return a.negated == b.negated && eq(a.expr, b.expr);
    }
    case NodeKind::FunctionCall: {
      const auto &a = as<FunctionCall>(x), &b = as<FunctionCall>(y);
      return eqName(a.name, b.name) && a.distinct == b.distinct && a.star == b.star &&
             eqAll(a.args, b.args) && eqAll(a.orderBy, b.orderBy) && eq(a.filter, b.filter) &&
             eqName(a.overName, b.overName) && eq(a.over, b.over);
    }
    case NodeKind::Star:
      return true;
    case NodeKind::TableStar: {
      const auto &a = as<TableStar>(x), &b = as<TableStar>(y);
      return eqName(a.schema, b.schema) && eqName(a.table, b.table);
    }
    case NodeKind::RowValue:
      return eqAll(as<RowValue>(x).items, as<RowValue>(y).items);
    case NodeKind::Raise: {
      const auto &a = as<Raise>(x), &b = as<Raise>(y);
      return a.raiseKind == b.raiseKind && eq(a.message, b.message);
    }
  }
  return false;
}

}  // namespace hs::sql
