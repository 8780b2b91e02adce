#pragma once
// The transcript and cache of LLM calls: one CallRecord per call. Implementations are thread-safe:
// MemoryCallStore here, and hs::ws::WorkspaceCallStore (engine/workspace/llm_calls.h), the rows of a
// workspace's llm_calls table (engine/llm never opens a file itself). Keys are never stored: records hold the
// endpoint URL, the model and the request JSON, none of which contains a key.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"

namespace hs::llm {

struct CallRecord {
  std::int64_t id = 0;  // assigned by the store
  std::string cacheKey;
  std::string endpoint;  // base URL
  std::string model;
  std::string templateName;
  std::string templateVersion;
  std::string requestJson;
  std::optional<std::string> responseJson;
  std::optional<std::string> responseText;  // first choice's text
  std::string status = "ok";                // "ok" | "error"
  std::string error;                        // "code: message" when status is "error"
  std::optional<std::int64_t> promptTokens;
  std::optional<std::int64_t> completionTokens;
  std::optional<double> latencyMs;
  std::optional<double> cost;
  std::string createdAt;  // ISO 8601 UTC; filled by record() when empty
};

// "2026-11-22T05:06:04.123Z"
std::string utcNowIso();

class CallStore {
 public:
  virtual ~CallStore() = default;
  // Appends a record; returns its id.
  virtual Result<std::int64_t> record(CallRecord rec) = 0;
  // The newest successful record with this cache key, if any.
  virtual Result<std::optional<CallRecord>> findOk(const std::string& cacheKey) = 0;
  // The newest `limit` records, newest first.
  virtual Result<std::vector<CallRecord>> recent(std::size_t limit) = 0;
};

class MemoryCallStore : public CallStore {
 public:
  Result<std::int64_t> record(CallRecord rec) override;
  Result<std::optional<CallRecord>> findOk(const std::string& cacheKey) override;
  Result<std::vector<CallRecord>> recent(std::size_t limit) override;

 private:
  std::mutex mutex_;
  std::vector<CallRecord> records_;
};

}  // namespace hs::llm
