#include "engine/mr/llm_runner.h"

#include <chrono>
#include <future>

#include "engine/llm/client.h"
#include "engine/llm/request_json.h"

namespace hs::mr {

LlmRunner::LlmRunner(llm::Client& client, int chunk, const std::atomic<bool>* cancel)
    : client_(client), chunk_(chunk), cancel_(cancel) {}

bool LlmRunner::cancelled() const {
  return cancel_ && cancel_->load();
}

std::vector<LlmAnswer> LlmRunner::run(const std::vector<llm::ChatRequest>& requests) {
  const auto& profile = client_.profile();
  std::vector<LlmAnswer> out(requests.size());
  std::vector<std::string> keys(requests.size());
  std::map<std::string, std::size_t> firstOfKey;  // key -> index sent in this wave
  std::vector<std::size_t> toSend;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    keys[i] = llm::cacheKey(profile.baseUrl, profile.model, requests[i]);
    if (answered_.count(keys[i]) || firstOfKey.count(keys[i])) {
      ++deduplicated_;
      continue;
    }
    firstOfKey[keys[i]] = i;
    toSend.push_back(i);
  }
  const std::size_t chunk = chunk_ > 0 ? static_cast<std::size_t>(chunk_) : toSend.size();
  for (std::size_t start = 0; start < toSend.size(); start += chunk) {
    const std::size_t stop = std::min(toSend.size(), start + chunk);
    if (cancelled()) {
      for (std::size_t k = start; k < toSend.size(); ++k)
        out[toSend[k]].result = makeError(ErrorKind::Cancelled, "cancelled", "detection cancelled");
      break;
    }
    const llm::BatchId batch = client_.newBatch();
    std::vector<std::future<llm::ChatResult>> futures;
    for (std::size_t k = start; k < stop; ++k)
      futures.push_back(client_.submitFuture(requests[toSend[k]], batch));
    bool cancelSent = false;
    for (std::size_t k = start; k < stop; ++k) {
      auto& f = futures[k - start];
      while (f.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
        if (!cancelSent && cancelled()) {
          client_.cancelBatch(batch);
          cancelSent = true;
        }
      }
      LlmAnswer& a = out[toSend[k]];
      a.result = f.get();
      a.sent = true;
      ++calls_;
      if (a.result && a.result->cached) {
        a.cached = true;
        ++cacheHits_;
      }
    }
  }
  for (std::size_t i : toSend) {
    if (out[i].sent) answered_.insert_or_assign(keys[i], out[i].result);
  }
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (out[i].sent) continue;
    auto it = answered_.find(keys[i]);
    if (it != answered_.end()) {
      out[i].result = it->second;
    } else if (auto f = firstOfKey.find(keys[i]); f != firstOfKey.end() && f->second != i) {
      out[i].result = out[f->second].result;
    }
  }
  return out;
}

}  // namespace hs::mr
