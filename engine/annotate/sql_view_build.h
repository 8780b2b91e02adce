#pragma once
// Internal: building a SqlView from the hs::sql tree and its resolution (sql_view.cpp,
// sql_view_tables.cpp, sql_view_predicates.cpp). Nothing here reads SQL text: every position comes
// from a token of hs::sql::tokenize or a span of the tree.
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/annotate/sql_view.h"
#include "engine/sql/ast.h"
#include "engine/sql/resolver.h"

namespace hs::annotate::detail {

struct ViewBuilder {
  SqlView& v;
  const db::Schema& schema;
  const sql::Resolution& res;
  std::vector<const sql::SelectCore*> cores;  // block -> its SELECT core
  std::vector<const sql::SelectStmt*> tail;   // block -> the statement whose ORDER BY / LIMIT it carries
  std::unordered_map<const sql::SelectStmt*, int> firstBlock;  // statement -> its first block
  std::unordered_map<std::string, int> cteBlock;               // lower-case CTE name -> first block
  std::unordered_map<const sql::Node*, std::pair<int, std::size_t>> fromItem;  // -> (block, table)
  // For each byte of v.text and the one past its end, the first token that begins there or later:
  // tokenAt, asked for both ends of every node's span, is one look-up instead of a binary search.
  std::vector<std::size_t> firstTokenAt;

  // Index of the first token that begins at or after `byte`.
  std::size_t tokenAt(std::size_t byte) const;
  Range rangeOf(sql::Span s) const;
  // The expression's tokens with its redundant parentheses.
  Range exprRange(const sql::Expr& e) const;
};

void buildTables(ViewBuilder& b, int block);  // FROM tables, join kinds and spans
void buildItems(ViewBuilder& b, int block);   // SELECT items, GROUP BY, ORDER BY, LIMIT
void buildAggregates(ViewBuilder& b, const sql::SelectStmt& root);
void buildColumns(ViewBuilder& b, const sql::SelectStmt& root);
void buildPredicates(ViewBuilder& b, int block);  // ON, WHERE and HAVING conjuncts, join equalities

}  // namespace hs::annotate::detail
