#pragma once
// `hallusql-cli detect` options shared by the single-question and the labelled-set forms, and
// the labelled-set run: `detect --cases F --db-root DIR --out OUT.jsonl [--summary S.json]`.
#include "app/cli/command.h"
#include "app/cli/llm/llm_options.h"
#include "engine/mr/pipeline.h"

namespace hs::cli {

// --mrs LIST, --early-stop K, --vote-threshold F, --order-from S.json (the early-stopping order
// from an earlier labelled run's summary), plus the sampling parameters of the llm options.
Result<mr::DetectOptions> detectOptionsFromArgs(const Args& args, const LlmSetup& setup);

// Every case through the pipeline (the case's predicted SQL is the source SQL when it has one);
// the label is EX false (set semantics) of the source SQL against the gold SQL. Prints the
// metrics (detect_metrics.h) and writes them to --summary.
int runDetectCases(const Args& args, const LlmSetup& setup, const mr::DetectOptions& options);

}  // namespace hs::cli
