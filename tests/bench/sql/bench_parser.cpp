// Parser throughput on the real corpus (Spider dev gold + BIRD mini-dev gold + GPT-4 DIN-SQL
// predictions from ../shared/data), compared in the same run with Debian's python3-sqlglot
// (sqlglot.parse_one(sql, read="sqlite") via sqlglot_parse.py), plus bytes allocated per query
// against query length. Run: build/tests/bench/sql/bench_parser (needs ../shared/data).
#include <benchmark/benchmark.h>

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/sql/parser.h"
#include "engine/sql/printer.h"
#include "engine/workspace/import/csv_reader.h"

namespace {

std::atomic<std::size_t> gAllocated{0};
std::atomic<std::size_t> gAllocations{0};

}  // namespace

void* operator new(std::size_t n) {
  gAllocated.fetch_add(n, std::memory_order_relaxed);
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

std::string sharedDir() {
  const char* env = std::getenv("HALLUSQL_SHARED_DATA");
  return env && *env ? env : HALLUSQL_SHARED_DATA;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::vector<std::string>& corpus() {
  static const std::vector<std::string> queries = [] {
    std::vector<std::string> out;
    std::istringstream gold(readFile(sharedDir() + "/spider/dev_gold.sql"));
    std::string line;
    while (std::getline(gold, line)) {
      if (!line.empty()) out.push_back(line.substr(0, line.find('\t')));
    }
    std::string birdText = readFile(sharedDir() + "/bird_minidev/mini_dev_sqlite.json");
    if (!birdText.empty()) {
      for (const auto& q : nlohmann::json::parse(birdText)) out.push_back(q.at("SQL").get<std::string>());
    }
    std::string path = sharedDir() + "/predictions/spider_dev/gpt4_DIN-SQL.csv";
    auto csv = hs::ws::import::parseCsv(readFile(path), path);
    for (std::size_t i = 1; i < csv.records.size(); ++i) {
      if (csv.records[i].fields.size() >= 2) out.push_back(csv.records[i].fields[1]);
    }
    return out;
  }();
  return queries;
}

std::size_t corpusBytes() {
  std::size_t n = 0;
  for (const auto& q : corpus()) n += q.size();
  return n;
}

void BM_ParseCorpus(benchmark::State& state) {
  const auto& qs = corpus();
  if (qs.empty()) {
    state.SkipWithError("../shared/data not found (set HALLUSQL_SHARED_DATA)");
    return;
  }
  for (auto _ : state) {
    for (const auto& q : qs) {
      hs::sql::ParseResult r = hs::sql::parse(q);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * qs.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * corpusBytes()));
}
BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond);

void BM_ParsePrintCorpus(benchmark::State& state) {
  const auto& qs = corpus();
  if (qs.empty()) {
    state.SkipWithError("../shared/data not found");
    return;
  }
  for (auto _ : state) {
    for (const auto& q : qs) {
      hs::sql::ParseResult r = hs::sql::parse(q);
      if (!r.statements.empty() && r.statements[0].select) {
        benchmark::DoNotOptimize(hs::sql::print(*r.statements[0].select));
      }
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * qs.size()));
}
BENCHMARK(BM_ParsePrintCorpus)->Unit(benchmark::kMillisecond);

// One C++ pass timed by hand (best of 5) so the ratio uses the same corpus as sqlglot.
double ourSeconds() {
  double best = 1e9;
  for (int round = 0; round < 5; ++round) {
    auto start = std::chrono::steady_clock::now();
    for (const auto& q : corpus()) {
      hs::sql::ParseResult r = hs::sql::parse(q);
      benchmark::DoNotOptimize(r);
    }
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

void compareWithSqlglot() {
  const auto& qs = corpus();
  if (qs.empty()) return;
  std::string tmp = "/tmp/hallusql_bench_corpus_" + std::to_string(::getpid()) + ".txt";
  {
    std::ofstream out(tmp, std::ios::binary);
    for (const auto& q : qs) out << q << '\0';
  }
  std::string cmd = std::string("/usr/bin/python3 ") + HALLUSQL_SOURCE_DIR +
                    "/tests/bench/sql/sqlglot_parse.py " + tmp + " 3";
  std::string output;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[512];
    while (fgets(buf, sizeof buf, p)) output += buf;
    pclose(p);
  }
  std::remove(tmp.c_str());
  double ours = ourSeconds();
  std::size_t ok = 0;
  for (const auto& q : qs) ok += hs::sql::parse(q).ok();
  std::printf("\ncorpus: %zu queries, %zu bytes; hallusql parsed %zu without error\n", qs.size(),
              corpusBytes(), ok);
  std::printf("hallusql: %.4f s (best of 5) = %.0f queries/s\n", ours, static_cast<double>(qs.size()) / ours);
  auto j = nlohmann::json::parse(output, nullptr, false);
  if (j.is_discarded() || !j.contains("seconds")) {
    std::printf("sqlglot: not available (%s)\n", output.c_str());
    return;
  }
  double theirs = j["seconds"].get<double>();
  std::printf("sqlglot %s: %.4f s (best of 3) = %.0f queries/s, %d failed\n",
              j.value("version", std::string("?")).c_str(), theirs, static_cast<double>(qs.size()) / theirs,
              j.value("failed", 0));
  std::printf("ratio: hallusql is %.1fx sqlglot's throughput\n", theirs / ours);
}

void allocationProfile() {
  const auto& qs = corpus();
  if (qs.empty()) return;
  struct Bucket {
    std::size_t queries = 0, bytes = 0, allocated = 0, allocations = 0, peak = 0;
  };
  Bucket buckets[5];  // <100, <200, <400, <800, >=800 bytes of SQL
  double worstRatio = 0;
  for (const auto& q : qs) {
    std::size_t b0 = gAllocated.load(), n0 = gAllocations.load();
    {
      hs::sql::ParseResult r = hs::sql::parse(q);
      benchmark::DoNotOptimize(r);
    }
    std::size_t bytes = gAllocated.load() - b0, count = gAllocations.load() - n0;
    int k = q.size() < 100 ? 0 : q.size() < 200 ? 1 : q.size() < 400 ? 2 : q.size() < 800 ? 3 : 4;
    Bucket& b = buckets[k];
    ++b.queries;
    b.bytes += q.size();
    b.allocated += bytes;
    b.allocations += count;
    b.peak = std::max(b.peak, bytes);
    worstRatio = std::max(
        worstRatio, static_cast<double>(bytes) / static_cast<double>(std::max<std::size_t>(q.size(), 1)));
  }
  const char* names[] = {"<100", "100-199", "200-399", "400-799", ">=800"};
  std::printf("\nbytes allocated per parse (total over the parse, an upper bound of peak live memory)\n");
  std::printf("%-8s %8s %12s %14s %12s %14s\n", "sql len", "queries", "avg len", "avg allocated", "per byte",
              "allocs/query");
  for (int k = 0; k < 5; ++k) {
    const Bucket& b = buckets[k];
    if (!b.queries) continue;
    double n = static_cast<double>(b.queries);
    std::printf("%-8s %8zu %12.0f %14.0f %12.1f %14.1f\n", names[k], b.queries,
                static_cast<double>(b.bytes) / n, static_cast<double>(b.allocated) / n,
                static_cast<double>(b.allocated) / static_cast<double>(b.bytes),
                static_cast<double>(b.allocations) / n);
  }
  std::printf("worst allocated/length ratio over the corpus: %.1f bytes per SQL byte\n", worstRatio);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  compareWithSqlglot();
  allocationProfile();
  return 0;
}
