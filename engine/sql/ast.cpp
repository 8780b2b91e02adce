// Node kinds, names and the generic walk of the AST.
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

}  // namespace hs::sql
