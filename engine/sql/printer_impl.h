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
  // Pretty mode (printPretty): each clause on its own line, nested queries indented by depth;
  // `spans` then records where every printed node and name came from.
  bool pretty = false;
  int depth = 0;
  std::vector<PrintedSpan>* spans = nullptr;

  // " KW " in canonical mode; a new line at the current depth, then "KW ", in pretty mode.
  void clause(const char* keyword);
  // Records that the source range `source` was printed at [begin, out.size()).
  void mark(const Span& source, std::size_t begin) {
    if (spans && !source.empty()) spans->push_back({source, Span{begin, out.size()}});
  }

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
  void tableRefBody(const TableRef* t);
  void body(const QueryBody* b);
  void core(const SelectCore& c);
  void select(const SelectStmt& s);
  void any(const Node& n);
};

}  // namespace hs::sql::detail
