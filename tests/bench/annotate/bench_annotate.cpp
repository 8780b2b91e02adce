// Cases per second of annotateCase (SQL view of pred and gold, resolution, clause-aligned diff,
// TA-SQL, C1..C10 with the learned labels, gold-free checks without database look-ups, risk) on
// the Spider dev GPT-4 predictions, on one core; execution excluded. Run: bench_annotate
// [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "engine/annotate/annotate.h"
#include "engine/annotate/learned_types.h"
#include "tests/engine/annotate/spider_support.h"

namespace {

struct Data {
  std::map<std::string, hs::db::Schema> schemas;
  std::vector<std::vector<std::string>> rows;  // NLQ, PREDICTED SQL, GOLD SQL, DATABASE
};

const Data& data() {
  static const Data d = [] {
    Data x;
    const char* env = std::getenv("HALLUSQL_SHARED_DATA");
    std::string root = env ? env : HALLUSQL_SHARED_DATA;
    x.schemas = hs::annotate::test::loadSpiderSchemas(root + "/spider/tables.json");
    auto rows = hs::annotate::test::readCsv(root + "/predictions/spider_dev/gpt4_DIN-SQL.csv");
    for (std::size_t i = 1; i < rows.size(); ++i)
      if (rows[i].size() >= 4) x.rows.push_back(rows[i]);
    return x;
  }();
  return d;
}

void BM_AnnotateSpiderGpt4(benchmark::State& state) {
  const Data& d = data();
  if (d.rows.empty()) {
    state.SkipWithError("../shared/data not found (set HALLUSQL_SHARED_DATA)");
    return;
  }
  std::size_t i = 0, findings = 0;
  for (auto _ : state) {
    const auto& r = d.rows[i++ % d.rows.size()];
    hs::annotate::CaseInput in;
    in.predSql = r[1];
    in.goldSql = std::string_view(r[2]);
    in.question = r[0];
    auto it = d.schemas.find(r[3]);
    in.schema = it == d.schemas.end() ? nullptr : &it->second;
    in.typeModel = &hs::annotate::defaultTypeModel();  // the learned labels, as `evaluate` gives them
    hs::annotate::Annotation a = hs::annotate::annotateCase(in);
    findings += a.findings.size();
    benchmark::DoNotOptimize(a);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.counters["findings_per_case"] =
      benchmark::Counter(static_cast<double>(findings) / static_cast<double>(std::max<std::size_t>(i, 1)));
}
BENCHMARK(BM_AnnotateSpiderGpt4)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
