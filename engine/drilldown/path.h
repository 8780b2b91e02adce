#pragma once
// A drill-down path (seed 001, Algorithm 1 DECOMPOSE): the progressive, executable sub-queries
// of one gold query, each printed from the AST, each with the byte spans of the original query
// it adds, ending with the whole query. See engine/drilldown/README.md.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/sql/ast.h"

namespace hs::drilldown {

// What a step adds to the previous one.
enum class StepPart {
  Core,      // SELECT list and FROM/JOIN (with the join conditions of comma joins)
  Where,     // one more WHERE conjunct
  GroupBy,   // the GROUP BY clause
  Having,    // the HAVING clause
  OrderBy,   // the ORDER BY clause
  Limit,     // LIMIT [OFFSET]
  Compound,  // a set operation joining the operands decomposed before it
  Original,  // the whole query when no clause step reaches it (e.g. a clause that could not be split)
};
const char* toString(StepPart part);  // "core", "where", "group_by", ...

struct StepExec {
  bool ran = false;  // executed (a database was given)
  bool ok = false;
  std::string error;  // the executor's message when !ok
  std::string errorCode;
  std::size_t rows = 0;
  bool truncated = false;
};

struct Step {
  std::size_t index = 0;  // 1-based position in the path
  std::string sql;        // printed from the AST (hs::sql::print)
  StepPart part = StepPart::Core;
  int depth = 0;                // 0: the outer query; 1: a subquery, CTE or set operand of it; ...
  std::vector<sql::Span> adds;  // byte spans of the original query this step adds
  StepExec exec;
  bool final = false;  // the last step: the whole query
};

// A step that did not execute, folded into the next one (its spans moved there).
struct MergedStep {
  std::string sql;
  StepPart part = StepPart::Core;
  std::vector<sql::Span> adds;
  std::string reason;    // why it did not execute
  std::size_t into = 0;  // index of the step that took it
};

// Where the decomposition's time limit (DecomposeOptions::timeoutMs) was reached.
struct PathTimeLimit {
  int limitMs = 0;
  std::size_t stepIndex = 0;  // the step it stopped or did not start (1-based); 0: the final check
  std::string message;        // "the case's time limit of N ms was reached in step 3; ..."
};

struct Path {
  std::string sql;  // the original query, as given
  std::vector<Step> steps;
  std::vector<MergedStep> merged;
  // With a database: the last step returns the same result as the original (ordered when the
  // query orders its output, as bags otherwise). nullopt without a database.
  std::optional<bool> finalEqualsOriginal;
  std::string finalCheckError;  // why the check failed, when it did
  // Static checks (always run): every step's SQL parses again, and the last step's tree equals
  // the original's (hs::sql::equals).
  bool stepsReparse = true;
  bool finalTreeEqualsOriginal = true;
  // Set when the time limit stopped the execution: the steps after it did not run (exec.ran is
  // false, they are not folded) and neither did the final check (finalEqualsOriginal is nullopt).
  std::optional<PathTimeLimit> timeLimit;
};

}  // namespace hs::drilldown
