#pragma once
// Choosing a run of a workspace from a command line or a report: by name (the newest of that
// name), by numeric id, or the workspace's only run when none is named.
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// An error lists the runs when the choice is ambiguous or the name unknown (code "unknown_run" or
// "which_run"), naming the workspace.
Result<RunRecord> chooseRun(const Workspace& ws, const std::optional<std::string>& nameOrId);

}  // namespace hs::ws
