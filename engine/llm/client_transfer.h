#pragma once
// Internal to engine/llm: one request's state inside the Client, the curl easy handle setup
// and the classification of a finished transfer (success, retry, or typed error).
#include <curl/curl.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "engine/llm/client.h"

namespace hs::llm::detail {

using Clock = std::chrono::steady_clock;

struct Job {
  RequestId id = 0;
  BatchId batch = 0;
  ChatRequest request;
  Client::Callback callback;
  std::string key;        // cache key
  std::string canonical;  // canonical request JSON (transcript)
  std::string body;       // POST body
  int attempts = 0;
  std::atomic<bool> cancelled{false};
  Clock::time_point due;  // when a delayed retry may start
  // The call's overall deadline (profile.timeoutMs from its first network attempt).
  bool hasDeadline = false;
  Clock::time_point deadline;
  std::int64_t maxResponseBytes = 0;  // 0: no limit

  // Transfer state (worker thread only).
  CURL* easy = nullptr;
  curl_slist* headers = nullptr;
  std::string response;
  std::optional<long> retryAfterSeconds;
  bool tooLarge = false;  // the body passed maxResponseBytes: the transfer was aborted
  char errorBuffer[CURL_ERROR_SIZE] = {};
  Clock::time_point started;

  ~Job();
  void releaseHandle();
};

// Creates and configures the easy handle of the job's next attempt (CURLOPT_NOSIGNAL etc.); its
// timeouts are what is left of the job's deadline.
bool prepareTransfer(Job& job, const EndpointProfile& profile, const std::string& url,
                     const std::string& apiKey);

// What to do with a finished attempt.
struct Outcome {
  std::optional<ChatResponse> response;  // success
  std::optional<Error> error;            // final or retryable failure
  bool retryable = false;
};
Outcome classify(Job& job, CURLcode rc, const EndpointProfile& profile, const std::string& apiKey);
// Milliseconds left before the job's deadline (INT_MAX without one; 0 when it has passed).
long long msLeft(const Job& job);

}  // namespace hs::llm::detail
