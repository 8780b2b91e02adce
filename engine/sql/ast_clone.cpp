// Deep copies of AST nodes (Node::cloneNode).
#include <memory>
#include <vector>

#include "engine/sql/ast.h"

namespace hs::sql {

namespace {

template <class T>
std::unique_ptr<T> make(const Node& from) {
  auto n = std::make_unique<T>();
  n->span = from.span;
  return n;
}
template <class P>
P cl(const P& p) {
  return cloneOrNull(p);
}
template <class P>
std::vector<P> clAll(const std::vector<P>& list) {
  std::vector<P> out;
  out.reserve(list.size());
  for (const auto& p : list) out.push_back(cl(p));
  return out;
}
FrameBound clBound(const FrameBound& b) {
  return FrameBound{b.kind, cl(b.expr)};
}

}  // namespace

// ---- cloneNode ----------------------------------------------------------------------------------

std::unique_ptr<Node> OrderingTerm::cloneNode() const {
  auto n = make<OrderingTerm>(*this);
  n->expr = cl(expr);
  n->order = order;
  n->nulls = nulls;
  return n;
}
std::unique_ptr<Node> Limit::cloneNode() const {
  auto n = make<Limit>(*this);
  n->count = cl(count);
  n->offset = cl(offset);
  n->commaForm = commaForm;
  return n;
}
std::unique_ptr<Node> WindowSpec::cloneNode() const {
  auto n = make<WindowSpec>(*this);
  n->baseName = baseName;
  n->partitionBy = clAll(partitionBy);
  n->orderBy = clAll(orderBy);
  if (frame) {
    n->frame.emplace();
    n->frame->unit = frame->unit;
    n->frame->between = frame->between;
    n->frame->start = clBound(frame->start);
    n->frame->end = clBound(frame->end);
    n->frame->exclude = frame->exclude;
    n->frame->span = frame->span;
  }
  return n;
}
std::unique_ptr<Node> NamedWindow::cloneNode() const {
  auto n = make<NamedWindow>(*this);
  n->name = name;
  n->spec = cl(spec);
  return n;
}
std::unique_ptr<Node> ResultColumn::cloneNode() const {
  auto n = make<ResultColumn>(*this);
  n->expr = cl(expr);
  n->alias = alias;
  n->hasAs = hasAs;
  return n;
}
std::unique_ptr<Node> SelectCore::cloneNode() const {
  auto n = make<SelectCore>(*this);
  n->quantifier = quantifier;
  n->columns = clAll(columns);
  n->from = cl(from);
  n->where = cl(where);
  n->groupBy = clAll(groupBy);
  n->having = cl(having);
  n->windows = clAll(windows);
  return n;
}
std::unique_ptr<Node> ValuesClause::cloneNode() const {
  auto n = make<ValuesClause>(*this);
  for (const auto& row : rows) n->rows.push_back(clAll(row));
  return n;
}
std::unique_ptr<Node> CompoundSelect::cloneNode() const {
  auto n = make<CompoundSelect>(*this);
  n->op = op;
  n->left = cl(left);
  n->right = cl(right);
  return n;
}
std::unique_ptr<Node> CommonTableExpr::cloneNode() const {
  auto n = make<CommonTableExpr>(*this);
  n->name = name;
  n->columns = columns;
  n->materialization = materialization;
  n->query = cl(query);
  return n;
}
std::unique_ptr<Node> WithClause::cloneNode() const {
  auto n = make<WithClause>(*this);
  n->recursive = recursive;
  n->ctes = clAll(ctes);
  return n;
}
std::unique_ptr<Node> SelectStmt::cloneNode() const {
  auto n = make<SelectStmt>(*this);
  n->with = cl(with);
  n->body = cl(body);
  n->orderBy = clAll(orderBy);
  n->limit = cl(limit);
  return n;
}
std::unique_ptr<Node> NamedTable::cloneNode() const {
  auto n = make<NamedTable>(*this);
  n->parens = parens;
  n->schema = schema;
  n->name = name;
  n->alias = alias;
  n->hasAs = hasAs;
  n->indexedBy = indexedBy;
  n->notIndexed = notIndexed;
  return n;
}
std::unique_ptr<Node> TableFunction::cloneNode() const {
  auto n = make<TableFunction>(*this);
  n->parens = parens;
  n->schema = schema;
  n->name = name;
  n->args = clAll(args);
  n->alias = alias;
  n->hasAs = hasAs;
  return n;
}
std::unique_ptr<Node> SubqueryTable::cloneNode() const {
  auto n = make<SubqueryTable>(*this);
  n->parens = parens;
  n->query = cl(query);
  n->alias = alias;
  n->hasAs = hasAs;
  return n;
}
std::unique_ptr<Node> JoinClause::cloneNode() const {
  auto n = make<JoinClause>(*this);
  n->parens = parens;
  n->type = type;
  n->natural = natural;
  n->outerKeyword = outerKeyword;
  n->innerKeyword = innerKeyword;
  n->left = cl(left);
  n->right = cl(right);
  n->on = cl(on);
  n->using_ = using_;
  n->hasUsing = hasUsing;
  return n;
}

#define HS_EXPR_CLONE_BEGIN(T)                 \
  std::unique_ptr<Node> T::cloneNode() const { \
    auto n = make<T>(*this);                   \
    n->parens = parens;
#define HS_EXPR_CLONE_END \
  return n;               \
  }

HS_EXPR_CLONE_BEGIN(ColumnRef)
n->schema = schema;
n->table = table;
n->column = column;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Literal)
n->literalKind = literalKind;
n->text = text;
n->value = value;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Parameter)
n->text = text;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Unary)
n->op = op;
n->operand = cl(operand);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Binary)
n->op = op;
n->left = cl(left);
n->right = cl(right);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Between)
n->negated = negated;
n->expr = cl(expr);
n->low = cl(low);
n->high = cl(high);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(InList)
n->negated = negated;
n->expr = cl(expr);
n->list = clAll(list);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(InSubquery)
n->negated = negated;
n->expr = cl(expr);
n->query = cl(query);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(InTable)
n->negated = negated;
n->expr = cl(expr);
n->schema = schema;
n->table = table;
n->args = clAll(args);
n->hasArgs = hasArgs;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Exists)
n->query = cl(query);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(SubqueryExpr)
n->query = cl(query);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Case)
n->operand = cl(operand);
for (const auto& w : whens) n->whens.push_back(WhenClause{cl(w.when), cl(w.then)});
n->elseExpr = cl(elseExpr);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Cast)
n->expr = cl(expr);
n->typeName = typeName;
n->typeSpan = typeSpan;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Collate)
n->expr = cl(expr);
n->collation = collation;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Like)
n->op = op;
n->negated = negated;
n->expr = cl(expr);
n->pattern = cl(pattern);
n->escape = cl(escape);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(IsExpr)
n->negated = negated;
n->distinctFrom = distinctFrom;
n->left = cl(left);
n->right = cl(right);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(IsNull)
n->negated = negated;
n->expr = cl(expr);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(FunctionCall)
n->name = name;
n->distinct = distinct;
n->star = star;
n->args = clAll(args);
n->orderBy = clAll(orderBy);
n->filter = cl(filter);
n->overName = overName;
n->over = cl(over);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Star)
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(TableStar)
n->schema = schema;
n->table = table;
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(RowValue)
n->items = clAll(items);
HS_EXPR_CLONE_END
HS_EXPR_CLONE_BEGIN(Raise)
n->raiseKind = raiseKind;
n->message = cl(message);
HS_EXPR_CLONE_END

}  // namespace hs::sql
