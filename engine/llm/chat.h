#pragma once
// Plain data of one OpenAI-compatible chat completion: request, response, endpoint profile.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"

namespace hs::llm {

struct ChatMessage {
  std::string role;  // "system", "user", "assistant"
  std::string content;
};

// Sampling parameters; unset optionals are not sent (the server's default applies).
struct SamplingParams {
  std::optional<double> temperature;
  std::optional<int> maxTokens;
  std::optional<std::int64_t> seed;
  int n = 1;
  std::vector<std::string> stop;
  bool logprobs = false;           // only sent when true (not every server offers it)
  std::optional<int> topLogprobs;  // with logprobs
};

struct ChatRequest {
  std::vector<ChatMessage> messages;
  SamplingParams params;
  std::string templateName;     // which prompt template produced the messages (for the transcript)
  std::string templateVersion;  // its version line
  // Short human description (e.g. the question) for logs and "offline_miss" errors. Not part of
  // the cache key.
  std::string label;
};

struct Usage {
  std::int64_t promptTokens = 0;
  std::int64_t completionTokens = 0;
};

struct Choice {
  std::string text;
  std::string finishReason;  // "stop", "length", ... ("" when the server gave none)
  nlohmann::json logprobs;   // null when absent
};

struct ChatResponse {
  std::vector<Choice> choices;  // never empty in a successful response
  Usage usage;
  std::string model;       // as reported by the server (falls back to the requested model)
  double latencyMs = 0.0;  // of the last network attempt; 0 for a cache hit
  double cost = 0.0;       // from the profile's prices
  bool cached = false;     // answered from the call store, no network
  int attempts = 0;        // network attempts (0 for a cache hit)
  std::string cacheKey;
  std::string rawJson;  // the server's response body

  const std::string& text() const { return choices.front().text; }
};

using ChatResult = Result<ChatResponse>;

// An endpoint profile: plain, JSON-serialisable (the GUI persists it in QSettings). It never
// holds a key, only the name of the environment variable that holds it.
struct EndpointProfile {
  std::string name = "default";
  std::string baseUrl;  // e.g. "http://127.0.0.1:11434/v1" (…/chat/completions is appended)
  std::string model;
  std::string apiKeyEnv;   // e.g. "OPENAI_API_KEY"; "" for none
  int maxConcurrency = 4;  // requests in flight at once
  int connectTimeoutMs = 5000;
  int timeoutMs = 120000;  // overall time of one call: every attempt and every retry delay
  int maxRetries = 3;      // extra attempts on timeouts, 429 and 5xx
  double pricePer1kInput = 0.0;
  double pricePer1kOutput = 0.0;
};

nlohmann::json toJson(const EndpointProfile& p);
// Missing fields keep their defaults; wrong types give a BadInput error naming the field.
Result<EndpointProfile> profileFromJson(const nlohmann::json& j);

}  // namespace hs::llm
