// Issue #4's throughput target: cases per second for import + parse + resolve + diff + annotate,
// execution excluded, on one core, over the real Spider dev GPT-4 DIN-SQL predictions.
//   BM_ImportCsv          importCases() on the 1,034-row CSV (items = cases)
//   BM_ReviewPipeline     import once, then per case: parse pred and gold (hs::sql), resolve both
//                         against the Spider schema, clause-aligned diff, annotateCase (TA-SQL,
//                         C1..C10, gold-free checks without database look-ups, risk)
//   BM_ImportAndReview    both, end to end: one iteration = the whole file (items = cases)
// Run: bench_review_pipeline [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "engine/annotate/annotate.h"
#include "engine/annotate/learned_types.h"
#include "engine/sql/diff.h"
#include "engine/sql/parser.h"
#include "engine/sql/resolver.h"
#include "engine/workspace/import/import.h"
#include "tests/engine/annotate/spider_support.h"

namespace {

std::string sharedRoot() {
  const char* env = std::getenv("HALLUSQL_SHARED_DATA");
  return env ? env : HALLUSQL_SHARED_DATA;
}

const std::map<std::string, hs::db::Schema>& schemas() {
  static const auto s = hs::annotate::test::loadSpiderSchemas(sharedRoot() + "/spider/tables.json");
  return s;
}

hs::ws::import::ImportReport importCsv() {
  hs::ws::import::ImportOptions o;
  o.casesPath = sharedRoot() + "/predictions/spider_dev/gpt4_DIN-SQL.csv";
  o.format = hs::ws::import::Format::Csv;
  o.model = "gpt-4 DIN-SQL";
  return hs::ws::import::importCases(o);
}

// Everything but execution for one case; returns the number of findings (kept observable).
std::size_t reviewCase(const hs::Case& c) {
  auto it = schemas().find(c.dbId);
  const hs::db::Schema* schema = it == schemas().end() ? nullptr : &it->second;
  const std::string pred = c.predSql.value_or("");
  const std::string gold = c.goldSql.value_or("");
  std::size_t work = 0;
  auto p = hs::sql::parseSelect(pred);
  auto g = hs::sql::parseSelect(gold);
  if (p && g) {
    if (schema) {
      hs::sql::Resolution rp = hs::sql::resolve(**p, *schema, pred);
      hs::sql::Resolution rg = hs::sql::resolve(**g, *schema, gold);
      work += rp.reads.size() + rg.reads.size();
    }
    hs::sql::DiffOptions dopt;
    dopt.schema = schema;
    hs::sql::DiffResult d = hs::sql::diffQueries(**g, gold, **p, pred, dopt);
    work += d.edits.size();
  }
  hs::annotate::CaseInput in;
  in.predSql = pred;
  if (c.goldSql) in.goldSql = std::string_view(gold);
  in.question = c.question;
  in.schema = schema;
  in.typeModel = &hs::annotate::defaultTypeModel();  // the learned labels, as `evaluate` gives them
  hs::annotate::Annotation a = hs::annotate::annotateCase(in);
  return work + a.findings.size();
}

bool haveData(benchmark::State& state) {
  if (schemas().empty()) {
    state.SkipWithError("../shared/data not found (set HALLUSQL_SHARED_DATA)");
    return false;
  }
  return true;
}

void BM_ImportCsv(benchmark::State& state) {
  if (!haveData(state)) return;
  std::size_t cases = 0;
  for (auto _ : state) {
    auto r = importCsv();
    cases += r.cases.size();
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(static_cast<int64_t>(cases));
}
BENCHMARK(BM_ImportCsv)->Unit(benchmark::kMillisecond);

void BM_ReviewPipeline(benchmark::State& state) {
  if (!haveData(state)) return;
  static const auto report = importCsv();
  if (report.cases.empty()) {
    state.SkipWithError("the GPT-4 CSV imported no case");
    return;
  }
  std::size_t i = 0, work = 0;
  for (auto _ : state) work += reviewCase(report.cases[i++ % report.cases.size()]);
  benchmark::DoNotOptimize(work);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_ReviewPipeline)->Unit(benchmark::kMicrosecond);

void BM_ImportAndReview(benchmark::State& state) {
  if (!haveData(state)) return;
  std::size_t cases = 0, work = 0;
  for (auto _ : state) {
    auto r = importCsv();
    for (const hs::Case& c : r.cases) work += reviewCase(c);
    cases += r.cases.size();
  }
  benchmark::DoNotOptimize(work);
  state.SetItemsProcessed(static_cast<int64_t>(cases));
}
BENCHMARK(BM_ImportAndReview)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
