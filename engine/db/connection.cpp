#include "engine/db/connection.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <thread>

#include "engine/core/text.h"
#include "engine/db/authorizer_policy.h"
#include "engine/db/guarded_functions.h"
#include "engine/db/read_target.h"
#include "engine/db/sql_text.h"
#include "engine/db/temp_vfs.h"

namespace hs::db::detail {

namespace {

constexpr int kProgressOps = 100;  // VM instructions between progress checks (see run_guard.h)
// The process-wide SQLite heap limit, set once: generous, but a runaway query cannot take the
// whole machine (half the physical memory, at most 4 GiB).
void setHeapLimitOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sqlite3_hard_heap_limit64(-1) != 0) return;  // someone chose a limit already
    long pages = sysconf(_SC_PHYS_PAGES);
    long pageSize = sysconf(_SC_PAGE_SIZE);
    sqlite3_int64 limit = 4LL << 30;
    if (pages > 0 && pageSize > 0)
      limit = std::min<sqlite3_int64>(limit, sqlite3_int64{pages} * pageSize / 2);
    sqlite3_hard_heap_limit64(std::max<sqlite3_int64>(limit, 256LL << 20));
  });
}

extern "C" int authorizerTrampoline(void* self, int action, const char* a1, const char* a2, const char* a3,
                                    const char* a4) {
  return static_cast<Connection*>(self)->authorize(action, a1, a2, a3, a4);
}
extern "C" int progressTrampoline(void* self) {
  return static_cast<Connection*>(self)->progress();
}
extern "C" int busyTrampoline(void* self, int count) {
  return static_cast<Connection*>(self)->busy(count);
}

std::string str(const char* s) {
  return s ? std::string(s) : std::string();
}

}  // namespace

void StmtDeleter::operator()(sqlite3_stmt* stmt) const {
  sqlite3_finalize(stmt);
}

Connection::~Connection() {
  std::lock_guard<std::mutex> lock(mu_);
  if (db_) sqlite3_close_v2(db_);
  db_ = nullptr;
  removeSnapshot(snapshot_);
}

Status Connection::open() {
  setHeapLimitOnce();
  auto fail = [this](std::string code, std::string message) {
    Error e = makeError(ErrorKind::BadInput, std::move(code), std::move(message));
    e.where = path_;
    return e;
  };
  if (path_.empty()) return fail("not_found", "no database path given");
  if (path_.find('\0') != std::string::npos)
    return fail("not_found", "the database path contains a NUL byte");
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) {
    int err = errno;
    if (err == ENOENT || err == ENOTDIR) return fail("not_found", "no such database file");
    if (err == EACCES) return fail("permission", "permission denied: the database file cannot be reached");
    return fail("open", std::string("cannot open the database file: ") + std::strerror(err));
  }
  if (S_ISDIR(st.st_mode)) return fail("is_directory", "this is a directory, not a SQLite database file");
  if (!S_ISREG(st.st_mode)) return fail("not_a_database", "not a regular file, so not a SQLite database");
  if (::access(path_.c_str(), R_OK) != 0) {
    return fail("permission", "permission denied: the database file is not readable");
  }

  // WAL-mode files are read without leaving -wal/-shm files next to them (read_target.h).
  auto target = readTarget(path_);
  if (!target) return target.error();
  snapshot_ = target->snapshot;
  sqlite3* db = nullptr;
  const std::string& uri = target->uri;
  int rc =
      sqlite3_open_v2(uri.c_str(), &db,
                      SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE,
                      guardedVfsName());
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close_v2(db);
    return fail("open", "cannot open the database: " + msg);
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    db_ = db;
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_limit(db_, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, valueLimit(limits_));
  // Temporary b-trees and sorts spill to files of the guarded VFS (temp_vfs.h): counted by the
  // per-statement memory limit, checked against the deadline, private and unlinked at once.
  if (sqlite3_exec(db_, "PRAGMA query_only = 1; PRAGMA temp_store = FILE", nullptr, nullptr, nullptr) !=
      SQLITE_OK) {
    return fail("open", std::string("cannot make the connection query-only: ") + sqlite3_errmsg(db_));
  }
  printf_.install(db_);
  installGuardedFunctions(db_);
  sqlite3_set_authorizer(db_, authorizerTrampoline, this);
  sqlite3_progress_handler(db_, kProgressOps, progressTrampoline, this);
  sqlite3_busy_handler(db_, busyTrampoline, this);

  // Probe: a non-database, corrupt or locked file only fails once something is read.
  beginRun(Limits(10000));
  auto stmt = prepareInternal("SELECT count(*) FROM sqlite_schema");
  if (!stmt) {
    endRun();
    Error e = stmt.error();
    e.where = path_;
    e.offset.reset();
    e.end.reset();
    e.line.reset();
    return e;
  }
  rc = sqlite3_step(stmt->get());
  endRun();
  if (rc != SQLITE_ROW) return stepError(rc, "");
  return ok();
}

void Connection::interrupt() {
  cancel_.store(true);
  std::lock_guard<std::mutex> lock(mu_);
  if (db_ && inStep_.load()) sqlite3_interrupt(db_);
}

void Connection::beginRun(const Limits& limits) {
  cancel_.store(false);
  preparing_ = false;
  limits_ = limits;
  budget_.reset();
  budget_.cancel = &cancel_;
  budget_.hasDeadline = limits.timeoutMs > 0 || limits.deadline.has_value();
  if (limits.timeoutMs > 0)
    budget_.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits.timeoutMs);
  sharedDeadline_ = limits.deadline && (limits.timeoutMs <= 0 || *limits.deadline <= budget_.deadline);
  if (sharedDeadline_) budget_.deadline = *limits.deadline;
  budget_.maxBytes = std::max<std::int64_t>(0, limits.maxMemoryBytes);
  budget_.maxSteps = std::max<std::int64_t>(0, limits.maxSteps);
  std::lock_guard<std::mutex> lock(mu_);
  if (db_) sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, valueLimit(limits));
  inStep_.store(true);
  outerBudget_ = setThreadBudget(&budget_);
}

std::optional<Error> Connection::stoppedBeforeStart(std::string_view sql) {
  if (!budget_.expired()) return std::nullopt;
  return stepError(SQLITE_INTERRUPT, sql);
}

void Connection::endRun() {
  setThreadBudget(outerBudget_);
  outerBudget_ = nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  inStep_.store(false);
}

int Connection::progress() {
  if (budget_.maxSteps > 0 && (budget_.steps += kProgressOps) > budget_.maxSteps) {
    budget_.stop.store(Stop::Steps);
    return 1;
  }
  return budget_.expired() ? 1 : 0;
}

int Connection::busy(int count) {
  if (cancel_.load()) return 0;
  constexpr int kSleepMs = 20;
  if (count * kSleepMs >= kBusyWaitMs) return 0;
  if (budget_.expired()) return 0;
  std::this_thread::sleep_for(std::chrono::milliseconds(kSleepMs));
  return 1;
}

int Connection::authorize(int action, const char* a1, const char* a2, const char* /*a3*/,
                          const char* /*a4*/) {
  auto deny = [&](std::string what) {
    // Name the statement, not the schema-table write it implies (CREATE -> INSERT INTO sqlite_master).
    bool schemaWrite = (action == SQLITE_INSERT || action == SQLITE_DELETE) && isSchemaTable(str(a1));
    if (refused_.empty() || (refusedIsSchemaWrite_ && !schemaWrite)) {
      refused_ = std::move(what);
      refusedIsSchemaWrite_ = schemaWrite;
    }
    return SQLITE_DENY;
  };
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_UPDATE:
      // The first use of an eponymous virtual table (pragma_table_info(), json_each()) checks an
      // UPDATE of the schema table that never runs. A real UPDATE of it is still refused, because
      // such a statement is not read-only (see prepareUser) and the connection is query_only.
      if (isSchemaTable(str(a1))) return SQLITE_OK;
      return deny(describeRefusal(action, str(a1), str(a2)));
    case SQLITE_READ:
      if (isSchemaTable(str(a1)) && iequals(str(a2), "ROWID")) return SQLITE_OK;  // same, not a user read
      if (recording_ && reads_) {
        auto key = std::make_pair(str(a1), str(a2));
        if (seen_.insert(key).second) reads_->push_back({key.first, key.second});
      }
      return SQLITE_OK;
    case SQLITE_FUNCTION:
      if (deniedFunction(str(a2))) return deny(describeRefusal(action, str(a1), str(a2)));
      return SQLITE_OK;
    case SQLITE_PRAGMA:
      if (allowedPragma(str(a1), a2 != nullptr)) return SQLITE_OK;
      if (refused_.empty()) refusedPragma_ = str(a1);
      return deny(describeRefusal(action, str(a1), str(a2)));
    default:
      return deny(describeRefusal(action, str(a1), str(a2)));
  }
}

Result<StmtPtr> Connection::prepareUser(std::string_view sql, std::vector<ColumnRead>& reads) {
  if (sql.size() > static_cast<std::size_t>(INT_MAX)) {
    return makeError(ErrorKind::BadInput, "sql", "the SQL text is too long");
  }
  if (auto stopped = stoppedBeforeStart(sql)) return *stopped;
  seen_.clear();
  refused_.clear();
  refusedPragma_.clear();
  refusedIsSchemaWrite_ = false;
  reads_ = &reads;
  recording_ = true;
  // Preparing a statement needs little memory, whatever it later reads; what needs much is an
  // expansion (CTEs that refer to each other twice: 2^n copies). A lower limit here stops it
  // early, so that freeing what it built (after the stop) is quick too.
  std::int64_t stepLimit = budget_.maxBytes;
  if (stepLimit > kPrepareMemoryBytes) budget_.maxBytes = kPrepareMemoryBytes;  // 0 stays "none"
  preparing_ = true;
  sqlite3_stmt* raw = nullptr;
  const char* tail = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), 0, &raw, &tail);
  recording_ = false;
  reads_ = nullptr;
  budget_.maxBytes = stepLimit;
  if (rc == SQLITE_OK) preparing_ = false;  // else the error names the prepare limit
  StmtPtr stmt(raw);

  auto refuse = [&](const std::string& what, std::optional<std::size_t> at = std::nullopt) {
    return refusal(sql, what, at);
  };

  if (rc != SQLITE_OK) {
    if (!refused_.empty()) {
      if (refusedIsSchemaWrite_) return refuse(statementHead(sql) + " (it would write the database schema)");
      return refuse(refused_);
    }
    // A writing statement SQLite itself rejects ("table sqlite_master may not be modified", or a
    // syntax error inside a DELETE) is still refused as what it is.
    static const char* writers[] = {"INSERT", "UPDATE", "DELETE", "REPLACE",  "CREATE",    "DROP",
                                    "ALTER",  "ATTACH", "DETACH", "VACUUM",   "REINDEX",   "ANALYZE",
                                    "BEGIN",  "COMMIT", "END",    "ROLLBACK", "SAVEPOINT", "RELEASE"};
    std::string kw = firstKeyword(sql);
    for (const char* w : writers) {
      if (kw == w)
        return refuse(statementHead(sql) + " (not a read query; SQLite says: " + sqlite3_errmsg(db_) + ")");
    }
    int base = rc & 0xff;
    if (base == SQLITE_NOMEM || base == SQLITE_INTERRUPT || base == SQLITE_TOOBIG || base == SQLITE_CORRUPT ||
        base == SQLITE_BUSY) {
      return stepError(rc, sql);
    }
    return sqlError(sql);
  }
  if (!stmt)
    return makeError(ErrorKind::BadInput, "empty", "no SQL statement to run (only blanks or comments)");
  std::size_t tailOffset = static_cast<std::size_t>(tail - sql.data());
  if (auto next = firstCode(sql, tailOffset)) {
    return refuse("a second statement (only one statement runs at a time; it starts at byte " +
                      std::to_string(*next) + ")",
                  *next);
  }
  if (sqlite3_stmt_readonly(stmt.get()) == 0) {
    return refuse(statementHead(sql) + " (it is not a read-only statement)");
  }
  return stmt;
}

Result<StmtPtr> Connection::prepareInternal(std::string_view sql) {
  refused_.clear();
  if (auto stopped = stoppedBeforeStart(sql)) return *stopped;
  sqlite3_stmt* raw = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), 0, &raw, nullptr);
  StmtPtr stmt(raw);
  if (rc != SQLITE_OK) {
    int base = rc & 0xff;
    if (base == SQLITE_ERROR) return sqlError(sql);
    return stepError(rc, sql);
  }
  if (!stmt) return makeError(ErrorKind::Internal, "internal", "empty internal statement");
  return stmt;
}

Value columnValue(sqlite3_stmt* stmt, int i) {
  switch (sqlite3_column_type(stmt, i)) {
    case SQLITE_INTEGER:
      return Value::integer(sqlite3_column_int64(stmt, i));
    case SQLITE_FLOAT:
      return Value::real(sqlite3_column_double(stmt, i));
    case SQLITE_TEXT: {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
      int n = sqlite3_column_bytes(stmt, i);
      return Value::text(p ? std::string(p, static_cast<std::size_t>(n)) : std::string());
    }
    case SQLITE_BLOB: {
      const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt, i));
      int n = sqlite3_column_bytes(stmt, i);
      return Value::blob(p ? std::string(p, static_cast<std::size_t>(n)) : std::string());
    }
    default:
      return Value::null();
  }
}

}  // namespace hs::db::detail
