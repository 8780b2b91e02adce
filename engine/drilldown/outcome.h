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
#include "engine/workspace/drilldown_store.h"

namespace hs::drilldown {

// One stored row; the workspace owns its table, so the record is declared there.
using StepOutcome = ws::DrilldownStepRow;

nlohmann::json outcomeJson(const StepOutcome& o);
// Errors (BadInput, code "bad_row") name the missing or mistyped field.
Result<StepOutcome> outcomeFromJson(const nlohmann::json& j);
// A RUN.jsonl file: one row per line; blank lines skipped; errors name the line.
Result<std::vector<StepOutcome>> readOutcomes(const std::string& path);

}  // namespace hs::drilldown
