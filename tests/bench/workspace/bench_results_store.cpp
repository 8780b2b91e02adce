// Evaluation results in a workspace at 10,000 cases: saving all outcomes in one transaction, the
// case list's summary query, and loading one case's stored outcome (what selecting a case costs).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>

#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"

namespace fs = std::filesystem;

namespace {

struct Fixture {
  fs::path dir;
  std::optional<hs::ws::Workspace> ws;
  std::int64_t runId = 0;
  std::vector<std::int64_t> ids;
  hs::eval::CaseOutcome outcome;
};

hs::eval::CaseOutcome makeOutcome() {
  using hs::db::Value;
  hs::eval::CaseOutcome o;
  o.gold.ran = o.gold.ok = o.pred.ran = o.pred.ok = true;
  o.gold.columns = o.pred.columns = {"name", "age"};
  for (int i = 0; i < 20; ++i)
    o.gold.rows.push_back({Value::text("singer " + std::to_string(i)), Value::integer(i)});
  o.pred.rows = o.gold.rows;
  o.pred.rows.resize(15);
  o.exSet = o.exBag = false;
  o.softF1 = 0.86;
  o.diff = hs::eval::diffResults(o.gold.rows, 2, o.pred.rows, 2);
  o.findings.push_back({"tasql",
                        "Value Hallucination",
                        "",
                        "'Dragon' is not in pets.species",
                        {{"pred", 30, 38}},
                        "rule",
                        1.0,
                        ""});
  o.findings.push_back({"mrsqlgen",
                        "C4",
                        "",
                        "different predicate value",
                        {{"pred", 30, 38}, {"gold", 30, 37}},
                        "rule",
                        1.0,
                        ""});
  o.risk = hs::Risk{0.7, {"value_absent"}, {}};
  return o;
}

Fixture& fixture(std::size_t n) {
  static Fixture f = [n]() {
    Fixture x;
    x.dir = fs::temp_directory_path() / ("hallusql-bench-results-" + std::to_string(::getpid()));
    fs::remove_all(x.dir);
    fs::create_directories(x.dir);
    x.ws.emplace(hs::ws::Workspace::create((x.dir / "r.hallusql").string()).value());
    x.runId = *x.ws->createRun({"bench", "bench", "", "{}"});
    std::vector<hs::Case> cases(n);
    for (std::size_t i = 0; i < n; ++i) {
      cases[i].id = "bench:" + std::to_string(i);
      cases[i].dbId = "concert_singer";
      cases[i].question = "How many singers are older than " + std::to_string(i % 90) + "?";
      cases[i].goldSql = "SELECT count(*) FROM singer WHERE age > " + std::to_string(i % 90);
      cases[i].predSql = "SELECT COUNT(*) FROM singer WHERE age >= " + std::to_string(i % 90);
    }
    x.ids = *x.ws->insertCases(x.runId, cases);
    x.outcome = makeOutcome();
    return x;
  }();
  return f;
}

void BM_SaveOutcomes10k(benchmark::State& state) {
  Fixture& f = fixture(10000);
  std::vector<hs::ws::StoredOutcome> batch;
  for (auto id : f.ids) batch.push_back({id, &f.outcome});
  for (auto _ : state) {
    auto s = hs::ws::saveOutcomes(*f.ws, batch);
    if (!s) state.SkipWithError(s.error().message.c_str());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(batch.size()));
}
BENCHMARK(BM_SaveOutcomes10k)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_CaseSummaries10k(benchmark::State& state) {
  Fixture& f = fixture(10000);
  for (auto _ : state) {
    auto rows = hs::ws::caseSummaries(*f.ws, f.runId);
    benchmark::DoNotOptimize(rows);
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}
BENCHMARK(BM_CaseSummaries10k)->Unit(benchmark::kMillisecond);

void BM_LoadOneOutcome(benchmark::State& state) {
  Fixture& f = fixture(10000);
  std::size_t i = 0;
  for (auto _ : state) {
    auto o = hs::ws::loadOutcome(*f.ws, f.ids[(i++ * 7919) % f.ids.size()]);
    benchmark::DoNotOptimize(o);
  }
}
BENCHMARK(BM_LoadOneOutcome)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
