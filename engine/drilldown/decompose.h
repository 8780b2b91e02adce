#pragma once
// Decomposition of a gold query into its drill-down path (seed 001, Algorithm 1 DECOMPOSE), from
// the AST of engine/sql, without any LLM:
//
//   auto candidates = hs::drilldown::candidateSteps(sql);      // static: no database
//   auto path = hs::drilldown::decompose(sql, &database);       // executed read-only, merged
//
// The order of the steps and the treatment of subqueries, set operations and CTEs are described
// in engine/drilldown/README.md.
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/db/database.h"
#include "engine/drilldown/path.h"

namespace hs::drilldown {

// One step before execution.
struct Candidate {
  std::string sql;
  StepPart part = StepPart::Core;
  int depth = 0;
  std::vector<sql::Span> adds;
};

// The candidate steps of one query, in path order; the last one is the whole query. Errors:
// the query does not parse as exactly one SELECT (BadInput, the parser's code and offset).
Result<std::vector<Candidate>> candidateSteps(std::string_view sql);

struct DecomposeOptions {
  db::Limits limits{10000, 100000, 64LL << 20};  // of each statement
  bool checkFinal = true;                        // execute the original too and compare it with the last step
  // The time limit of the whole decomposition (every step and the final check together); once it
  // is reached, what is left does not run (Path::timeLimit). 0: each statement has `limits` only.
  int timeoutMs = 0;
};

// Candidates, static checks, and (with a database) read-only execution of every step: a step that
// does not execute is folded into the next one with the reason recorded. `database` may be null.
Result<Path> decompose(std::string_view sql, db::Database* database, const DecomposeOptions& options = {});

}  // namespace hs::drilldown
