#pragma once
// The pipeline's way to the LLM: a wave of requests sent concurrently through the client, each
// distinct request once (identical requests of different MRs share one answer, also across
// waves), with cancellation between polls. Counts calls, cache hits and deduplicated requests.
#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "engine/llm/chat.h"

namespace hs::llm {
class Client;
}

namespace hs::mr {

struct LlmAnswer {
  llm::ChatResult result = Error{};
  bool sent = false;    // a request went to the client for it (false: deduplicated)
  bool cached = false;  // the client answered it from its CallStore
};

class LlmRunner {
 public:
  // `chunk`: at most this many requests submitted at once (0: all of a wave).
  LlmRunner(llm::Client& client, int chunk, const std::atomic<bool>* cancel);

  // Answers in input order. Requests identical to one sent before (same cache key) reuse its
  // answer without a call.
  std::vector<LlmAnswer> run(const std::vector<llm::ChatRequest>& requests);

  int calls() const { return calls_; }
  int cacheHits() const { return cacheHits_; }
  int deduplicated() const { return deduplicated_; }
  bool cancelled() const;

 private:
  llm::Client& client_;
  int chunk_ = 0;
  const std::atomic<bool>* cancel_ = nullptr;
  std::map<std::string, llm::ChatResult> answered_;  // cache key -> answer of this run
  int calls_ = 0;
  int cacheHits_ = 0;
  int deduplicated_ = 0;
};

}  // namespace hs::mr
