// Drill-down benchmarks, one thread:
//  - BM_DecomposeStatic: Spider train gold queries -> candidate steps (parse, build, print), no DB;
//  - BM_DecomposeExecuted: Spider dev gold queries -> executed paths (every step run read-only);
//  - BM_Statistics: recurrence / emergence statistics over 100,000 annotated steps.
// items_per_second = queries/s (decomposition) or steps/s (statistics).
// Run: bench_drilldown [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/db/database.h"
#include "engine/drilldown/decompose.h"
#include "engine/drilldown/stats.h"
#include "engine/eval/runner.h"

namespace {

std::string root() {
  const char* env = std::getenv("HALLUSQL_SHARED_DATA");
  return env ? env : HALLUSQL_SHARED_DATA;
}

std::vector<std::pair<std::string, std::string>> goldFile(const std::string& name) {
  std::vector<std::pair<std::string, std::string>> out;
  std::ifstream in(root() + "/spider/" + name);
  std::string line;
  while (std::getline(in, line)) {
    auto tab = line.rfind('\t');
    if (tab != std::string::npos) out.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return out;
}

void BM_DecomposeStatic(benchmark::State& state) {
  static const auto queries = goldFile("train_gold.sql");
  if (queries.empty()) return state.SkipWithError("../shared/data not found (set HALLUSQL_SHARED_DATA)");
  std::size_t i = 0, steps = 0;
  for (auto _ : state) {
    auto c = hs::drilldown::candidateSteps(queries[i++ % queries.size()].first);
    if (c) steps += c->size();
    benchmark::DoNotOptimize(c);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["steps_per_query"] = static_cast<double>(steps) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_DecomposeStatic);

void BM_DecomposeExecuted(benchmark::State& state) {
  static const auto queries = goldFile("dev_gold.sql");
  if (queries.empty()) return state.SkipWithError("../shared/data not found (set HALLUSQL_SHARED_DATA)");
  std::map<std::string, std::unique_ptr<hs::db::Database>> dbs;
  for (const auto& [sql, dbId] : queries)
    if (!dbs.count(dbId)) {
      std::unique_ptr<hs::db::Database> d;
      if (auto p = hs::eval::resolveDatabase(root() + "/spider/database", dbId))
        if (auto o = hs::db::Database::openReadOnly(*p)) d = std::move(o.value());
      dbs[dbId] = std::move(d);
    }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [sql, dbId] = queries[i++ % queries.size()];
    auto p = hs::drilldown::decompose(sql, dbs[dbId].get());
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_DecomposeExecuted);

// 100,000 steps: 25,000 paths of 4 steps over 2 models x 2 modes, with findings of every category.
std::vector<hs::drilldown::StepOutcome> syntheticRows() {
  std::vector<hs::drilldown::StepOutcome> rows;
  const auto& cats = hs::drilldown::tasqlCategories();
  std::uint32_t x = 12345;
  auto rnd = [&] { return x = x * 1103515245u + 12345u, (x >> 16) & 0x7fff; };
  for (std::size_t p = 0; p < 25000; ++p)
    for (std::size_t s = 1; s <= 4; ++s) {
      hs::drilldown::StepOutcome o;
      o.caseId = std::to_string(p / 4);
      o.model = p % 2 ? "a" : "b";
      o.history = (p / 2) % 2 ? "on" : "off";
      o.step = s;
      o.final = s == 4;
      o.predSql = "SELECT name, nationality FROM singer WHERE age > 30 ORDER BY name";
      o.ex = rnd() % 3 == 0;
      o.softF1 = 0.5;
      o.difficulty = rnd() % 2 ? "simple" : "moderate";
      for (std::size_t k = 0; k < 2; ++k) {
        hs::Finding f;
        f.taxonomy = "tasql";
        f.category = cats[rnd() % cats.size()];
        f.subcategory = "sub";
        std::size_t b = rnd() % 40;
        f.spans.push_back({"pred", b, b + 8});
        o.findings.push_back(std::move(f));
      }
      rows.push_back(std::move(o));
    }
  return rows;
}

void BM_Statistics(benchmark::State& state) {
  static const auto rows = syntheticRows();
  for (auto _ : state) {
    auto s = hs::drilldown::computeStatistics(rows);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rows.size()));
  state.SetLabel(std::to_string(rows.size()) + " steps");
}
BENCHMARK(BM_Statistics)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
