#include "app/cli/llm/llm_options.h"

#include <iostream>
#include <mutex>

#include "engine/workspace/llm_calls.h"

namespace hs::cli {

std::vector<std::string> llmFlags() {
  return {"offline", "llm-debug"};
}

std::string llmUsage() {
  return "--base-url URL --model M [--api-key-env VAR] [--temperature T] [--max-tokens N] [--seed N] "
         "[--concurrency N] [--timeout-ms N (overall per call, retries included)] [--max-retries N] "
         "[--max-response-mb N] [--cache FILE] [--offline] [--llm-debug]";
}

Result<LlmSetup> parseLlmOptions(const Args& args) {
  LlmSetup s;
  auto& p = s.options.profile;
  bool offline = args.has("offline");
  // Also offline: the cache key includes the base URL and the model of the recorded run.
  auto base = args.require("base-url");
  if (!base) return base.error();
  auto model = args.require("model");
  if (!model) return model.error();
  p.name = "cli";
  p.baseUrl = base.value();
  p.model = model.value();
  p.apiKeyEnv = args.getOr("api-key-env", "");
  auto conc = args.getInt("concurrency", 4);
  if (!conc) return conc.error();
  if (conc.value() < 1 || conc.value() > 256) {
    return makeError(ErrorKind::BadInput, "usage", "--concurrency must be between 1 and 256");
  }
  p.maxConcurrency = static_cast<int>(conc.value());
  auto timeout = args.getInt("timeout-ms", 120000);
  if (!timeout) return timeout.error();
  if (timeout.value() < 1) return makeError(ErrorKind::BadInput, "usage", "--timeout-ms must be positive");
  if (timeout.value() > 24LL * 3600 * 1000) {
    return makeError(ErrorKind::BadInput, "usage", "--timeout-ms is larger than a day");
  }
  p.timeoutMs = static_cast<int>(timeout.value());
  p.connectTimeoutMs = std::min(p.timeoutMs, 10000);
  auto retries = args.getInt("max-retries", 3);
  if (!retries) return retries.error();
  p.maxRetries = static_cast<int>(std::max(0LL, retries.value()));
  auto responseMb = args.getInt("max-response-mb", s.options.maxResponseBytes >> 20);
  if (!responseMb) return responseMb.error();
  if (responseMb.value() < 1 || responseMb.value() > 4096) {
    return makeError(ErrorKind::BadInput, "usage", "--max-response-mb must be between 1 and 4096");
  }
  s.options.maxResponseBytes = responseMb.value() << 20;
  auto temperature = args.getDouble("temperature", 0.0);
  if (!temperature) return temperature.error();
  s.params.temperature = temperature.value();
  if (args.has("max-tokens")) {
    auto mt = args.getInt("max-tokens", 0);
    if (!mt) return mt.error();
    if (mt.value() < 1) return makeError(ErrorKind::BadInput, "usage", "--max-tokens must be positive");
    s.params.maxTokens = static_cast<int>(mt.value());
  }
  if (args.has("seed")) {
    auto seed = args.getInt("seed", 0);
    if (!seed) return seed.error();
    s.params.seed = seed.value();
  }
  s.options.offline = offline;
  if (auto cache = args.get("cache")) {
    // The cache is a HalluSQL workspace (created when missing); anything else is refused untouched.
    std::vector<std::string> inputs;
    if (auto db = args.get("db")) inputs.push_back(*db);
    auto store = ws::WorkspaceCallStore::openOrCreate(*cache, inputs);
    if (!store) {
      Error e = store.error();
      e.kind = ErrorKind::BadInput;
      return e;
    }
    s.options.store = std::move(store.value());
  } else if (offline) {
    return makeError(ErrorKind::BadInput, "usage",
                     "--offline answers from the cache only: give --cache FILE");
  }
  if (args.has("llm-debug")) {
    auto m = std::make_shared<std::mutex>();
    s.options.debugLog = [m](const std::string& line) {
      std::lock_guard lock(*m);
      std::cerr << line << "\n";
    };
  }
  return s;
}

}  // namespace hs::cli
