// The executed half of the decomposition: static checks, read-only execution of every candidate
// step through hs::db, folding of steps that do not execute, and the final-equals-original check.
#include <chrono>
#include <optional>
#include <string>
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

// One deadline for every statement of a decomposition (DecomposeOptions::timeoutMs), and where it
// was reached.
class TimeBudget {
 public:
  TimeBudget(const DecomposeOptions& options, Path& path) : limits_(options.limits), path_(path) {
    if (options.timeoutMs > 0)
      limits_.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(options.timeoutMs);
    text_ = "the case's time limit of " + std::to_string(options.timeoutMs) + " ms was reached";
    limitMs_ = options.timeoutMs;
  }
  const db::Limits& limits() const { return limits_; }
  // The deadline has passed (or stopped a statement before).
  bool spent() const {
    return path_.timeLimit || (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline);
  }
  // Records that the step of `stepIndex` (0: the final check) was stopped or not started by the
  // deadline (the first one only); returns the message for it.
  std::string reached(std::size_t stepIndex, bool started) {
    if (!path_.timeLimit) {
      std::string where = stepIndex ? "in step " + std::to_string(stepIndex) +
                                          "; the steps after it and the final check did not run"
                                    : "in the final check (the original query, run to compare)";
      path_.timeLimit = PathTimeLimit{limitMs_, stepIndex, text_ + " " + where};
    }
    return (started ? "stopped: " : "not run: ") + text_;
  }

 private:
  db::Limits limits_;
  Path& path_;
  std::string text_;
  int limitMs_ = 0;
};

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

  TimeBudget budget(options, path);
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
    if (database && budget.spent()) {
      step.exec.error = budget.reached(path.steps.size() + 1, false);  // kept, not run
      step.exec.errorCode = "deadline";
    } else if (database) {
      step.exec.ran = true;
      auto r = database->query(c.sql, budget.limits());
      if (r) {
        step.exec.ok = true;
        step.exec.rows = r->rows.size();
        step.exec.truncated = r->truncated;
        if (last) lastResult = std::move(r.value());
      } else if (r.error().code == "deadline") {  // its time was up: kept, not folded
        step.exec.error = budget.reached(path.steps.size() + 1, true);
        step.exec.errorCode = "deadline";
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

  if (database && options.checkFinal && budget.spent()) {
    path.finalCheckError = budget.reached(0, false);
  } else if (database && options.checkFinal) {
    auto r = database->query(sqlText, budget.limits());
    if (!r && r.error().code == "deadline") {
      path.finalCheckError = budget.reached(0, true);
    } else if (!r) {
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
