#pragma once
// Internal: one read-only SQLite connection with its authorizer, progress handler and limits.
// Not part of the public API (see database.h).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/db/database.h"
#include "engine/db/printf_guard.h"
#include "engine/db/run_guard.h"

struct sqlite3;
struct sqlite3_stmt;

namespace hs::db::detail {

inline constexpr int kBusyWaitMs = 2000;                         // how long a locked database is waited for
inline constexpr std::int64_t kPrepareMemoryBytes = 64LL << 20;  // preparing one user statement at most

// "64 MB" when a whole number of MiB, else "N bytes".
std::string megabytes(std::int64_t bytes);
// SQLITE_LIMIT_LENGTH for `limits` (0 = SQLite's own maximum).
int valueLimit(const Limits& limits);

struct StmtDeleter {
  void operator()(sqlite3_stmt* stmt) const;
};
using StmtPtr = std::unique_ptr<sqlite3_stmt, StmtDeleter>;

class Connection {
 public:
  explicit Connection(std::string path) : path_(std::move(path)) {}
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Opens `path` read-only, configures the connection defensively and probes the file.
  Status open();
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }

  // Thread-safe: asks the running statement (if any) to stop.
  void interrupt();

  // Prepares one user statement: refused unless it is a single read-only statement; records the
  // columns it reads. Errors carry SQLite's message and a byte offset into `sql`.
  Result<StmtPtr> prepareUser(std::string_view sql, std::vector<ColumnRead>& reads);
  // Prepares an internal statement of engine/db (introspection); no recording, same authorizer.
  Result<StmtPtr> prepareInternal(std::string_view sql);

  // Arms the limits (time, memory, value size) and clears a previous cancel; call before
  // preparing or stepping, on the thread that does it. endRun() disarms them.
  void beginRun(const Limits& limits);
  void endRun();
  // The error of a run whose deadline passed (or that was cancelled) before it began; call after
  // beginRun(), before preparing or stepping. nullopt: the run may start.
  std::optional<Error> stoppedBeforeStart(std::string_view sql);
  // Converts a failed sqlite3_step result into an Error (timeout, cancel, memory, corruption...).
  Error stepError(int rc, std::string_view sql) const;

  // Called by SQLite (static trampolines in connection.cpp).
  int authorize(int action, const char* a1, const char* a2, const char* a3, const char* a4);
  int progress();
  int busy(int count);

 private:
  Error sqlError(std::string_view sql) const;
  // "refused: <what>. The database is opened read-only; ..." at `at` (default: the first token).
  Error refusal(std::string_view sql, const std::string& what, std::optional<std::size_t> at = {}) const;

  std::string path_;
  std::string snapshot_;  // the private copy read instead of path_ (read_target.h), "" if none
  sqlite3* db_ = nullptr;
  std::mutex mu_;  // guards db_ against interrupt() during close

  std::atomic<bool> cancel_{false};
  std::atomic<bool> inStep_{false};   // a run is in progress: interrupt() may call sqlite3_interrupt
  RunBudget budget_;                  // of the current (or last) run; its stop tells which limit hit
  RunBudget* outerBudget_ = nullptr;  // the thread's budget before this run (runs may nest)
  bool preparing_ = false;            // the run stopped while a user statement was prepared
  bool sharedDeadline_ = false;       // the run's deadline is Limits::deadline, not its own timeout
  Limits limits_;                     // of the current (or last) run, for the messages
  PrintfGuard printf_;                // printf()/format() bounded by the value-size limit

  // Authorizer state for the statement being prepared.
  bool recording_ = false;
  std::vector<ColumnRead>* reads_ = nullptr;
  std::set<std::pair<std::string, std::string>> seen_;
  std::string refused_;        // what the authorizer refused, for the error message
  std::string refusedPragma_;  // the PRAGMA refused, when that was it (pragma_X() runs it in step)
  bool refusedIsSchemaWrite_ = false;
};

// The value of column `i` of the current row of `stmt`.
Value columnValue(sqlite3_stmt* stmt, int i);

}  // namespace hs::db::detail
