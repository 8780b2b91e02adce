#pragma once
// Drill-down runs in a workspace (table drilldown_steps, migration 2): a run (runs.settings_json
// {"kind": "drilldown"}), one case per drill-down path (the original question and gold query),
// and one row per case, history mode and step with the sub-question, gold sub-query, prediction,
// EX, Soft-F1 and the findings. Saving is one transaction; runs survive a restart.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/drilldown/outcome.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// Creates the run `name` (model, source file) and stores all rows; returns the run id.
Result<std::int64_t> saveDrilldownRun(Workspace& ws, const std::string& name, const std::string& sourceFile,
                                      const std::vector<drilldown::StepOutcome>& rows);
// The rows of a stored drill-down run, by case position, mode and step.
Result<std::vector<drilldown::StepOutcome>> loadDrilldownRun(const Workspace& ws, std::int64_t runId);

}  // namespace hs::ws
