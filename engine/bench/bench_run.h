#pragma once
// The detector bench on a workspace run, for the Review tab: the run's cases labelled by EX
// (set semantics) and scored by the same bench as `hallusql-cli bench-detectors` (runBench,
// benchToJson). Without an LLM client only the gold-free "risk" detector runs.
#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "engine/bench/bench.h"
#include "engine/core/error.h"

namespace hs::bench {

// `options.dbRoot` empty: the run's own database root (workflow::runDatabaseRoot). Errors: the
// workspace or the run cannot be read, the run has no case with a gold query.
Result<nlohmann::json> benchWorkspaceRun(const std::string& workspacePath, std::int64_t runId,
                                         BenchOptions options);

}  // namespace hs::bench
