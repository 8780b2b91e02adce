#pragma once
// The time limit of one evaluation case: one deadline for every statement run for it (the gold and
// predicted SQL, the annotator's value look-ups, probe queries and cause repairs), so that a case
// ends near its limit however many statements it runs.
#include <chrono>
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/db/database.h"

namespace hs::eval {

// What runs statements for a case, in the order it runs them.
enum class CaseStep { GoldSql, PredSql, ValueLookup, ProbeQuery, CauseRepair };

// "gold_sql", "pred_sql", "value_lookup", "probe_query", "cause_repair"
const char* toString(CaseStep step);

// Where a case's time limit was reached: the first step that was stopped or skipped by it.
struct TimeLimitReached {
  int limitMs = 0;
  CaseStep step = CaseStep::GoldSql;
  std::string message;  // "the case's time limit of 1000 ms was reached in the gold SQL; ..."
};

// Used by one thread (the worker that evaluates the case).
class CaseBudget {
 public:
  // Starts now; limitMs <= 0: no limit.
  explicit CaseBudget(int limitMs);

  int limitMs() const { return limitMs_; }
  // The deadline has passed.
  bool spent() const;
  // `limits` bound by the case's deadline too (their own time limit holds when it comes first).
  db::Limits bound(db::Limits limits) const;
  // Records that `step` was stopped, or not started, because the time limit was reached (only the
  // first such step is kept).
  void reached(CaseStep step);
  // Records `step` when `error` (of a statement run with bound() limits) is the case's deadline.
  bool stoppedBy(const Error& error, CaseStep step);
  const std::optional<TimeLimitReached>& reachedIn() const { return reached_; }
  // "the case's time limit of N ms was reached" (the side's error when its statement was stopped).
  std::string limitMessage() const;

 private:
  int limitMs_;
  std::chrono::steady_clock::time_point deadline_;
  std::optional<TimeLimitReached> reached_;
};

}  // namespace hs::eval
