#pragma once
// Canonical form of a query for comparing two queries. A pure function from tree to tree, made of
// an ordered list of named passes; every node keeps the span of the original node it stands
// for (so a diff of two canonical trees can point into the original texts).
//
// Passes, in order:
//   table_aliases   FROM items renamed canonically: a table is named after itself (lower case),
//                   its 2nd, 3rd... occurrence in the statement <name>_2, ...; derived tables d1, d2..
//                   (so FROM a JOIN b and FROM b JOIN a agree); qualifiers follow
//   resolve_columns only with a schema: every resolved column is qualified by its canonical source;
//                   double-quoted names SQLite reads as strings become string literals
//   single_source   a qualifier naming the only FROM item of its SELECT is dropped
//   dq_strings      without a schema: "x" compared with a column is the string 'x' (Spider gold style)
//   order_by_alias  ORDER BY <result alias> becomes the aliased expression
//   result_aliases  aliases of the top-level result columns dropped (names only, not meaning)
//   case_fold       identifiers and function names lower case, quoting removed
//   literals        constant spellings: 0x10 -> 16, 1.00 -> 1.0, 'x' text kept; parentheses dropped
//   joins           comma and CROSS joins without a constraint become plain JOINs; ASC dropped
//   comparisons     a > b vs b < a, = / <> / + / * / & / | operands ordered
//   and_or          AND / OR chains flattened, operands ordered, rebuilt left-deep
//
// The annotators compare parts of two queries (a condition, a SELECT item) rather than whole
// queries, and ask for sameness a reviewer would grant: normaliseExpr() runs the expression passes
//   count_rows      COUNT(col) = COUNT(*): they differ only on NULLs, not a cause a reviewer names
//   numeric_values  2014, 2014.0 and '2014' agree (SQLite's numeric affinity compares them equal)
//   drop_aliases    result and table aliases of nested queries dropped (their columns are already
//                   named by what they resolve to)
//   case_fold, joins as above
// after the caller has renamed the columns (the annotators name each by its resolved table.column).
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/db/schema.h"
#include "engine/sql/ast.h"

namespace hs::sql {

struct NormaliseOptions {
  const hs::db::Schema* schema = nullptr;  // enables resolution-aware passes
};

struct NormalisePass {
  std::string name;
  // Rewrites the tree it is given and hands it back (normalise() copies the query once, not per pass).
  std::function<SelectPtr(SelectPtr, const NormaliseOptions&)> rewrite;
  // Set for a pass that rewrites each node on its own, whatever its neighbours (case_fold,
  // literals): consecutive such passes share one walk of the tree.
  std::function<void(Node&)> eachNode;
  // The pass on its own, as a pure function: a rewritten copy of `query`.
  SelectPtr apply(const SelectStmt& query, const NormaliseOptions& options) const;
};

// The passes in the order normalise() applies them.
const std::vector<NormalisePass>& normalisePasses();

SelectPtr normalise(const SelectStmt& query, const NormaliseOptions& options = {});
// Runs `passes` in order on `tree` (passes that go node by node share one walk).
SelectPtr runPasses(const std::vector<NormalisePass>& passes, SelectPtr tree,
                    const NormaliseOptions& options);

struct ExprNormaliseOptions {
  // What a column reference stands for (null: the reference itself). Called on the original
  // nodes, before any pass: `T1.name` -> `singer.name`, an unresolvable "x" -> the string 'x'.
  std::function<ExprPtr(const ColumnRef&)> column;
};

// The passes in the order normaliseExpr() applies them.
const std::vector<NormalisePass>& expressionPasses();

ExprPtr normaliseExpr(const Expr& expr, const ExprNormaliseOptions& options = {});

// The comparisons pass's order of two (normalised) operands: true when `left op right` reads
// canonically as `right op' left` (a constant goes to the right, otherwise the printed texts
// ascend: `5 < x` -> `x > 5`, `b = a` -> `a = b`).
bool swapsOperands(const Expr& left, const Expr& right);
// The same order from what it reads: whether each side is a constant, and its printed text.
bool swapsOperands(bool leftConstant, std::string_view left, bool rightConstant, std::string_view right);
// A literal, a parameter, or a signed literal (-5).
bool isConstant(const Expr& e);
// The operator that keeps a comparison's meaning when its operands change sides (< and >, <= and
// >=; the others are their own mirror).
BinaryOp mirrored(BinaryOp op);

// The printer's canonical SQL of the normalised tree.
std::string canonicalText(const SelectStmt& query, const NormaliseOptions& options = {});

}  // namespace hs::sql
