// Workspace timings: creating a workspace, importing cases in one transaction, listing them,
// reopening, and building the demo from scratch versus reusing it.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "engine/workspace/demo.h"
#include "engine/workspace/workspace.h"

namespace fs = std::filesystem;

namespace {

fs::path freshDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("hallusql-bench-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<hs::Case> makeCases(std::size_t n) {
  std::vector<hs::Case> cases(n);
  for (std::size_t i = 0; i < n; ++i) {
    cases[i].id = "bench:" + std::to_string(i);
    cases[i].dbId = "concert_singer";
    cases[i].question = "How many singers are older than " + std::to_string(i % 90) + "?";
    cases[i].goldSql = "SELECT count(*) FROM singer WHERE age > " + std::to_string(i % 90);
    cases[i].predSql = "SELECT COUNT(*) FROM singer WHERE age >= " + std::to_string(i % 90);
    cases[i].model = "bench";
  }
  return cases;
}

void BM_CreateWorkspace(benchmark::State& state) {
  fs::path dir = freshDir("create");
  int i = 0;
  for (auto _ : state) {
    auto ws = hs::ws::Workspace::create((dir / ("w" + std::to_string(i++) + ".hallusql")).string());
    if (!ws) state.SkipWithError(ws.error().describe().c_str());
  }
  fs::remove_all(dir);
}
BENCHMARK(BM_CreateWorkspace)->Unit(benchmark::kMillisecond);

void BM_InsertCases(benchmark::State& state) {
  fs::path dir = freshDir("insert");
  auto ws = hs::ws::Workspace::create((dir / "w.hallusql").string());
  auto cases = makeCases(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    auto run = ws->createRun({"bench", "m", "", "{}"});
    auto ids = ws->insertCases(run.value(), cases);
    if (!ids) state.SkipWithError(ids.error().describe().c_str());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
  ws->close();
  fs::remove_all(dir);
}
BENCHMARK(BM_InsertCases)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_ListCases(benchmark::State& state) {
  fs::path dir = freshDir("list");
  auto ws = hs::ws::Workspace::create((dir / "w.hallusql").string());
  auto run = ws->createRun({"bench", "m", "", "{}"}).value();
  (void)ws->insertCases(run, makeCases(static_cast<std::size_t>(state.range(0))));
  for (auto _ : state) benchmark::DoNotOptimize(ws->cases(run));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
  ws->close();
  fs::remove_all(dir);
}
BENCHMARK(BM_ListCases)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_OpenWorkspace(benchmark::State& state) {
  fs::path dir = freshDir("open");
  const std::string path = (dir / "w.hallusql").string();
  { (void)hs::ws::Workspace::create(path); }
  for (auto _ : state) benchmark::DoNotOptimize(hs::ws::Workspace::open(path));
  fs::remove_all(dir);
}
BENCHMARK(BM_OpenWorkspace)->Unit(benchmark::kMillisecond);

void BM_DemoFromScratch(benchmark::State& state) {
  for (auto _ : state) {
    fs::path dir = freshDir("demo");
    auto info = hs::ws::createDemo(dir.string());
    if (!info) state.SkipWithError(info.error().describe().c_str());
    fs::remove_all(dir);
  }
}
BENCHMARK(BM_DemoFromScratch)->Unit(benchmark::kMillisecond);

void BM_DemoReuse(benchmark::State& state) {
  fs::path dir = freshDir("demo-reuse");
  (void)hs::ws::createDemo(dir.string());
  for (auto _ : state) {
    auto info = hs::ws::createDemo(dir.string());
    if (!info || !info->reused) state.SkipWithError("demo was not reused");
  }
  fs::remove_all(dir);
}
BENCHMARK(BM_DemoReuse)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
