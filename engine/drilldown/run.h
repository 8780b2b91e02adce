#pragma once
// The LLM side of the drill-down framework (seed 001, Algorithm 1 and Appendix E) as one engine
// workflow: decomposition of each gold query, a sub-question per step (Prompt 1, the original
// question regenerated too), per-step SQL (Prompt 2) without history (a fresh conversation per
// step) and with history (the conversation carries the earlier sub-questions and the model's own
// answers), then read-only execution, EX, Soft-F1 and findings per step (engine/eval with the
// rule annotator of engine/annotate). Inputs, a progress callback and a cancel token in; the
// annotated steps out as values.
#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/drilldown/outcome.h"
#include "engine/llm/client.h"
#include "engine/workflow/control.h"

namespace hs::drilldown {

enum class History { Off, On };
const char* toString(History h);  // "off" | "on"

struct RunOptions {
  std::string dbRoot;
  std::vector<History> modes{History::Off};
  llm::SamplingParams params;
  std::string dialect = "SQLite";
  int evalJobs = 1;
  std::string model;  // stored in the rows; the profile's model when empty
  // Over LLM requests and evaluated steps; called from the LLM client's and the evaluation's
  // worker threads.
  workflow::ProgressFn progress;
  // Cancels the LLM batch in flight at once and stops the evaluation.
  workflow::CancelToken cancel;
};

struct RunResult {
  std::vector<StepOutcome> rows;  // by case, mode, step
  std::size_t cases = 0;          // cases that were run
  std::size_t skipped = 0;        // cases without gold SQL or database (see problems)
  std::vector<Error> problems;    // one per skipped case (where = case id)
  std::size_t llmCalls = 0;       // requests made (answered from the cache or the network)
  std::size_t cacheHits = 0;
  std::size_t failedCalls = 0;
  bool cancelled = false;
};

// Errors: the built-in templates are missing (Internal). Cancelling returns the rows finished so
// far with `cancelled` set.
Result<RunResult> runDrilldown(llm::Client& client, const std::vector<Case>& cases,
                               const RunOptions& options);

}  // namespace hs::drilldown
