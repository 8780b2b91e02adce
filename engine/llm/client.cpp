#include "engine/llm/client.h"

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>

#include "engine/core/hash.h"
#include "engine/llm/client_transfer.h"
#include "engine/llm/request_json.h"

namespace hs::llm {

using detail::Clock;
using detail::Job;
using JobPtr = std::shared_ptr<Job>;

std::string redact(std::string text, const std::string& secret) {
  if (secret.size() >= 4) {
    for (std::size_t pos = 0; (pos = text.find(secret, pos)) != std::string::npos;) {
      text.replace(pos, secret.size(), "***");
      pos += 3;
    }
  }
  for (const char* marker : {"Bearer ", "bearer "}) {
    for (std::size_t pos = 0; (pos = text.find(marker, pos)) != std::string::npos;) {
      std::size_t b = pos + 7;
      std::size_t e = b;
      while (e < text.size() && text[e] != ' ' && text[e] != '\n' && text[e] != '\r' && text[e] != '"') ++e;
      text.replace(b, e - b, "***");
      pos = b + 3;
    }
  }
  return text;
}

std::string maskSecret(std::string text, const std::string& secret) {
  static const std::string kMask = "[redacted]";
  if (secret.size() < 4) return text;
  for (std::size_t pos = 0; (pos = text.find(secret, pos)) != std::string::npos;) {
    text.replace(pos, secret.size(), kMask);
    pos += kMask.size();
  }
  return text;
}

namespace {

void curlGlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

Error cancelledError(const Job& job) {
  Error e =
      makeError(ErrorKind::Cancelled, "cancelled", "request " + std::to_string(job.id) + " was cancelled");
  return e;
}

}  // namespace

struct Client::Impl {
  ClientOptions options;
  std::string url;
  std::string apiKey;
  CURLM* multi = nullptr;
  std::thread worker;

  mutable std::mutex mutex;
  std::deque<JobPtr> pending;                              // guarded by mutex
  std::unordered_map<RequestId, std::weak_ptr<Job>> live;  // guarded by mutex
  bool stopping = false;                                   // guarded by mutex
  std::uint64_t cancelGeneration = 0;                      // guarded by mutex
  RequestId nextId = 1;
  BatchId nextBatch = 1;
  ClientStats stats;  // guarded by mutex

  // Worker thread only.
  std::vector<JobPtr> delayed;
  std::map<CURL*, JobPtr> inflight;
  std::uint64_t seenGeneration = 0;
  std::mt19937 rng{std::random_device{}()};

  void log(const std::string& line) {
    if (options.debugLog) options.debugLog(redact(line, apiKey));
  }

  void deliver(const JobPtr& job, ChatResult result) {
    {
      std::lock_guard lock(mutex);
      ++stats.completed;
      if (!result.ok()) {
        ++stats.failed;
        if (result.error().kind == ErrorKind::Cancelled) ++stats.cancelled;
      } else if (result.value().cached) {
        ++stats.cacheHits;
      }
      live.erase(job->id);
    }
    if (job->callback) job->callback(job->id, result);
  }

  void recordCall(const Job& job, const ChatResult& result, double latencyMs) {
    if (!options.store) return;
    CallRecord rec;
    rec.cacheKey = job.key;
    rec.endpoint = normaliseBaseUrl(options.profile.baseUrl);
    rec.model = options.profile.model;
    rec.templateName = job.request.templateName;
    rec.templateVersion = job.request.templateVersion;
    rec.requestJson = job.canonical;
    rec.latencyMs = latencyMs;
    if (result.ok()) {
      const auto& r = result.value();
      rec.status = "ok";
      rec.responseJson = r.rawJson;
      rec.responseText = r.text();
      rec.promptTokens = r.usage.promptTokens;
      rec.completionTokens = r.usage.completionTokens;
      rec.cost = r.cost;
    } else {
      rec.status = "error";
      rec.error = redact(result.error().code + ": " + result.error().message, apiKey);
      if (!job.response.empty()) rec.responseJson = redact(job.response.substr(0, 4096), apiKey);
    }
    auto st = options.store->record(std::move(rec));
    if (!st) log("llm: cannot record call " + std::to_string(job.id) + ": " + st.error().message);
  }

  // A cache hit or, offline, a miss; nullopt when the job must go to the network.
  std::optional<ChatResult> fromStore(const Job& job) {
    if (options.store && (options.readCache || options.offline)) {
      auto hit = options.store->findOk(job.key);
      if (hit && hit.value()) {
        const CallRecord& rec = *hit.value();
        // A cached reply is read like one from the network: bounded size and nesting.
        auto parsed = parseResponse(rec.responseJson.value_or(""), rec.model, options.maxResponseBytes);
        if (!parsed)
          log("llm: cached answer " + job.key.substr(0, 12) + " not used: " + parsed.error().message);
        if (parsed) {
          ChatResponse r = std::move(parsed.value());
          r.cached = true;
          r.cacheKey = job.key;
          r.cost = 0.0;
          return ChatResult(std::move(r));
        }
      } else if (!hit) {
        log("llm: cache lookup failed: " + hit.error().message);
      }
    }
    if (options.offline) {
      std::string tmpl = job.request.templateName.empty() ? "(no template)" : job.request.templateName;
      if (!job.request.templateVersion.empty()) tmpl += " v" + job.request.templateVersion;
      Error e = makeError(ErrorKind::External, "offline_miss",
                          "offline mode: no cached answer for template " + tmpl + ", model '" +
                              options.profile.model + "', " +
                              (job.request.label.empty() ? "prompt \"" + promptExcerpt(job.request)
                                                         : "request \"" + textExcerpt(job.request.label)) +
                              "\" (cache key " + job.key.substr(0, 12) + ")");
      e.where = normaliseBaseUrl(options.profile.baseUrl);
      return ChatResult(std::move(e));
    }
    return std::nullopt;
  }

  int backoffMs(const Job& job) {
    if (job.retryAfterSeconds) {
      long ms = std::max(0L, *job.retryAfterSeconds) * 1000L;
      return static_cast<int>(std::min<long>(ms, options.maxRetryAfterMs));
    }
    double base =
        static_cast<double>(options.backoffBaseMs) * static_cast<double>(1 << std::min(job.attempts - 1, 16));
    base = std::min(base, static_cast<double>(options.backoffMaxMs));
    std::uniform_real_distribution<double> jitter(0.5, 1.0);  // "equal jitter"
    return static_cast<int>(base * jitter(rng));
  }

  void start(const JobPtr& job) {
    if (job->attempts == 0) {
      // One overall deadline per call, from its first network attempt: every attempt, every
      // backoff and every Retry-After fit inside it.
      job->hasDeadline = options.profile.timeoutMs > 0;
      job->deadline = Clock::now() + std::chrono::milliseconds(options.profile.timeoutMs);
      job->maxResponseBytes = options.maxResponseBytes;
    }
    if (!detail::prepareTransfer(*job, options.profile, url, apiKey)) {
      deliver(job, makeError(ErrorKind::Internal, "curl", "cannot create a curl handle"));
      return;
    }
    curl_multi_add_handle(multi, job->easy);
    inflight[job->easy] = job;
    {
      std::lock_guard lock(mutex);
      ++stats.networkAttempts;
      if (job->attempts > 1) ++stats.retries;
      stats.maxInFlight = std::max(stats.maxInFlight, static_cast<int>(inflight.size()));
    }
    log("llm: POST " + url + " model=" + options.profile.model + " request=" + std::to_string(job->id) +
        " attempt=" + std::to_string(job->attempts) + (apiKey.empty() ? "" : " Authorization: Bearer ***"));
  }

  void finishTransfer(CURL* easy, CURLcode rc) {
    auto it = inflight.find(easy);
    if (it == inflight.end()) return;
    JobPtr job = it->second;
    inflight.erase(it);
    curl_multi_remove_handle(multi, easy);
    double latencyMs = std::chrono::duration<double, std::milli>(Clock::now() - job->started).count();
    auto outcome = detail::classify(*job, rc, options.profile, apiKey);
    job->releaseHandle();
    if (outcome.response) {
      ChatResponse r = std::move(*outcome.response);
      r.latencyMs = latencyMs;
      r.attempts = job->attempts;
      r.cacheKey = job->key;
      r.cost = costOf(r.usage, options.profile);
      ChatResult result(std::move(r));
      recordCall(*job, result, latencyMs);
      log("llm: request " + std::to_string(job->id) + " ok in " +
          std::to_string(static_cast<int>(latencyMs)) + " ms");
      deliver(job, std::move(result));
      return;
    }
    Error err = std::move(*outcome.error);
    if (outcome.retryable && job->attempts <= options.profile.maxRetries && !job->cancelled) {
      int delay = backoffMs(*job);
      // A Retry-After beyond the deadline ends the call now rather than waiting in vain.
      long long wanted = delay;
      if (job->retryAfterSeconds)
        wanted = std::clamp<long long>(*job->retryAfterSeconds, 0, 1000000000LL) * 1000;
      if (job->hasDeadline && wanted >= detail::msLeft(*job)) {
        err.message += std::string(" (no time left for a retry") +
                       (job->retryAfterSeconds ? " after the server's Retry-After of " +
                                                     std::to_string(*job->retryAfterSeconds) + " s"
                                               : "") +
                       " within the call's overall limit of " + std::to_string(options.profile.timeoutMs) +
                       " ms; after " + std::to_string(job->attempts) + " attempts)";
        ChatResult result(std::move(err));
        recordCall(*job, result, latencyMs);
        log("llm: request " + std::to_string(job->id) + " failed: " + result.error().code);
        deliver(job, std::move(result));
        return;
      }
      job->due = Clock::now() + std::chrono::milliseconds(delay);
      log("llm: request " + std::to_string(job->id) + " " + err.code + ", retry in " + std::to_string(delay) +
          " ms");
      delayed.push_back(job);
      return;
    }
    if (outcome.retryable) err.message += " (after " + std::to_string(job->attempts) + " attempts)";
    ChatResult result(std::move(err));
    recordCall(*job, result, latencyMs);
    log("llm: request " + std::to_string(job->id) + " failed: " + result.error().code);
    deliver(job, std::move(result));
  }

  void run() {
    for (;;) {
      std::vector<JobPtr> toStart;
      std::vector<JobPtr> toCancel;
      bool exit = false;
      {
        std::lock_guard lock(mutex);
        if (cancelGeneration != seenGeneration || stopping) {
          seenGeneration = cancelGeneration;
          auto sweep = [&](auto& list) {
            for (auto it = list.begin(); it != list.end();) {
              if ((*it)->cancelled || stopping) {
                toCancel.push_back(*it);
                it = list.erase(it);
              } else {
                ++it;
              }
            }
          };
          sweep(pending);
          sweep(delayed);
          for (auto it = inflight.begin(); it != inflight.end();) {
            if (it->second->cancelled || stopping) {
              curl_multi_remove_handle(multi, it->first);
              it->second->releaseHandle();
              toCancel.push_back(it->second);
              it = inflight.erase(it);
            } else {
              ++it;
            }
          }
        }
        auto now = Clock::now();
        for (auto it = delayed.begin(); it != delayed.end();) {
          if ((*it)->due <= now) {
            pending.push_front(*it);
            it = delayed.erase(it);
          } else {
            ++it;
          }
        }
        std::size_t bound = static_cast<std::size_t>(std::max(1, options.profile.maxConcurrency));
        while (inflight.size() + toStart.size() < bound && !pending.empty()) {
          toStart.push_back(pending.front());
          pending.pop_front();
        }
        exit = stopping && pending.empty() && delayed.empty() && inflight.empty() && toStart.empty();
      }
      for (auto& job : toCancel) deliver(job, cancelledError(*job));
      if (exit) return;
      for (auto& job : toStart) {
        if (job->cancelled) {
          deliver(job, cancelledError(*job));
          continue;
        }
        if (job->attempts == 0) {
          if (auto stored = fromStore(*job)) {
            deliver(job, std::move(*stored));
            continue;
          }
        }
        start(job);
      }
      int running = 0;
      curl_multi_perform(multi, &running);
      int left = 0;
      while (CURLMsg* msg = curl_multi_info_read(multi, &left)) {
        if (msg->msg == CURLMSG_DONE) finishTransfer(msg->easy_handle, msg->data.result);
      }
      int timeoutMs = 1000;
      {
        std::lock_guard lock(mutex);
        std::size_t bound = static_cast<std::size_t>(std::max(1, options.profile.maxConcurrency));
        if ((!pending.empty() && inflight.size() < bound) || cancelGeneration != seenGeneration || stopping) {
          timeoutMs = 0;
        }
      }
      auto now = Clock::now();
      for (const auto& job : delayed) {
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(job->due - now).count();
        timeoutMs = std::clamp(static_cast<int>(ms) + 1, 0, timeoutMs);
      }
      if (timeoutMs > 0) curl_multi_poll(multi, nullptr, 0, timeoutMs, nullptr);
    }
  }
};

Client::Client(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Result<std::unique_ptr<Client>> Client::create(ClientOptions options) {
  if (options.profile.baseUrl.empty() || options.profile.model.empty()) {
    return makeError(ErrorKind::BadInput, "bad_profile", "the endpoint profile needs a base URL and a model");
  }
  auto impl = std::make_unique<Impl>();
  impl->apiKey = options.apiKey;
  options.apiKey.clear();
  if (impl->apiKey.empty() && !options.profile.apiKeyEnv.empty()) {
    const char* v = std::getenv(options.profile.apiKeyEnv.c_str());
    if (v && *v) {
      impl->apiKey = v;
    } else if (!options.offline) {
      return makeError(ErrorKind::BadInput, "missing_key",
                       "the environment variable " + options.profile.apiKeyEnv +
                           " (the API key of profile '" + options.profile.name + "') is not set");
    }
  }
  impl->options = std::move(options);
  impl->url = normaliseBaseUrl(impl->options.profile.baseUrl) + "/chat/completions";
  curlGlobalInit();
  impl->multi = curl_multi_init();
  if (!impl->multi) return makeError(ErrorKind::Internal, "curl", "cannot create a curl multi handle");
  curl_multi_setopt(impl->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS,
                    static_cast<long>(std::max(1, impl->options.profile.maxConcurrency)));
  Impl* raw = impl.get();
  impl->worker = std::thread([raw] { raw->run(); });
  return std::unique_ptr<Client>(new Client(std::move(impl)));
}

Client::~Client() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  curl_multi_wakeup(impl_->multi);
  impl_->worker.join();
  curl_multi_cleanup(impl_->multi);
  std::fill(impl_->apiKey.begin(), impl_->apiKey.end(), '\0');
}

BatchId Client::newBatch() {
  std::lock_guard lock(impl_->mutex);
  return impl_->nextBatch++;
}

RequestId Client::submit(ChatRequest request, Callback callback, BatchId batch) {
  auto job = std::make_shared<Job>();
  const auto& p = impl_->options.profile;
  job->canonical = canonicalRequest(p.baseUrl, p.model, request);
  job->key = sha256Hex(job->canonical);
  job->body = requestBody(p.model, request).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  job->request = std::move(request);
  job->callback = std::move(callback);
  job->batch = batch;
  RequestId id;
  bool stopping;
  {
    std::lock_guard lock(impl_->mutex);
    id = job->id = impl_->nextId++;
    ++impl_->stats.submitted;
    stopping = impl_->stopping;
    if (!stopping) {
      impl_->live[id] = job;
      impl_->pending.push_back(job);
    }
  }
  if (stopping) {
    impl_->deliver(job, cancelledError(*job));
  } else {
    curl_multi_wakeup(impl_->multi);
  }
  return id;
}

std::future<ChatResult> Client::submitFuture(ChatRequest request, BatchId batch, RequestId* idOut) {
  auto promise = std::make_shared<std::promise<ChatResult>>();
  auto future = promise->get_future();
  RequestId id = submit(
      std::move(request), [promise](RequestId, const ChatResult& r) { promise->set_value(r); }, batch);
  if (idOut) *idOut = id;
  return future;
}

ChatResult Client::call(ChatRequest request) {
  return submitFuture(std::move(request)).get();
}

std::vector<ChatResult> Client::runBatch(std::vector<ChatRequest> requests, const Callback& progress,
                                         BatchId* batchOut) {
  BatchId batch = newBatch();
  if (batchOut) *batchOut = batch;
  std::vector<std::future<ChatResult>> futures;
  futures.reserve(requests.size());
  for (auto& r : requests) {
    auto promise = std::make_shared<std::promise<ChatResult>>();
    futures.push_back(promise->get_future());
    submit(
        std::move(r),
        [promise, progress](RequestId id, const ChatResult& res) {
          if (progress) progress(id, res);  // before the future is ready: callers see it counted
          promise->set_value(res);
        },
        batch);
  }
  std::vector<ChatResult> out;
  out.reserve(futures.size());
  for (auto& f : futures) out.push_back(f.get());
  return out;
}

void Client::cancel(RequestId id) {
  {
    std::lock_guard lock(impl_->mutex);
    auto it = impl_->live.find(id);
    if (it == impl_->live.end()) return;
    if (auto job = it->second.lock()) job->cancelled = true;
    ++impl_->cancelGeneration;
  }
  curl_multi_wakeup(impl_->multi);
}

void Client::cancelBatch(BatchId batch) {
  {
    std::lock_guard lock(impl_->mutex);
    for (auto& [id, weak] : impl_->live) {
      if (auto job = weak.lock(); job && job->batch == batch) job->cancelled = true;
    }
    ++impl_->cancelGeneration;
  }
  curl_multi_wakeup(impl_->multi);
}

void Client::cancelAll() {
  {
    std::lock_guard lock(impl_->mutex);
    for (auto& [id, weak] : impl_->live) {
      if (auto job = weak.lock()) job->cancelled = true;
    }
    ++impl_->cancelGeneration;
  }
  curl_multi_wakeup(impl_->multi);
}

ClientStats Client::stats() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->stats;
}

const EndpointProfile& Client::profile() const {
  return impl_->options.profile;
}

}  // namespace hs::llm
