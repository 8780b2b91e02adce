// Node kinds, the child visitor and deep copies of the AST.
#include "engine/sql/ast.h"

#include "engine/core/text.h"

namespace hs::sql {

bool sameName(std::string_view a, std::string_view b) {
  return hs::iequals(a, b);
}
bool sameName(const Identifier& a, const Identifier& b) {
  return hs::iequals(a.name, b.name);
}

const char* toString(NodeKind kind) {
  switch (kind) {
    case NodeKind::SelectStmt:
      return "SelectStmt";
    case NodeKind::SelectCore:
      return "SelectCore";
    case NodeKind::CompoundSelect:
      return "CompoundSelect";
    case NodeKind::ValuesClause:
      return "ValuesClause";
    case NodeKind::WithClause:
      return "WithClause";
    case NodeKind::CommonTableExpr:
      return "CommonTableExpr";
    case NodeKind::ResultColumn:
      return "ResultColumn";
    case NodeKind::OrderingTerm:
      return "OrderingTerm";
    case NodeKind::Limit:
      return "Limit";
    case NodeKind::WindowSpec:
      return "WindowSpec";
    case NodeKind::NamedWindow:
      return "NamedWindow";
    case NodeKind::NamedTable:
      return "NamedTable";
    case NodeKind::SubqueryTable:
      return "SubqueryTable";
    case NodeKind::JoinClause:
      return "JoinClause";
    case NodeKind::TableFunction:
      return "TableFunction";
    case NodeKind::ColumnRef:
      return "ColumnRef";
    case NodeKind::Literal:
      return "Literal";
    case NodeKind::Parameter:
      return "Parameter";
    case NodeKind::Unary:
      return "Unary";
    case NodeKind::Binary:
      return "Binary";
    case NodeKind::Between:
      return "Between";
    case NodeKind::InList:
      return "InList";
    case NodeKind::InSubquery:
      return "InSubquery";
    case NodeKind::InTable:
      return "InTable";
    case NodeKind::Exists:
      return "Exists";
    case NodeKind::SubqueryExpr:
      return "SubqueryExpr";
    case NodeKind::Case:
      return "Case";
    case NodeKind::Cast:
      return "Cast";
    case NodeKind::Collate:
      return "Collate";
    case NodeKind::Like:
      return "Like";
    case NodeKind::IsExpr:
      return "IsExpr";
    case NodeKind::IsNull:
      return "IsNull";
    case NodeKind::FunctionCall:
      return "FunctionCall";
    case NodeKind::Star:
      return "Star";
    case NodeKind::TableStar:
      return "TableStar";
    case NodeKind::RowValue:
      return "RowValue";
    case NodeKind::Raise:
      return "Raise";
  }
  return "?";
}

bool isExprKind(NodeKind kind) {
  return kind >= NodeKind::ColumnRef;
}
bool isTableRefKind(NodeKind kind) {
  return kind >= NodeKind::NamedTable && kind <= NodeKind::TableFunction;
}
bool isQueryBodyKind(NodeKind kind) {
  return kind == NodeKind::SelectCore || kind == NodeKind::CompoundSelect || kind == NodeKind::ValuesClause;
}

const char* toString(LiteralKind kind) {
  switch (kind) {
    case LiteralKind::Integer:
      return "integer";
    case LiteralKind::Float:
      return "float";
    case LiteralKind::String:
      return "string";
    case LiteralKind::Blob:
      return "blob";
    case LiteralKind::Null:
      return "null";
    case LiteralKind::True:
      return "true";
    case LiteralKind::False:
      return "false";
    case LiteralKind::CurrentTime:
      return "current_time";
    case LiteralKind::CurrentDate:
      return "current_date";
    case LiteralKind::CurrentTimestamp:
      return "current_timestamp";
  }
  return "?";
}

const char* toString(UnaryOp op) {
  switch (op) {
    case UnaryOp::Minus:
      return "-";
    case UnaryOp::Plus:
      return "+";
    case UnaryOp::Not:
      return "NOT";
    case UnaryOp::BitNot:
      return "~";
  }
  return "?";
}

const char* toString(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or:
      return "OR";
    case BinaryOp::And:
      return "AND";
    case BinaryOp::Eq:
      return "=";
    case BinaryOp::Ne:
      return "<>";
    case BinaryOp::Lt:
      return "<";
    case BinaryOp::Le:
      return "<=";
    case BinaryOp::Gt:
      return ">";
    case BinaryOp::Ge:
      return ">=";
    case BinaryOp::BitAnd:
      return "&";
    case BinaryOp::BitOr:
      return "|";
    case BinaryOp::ShiftLeft:
      return "<<";
    case BinaryOp::ShiftRight:
      return ">>";
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Sub:
      return "-";
    case BinaryOp::Mul:
      return "*";
    case BinaryOp::Div:
      return "/";
    case BinaryOp::Mod:
      return "%";
    case BinaryOp::Concat:
      return "||";
    case BinaryOp::JsonGet:
      return "->";
    case BinaryOp::JsonGetText:
      return "->>";
  }
  return "?";
}

const char* toString(CompoundOp op) {
  switch (op) {
    case CompoundOp::Union:
      return "UNION";
    case CompoundOp::UnionAll:
      return "UNION ALL";
    case CompoundOp::Intersect:
      return "INTERSECT";
    case CompoundOp::Except:
      return "EXCEPT";
  }
  return "?";
}

const char* toString(LikeOp op) {
  switch (op) {
    case LikeOp::Like:
      return "LIKE";
    case LikeOp::Glob:
      return "GLOB";
    case LikeOp::Regexp:
      return "REGEXP";
    case LikeOp::Match:
      return "MATCH";
  }
  return "?";
}

const char* toString(StatementKind kind) {
  switch (kind) {
    case StatementKind::Select:
      return "select";
    case StatementKind::Insert:
      return "insert";
    case StatementKind::Update:
      return "update";
    case StatementKind::Delete:
      return "delete";
    case StatementKind::CreateTable:
      return "create_table";
    case StatementKind::CreateVirtualTable:
      return "create_virtual_table";
    case StatementKind::CreateIndex:
      return "create_index";
    case StatementKind::CreateView:
      return "create_view";
    case StatementKind::CreateTrigger:
      return "create_trigger";
    case StatementKind::DropTable:
      return "drop_table";
    case StatementKind::DropIndex:
      return "drop_index";
    case StatementKind::DropView:
      return "drop_view";
    case StatementKind::DropTrigger:
      return "drop_trigger";
    case StatementKind::AlterTable:
      return "alter_table";
    case StatementKind::Pragma:
      return "pragma";
    case StatementKind::Attach:
      return "attach";
    case StatementKind::Detach:
      return "detach";
    case StatementKind::Begin:
      return "begin";
    case StatementKind::Commit:
      return "commit";
    case StatementKind::Rollback:
      return "rollback";
    case StatementKind::Savepoint:
      return "savepoint";
    case StatementKind::Release:
      return "release";
    case StatementKind::Vacuum:
      return "vacuum";
    case StatementKind::Analyze:
      return "analyze";
    case StatementKind::Reindex:
      return "reindex";
    case StatementKind::Unknown:
      return "unknown";
  }
  return "unknown";
}

bool isQuery(StatementKind kind) {
  return kind == StatementKind::Select;
}

void Node::forEachChild(const ConstChildFn& fn) const {
  const_cast<Node*>(this)->forEachChild([&fn](Node& child) { fn(child); });
}

void walk(Node& root, const std::function<bool(Node&)>& fn) {
  if (!fn(root)) return;
  root.forEachChild([&fn](Node& child) { walk(child, fn); });
}
void walk(const Node& root, const std::function<bool(const Node&)>& fn) {
  if (!fn(root)) return;
  root.forEachChild([&fn](const Node& child) { walk(child, fn); });
}

namespace {

template <class P>
void visit(const P& ptr, const ChildFn& fn) {
  if (ptr) fn(*ptr);
}
template <class P>
void visitAll(const std::vector<P>& list, const ChildFn& fn) {
  for (const auto& p : list) visit(p, fn);
}

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
