// AST-STABLE
#pragma once
// Typed AST of SQLite's query language (hs::sql). One class per node kind, std::unique_ptr children,
// a generic child visitor (Node::forEachChild), clone() and structural equals() (ast_equals.cpp).
//
// Stability: fields and kinds are only ever ADDED. Names here are not renamed or removed.
//
// Conventions:
//  - Every node has a byte span [begin, end) into the original UTF-8 text. Expression spans do not
//    include surrounding redundant parentheses; Expr::parens counts them (informational only).
//  - Identifiers keep their span (raw spelling incl. quotes) and their unquoted name.
//  - A tree from a successful parse has every "required" child non-null. A PARTIAL tree (returned
//    with a syntax error) may have null children anywhere; forEachChild skips null children.
//  - Parentheses are not nodes: the printer re-inserts them by precedence.
//
// The node classes live in ast_node.h (base), ast_query.h (query structure, FROM) and ast_expr.h
// (expressions); this header includes them all and adds statements.
#include <string_view>

#include "engine/sql/ast_expr.h"

#undef HS_SQL_NODE

namespace hs::sql {

// ---------------------------------------------------------------------------------------------
// Statements: queries are modelled, the rest recognised and classified.

enum class StatementKind : std::uint8_t {
  Select,  // SELECT, VALUES, WITH ... SELECT
  Insert,  // INSERT, REPLACE
  Update,
  Delete,
  CreateTable,
  CreateVirtualTable,
  CreateIndex,
  CreateView,
  CreateTrigger,
  DropTable,
  DropIndex,
  DropView,
  DropTrigger,
  AlterTable,
  Pragma,
  Attach,
  Detach,
  Begin,
  Commit,  // COMMIT / END
  Rollback,
  Savepoint,
  Release,
  Vacuum,
  Analyze,
  Reindex,
  Unknown,  // not a statement SQLite knows
};
// "select", "insert", "update", "delete", "create_table", ..., "pragma", "unknown".
const char* toString(StatementKind kind);
// True for statements that cannot change anything (SELECT, read-only PRAGMA is not decided here).
bool isQuery(StatementKind kind);

enum class ExplainKind : std::uint8_t { None, Explain, QueryPlan };

struct Statement {
  StatementKind kind = StatementKind::Unknown;
  ExplainKind explain = ExplainKind::None;  // EXPLAIN [QUERY PLAN] prefix; kind is the inner one
  Span span;                                // without the terminating ';'
  SelectPtr select;                         // for kind == Select (partial on a syntax error)
};

}  // namespace hs::sql
