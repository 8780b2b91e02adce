#pragma once
// Internal to engine/db: the guard that keeps one statement inside its time, cancel and memory
// limits wherever SQLite spends the time (prepare, step, sorting, temporary storage).
//
// Why this mechanism (SQLite 3.40): the progress handler and sqlite3_interrupt() are only looked
// at where the VM jumps (loop bottoms) and, during prepare, between tokens. One VM instruction can
// run for seconds without reaching either: `length(randomblob(N)) + ...` is straight-line code, a
// chain of CTEs that refer to each other twice is expanded 2^n times inside one grammar reduction,
// printf('%.*c', 1e9, 'x') loops inside one call. What all of these do, and cannot avoid, is
// allocate memory. So the connection's work is also checked inside SQLite's allocator:
//   - SQLITE_CONFIG_MALLOC wraps the default allocator once per process (before SQLite starts);
//   - a thread-local RunBudget names the statement running on this thread; every allocation made
//     for it counts against its memory limit, and the clock is read on every large allocation
//     and every 256th small one; past the deadline, on cancel or over the memory limit the
//     allocation fails, SQLite unwinds with SQLITE_NOMEM and the stop reason tells which limit;
//   - temporary files (sorter spills, temporary b-trees) go through the VFS of temp_vfs.h, which
//     counts every byte they grow by against the same limit (memory and temporary storage share
//     it), looks at the deadline on each write and read, and keeps them in the private 0700
//     directory, unlinked once open;
//   - SQLITE_LIMIT_LENGTH (Limits::maxValueBytes) bounds what one instruction can build, so the
//     work between two checks is bounded (a 32 MiB randomblob costs ~0.1 s);
//   - the progress handler (every kProgressOps instructions) checks the same budget for loops that
//     do not allocate, and sqlite3_interrupt() (cancel) stops the tokenizer during prepare.
// The process-wide hard heap limit stays as the last line for memory not made by a statement.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace hs::db::detail {

enum class Stop { None, Timeout, Cancelled, Memory, Steps };

struct RunBudget {
  bool hasDeadline = false;
  std::chrono::steady_clock::time_point deadline{};
  std::int64_t maxBytes = 0;   // 0 = no per-statement memory limit
  std::int64_t usedBytes = 0;  // net bytes SQLite allocated on this thread since the run began
  std::int64_t peakBytes = 0;
  const std::atomic<bool>* cancel = nullptr;
  std::atomic<Stop> stop{Stop::None};
  unsigned ticks = 0;
  std::int64_t maxSteps = 0;  // VM instructions; 0 = no limit (counted by the progress handler)
  std::int64_t steps = 0;

  void reset() {
    hasDeadline = false;
    maxBytes = 0;
    usedBytes = 0;
    peakBytes = 0;
    stop.store(Stop::None);
    ticks = 0;
    maxSteps = 0;
    steps = 0;
  }
  // Deadline and cancel, read now; records the reason and returns true when the run must stop.
  bool expired();
};

// True when the allocator wrapper is in place (it is installed during static initialisation;
// false only if SQLite was started before, and then only the progress handler checks).
bool allocatorGuarded();
// Makes `budget` the one SQLite allocations on the calling thread count against (nullptr: none);
// returns the previous one (to restore when runs nest).
RunBudget* setThreadBudget(RunBudget* budget);
// True when a statement runs on this thread and has passed its deadline or was cancelled (for
// SQL functions that loop: guarded_functions.h).
bool threadBudgetExpired();
// Counts `bytes` of temporary storage (temp_vfs.h; negative when a file shrinks or closes) against
// the statement running on this thread, and looks at its deadline and cancel. False when the
// statement must stop (over its memory limit, past its deadline, cancelled): the write fails.
bool chargeTempStorage(std::int64_t bytes);

}  // namespace hs::db::detail
