#pragma once
// `hallusql-cli generate --cases F ...`: a whole benchmark file through the model.
#include "app/cli/command.h"
#include "app/cli/llm/llm_options.h"

namespace hs::cli {

int runGenerateCases(const Args& args, LlmSetup setup);

}  // namespace hs::cli
