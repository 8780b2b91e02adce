#pragma once
// Building a report's input from a workspace run: its cases, their stored outcomes and the
// reviewers' annotations.
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/report/report_input.h"
#include "engine/workspace/workspace.h"

namespace hs::report {

// The run named `runName` (the newest of that name), or the workspace's only run when no name is
// given; an error lists the runs when the choice is ambiguous or the name is unknown.
Result<ReportInput> loadReport(const ws::Workspace& workspace, const std::optional<std::string>& runName,
                               Language language);
// The run with this id.
Result<ReportInput> loadReport(const ws::Workspace& workspace, std::int64_t runId, Language language);

}  // namespace hs::report
