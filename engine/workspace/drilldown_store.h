#pragma once
// Drill-down runs in a workspace (table drilldown_steps, migration 2): a run (runs.settings_json
// {"kind": "drilldown"}), one case per drill-down path (the original question and gold query),
// and one row per case, history mode and step with the sub-question, gold sub-query, prediction,
// EX, Soft-F1 and the findings. Saving is one transaction; runs survive a restart.
#include <cstdint>
#include <string>
#include <vector>

#include <optional>
#include "engine/core/error.h"

#include "engine/core/finding.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// One annotated drill-down step of a run: the sub-question, the gold sub-query, the model's SQL,
// EX, Soft-F1 and the findings (DESIGN.md, `drilldown run` rows); hs::DrilldownStepRow.
struct DrilldownStepRow {
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

// Creates the run `name` (model, source file) and stores all rows; returns the run id.
Result<std::int64_t> saveDrilldownRun(Workspace& ws, const std::string& name, const std::string& sourceFile,
                                      const std::vector<DrilldownStepRow>& rows);
// True for a run saveDrilldownRun created (its settings say {"kind": "drilldown"}).
bool isDrilldownRun(const RunRecord& run);
// The rows of a stored drill-down run, by case position, mode and step.
Result<std::vector<DrilldownStepRow>> loadDrilldownRun(const Workspace& ws, std::int64_t runId);

}  // namespace hs::ws
