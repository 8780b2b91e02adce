// The LLM client under load against the fake server (tests/support/fake_llm):
//  - BM_Batch200At8: 200 requests, 200 ms server latency each, 8 in flight. Ideal wall time is
//    200 / 8 * 0.2 s = 5 s; target: within 10 %. Counters: wall_s, vs_ideal_pct, client CPU per
//    request (this process only; the server is another process), latency above the server's
//    200 ms as seen by the client (loopback + HTTP + the python server's own overhead).
//  - BM_CacheHit: an identical request answered from the MemoryCallStore (no network).
//  - BM_BuildRequest: canonical JSON + SHA-256 cache key + request body of a text-to-SQL prompt.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <chrono>
#include <memory>

#include "engine/llm/client.h"
#include "engine/llm/request_json.h"
#include "support/fake_llm/fake_llm.h"

namespace {

double cpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

hs::llm::ChatRequest request(int i, std::size_t promptBytes = 2000) {
  hs::llm::ChatRequest r;
  r.messages = {{"user", std::string(promptBytes, 'x') + " question " + std::to_string(i)}};
  r.params.temperature = 0.0;
  r.templateName = "bench";
  r.templateVersion = "1";
  return r;
}

const std::string kScript = HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py";

void BM_Batch200At8(benchmark::State& state) {
  hs::test::FakeLlmServer server(kScript, {"--latency-ms", "200"});
  const int n = 200;
  const int conc = 8;
  double wall = 0, cpu = 0, extraLatencyMs = 0;
  int maxSeen = 0;
  for (auto _ : state) {
    server.reset();
    server.setDefault({{"latency_ms", 200}});
    hs::llm::ClientOptions o;
    o.profile.baseUrl = server.baseUrl();
    o.profile.model = "fake-model";
    o.profile.maxConcurrency = conc;
    auto client = std::move(hs::llm::Client::create(o).value());
    std::vector<hs::llm::ChatRequest> reqs;
    for (int i = 0; i < n; ++i) reqs.push_back(request(i));
    double cpu0 = cpuSeconds();
    auto t0 = std::chrono::steady_clock::now();
    auto results = client->runBatch(reqs);
    wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu = cpuSeconds() - cpu0;
    extraLatencyMs = 0;
    for (const auto& r : results) {
      if (!r.ok()) {
        state.SkipWithError(r.error().message.c_str());
        return;
      }
      extraLatencyMs += r->latencyMs - 200.0;
    }
    extraLatencyMs /= n;
    maxSeen = server.stats()["max_concurrent"].get<int>();
  }
  const double ideal = n / static_cast<double>(conc) * 0.2;
  state.counters["wall_s"] = wall;
  state.counters["ideal_s"] = ideal;
  state.counters["vs_ideal_pct"] = (wall - ideal) / ideal * 100.0;
  state.counters["client_cpu_us_per_req"] = cpu / n * 1e6;
  state.counters["latency_above_200ms_ms"] = extraLatencyMs;
  state.counters["wall_overhead_ms_per_req"] = (wall - ideal) * 1000.0 / n;
  state.counters["server_max_concurrent"] = maxSeen;
}
BENCHMARK(BM_Batch200At8)->Iterations(1)->Repetitions(3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CacheHit(benchmark::State& state) {
  hs::test::FakeLlmServer server(kScript);
  hs::llm::ClientOptions o;
  o.profile.baseUrl = server.baseUrl();
  o.profile.model = "fake-model";
  o.store = std::make_shared<hs::llm::MemoryCallStore>();
  auto client = std::move(hs::llm::Client::create(o).value());
  auto r = request(1);
  if (!client->call(r).ok()) state.SkipWithError("warm-up call failed");
  for (auto _ : state) {
    auto res = client->call(r);
    benchmark::DoNotOptimize(res);
  }
}
BENCHMARK(BM_CacheHit)->Unit(benchmark::kMicrosecond);

void BM_BuildRequest(benchmark::State& state) {
  auto r = request(1, static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    auto key = hs::llm::cacheKey("http://127.0.0.1:1/v1", "m", r);
    auto body = hs::llm::requestBody("m", r).dump();
    benchmark::DoNotOptimize(key);
    benchmark::DoNotOptimize(body);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_BuildRequest)->Arg(2000)->Arg(20000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
