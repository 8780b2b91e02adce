#pragma once
// Clause counts of one parsed query (joins, subqueries, IN, NOT, WHERE, aggregates, comparison
// operators, ...) and the sets of its tables, string literals and columns, so that two queries can
// be compared clause by clause: `SELECT a FROM t WHERE b IN (SELECT b FROM u)` against
// `SELECT a FROM t JOIN u ON t.b = u.b` is one subquery and one IN less, one join more.
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "engine/sql/ast.h"

namespace hs::sql {

enum class ClauseKind : std::uint8_t {
  Select,      // SELECT cores (each operand of a set operation, each subquery)
  Subquery,    // nested queries: IN (SELECT ..), EXISTS, scalar subqueries, derived tables, CTEs
  Table,       // table references by name (every FROM/JOIN entry that names a table)
  Join,        // joins, comma joins included
  Where,       // WHERE clauses
  GroupBy,     // GROUP BY clauses
  Having,      // HAVING clauses
  OrderBy,     // ORDER BY clauses
  Limit,       // LIMIT clauses
  Distinct,    // SELECT DISTINCT and aggregate(DISTINCT ..)
  Selected,    // result columns of the top-level SELECT (0 when it is a set operation)
  In,          // IN (list), IN (subquery), IN table
  Not,         // NOT, NOT IN, NOT LIKE, NOT BETWEEN, NOT EXISTS, IS NOT NULL
  And,         // AND
  Or,          // OR
  Eq,          // =
  Ne,          // != and <>
  Gt,          // > and >=
  Lt,          // < and <=
  Between,     // BETWEEN
  Like,        // LIKE, GLOB
  IsNull,      // IS [NOT] NULL
  Exists,      // EXISTS
  Arithmetic,  // + - * / %
  Count,       // count(..)
  Sum,         // sum(..)
  Avg,         // avg(..)
  Max,         // max(..)
  Min,         // min(..)
  Union,       // UNION and UNION ALL
  Intersect,   // INTERSECT
  Except,      // EXCEPT
  Literal,     // literals of any kind
  Case,        // CASE expressions
};
inline constexpr std::size_t kClauseKinds = static_cast<std::size_t>(ClauseKind::Case) + 1;

// "select", "subquery", "table", ... in ClauseKind order (the feature names of the learned labels).
std::string_view clauseKindName(ClauseKind kind);

struct ClauseCounts {
  std::array<int, kClauseKinds> counts{};
  // Where each kind first occurs (pre-order: the outer query before its subqueries); empty when
  // absent. For Selected, the span of the top-level result columns.
  std::array<Span, kClauseKinds> first{};
  std::set<std::string> tables;   // lower-cased table names
  std::set<std::string> strings;  // lower-cased string literal values
  std::set<std::string> columns;  // lower-cased column names, unqualified

  int operator[](ClauseKind k) const { return counts[static_cast<std::size_t>(k)]; }
  Span firstSpan(ClauseKind k) const { return first[static_cast<std::size_t>(k)]; }
};

ClauseCounts countClauses(const SelectStmt& query);

}  // namespace hs::sql
