// Import of the Spider dev GPT-4 DIN-SQL CSV (cases/s), and scoring of result pairs (EX + Soft-F1).
// Reads ../shared/data (HALLUSQL_SHARED_DATA); skips with a message when it is absent.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>

#include "engine/eval/result_compare.h"
#include "engine/workspace/import/import.h"

namespace {

std::string sharedData() {
  const char* env = std::getenv("HALLUSQL_SHARED_DATA");
  return env && *env ? env : HALLUSQL_SHARED_DATA;
}

void BM_ImportSpiderDevCsv(benchmark::State& state) {
  hs::ws::import::ImportOptions o;
  o.casesPath = sharedData() + "/predictions/spider_dev/gpt4_DIN-SQL.csv";
  if (!std::filesystem::exists(o.casesPath)) {
    state.SkipWithError(("shared data not found: " + o.casesPath).c_str());
    return;
  }
  std::size_t cases = 0;
  for (auto _ : state) {
    auto r = hs::ws::import::importCases(o);
    cases += r.cases.size();
    benchmark::DoNotOptimize(r.cases.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(cases));
  state.counters["cases_per_s"] = benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ImportSpiderDevCsv)->Unit(benchmark::kMillisecond);

void BM_ScoreResultPair(benchmark::State& state) {
  using hs::db::Value;
  const auto n = static_cast<std::int64_t>(state.range(0));
  std::vector<hs::db::Row> gold, pred;
  for (std::int64_t i = 0; i < n; ++i) {
    gold.push_back({Value::integer(i), Value::text("name" + std::to_string(i)),
                    Value::real(static_cast<double>(i) / 2)});
    pred.push_back({Value::integer(n - 1 - i), Value::text("name" + std::to_string(n - 1 - i)),
                    Value::real(static_cast<double>(n - 1 - i) / 2)});
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(hs::eval::setEqual(gold, pred));
    benchmark::DoNotOptimize(hs::eval::bagEqual(gold, pred));
    benchmark::DoNotOptimize(hs::eval::softF1(gold, pred));
  }
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_ScoreResultPair)->Arg(10)->Arg(1000)->Arg(100000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
