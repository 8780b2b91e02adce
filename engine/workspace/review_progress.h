#pragma once
// Which cases of a run count as reviewed: the one definition the Review tab's progress and every
// report format use, so that they never disagree.
#include <cstdint>
#include <set>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

// The ids of the run's cases that carry at least one annotation (of any reviewer, any verdict and
// any taxonomy, a confirmed gold-free finding included) or an adjudication. Distinct cases: a
// case with five annotations counts once.
Result<std::set<std::int64_t>> reviewedCases(const Workspace& ws, std::int64_t runId);

}  // namespace hs::ws
