#pragma once
// Three mutation sources beyond seed 003 D.2, each a slip that one of the gold-free checks
// (engine/annotate/goldfree*.cpp) looks for, so that the risk fit (tests/fit/fit_risk.py) sees
// wrong queries that trip those checks: without them the checks fire on too few training mutants
// to get a weight, and a query the tool marks "Cartesian join" scored as low risk as a clean one.
//
// - join_condition_removal: `JOIN t ON cond` loses its ON clause (cartesian_join).
// - wildcard_removal: the % at the ends of a LIKE pattern is dropped ('%x%' -> 'x';
//   like_without_wildcard).
// - value_case_change: a string compared with = or != (or listed in IN) to a column changes its
//   letter case ('France' -> 'france', 'dog' -> 'Dog'; value_case).
// - identifier_quoting: a column in the SELECT list, or compared on the left of a condition, is
//   written as a string ('first_name': MySQL-style quoting slipped into SQLite; quoted_identifier).
// - float_to_integer: a whole-number float literal loses its point (100.0 -> 100) and a CAST to a
//   real type is dropped, so that a ratio is computed by integer division (integer_division).
//
// - group_key_drop: in a block with GROUP BY whose SELECT list holds an aggregate and other items,
//   the items without an aggregate (the grouping key, what it fixes) are dropped: one value per group
//   comes back with nothing to say which group (group_key_unselected).
//
// Asked for by name (`mutate --rules ...`), never among the defaults; the execution filter of
// engine/mutate keeps only mutants whose result differs from the gold's.
#include <string_view>
#include <vector>

#include "engine/mutate/rules.h"

namespace hs::mutate {

// The candidates of `rules` (only the slips above are looked at) of one parsed query, in source
// order: at most one of each slip, the first in the text.
std::vector<Candidate> slipCandidates(std::string_view sql, const sql::SelectStmt& query,
                                      const std::vector<Rule>& rules);

}  // namespace hs::mutate
