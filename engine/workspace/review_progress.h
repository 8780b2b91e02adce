#pragma once
// Which cases of a run count as reviewed or evaluated: the one definition the Review tab's
// progress, every report format and the reviewer labels use, so that they never disagree.
#include <cstdint>
#include <optional>
#include <set>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// The ids of the run's cases that carry at least one annotation (of any reviewer, any verdict and
// any taxonomy, a confirmed gold-free finding included) or an adjudication. Distinct cases: a
// case with five annotations counts once.
Result<std::set<std::int64_t>> reviewedCases(const Workspace& ws, std::int64_t runId);

// The ids of the cases an evaluation scored (the rules had their say, even when they found
// nothing), of one run or, with no run, of the whole workspace.
Result<std::set<std::int64_t>> evaluatedCases(const Workspace& ws, std::optional<std::int64_t> runId);

}  // namespace hs::ws
