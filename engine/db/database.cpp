#include "engine/db/database.h"

#include <sqlite3.h>

#include <chrono>

#include "engine/db/connection.h"

namespace hs::db {

using detail::Connection;

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<std::string> columnNames(sqlite3_stmt* stmt) {
  std::vector<std::string> names;
  int n = sqlite3_column_count(stmt);
  for (int i = 0; i < n; ++i) {
    const char* name = sqlite3_column_name(stmt, i);
    names.emplace_back(name ? name : "");
  }
  return names;
}

Error memoryLimitError(std::int64_t limit, std::size_t rows) {
  return makeError(ErrorKind::BadInput, "memory_limit",
                   "the result exceeds the memory limit of " + std::to_string(limit) + " bytes after " +
                       std::to_string(rows) + " rows; add a LIMIT or narrow the query");
}

// Steps `stmt` for up to `want` rows (0 = until the end or a limit). Returns the rows; sets `done`
// when the statement finished and `capped` when `want` rows were read and more may follow.
Result<std::vector<Row>> stepRows(Connection& conn, sqlite3_stmt* stmt, std::string_view sql,
                                  std::size_t want, std::int64_t maxBytes, bool& done) {
  std::vector<Row> rows;
  std::int64_t bytes = 0;
  int ncol = sqlite3_column_count(stmt);
  done = false;
  while (want == 0 || rows.size() < want) {
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_DONE) {
      done = true;
      break;
    }
    if (rc != SQLITE_ROW) {
      done = true;
      return conn.stepError(rc, sql);
    }
    Row row;
    row.reserve(static_cast<std::size_t>(ncol));
    bytes += static_cast<std::int64_t>(sizeof(Row));
    for (int i = 0; i < ncol; ++i) {
      row.push_back(detail::columnValue(stmt, i));
      bytes += static_cast<std::int64_t>(row.back().footprint());
    }
    rows.push_back(std::move(row));
    if (maxBytes > 0 && bytes > maxBytes) {
      done = true;
      return memoryLimitError(maxBytes, rows.size());
    }
  }
  return rows;
}

}  // namespace

// ---- Interrupter ------------------------------------------------------------------------------

void Interrupter::interrupt() const {
  if (auto conn = conn_.lock()) conn->interrupt();
}

// ---- Cursor -----------------------------------------------------------------------------------

struct Cursor::Impl {
  detail::StmtPtr stmt;
  std::string sql;
  Limits limits;
};

Cursor::Cursor(std::shared_ptr<Connection> conn, std::unique_ptr<Impl> impl)
    : conn_(std::move(conn)), impl_(std::move(impl)) {}

Cursor::~Cursor() {
  impl_.reset();  // finalize the statement before the connection may close
  conn_.reset();
}

Result<std::vector<Row>> Cursor::fetch(std::size_t n) {
  if (atEnd_ || n == 0) return std::vector<Row>{};
  std::size_t want = n;
  bool capped = false;
  if (impl_->limits.maxRows > 0) {
    std::size_t left = impl_->limits.maxRows - fetched_;
    if (want >= left) {
      want = left;
      capped = true;
    }
  }
  conn_->beginRun(impl_->limits);
  if (auto stopped = conn_->stoppedBeforeStart(impl_->sql)) {
    conn_->endRun();
    atEnd_ = true;
    impl_->stmt.reset();
    return *stopped;
  }
  bool done = false;
  auto rows = want == 0
                  ? Result<std::vector<Row>>(std::vector<Row>{})
                  : stepRows(*conn_, impl_->stmt.get(), impl_->sql, want, impl_->limits.maxResultBytes, done);
  if (capped && rows && !done) {
    // Is there more than the cap allows? One more step tells.
    int rc = sqlite3_step(impl_->stmt.get());
    truncated_ = rc == SQLITE_ROW;
    done = true;
  }
  conn_->endRun();
  if (!rows) {
    atEnd_ = true;
    impl_->stmt.reset();
    return rows;
  }
  fetched_ += rows->size();
  if (done) {
    atEnd_ = true;
    impl_->stmt.reset();
  }
  return rows;
}

// ---- Database ---------------------------------------------------------------------------------

Database::Database(std::string path, std::shared_ptr<Connection> conn)
    : path_(std::move(path)), conn_(std::move(conn)) {}

Database::~Database() = default;

Result<std::unique_ptr<Database>> Database::openReadOnly(const std::string& path) {
  auto conn = std::make_shared<Connection>(path);
  Status st = conn->open();
  if (!st) return st.error();
  return std::unique_ptr<Database>(new Database(path, std::move(conn)));
}

void Database::interrupt() {
  conn_->interrupt();
}

std::shared_ptr<Interrupter> Database::interrupter() const {
  return std::make_shared<Interrupter>(conn_);
}

Result<QueryResult> Database::query(std::string_view sql, const Limits& limits) {
  auto start = std::chrono::steady_clock::now();
  QueryResult out;
  conn_->beginRun(limits);  // prepare counts against the limits too
  auto stmt = conn_->prepareUser(sql, out.reads);
  if (!stmt) {
    conn_->endRun();
    return stmt.error();
  }
  out.columns = columnNames(stmt->get());
  bool done = false;
  auto rows = stepRows(*conn_, stmt->get(), sql, limits.maxRows, limits.maxResultBytes, done);
  if (rows && !done) out.truncated = sqlite3_step(stmt->get()) == SQLITE_ROW;
  conn_->endRun();
  if (!rows) return rows.error();
  out.rows = std::move(*rows);
  out.elapsedMs = msSince(start);
  return out;
}

Result<std::unique_ptr<Cursor>> Database::openCursor(std::string_view sql, const Limits& limits) {
  auto impl = std::make_unique<Cursor::Impl>();
  std::vector<ColumnRead> reads;
  conn_->beginRun(limits);
  auto stmt = conn_->prepareUser(sql, reads);
  conn_->endRun();
  if (!stmt) return stmt.error();
  impl->stmt = std::move(*stmt);
  impl->sql = std::string(sql);
  impl->limits = limits;
  std::vector<std::string> columns = columnNames(impl->stmt.get());
  std::unique_ptr<Cursor> cursor(new Cursor(conn_, std::move(impl)));
  cursor->columns_ = std::move(columns);
  cursor->reads_ = std::move(reads);
  return cursor;
}

}  // namespace hs::db
