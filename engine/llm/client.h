#pragma once
// The one LLM client of HalluSQL: OpenAI-compatible chat completions over libcurl's multi
// interface, driven by one worker thread, with a bound on requests in flight, retries with
// backoff, a cache and transcript (CallStore), an offline mode and cancellation.
//
// Threading: every public member is thread-safe. Callbacks run on the client's worker thread;
// a GUI marshals them to its own thread (e.g. QMetaObject::invokeMethod with a queued
// connection) or uses the futures. A callback must not block for long, and must not destroy
// the Client. Destroying the Client cancels what is left and joins the worker.
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/llm/call_store.h"
#include "engine/llm/chat.h"

namespace hs::llm {

using RequestId = std::uint64_t;
using BatchId = std::uint64_t;

struct ClientOptions {
  EndpointProfile profile;
  std::shared_ptr<CallStore> store;  // transcript and cache; null: neither
  bool readCache = true;             // answer identical requests from the store
  bool offline = false;              // answer only from the store; a miss is error "offline_miss"
  int backoffBaseMs = 500;           // first retry delay (doubles each time, with jitter)
  int backoffMaxMs = 20000;
  int maxRetryAfterMs = 60000;  // cap on a server's Retry-After (the call's deadline caps it too)
  // Largest response body accepted, counted after decompression (a gzip bomb or an endless
  // chunked body stops here): more -> External error "response_too_large". 0: no limit.
  std::int64_t maxResponseBytes = 32LL << 20;
  // The key itself, for callers that hold it (a GUI reading the system keychain). When empty,
  // the key is read from the environment variable profile.apiKeyEnv. Never stored anywhere.
  std::string apiKey;
  // Debug lines (one per attempt and outcome); Authorization is always shown as "Bearer ***".
  std::function<void(const std::string&)> debugLog;
};

struct ClientStats {
  std::uint64_t submitted = 0;
  std::uint64_t completed = 0;  // delivered results, successes and errors
  std::uint64_t failed = 0;
  std::uint64_t cacheHits = 0;
  std::uint64_t networkAttempts = 0;
  std::uint64_t retries = 0;
  std::uint64_t cancelled = 0;
  int maxInFlight = 0;  // most transfers the client had in flight at once
};

class Client {
 public:
  using Callback = std::function<void(RequestId, const ChatResult&)>;

  // Errors: "missing_key" (BadInput) when profile.apiKeyEnv names an unset variable (online
  // mode only), "bad_profile" when base URL or model is empty.
  static Result<std::unique_ptr<Client>> create(ClientOptions options);
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // A fresh batch id to group requests for cancelBatch().
  BatchId newBatch();
  // Queues one request; the callback (if any) runs once with its result. Never blocks on I/O.
  RequestId submit(ChatRequest request, Callback callback = {}, BatchId batch = 0);
  std::future<ChatResult> submitFuture(ChatRequest request, BatchId batch = 0, RequestId* id = nullptr);
  // Blocking conveniences (not for a UI thread).
  ChatResult call(ChatRequest request);
  // Runs all requests (at most profile.maxConcurrency at once); results in input order.
  // `progress` runs on the worker thread after each result.
  std::vector<ChatResult> runBatch(std::vector<ChatRequest> requests, const Callback& progress = {},
                                   BatchId* batchOut = nullptr);

  // Cancel: the result becomes ErrorKind::Cancelled, code "cancelled"; an in-flight transfer is
  // aborted at once. Unknown or finished ids are ignored.
  void cancel(RequestId id);
  void cancelBatch(BatchId batch);
  void cancelAll();

  ClientStats stats() const;
  const EndpointProfile& profile() const;

 private:
  struct Impl;
  explicit Client(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// "Bearer sk-abc" -> "Bearer ***"; also replaces every occurrence of `secret` in `text`.
std::string redact(std::string text, const std::string& secret);
// Every occurrence of `secret` (4 characters or more) in `text` -> "[redacted]". Applied to a
// reply before it is parsed, stored in the cache or transcript, or printed.
std::string maskSecret(std::string text, const std::string& secret);

}  // namespace hs::llm
