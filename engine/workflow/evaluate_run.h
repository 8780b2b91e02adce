#pragma once
// Evaluate a workspace run, written once for every front end: hs::eval::evaluateCases with the
// rule annotator, in batches, each complete batch saved through hs::ws::saveOutcomes (one
// transaction) as soon as it is done. Cancel stops after the current case; a batch cut short is
// dropped, so the workspace holds only whole, consistent results.
#include <cstdint>
#include <optional>
#include <string>

#include "engine/annotate/check_registry.h"
#include "engine/core/error.h"
#include "engine/eval/not_scored.h"
#include "engine/workflow/control.h"

namespace hs::ws {
class Workspace;
}

namespace hs::workflow {

struct EvaluateRunOptions {
  // Where the databases are; "" uses the run's "db_root" setting, else the workspace's folder.
  std::string dbRoot;
  int jobs = 2;
  int batchSize = 100;
  int timeoutMs = 30000;  // per case: all its statements together (hs::eval::EvalOptions::timeoutMs)
  // Also score EX (set) ignoring the order of the output columns; nullopt follows the run's
  // "ignore_column_order" setting.
  std::optional<bool> ignoreColumnOrder;
  // Gold-free categories switched off by name (annotate/check_registry.h); an unknown name is an error.
  annotate::CheckNames disabledChecks;
  // The C1..C10 labels learned from people (true) or the rules' own (false)
  // (annotate::RuleAnnotator::learnedTypes); nullopt follows the run's "learned_types" setting.
  std::optional<bool> learnedTypes;
};

struct EvaluateRunResult {
  std::int64_t runId = 0;
  std::size_t total = 0;
  std::size_t saved = 0;
  std::size_t timeLimited = 0;  // saved cases whose time limit stopped or skipped some of their work
  bool cancelled = false;
  std::optional<Error> error;  // the run could not be read, or a save failed (earlier batches stay)
  double elapsedMs = 0.0;
  std::string dbRoot;  // the one used
};

// The "db_root" of a run's settings JSON, or "" when absent or not JSON.
std::string runDbRoot(const std::string& settingsJson);

// Where a run's databases are: `given` when not empty, else the run's "db_root" setting, else the
// workspace's folder.
Result<std::string> runDatabaseRoot(const ws::Workspace& workspace, std::int64_t runId,
                                    const std::string& given);

// The run's cases that cannot be scored, against its database folder (runDatabaseRoot with no
// folder given): what the Review tab's run header counts and explains.
Result<eval::NotScored> notScoredOfRun(const ws::Workspace& workspace, std::int64_t runId);

// The "ignore_column_order" of a run's settings JSON (false when absent or not JSON).
bool runIgnoresColumnOrder(const std::string& settingsJson);
// The "learned_types" of a run's settings JSON (true when absent or not JSON: the learned C1..C10
// labels are the default, `false` asks for the rules' own).
bool runUsesLearnedTypes(const std::string& settingsJson);

// Opens the workspace at `workspacePath` itself (the caller may hold its own connection: WAL).
// Progress (done cases of all) comes from the evaluation's worker threads.
EvaluateRunResult evaluateRun(const std::string& workspacePath, std::int64_t runId,
                              const EvaluateRunOptions& options, const ProgressFn& progress = {},
                              const CancelToken& cancel = {});

}  // namespace hs::workflow
