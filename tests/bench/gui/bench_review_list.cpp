// The Review tab's case list at 10,000 cases: loading the summary rows into the model (with the
// texts the view and the filter need), filtering by EX verdict and by free text, and sorting.
// Run: build/tests/bench/gui/bench_review_list
#include <benchmark/benchmark.h>

#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"

namespace {

std::vector<hs::ws::CaseSummary> makeRows(int n) {
  std::vector<hs::ws::CaseSummary> rows(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    auto& s = rows[static_cast<std::size_t>(i)];
    s.caseId = i + 1;
    s.position = i;
    s.caseKey = "spider_dev:" + std::to_string(i);
    s.dbId = i % 3 ? "concert_singer" : "world_1";
    s.question = "What are the names of the singers who are older than " + std::to_string(i % 90) +
                 " and performed in a concert in 2014?";
    s.goldSql =
        "SELECT T2.name FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id "
        "JOIN concert AS T3 ON T1.concert_id = T3.concert_id WHERE T3.year = 2014 AND T2.age > " +
        std::to_string(i % 90);
    s.predSql = s.goldSql + (i % 4 ? "" : " ORDER BY T2.name");
    s.model = "gpt-4";
    s.difficulty = i % 5 ? "medium" : "hard";
    s.evaluated = true;
    if (i % 7) s.exSet = s.exBag = (i % 4 != 0);
    s.softF1 = 0.5;
    s.risk = (i % 100) / 100.0;
    if (i % 4 == 0) s.categories = {"C7", "Schema Hallucination"};
  }
  return rows;
}

void BM_LoadModel10k(benchmark::State& state) {
  const auto rows = makeRows(10000);
  hs::ui::CaseListModel model;
  hs::ui::CaseFilterProxy proxy;
  proxy.setCaseModel(&model);
  for (auto _ : state) {
    model.setSummaries(rows);
    proxy.sort(hs::ui::CaseListModel::Position);
    benchmark::DoNotOptimize(proxy.rowCount());
  }
}
BENCHMARK(BM_LoadModel10k)->Unit(benchmark::kMillisecond);

void BM_FilterVerdict10k(benchmark::State& state) {
  hs::ui::CaseListModel model;
  hs::ui::CaseFilterProxy proxy;
  proxy.setCaseModel(&model);
  model.setSummaries(makeRows(10000));
  bool wrong = false;
  for (auto _ : state) {
    wrong = !wrong;
    proxy.setVerdict(wrong ? hs::ui::CaseFilterProxy::VerdictFilter::Wrong
                           : hs::ui::CaseFilterProxy::VerdictFilter::All);
    benchmark::DoNotOptimize(proxy.rowCount());
  }
}
BENCHMARK(BM_FilterVerdict10k)->Unit(benchmark::kMillisecond);

void BM_FilterText10k(benchmark::State& state) {
  hs::ui::CaseListModel model;
  hs::ui::CaseFilterProxy proxy;
  proxy.setCaseModel(&model);
  model.setSummaries(makeRows(10000));
  int i = 0;
  for (auto _ : state) {
    proxy.setText(++i % 2 ? "older than 4" : "order by t2.name");  // question / predicted SQL
    benchmark::DoNotOptimize(proxy.rowCount());
  }
}
BENCHMARK(BM_FilterText10k)->Unit(benchmark::kMillisecond);

void BM_SortRisk10k(benchmark::State& state) {
  hs::ui::CaseListModel model;
  hs::ui::CaseFilterProxy proxy;
  proxy.setCaseModel(&model);
  model.setSummaries(makeRows(10000));
  bool desc = false;
  for (auto _ : state) {
    desc = !desc;
    proxy.sort(hs::ui::CaseListModel::Risk, desc ? Qt::DescendingOrder : Qt::AscendingOrder);
    benchmark::DoNotOptimize(proxy.rowCount());
  }
}
BENCHMARK(BM_SortRisk10k)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
