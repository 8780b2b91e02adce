#pragma once
// One annotated drill-down step of a run: the sub-question, the gold sub-query, the model's SQL,
// EX, Soft-F1 and the findings (DESIGN.md, `drilldown run` rows).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"
#include "engine/core/finding.h"

namespace hs::drilldown {

struct StepOutcome {
  std::string caseId;
  std::string dbId;
  std::string model;
  std::string history;   // "off" | "on"
  std::size_t step = 0;  // 1-based
  bool final = false;
  std::string question;  // the sub-question (the regenerated original question on the final step)
  std::string originalQuestion;
  std::string evidence;
  std::string difficulty;
  std::string goldSql;
  std::optional<std::string> predSql;  // nullopt when the generation failed
  std::optional<bool> ex;              // BIRD semantics (set); null when it cannot be decided
  std::optional<double> softF1;
  std::vector<Finding> findings;
  std::string error;  // why there is no prediction, when there is none
};

nlohmann::json findingsJson(const std::vector<Finding>& findings);
std::vector<Finding> findingsFromJson(const nlohmann::json& j);
nlohmann::json outcomeJson(const StepOutcome& o);
// Errors (BadInput, code "bad_row") name the missing or mistyped field.
Result<StepOutcome> outcomeFromJson(const nlohmann::json& j);
// A RUN.jsonl file: one row per line; blank lines skipped; errors name the line.
Result<std::vector<StepOutcome>> readOutcomes(const std::string& path);

}  // namespace hs::drilldown
