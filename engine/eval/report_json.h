#pragma once
// JSON of an evaluation run (DESIGN.md CLI contract, `evaluate`): one object per case and a summary.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/eval/runner.h"

namespace hs::eval {

// id, db_id, question, gold_sql, pred_sql, exec{gold_ok, pred_ok, error}, ex{set, bag, ordered},
// soft_f1, findings, risk; plus difficulty, model, diff, time_limit and human labels.
nlohmann::json caseToJson(const Case& c, const CaseOutcome& outcome);

struct SummaryContext {
  std::string format;                 // import format
  std::vector<Error> importWarnings;  // recoverable import problems
  std::vector<Error> importErrors;    // records that could not be read
  // Issues the importer summarised in its last entry ("and N more"), added to the counts.
  std::size_t omittedWarnings = 0;
  std::size_t omittedErrors = 0;
  double elapsedMs = 0.0;  // whole run
  int jobs = 1;
};

// counts, EX set/bag/ordered and Soft-F1 overall and by difficulty, execution errors by class,
// findings per category, risk metrics against EX (when risks exist), label agreement (when the
// cases carry MRSQLGen labels and findings exist), import warnings and elapsed time.
nlohmann::json summarize(const std::vector<Case>& cases, const std::vector<CaseOutcome>& outcomes,
                         const SummaryContext& context);

// The same summary built one case at a time, so that a long run need not hold every outcome: add()
// each case in order, then finish() with the cases (RS(c) reads their abstention fields).
//   eval::RunSummary summary;
//   for (...) summary.add(cases[i], outcome);   // the outcome may be dropped afterwards
//   nlohmann::json s = summary.finish(cases, context);
class RunSummary {
 public:
  RunSummary();
  ~RunSummary();
  RunSummary(RunSummary&&) noexcept;
  RunSummary& operator=(RunSummary&&) noexcept;

  void add(const Case& c, const CaseOutcome& outcome);
  nlohmann::json finish(const std::vector<Case>& cases, const SummaryContext& context) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

nlohmann::json errorToJson(const Error& e);

// [{"taxonomy", "category", "subcategory", "message", "spans": [{"side", "begin", "end"}]}]
nlohmann::json findingsToJson(const std::vector<Finding>& findings);
// The inverse of findingsToJson; entries that are not objects, and spans without offsets, are skipped.
std::vector<Finding> findingsFromJson(const nlohmann::json& j);
// {"limit_ms", "step", "message"} of a case its time limit cut short, or null.
nlohmann::json timeLimitJson(const std::optional<TimeLimitReached>& reached);
// {"score", "reasons"} or null.
nlohmann::json riskToJson(const std::optional<Risk>& risk);

}  // namespace hs::eval
