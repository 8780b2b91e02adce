#include "engine/sql/normalise_rewrite.h"

namespace hs::sql::detail {

namespace {
void slot(ExprPtr& e, const std::function<void(ExprPtr&)>& fn) {
  if (e) fn(e);
}
void slots(ExprList& list, const std::function<void(ExprPtr&)>& fn) {
  for (auto& e : list) slot(e, fn);
}
void ident(std::optional<Identifier>& id, const std::function<void(Identifier&)>& fn) {
  if (id) fn(*id);
}
}  // namespace

void forEachExprSlot(Node& node, const std::function<void(ExprPtr&)>& fn) {
  switch (node.kind()) {
    case NodeKind::OrderingTerm:
      slot(node.as<OrderingTerm>()->expr, fn);
      break;
    case NodeKind::Limit: {
      auto* n = node.as<Limit>();
      slot(n->count, fn);
      slot(n->offset, fn);
      break;
    }
    case NodeKind::WindowSpec:
      slots(node.as<WindowSpec>()->partitionBy, fn);
      break;
    case NodeKind::ResultColumn:
      slot(node.as<ResultColumn>()->expr, fn);
      break;
    case NodeKind::SelectCore: {
      auto* n = node.as<SelectCore>();
      slot(n->where, fn);
      slots(n->groupBy, fn);
      slot(n->having, fn);
      break;
    }
    case NodeKind::ValuesClause:
      for (auto& row : node.as<ValuesClause>()->rows) slots(row, fn);
      break;
    case NodeKind::JoinClause:
      slot(node.as<JoinClause>()->on, fn);
      break;
    case NodeKind::TableFunction:
      slots(node.as<TableFunction>()->args, fn);
      break;
    case NodeKind::Unary:
      slot(node.as<Unary>()->operand, fn);
      break;
    case NodeKind::Binary: {
      auto* n = node.as<Binary>();
      slot(n->left, fn);
      slot(n->right, fn);
      break;
    }
    case NodeKind::Between: {
      auto* n = node.as<Between>();
      slot(n->expr, fn);
      slot(n->low, fn);
      slot(n->high, fn);
      break;
    }
    case NodeKind::InList: {
      auto* n = node.as<InList>();
      slot(n->expr, fn);
      slots(n->list, fn);
      break;
    }
    case NodeKind::InSubquery:
      slot(node.as<InSubquery>()->expr, fn);
      break;
    case NodeKind::InTable: {
      auto* n = node.as<InTable>();
      slot(n->expr, fn);
      slots(n->args, fn);
      break;
    }
    case NodeKind::Case: {
      auto* n = node.as<Case>();
      slot(n->operand, fn);
      for (auto& w : n->whens) {
        slot(w.when, fn);
        slot(w.then, fn);
      }
      slot(n->elseExpr, fn);
      break;
    }
    case NodeKind::Cast:
      slot(node.as<Cast>()->expr, fn);
      break;
    case NodeKind::Collate:
      slot(node.as<Collate>()->expr, fn);
      break;
    case NodeKind::Like: {
      auto* n = node.as<Like>();
      slot(n->expr, fn);
      slot(n->pattern, fn);
      slot(n->escape, fn);
      break;
    }
    case NodeKind::IsExpr: {
      auto* n = node.as<IsExpr>();
      slot(n->left, fn);
      slot(n->right, fn);
      break;
    }
    case NodeKind::IsNull:
      slot(node.as<IsNull>()->expr, fn);
      break;
    case NodeKind::FunctionCall: {
      auto* n = node.as<FunctionCall>();
      slots(n->args, fn);
      slot(n->filter, fn);
      break;
    }
    case NodeKind::RowValue:
      slots(node.as<RowValue>()->items, fn);
      break;
    case NodeKind::Raise:
      slot(node.as<Raise>()->message, fn);
      break;
    default:
      break;
  }
}

void rewriteExprs(Node& root, const std::function<void(ExprPtr&)>& fn) {
  root.forEachChild([&](Node& child) { rewriteExprs(child, fn); });
  forEachExprSlot(root, fn);
}

void forEachIdentifier(Node& node, const std::function<void(Identifier&)>& fn) {
  switch (node.kind()) {
    case NodeKind::ColumnRef: {
      auto* n = node.as<ColumnRef>();
      ident(n->schema, fn);
      ident(n->table, fn);
      fn(n->column);
      break;
    }
    case NodeKind::TableStar: {
      auto* n = node.as<TableStar>();
      ident(n->schema, fn);
      fn(n->table);
      break;
    }
    case NodeKind::NamedTable: {
      auto* n = node.as<NamedTable>();
      ident(n->schema, fn);
      fn(n->name);
      ident(n->alias, fn);
      break;
    }
    case NodeKind::SubqueryTable:
      ident(node.as<SubqueryTable>()->alias, fn);
      break;
    case NodeKind::TableFunction: {
      auto* n = node.as<TableFunction>();
      fn(n->name);
      ident(n->alias, fn);
      break;
    }
    case NodeKind::CommonTableExpr: {
      auto* n = node.as<CommonTableExpr>();
      fn(n->name);
      for (auto& c : n->columns) fn(c);
      break;
    }
    case NodeKind::ResultColumn:
      ident(node.as<ResultColumn>()->alias, fn);
      break;
    case NodeKind::FunctionCall: {
      auto* n = node.as<FunctionCall>();
      fn(n->name);
      ident(n->overName, fn);
      break;
    }
    case NodeKind::Collate:
      fn(node.as<Collate>()->collation);
      break;
    case NodeKind::JoinClause:
      for (auto& u : node.as<JoinClause>()->using_) fn(u);
      break;
    case NodeKind::NamedWindow:
      fn(node.as<NamedWindow>()->name);
      break;
    case NodeKind::WindowSpec:
      ident(node.as<WindowSpec>()->baseName, fn);
      break;
    case NodeKind::InTable: {
      auto* n = node.as<InTable>();
      ident(n->schema, fn);
      fn(n->table);
      break;
    }
    default:
      break;
  }
}

void setSpans(Node& root, Span span) {
  walk(root, [&](Node& n) {
    n.span = span;
    return true;
  });
}

}  // namespace hs::sql::detail
