// The child visitor of every AST node (Node::forEachChild).
#include <vector>

#include "engine/sql/ast.h"

namespace hs::sql {

namespace {

template <class P>
void visit(const P& ptr, const ChildFn& fn) {
  if (ptr) fn(*ptr);
}
template <class P>
void visitAll(const std::vector<P>& list, const ChildFn& fn) {
  for (const auto& p : list) visit(p, fn);
}

}  // namespace

// ---- forEachChild -------------------------------------------------------------------------------

void OrderingTerm::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
}
void Limit::forEachChild(const ChildFn& fn) {
  if (commaForm) {
    visit(offset, fn);
    visit(count, fn);
  } else {
    visit(count, fn);
    visit(offset, fn);
  }
}
void WindowSpec::forEachChild(const ChildFn& fn) {
  visitAll(partitionBy, fn);
  visitAll(orderBy, fn);
  if (frame) {
    visit(frame->start.expr, fn);
    visit(frame->end.expr, fn);
  }
}
void NamedWindow::forEachChild(const ChildFn& fn) {
  visit(spec, fn);
}
void ResultColumn::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
}
void SelectCore::forEachChild(const ChildFn& fn) {
  visitAll(columns, fn);
  visit(from, fn);
  visit(where, fn);
  visitAll(groupBy, fn);
  visit(having, fn);
  visitAll(windows, fn);
}
void ValuesClause::forEachChild(const ChildFn& fn) {
  for (const auto& row : rows) visitAll(row, fn);
}
void CompoundSelect::forEachChild(const ChildFn& fn) {
  visit(left, fn);
  visit(right, fn);
}
void CommonTableExpr::forEachChild(const ChildFn& fn) {
  visit(query, fn);
}
void WithClause::forEachChild(const ChildFn& fn) {
  visitAll(ctes, fn);
}
void SelectStmt::forEachChild(const ChildFn& fn) {
  visit(with, fn);
  visit(body, fn);
  visitAll(orderBy, fn);
  visit(limit, fn);
}
void NamedTable::forEachChild(const ChildFn&) {}
void TableFunction::forEachChild(const ChildFn& fn) {
  visitAll(args, fn);
}
void SubqueryTable::forEachChild(const ChildFn& fn) {
  visit(query, fn);
}
void JoinClause::forEachChild(const ChildFn& fn) {
  visit(left, fn);
  visit(right, fn);
  visit(on, fn);
}
void ColumnRef::forEachChild(const ChildFn&) {}
void Literal::forEachChild(const ChildFn&) {}
void Parameter::forEachChild(const ChildFn&) {}
void Unary::forEachChild(const ChildFn& fn) {
  visit(operand, fn);
}
void Binary::forEachChild(const ChildFn& fn) {
  visit(left, fn);
  visit(right, fn);
}
void Between::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
  visit(low, fn);
  visit(high, fn);
}
void InList::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
  visitAll(list, fn);
}
void InSubquery::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
  visit(query, fn);
}
void InTable::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
  visitAll(args, fn);
}
void Exists::forEachChild(const ChildFn& fn) {
  visit(query, fn);
}
void SubqueryExpr::forEachChild(const ChildFn& fn) {
  visit(query, fn);
}
void Case::forEachChild(const ChildFn& fn) {
  visit(operand, fn);
  for (const auto& w : whens) {
    visit(w.when, fn);
    visit(w.then, fn);
  }
  visit(elseExpr, fn);
}
void Cast::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
}
void Collate::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
}
void Like::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
  visit(pattern, fn);
  visit(escape, fn);
}
void IsExpr::forEachChild(const ChildFn& fn) {
  visit(left, fn);
  visit(right, fn);
}
void IsNull::forEachChild(const ChildFn& fn) {
  visit(expr, fn);
}
void FunctionCall::forEachChild(const ChildFn& fn) {
  visitAll(args, fn);
  visitAll(orderBy, fn);
  visit(filter, fn);
  visit(over, fn);
}
void Star::forEachChild(const ChildFn&) {}
void TableStar::forEachChild(const ChildFn&) {}
void RowValue::forEachChild(const ChildFn& fn) {
  visitAll(items, fn);
}
void Raise::forEachChild(const ChildFn& fn) {
  visit(message, fn);
}

}  // namespace hs::sql
