#pragma once
// Import a benchmark run into a workspace, written once for every front end (the Review tab's
// import dialog and `hallusql-cli evaluate --workspace`): the run and all its cases in the
// workspace, or nothing (no empty run is left behind when the cases cannot be stored).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/eval/runner.h"
#include "engine/workspace/records.h"

namespace hs::workflow {

struct ImportedRun {
  std::int64_t runId = 0;
  std::size_t cases = 0;
};

// Opens the workspace at `workspacePath`, or creates it when no file is there (any other file is
// refused untouched). With `outcomes` (one per case, in order) the evaluation is stored too, in one
// transaction; when it cannot be, the run is removed again.
Result<ImportedRun> importRun(const std::string& workspacePath, const ws::RunInfo& info,
                              const std::vector<Case>& cases,
                              const std::vector<eval::CaseOutcome>* outcomes = nullptr);

}  // namespace hs::workflow
