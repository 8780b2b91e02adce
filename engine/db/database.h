#pragma once
// The safe database layer: every user database is opened strictly read-only, behind an authorizer
// that allows reads and functions only, with a time limit, a row cap and a memory cap per query.
// Threading: a Database (and its Cursors) is used from one thread at a time; interrupt() and
// Interrupter::interrupt() may be called from any thread, also after the Database is gone.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/db/schema.h"
#include "engine/db/value.h"

namespace hs::db {

// Limits of one query (query()) or of one fetch() call (Cursor). 0 means "no limit".
// The time and memory limits hold during prepare as well as step, whatever one VM instruction
// costs (see run_guard.h): the limit is kept within one bounded instruction (~0.1 s).
struct Limits {
  // Not an aggregate, so that {timeout, rows, bytes} keeps meaning what it always did.
  Limits(int timeout = 10000, std::size_t rows = 100000, std::int64_t resultBytes = 256LL << 20)
      : timeoutMs(timeout), maxRows(rows), maxResultBytes(resultBytes) {}

  int timeoutMs;                // wall-clock time limit -> ErrorKind::Timeout, code "timeout"
  std::size_t maxRows;          // rows returned; more -> truncated = true (not an error)
  std::int64_t maxResultBytes;  // bytes held by the result -> BadInput, code "memory_limit"
  // Memory SQLite may allocate for the statement, temporary b-trees and sorts included (their
  // temporary files count too, temp_vfs.h) -> BadInput, code "memory_limit" ("the query needed
  // more than N MB").
  std::int64_t maxMemoryBytes = 512LL << 20;
  // SQLITE_LIMIT_LENGTH: the largest string or blob the statement may build or read; also what
  // bounds the cost of one VM instruction -> BadInput, code "memory_limit" (the message names
  // the per-value limit). 0: SQLite's maximum.
  std::int64_t maxValueBytes = 32LL << 20;
  // VM instructions the statement may run (checked every 100) -> ErrorKind::Timeout, code
  // "step_limit". Unlike the clock it stops the same statement at the same point on any machine
  // and load, so work that must be reproducible (mutation sets) can rely on it. 0: no limit.
  std::int64_t maxSteps = 0;
  // An absolute deadline the statement shares with others (one time budget for several
  // statements, e.g. everything run for one evaluation case): it stops at the earlier of this and
  // timeoutMs -> ErrorKind::Timeout, code "deadline"; once it has passed, a statement does not
  // start at all (same error). nullopt: timeoutMs alone.
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// A table column a statement reads, as the authorizer saw it (aliases and views resolved to the
// underlying table; column is "" when a table is read without a column, e.g. COUNT(*)).
struct ColumnRead {
  std::string table;
  std::string column;
  bool operator==(const ColumnRead& o) const { return table == o.table && column == o.column; }
};

struct QueryResult {
  std::vector<std::string> columns;
  std::vector<Row> rows;
  bool truncated = false;  // more rows existed than Limits::maxRows
  double elapsedMs = 0.0;  // prepare + all steps
  std::vector<ColumnRead> reads;
};

namespace detail {
class Connection;
}

// Thread-safe cancel handle of one connection; stays valid (and harmless) after the Database closes.
class Interrupter {
 public:
  explicit Interrupter(std::weak_ptr<detail::Connection> conn) : conn_(std::move(conn)) {}
  void interrupt() const;  // cancels the running statement -> ErrorKind::Cancelled, code "cancelled"

 private:
  std::weak_ptr<detail::Connection> conn_;
};

// Streaming result for lazy grids: fetch rows in blocks. Keeps its connection alive.
class Cursor {
 public:
  ~Cursor();
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;

  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<ColumnRead>& reads() const { return reads_; }
  // Up to n more rows (fewer at the end). The time limit and the memory cap of the Limits apply
  // to each call; maxRows caps the total over all calls (then atEnd() and truncated() are true).
  Result<std::vector<Row>> fetch(std::size_t n);
  bool atEnd() const { return atEnd_; }
  bool truncated() const { return truncated_; }
  std::size_t rowsFetched() const { return fetched_; }

 private:
  friend class Database;
  struct Impl;
  Cursor(std::shared_ptr<detail::Connection> conn, std::unique_ptr<Impl> impl);

  std::shared_ptr<detail::Connection> conn_;
  std::unique_ptr<Impl> impl_;
  std::vector<std::string> columns_;
  std::vector<ColumnRead> reads_;
  bool atEnd_ = false;
  bool truncated_ = false;
  std::size_t fetched_ = 0;
};

class Database {
 public:
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Opens an existing SQLite file read-only and probes it, so that a missing, unreadable,
  // non-SQLite, locked or corrupt file fails here (Error::where = the path).
  static Result<std::unique_ptr<Database>> openReadOnly(const std::string& path);

  // Runs one read-only statement and collects its rows. Anything but a single read query
  // (SELECT, WITH, VALUES, read-only PRAGMA, EXPLAIN of those) is refused before it runs
  // (code "refused"); SQL errors carry SQLite's message and the byte offset (code "sql").
  Result<QueryResult> query(std::string_view sql, const Limits& limits = {});
  Result<std::unique_ptr<Cursor>> openCursor(std::string_view sql, const Limits& limits = {});

  void interrupt();  // thread-safe cancel of the running statement
  std::shared_ptr<Interrupter> interrupter() const;

  // Tables and views (not sqlite_* internals) with columns, declared types, keys and a cheap row
  // estimate (sqlite_stat1 when present, else max(rowid) bounded by the file size; never COUNT(*)).
  Result<Schema> schema();
  // Up to n distinct values of a column, non-NULL values first (NULL last when the column has any).
  // This and valueExists() resolve names against the last schema() (introspected once if needed).
  Result<std::vector<Value>> sampleValues(const std::string& table, const std::string& column, std::size_t n,
                                          const Limits& limits = {});
  // Whether some row has column = v (SQLite comparison rules, column affinity applies).
  Result<bool> valueExists(const std::string& table, const std::string& column, const Value& v,
                           const Limits& limits = {});

  const std::string& path() const { return path_; }

 private:
  Database(std::string path, std::shared_ptr<detail::Connection> conn);

  Result<const Schema*> cachedSchema();  // the last schema() result, introspected on first use

  std::string path_;
  std::shared_ptr<detail::Connection> conn_;
  std::unique_ptr<Schema> schemaCache_;
};

}  // namespace hs::db
