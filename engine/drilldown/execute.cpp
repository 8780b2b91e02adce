// The executed half of the decomposition: static checks, read-only execution of every candidate
// step through hs::db, folding of steps that do not execute, and the final-equals-original check.
#include <optional>
#include <utility>

#include "engine/drilldown/decompose.h"
#include "engine/drilldown/spans.h"
#include "engine/eval/result_compare.h"
#include "engine/sql/parser.h"

namespace hs::drilldown {

namespace {

bool ordersOutput(const sql::SelectStmt& s) {
  return !s.orderBy.empty();
}

}  // namespace

Result<Path> decompose(std::string_view sqlText, db::Database* database, const DecomposeOptions& options) {
  auto candidates = candidateSteps(sqlText);
  if (!candidates) return candidates.error();
  auto original = sql::parseSelect(sqlText);
  if (!original) return original.error();

  Path path;
  path.sql = std::string(sqlText);
  std::vector<Candidate>& cands = candidates.value();

  // Static checks: every step parses again; the last one is the original tree.
  for (std::size_t i = 0; i < cands.size(); ++i) {
    auto again = sql::parseSelect(cands[i].sql);
    if (!again) {
      path.stepsReparse = false;
      continue;
    }
    if (i + 1 == cands.size()) path.finalTreeEqualsOriginal = sql::equals(*again.value(), *original.value());
  }

  std::vector<sql::Span> carried;  // spans of folded steps, given to the next kept step
  std::vector<std::size_t> pendingMerged;
  std::optional<db::QueryResult> lastResult;
  for (std::size_t i = 0; i < cands.size(); ++i) {
    Candidate& c = cands[i];
    bool last = i + 1 == cands.size();
    Step step;
    step.sql = c.sql;
    step.part = c.part;
    step.depth = c.depth;
    step.adds = carried;
    step.adds.insert(step.adds.end(), c.adds.begin(), c.adds.end());
    sortSpans(step.adds);
    if (database) {
      step.exec.ran = true;
      auto r = database->query(c.sql, options.limits);
      if (r) {
        step.exec.ok = true;
        step.exec.rows = r->rows.size();
        step.exec.truncated = r->truncated;
        if (last) lastResult = std::move(r.value());
      } else {
        step.exec.error = r.error().message;
        step.exec.errorCode = r.error().code;
        if (!last) {
          MergedStep m{c.sql, c.part, c.adds, r.error().message, 0};
          pendingMerged.push_back(path.merged.size());
          path.merged.push_back(std::move(m));
          carried = step.adds;
          continue;
        }
      }
    }
    carried.clear();
    step.index = path.steps.size() + 1;
    step.final = last;
    for (std::size_t m : pendingMerged) path.merged[m].into = step.index;
    pendingMerged.clear();
    path.steps.push_back(std::move(step));
  }

  if (database && options.checkFinal) {
    auto r = database->query(sqlText, options.limits);
    if (!r) {
      path.finalEqualsOriginal = false;
      path.finalCheckError = "the original query does not execute: " + r.error().message;
    } else if (!lastResult) {
      path.finalEqualsOriginal = false;
      path.finalCheckError = "the last step does not execute: " + path.steps.back().exec.error;
    } else {
      const db::QueryResult& a = *lastResult;
      const db::QueryResult& b = r.value();
      bool same = a.columns.size() == b.columns.size() &&
                  (ordersOutput(*original.value()) ? eval::orderedEqual(b.rows, a.rows)
                                                   : eval::bagEqual(b.rows, a.rows));
      path.finalEqualsOriginal = same;
      if (!same) path.finalCheckError = "the last step returns another result than the original";
    }
  }
  return path;
}

}  // namespace hs::drilldown
