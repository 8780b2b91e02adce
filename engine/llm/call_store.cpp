#include "engine/llm/call_store.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace hs::llm {

std::string utcNowIso() {
  auto now = std::chrono::system_clock::now();
  std::time_t t = std::chrono::system_clock::to_time_t(now);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

Result<std::int64_t> MemoryCallStore::record(CallRecord rec) {
  std::lock_guard lock(mutex_);
  rec.id = static_cast<std::int64_t>(records_.size()) + 1;
  if (rec.createdAt.empty()) rec.createdAt = utcNowIso();
  records_.push_back(std::move(rec));
  return records_.back().id;
}

Result<std::optional<CallRecord>> MemoryCallStore::findOk(const std::string& cacheKey) {
  std::lock_guard lock(mutex_);
  for (auto it = records_.rbegin(); it != records_.rend(); ++it) {
    if (it->cacheKey == cacheKey && it->status == "ok") return std::optional<CallRecord>(*it);
  }
  return std::optional<CallRecord>();
}

Result<std::vector<CallRecord>> MemoryCallStore::recent(std::size_t limit) {
  std::lock_guard lock(mutex_);
  std::vector<CallRecord> out;
  for (auto it = records_.rbegin(); it != records_.rend() && out.size() < limit; ++it) out.push_back(*it);
  return out;
}

}  // namespace hs::llm
