#pragma once
// The "llm options" of the CLI contract, shared by every command that calls a model:
//   --base-url URL --model M [--api-key-env VAR] [--temperature T] [--max-tokens N] [--seed N]
//   [--concurrency N] [--timeout-ms N] [--max-retries N] [--cache FILE] [--offline] [--llm-debug]
#include <memory>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "engine/llm/client.h"

namespace hs::cli {

struct LlmSetup {
  llm::ClientOptions options;  // profile, store (the --cache file), offline
  llm::SamplingParams params;
};

// Value-less options of the llm options (append to a Command's flags).
std::vector<std::string> llmFlags();
// One usage fragment for --help.
std::string llmUsage();

// Errors are BadInput and name the option. --offline without --cache is refused (nothing to
// answer from). --llm-debug prints redacted debug lines on stderr.
Result<LlmSetup> parseLlmOptions(const Args& args);

}  // namespace hs::cli
