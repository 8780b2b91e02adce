#pragma once
// Seed 003's sub-SQL augmentation as a fifth mutation source: a sub-query of the gold (a subquery
// in an expression or in FROM, a CTE body, an operand of a set operation) is replaced by an
// earlier step of its own drill-down decomposition (engine/drilldown, seed 001): the same sub-query
// with its later clauses (WHERE conjuncts, GROUP BY, HAVING, ORDER BY, LIMIT) left out. The span
// is the replaced sub-query; the execution filter of engine/mutate keeps only mutants whose result
// differs from the gold's. The outer query's own steps are not used (the whole query would be the
// span).
#include <string_view>
#include <vector>

#include "engine/mutate/rules.h"

namespace hs::mutate {

// The sub_sql candidates of one parsed query, in source order (sub-query, then step order).
// `clause` is the first clause the step leaves out ("where", "group_by", ...), `detail` what it
// leaves out ("drops where, order_by").
std::vector<Candidate> subSqlCandidates(std::string_view sql, const sql::SelectStmt& query);

}  // namespace hs::mutate
