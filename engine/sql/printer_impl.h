#pragma once
// The canonical SQL printer's state and its members (internal to engine/sql): expressions, calls
// and windows in printer_expr.cpp, FROM, query bodies and statements in printer.cpp.
#include <optional>
#include <string>
#include <vector>

#include "engine/sql/ast.h"
#include "engine/sql/printer.h"

namespace hs::sql::detail {

class Printer {
 public:
  std::string out;

  // Double-quoted names stay double-quoted: SQLite reads an unresolvable "x" as the string 'x'.
  void name(const Identifier& id);
  void kw(const char* k) { out += k; }
  void expr(const Expr* e, int need);
  void list(const ExprList& l);
  void subquery(const SelectPtr& q);
  void exprBody(const Expr& e);
  void functionName(const Identifier& id);
  void orderBy(const std::vector<OrderingTermPtr>& terms);
  void bound(const FrameBound& b);
  void windowSpec(const WindowSpec& w);
  void alias(const std::optional<Identifier>& a);
  void tableRef(const TableRef* t);
  void body(const QueryBody* b);
  void core(const SelectCore& c);
  void select(const SelectStmt& s);
  void any(const Node& n);
};

}  // namespace hs::sql::detail
