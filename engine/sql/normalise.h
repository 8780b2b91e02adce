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
#include <functional>
#include <memory>
#include <string>
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
  // The pass on its own, as a pure function: a rewritten copy of `query`.
  SelectPtr apply(const SelectStmt& query, const NormaliseOptions& options) const;
};

// The passes in the order normalise() applies them.
const std::vector<NormalisePass>& normalisePasses();

SelectPtr normalise(const SelectStmt& query, const NormaliseOptions& options = {});

// The printer's canonical SQL of the normalised tree.
std::string canonicalText(const SelectStmt& query, const NormaliseOptions& options = {});

}  // namespace hs::sql
