// Benchmarks of engine/db (Google Benchmark; built, not run by CTest):
//  - BM_OpenAndSchema: open the largest Spider dev database read-only and list its schema;
//  - BM_First100Rows / BM_OpenAndFirst100Rows: time to the first 100 rows of a 5-million-row table
//    (generated once into a temp file by the benchmark's own writable connection, not hs::db);
//  - BM_SchemaOf5MRows: schema() with row estimates on that table (never a COUNT(*) scan);
//  - BM_FullScanFilter / BM_FullScanGroupBy: whole-table work under the statement guard
//    (run_guard.h: progress checks every 100 instructions, allocator accounting, in-memory sorts).
//  - BM_TimeLimit300ms / BM_CancelAfter200ms: when a runaway query returns after its 300 ms time
//    limit, or after a cancel from another thread at 200 ms (the unit tests only check that they
//    fire; these are the timings they used to assert).
// Run: build/tests/bench/db/bench_db [--benchmark_filter=...]
#include <sqlite3.h>
#include <unistd.h>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

#include "engine/db/database.h"

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kBigRows = 5'000'000;
std::string gBigDb;

std::string largestSpiderDb() {
  const char* env = std::getenv("HALLUSQL_SHARED_DATA");
  fs::path root = fs::path(env ? env : HALLUSQL_SHARED_DATA) / "spider" / "database";
  std::error_code ec;
  std::string best;
  std::uintmax_t bestSize = 0;
  for (const auto& dir : fs::directory_iterator(root, ec)) {
    fs::path f = dir.path() / (dir.path().filename().string() + ".sqlite");
    if (fs::is_regular_file(f, ec) && fs::file_size(f, ec) > bestSize) {
      bestSize = fs::file_size(f, ec);
      best = f.string();
    }
  }
  return best;
}

// Writes the 5-million-row table through a writable connection of the benchmark's own.
bool generateBigDb(const std::string& path) {
  auto start = std::chrono::steady_clock::now();
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) return false;
  std::string sql =
      "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
      "CREATE TABLE big(id INTEGER PRIMARY KEY, name TEXT, amount REAL, category INTEGER);"
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < " +
      std::to_string(kBigRows) + ") INSERT INTO big SELECT x, 'name ' || x, x * 0.5, x % 97 FROM c;";
  char* err = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) std::cerr << "generation failed: " << (err ? err : "?") << "\n";
  sqlite3_free(err);
  sqlite3_close(db);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "generated " << kBigRows << " rows into " << path << " (" << fs::file_size(path) / (1 << 20)
            << " MiB) in " << s << " s\n";
  return rc == SQLITE_OK;
}

void BM_OpenAndSchema(benchmark::State& state) {
  std::string path = largestSpiderDb();
  if (path.empty()) {
    state.SkipWithError("no Spider database found (set HALLUSQL_SHARED_DATA)");
    return;
  }
  std::size_t tables = 0;
  for (auto _ : state) {
    auto db = hs::db::Database::openReadOnly(path);
    if (!db) {
      state.SkipWithError(db.error().describe().c_str());
      return;
    }
    auto schema = (*db)->schema();
    if (!schema) {
      state.SkipWithError(schema.error().describe().c_str());
      return;
    }
    tables = schema->tables.size();
    benchmark::DoNotOptimize(schema->tables.data());
  }
  state.SetLabel(fs::path(path).filename().string() + ", " + std::to_string(tables) + " tables, " +
                 std::to_string(fs::file_size(path) / 1024) + " KiB");
}
BENCHMARK(BM_OpenAndSchema)->Unit(benchmark::kMicrosecond);

void first100(benchmark::State& state, hs::db::Database& db, const char* sql) {
  auto cur = db.openCursor(sql);
  if (!cur) {
    state.SkipWithError(cur.error().describe().c_str());
    return;
  }
  auto rows = (*cur)->fetch(100);
  if (!rows || rows->size() != 100) {
    state.SkipWithError("fetch failed");
    return;
  }
  benchmark::DoNotOptimize(rows->data());
}

void BM_First100Rows(benchmark::State& state) {
  auto db = hs::db::Database::openReadOnly(gBigDb);
  if (!db) {
    state.SkipWithError(db.error().describe().c_str());
    return;
  }
  for (auto _ : state) first100(state, **db, "SELECT * FROM big");
  state.SetLabel("5M-row table, open connection, SELECT * via Cursor::fetch(100)");
}
BENCHMARK(BM_First100Rows)->Unit(benchmark::kMicrosecond);

void BM_First100RowsFiltered(benchmark::State& state) {
  auto db = hs::db::Database::openReadOnly(gBigDb);
  if (!db) {
    state.SkipWithError(db.error().describe().c_str());
    return;
  }
  for (auto _ : state) first100(state, **db, "SELECT id, name FROM big WHERE category = 42");
  state.SetLabel("5M-row table, WHERE on an unindexed column (97 rows scanned per hit)");
}
BENCHMARK(BM_First100RowsFiltered)->Unit(benchmark::kMicrosecond);

void BM_OpenAndFirst100Rows(benchmark::State& state) {
  for (auto _ : state) {
    auto db = hs::db::Database::openReadOnly(gBigDb);
    if (!db) {
      state.SkipWithError(db.error().describe().c_str());
      return;
    }
    first100(state, **db, "SELECT * FROM big");
  }
  state.SetLabel("5M-row table, open + probe + first 100 rows");
}
BENCHMARK(BM_OpenAndFirst100Rows)->Unit(benchmark::kMicrosecond);

void BM_SchemaOf5MRows(benchmark::State& state) {
  auto db = hs::db::Database::openReadOnly(gBigDb);
  if (!db) {
    state.SkipWithError(db.error().describe().c_str());
    return;
  }
  std::int64_t estimate = -1;
  for (auto _ : state) {
    auto schema = (*db)->schema();
    if (!schema) {
      state.SkipWithError(schema.error().describe().c_str());
      return;
    }
    estimate = schema->tables.at(0).rowEstimate.value_or(-1);
  }
  state.SetLabel("row_estimate=" + std::to_string(estimate));
}
BENCHMARK(BM_SchemaOf5MRows)->Unit(benchmark::kMicrosecond);

void fullScan(benchmark::State& state, const char* sql, const char* label) {
  auto db = hs::db::Database::openReadOnly(gBigDb);
  if (!db) {
    state.SkipWithError(db.error().describe().c_str());
    return;
  }
  hs::db::Limits limits{0, 0, 0};  // no time, row or result cap (the default memory limit stays)
  for (auto _ : state) {
    auto r = (*db)->query(sql, limits);
    if (!r) {
      state.SkipWithError(r.error().describe().c_str());
      return;
    }
    benchmark::DoNotOptimize(r->rows.data());
  }
  state.SetLabel(label);
}

void BM_FullScanFilter(benchmark::State& state) {
  fullScan(state, "SELECT count(*), sum(amount) FROM big WHERE name LIKE '%99%'",
           "5M rows, LIKE filter + aggregate (VM loop)");
}
BENCHMARK(BM_FullScanFilter)->Unit(benchmark::kMillisecond);

void BM_FullScanGroupBy(benchmark::State& state) {
  fullScan(state,
           "SELECT category, count(*), sum(amount), max(name) FROM big GROUP BY category ORDER BY 2 DESC",
           "5M rows, GROUP BY an unindexed column (sorter)");
}
BENCHMARK(BM_FullScanGroupBy)->Unit(benchmark::kMillisecond);

}  // namespace

const char* kCountToTrillion =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000000) "
    "SELECT count(*) FROM c";

void BM_TimeLimit300ms(benchmark::State& state) {
  auto db = hs::db::Database::openReadOnly(gBigDb);
  if (!db) {
    state.SkipWithError(db.error().describe().c_str());
    return;
  }
  hs::db::Limits limits;
  limits.timeoutMs = 300;
  for (auto _ : state) {
    auto r = (*db)->query(kCountToTrillion, limits);
    if (r.ok() || r.error().kind != hs::ErrorKind::Timeout)
      state.SkipWithError("the time limit did not fire");
  }
}
BENCHMARK(BM_TimeLimit300ms)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_CancelAfter200ms(benchmark::State& state) {
  auto db = hs::db::Database::openReadOnly(gBigDb);
  if (!db) {
    state.SkipWithError(db.error().describe().c_str());
    return;
  }
  hs::db::Limits limits;
  limits.timeoutMs = 0;
  for (auto _ : state) {
    auto interrupter = (*db)->interrupter();
    std::thread canceller([interrupter] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      interrupter->interrupt();
    });
    auto r = (*db)->query(kCountToTrillion, limits);
    canceller.join();
    if (r.ok() || r.error().kind != hs::ErrorKind::Cancelled) state.SkipWithError("the cancel did not fire");
  }
}
BENCHMARK(BM_CancelAfter200ms)->Unit(benchmark::kMillisecond)->Iterations(5);

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  fs::path dir = fs::temp_directory_path() / ("hallusql_bench_db_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  gBigDb = (dir / "big_5m.sqlite").string();
  if (!generateBigDb(gBigDb)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ec;
  fs::remove_all(dir, ec);
  return 0;
}
