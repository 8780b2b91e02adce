// Time per registered gold-free check (engine/annotate/check_registry.h), one benchmark each
// (BM_Check/<id>), over the Spider dev GPT-4 predictions on one core: the SQL views are built once
// before timing; value look-ups and probe queries go to the case's Spider database (read-only).
// Run: bench_checks [--benchmark_filter=BM_Check/cue_] [--benchmark_min_time=1]
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/annotate/check_registry.h"
#include "engine/annotate/database_checks.h"
#include "engine/db/database.h"
#include "tests/engine/annotate/spider_support.h"

namespace {

struct Prepared {
  std::string question;
  const hs::db::Schema* schema = nullptr;
  hs::annotate::SqlView pred;
  hs::annotate::ValueLookup lookup;  // empty without the case's database
  hs::annotate::QueryRows probeRows;
};

struct Data {
  std::map<std::string, hs::db::Schema> schemas;
  std::map<std::string, std::unique_ptr<hs::db::Database>> databases;
  std::vector<Prepared> cases;
};

const Data& data() {
  static const Data d = [] {
    Data x;
    const char* env = std::getenv("HALLUSQL_SHARED_DATA");
    const std::string root = env ? env : HALLUSQL_SHARED_DATA;
    x.schemas = hs::annotate::test::loadSpiderSchemas(root + "/spider/tables.json");
    const auto rows = hs::annotate::test::readCsv(root + "/predictions/spider_dev/gpt4_DIN-SQL.csv");
    static const hs::db::Schema empty;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      const auto& r = rows[i];  // NLQ, PREDICTED SQL, GOLD SQL, DATABASE
      if (r.size() < 4) continue;
      auto schema = x.schemas.find(r[3]);
      Prepared p{r[0],
                 schema == x.schemas.end() ? &empty : &schema->second,
                 hs::annotate::analyse(r[1], schema == x.schemas.end() ? empty : schema->second),
                 {},
                 {}};
      auto& database = x.databases[r[3]];
      if (!database)
        if (auto opened =
                hs::db::Database::openReadOnly(root + "/spider/database/" + r[3] + "/" + r[3] + ".sqlite"))
          database = std::move(*opened);
      if (database) {
        p.lookup = hs::annotate::databaseLookup(*database);
        p.probeRows = hs::annotate::databaseRows(*database);
      }
      x.cases.push_back(std::move(p));
    }
    return x;
  }();
  return d;
}

// One check over the cases in turn (items_per_second: cases/s). Its result is a returned one row
// (a ran, non-empty prediction), so the result and probe checks have something to read.
void runCheck(benchmark::State& state, const hs::annotate::CheckSpec* check) {
  const Data& d = data();
  if (d.cases.empty()) {
    state.SkipWithError("../shared/data not found (set HALLUSQL_SHARED_DATA)");
    return;
  }
  hs::annotate::ResultSummary ran;
  ran.rows = 1;
  const std::optional<hs::annotate::ResultSummary> result = ran;
  std::size_t i = 0, findings = 0;
  std::vector<hs::Finding> out;
  for (auto _ : state) {
    const Prepared& p = d.cases[i++ % d.cases.size()];
    const hs::annotate::CheckContext context{p.pred, *p.schema, p.question, p.lookup, p.probeRows, result};
    out.clear();
    check->run(context, out);
    findings += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.counters["findings_per_case"] =
      benchmark::Counter(static_cast<double>(findings) / static_cast<double>(std::max<std::size_t>(i, 1)));
}

}  // namespace

int main(int argc, char** argv) {
  for (const hs::annotate::CheckSpec& check : hs::annotate::goldFreeChecks())
    benchmark::RegisterBenchmark(("BM_Check/" + std::string(check.id)).c_str(), runCheck, &check)
        ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
