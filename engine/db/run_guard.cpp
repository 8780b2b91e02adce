#include "engine/db/run_guard.h"

#include <sqlite3.h>

namespace hs::db::detail {

namespace {

constexpr int kClockEveryBytes = 64 * 1024;  // an allocation this large reads the clock
constexpr unsigned kClockEveryCalls = 256;   // and so does every 256th smaller one

sqlite3_mem_methods gDefault{};
thread_local RunBudget* tBudget = nullptr;

// False when `more` bytes may be allocated for the statement of `b`.
bool refuse(RunBudget& b, std::int64_t more) {
  if (b.stop.load(std::memory_order_relaxed) != Stop::None) return true;
  if (b.maxBytes > 0 && b.usedBytes + more > b.maxBytes) {
    b.stop.store(Stop::Memory);
    return true;
  }
  if (more >= kClockEveryBytes || (++b.ticks % kClockEveryCalls) == 0) return b.expired();
  return false;
}

void count(RunBudget& b, std::int64_t delta) {
  b.usedBytes += delta;
  if (b.usedBytes > b.peakBytes) b.peakBytes = b.usedBytes;
}

void* guardMalloc(int n) {
  RunBudget* b = tBudget;
  if (b && refuse(*b, n)) return nullptr;
  void* p = gDefault.xMalloc(n);
  if (p && b) count(*b, gDefault.xSize(p));
  return p;
}

void guardFree(void* p) {
  if (p && tBudget) count(*tBudget, -std::int64_t{gDefault.xSize(p)});
  gDefault.xFree(p);
}

void* guardRealloc(void* p, int n) {
  RunBudget* b = tBudget;
  std::int64_t old = p ? gDefault.xSize(p) : 0;
  if (b && n > old && refuse(*b, n - old)) return nullptr;
  void* q = gDefault.xRealloc(p, n);
  if (q && b) count(*b, std::int64_t{gDefault.xSize(q)} - old);
  return q;
}

bool install() {
  if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &gDefault) != SQLITE_OK || !gDefault.xMalloc) return false;
  sqlite3_mem_methods wrapped = gDefault;
  wrapped.xMalloc = guardMalloc;
  wrapped.xFree = guardFree;
  wrapped.xRealloc = guardRealloc;
  return sqlite3_config(SQLITE_CONFIG_MALLOC, &wrapped) == SQLITE_OK;
}

// Static initialisation: before main(), so before any SQLite use of the process.
const bool gGuarded = install();

}  // namespace

bool RunBudget::expired() {
  if (stop.load(std::memory_order_relaxed) != Stop::None) return true;
  if (cancel && cancel->load(std::memory_order_relaxed)) {
    stop.store(Stop::Cancelled);
    return true;
  }
  if (hasDeadline && std::chrono::steady_clock::now() >= deadline) {
    stop.store(Stop::Timeout);
    return true;
  }
  return false;
}

bool allocatorGuarded() {
  return gGuarded;
}

bool chargeTempStorage(std::int64_t bytes) {
  RunBudget* b = tBudget;
  if (!b) return true;
  if (bytes >= 0) {
    if (refuse(*b, bytes)) return false;
  }
  count(*b, bytes);
  return true;
}

bool threadBudgetExpired() {
  return tBudget && tBudget->expired();
}

RunBudget* setThreadBudget(RunBudget* budget) {
  RunBudget* previous = tBudget;
  tBudget = budget;
  return previous;
}

}  // namespace hs::db::detail
