// SqliteCallStore: the llm_calls table of a workspace file or of a standalone cache file.
#include <sqlite3.h>

#include <mutex>

#include "engine/llm/call_store.h"

namespace hs::llm {

namespace {

constexpr const char* kCreateTable =
    "CREATE TABLE IF NOT EXISTS llm_calls ("
    " id INTEGER PRIMARY KEY,"
    " cache_key TEXT NOT NULL,"
    " endpoint TEXT NOT NULL,"
    " model TEXT NOT NULL,"
    " template TEXT,"
    " template_version TEXT,"
    " request_json TEXT NOT NULL,"
    " response_json TEXT,"
    " response_text TEXT,"
    " status TEXT NOT NULL CHECK (status IN ('ok','error')),"
    " error TEXT,"
    " prompt_tokens INTEGER,"
    " completion_tokens INTEGER,"
    " latency_ms REAL,"
    " cost REAL,"
    " created_at TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS llm_calls_cache_key ON llm_calls(cache_key);";

constexpr const char* kColumns =
    "id, cache_key, endpoint, model, template, template_version, request_json, response_json, response_text,"
    " status, error, prompt_tokens, completion_tokens, latency_ms, cost, created_at";

Error dbError(sqlite3* db, const std::string& path, const std::string& what) {
  Error e =
      makeError(ErrorKind::External, "call_store", what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
  e.where = path;
  return e;
}

void bindText(sqlite3_stmt* st, int i, const std::string& s, bool nullIfEmpty = false) {
  if (nullIfEmpty && s.empty()) {
    sqlite3_bind_null(st, i);
  } else {
    sqlite3_bind_text(st, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
}
void bindOptText(sqlite3_stmt* st, int i, const std::optional<std::string>& s) {
  if (s) {
    bindText(st, i, *s);
  } else {
    sqlite3_bind_null(st, i);
  }
}
void bindOptInt(sqlite3_stmt* st, int i, const std::optional<std::int64_t>& v) {
  if (v) {
    sqlite3_bind_int64(st, i, *v);
  } else {
    sqlite3_bind_null(st, i);
  }
}
void bindOptReal(sqlite3_stmt* st, int i, const std::optional<double>& v) {
  if (v) {
    sqlite3_bind_double(st, i, *v);
  } else {
    sqlite3_bind_null(st, i);
  }
}

std::string colText(sqlite3_stmt* st, int i) {
  const unsigned char* p = sqlite3_column_text(st, i);
  return p ? std::string(reinterpret_cast<const char*>(p),
                         static_cast<std::size_t>(sqlite3_column_bytes(st, i)))
           : std::string();
}
std::optional<std::string> colOptText(sqlite3_stmt* st, int i) {
  if (sqlite3_column_type(st, i) == SQLITE_NULL) return std::nullopt;
  return colText(st, i);
}

CallRecord readRow(sqlite3_stmt* st) {
  CallRecord r;
  r.id = sqlite3_column_int64(st, 0);
  r.cacheKey = colText(st, 1);
  r.endpoint = colText(st, 2);
  r.model = colText(st, 3);
  r.templateName = colText(st, 4);
  r.templateVersion = colText(st, 5);
  r.requestJson = colText(st, 6);
  r.responseJson = colOptText(st, 7);
  r.responseText = colOptText(st, 8);
  r.status = colText(st, 9);
  r.error = colText(st, 10);
  if (sqlite3_column_type(st, 11) != SQLITE_NULL) r.promptTokens = sqlite3_column_int64(st, 11);
  if (sqlite3_column_type(st, 12) != SQLITE_NULL) r.completionTokens = sqlite3_column_int64(st, 12);
  if (sqlite3_column_type(st, 13) != SQLITE_NULL) r.latencyMs = sqlite3_column_double(st, 13);
  if (sqlite3_column_type(st, 14) != SQLITE_NULL) r.cost = sqlite3_column_double(st, 14);
  r.createdAt = colText(st, 15);
  return r;
}

struct Stmt {
  sqlite3_stmt* st = nullptr;
  ~Stmt() { sqlite3_finalize(st); }
};

}  // namespace

struct SqliteCallStore::Impl {
  sqlite3* db = nullptr;
  std::string path;
  std::mutex mutex;
  ~Impl() { sqlite3_close_v2(db); }
};

SqliteCallStore::SqliteCallStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SqliteCallStore::~SqliteCallStore() = default;

Result<std::unique_ptr<SqliteCallStore>> SqliteCallStore::openWorkspace(const std::string& path) {
  return open(path, false);
}

Result<std::unique_ptr<SqliteCallStore>> SqliteCallStore::openCacheFile(const std::string& path) {
  return open(path, true);
}

Result<std::unique_ptr<SqliteCallStore>> SqliteCallStore::open(const std::string& path, bool create) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  if (sqlite3_open_v2(path.c_str(), &impl->db, flags, nullptr) != SQLITE_OK) {
    return dbError(impl->db, path,
                   create ? "cannot open or create the LLM cache file" : "cannot open the workspace");
  }
  sqlite3_busy_timeout(impl->db, 5000);
  char* err = nullptr;
  if (sqlite3_exec(impl->db, "PRAGMA journal_mode=WAL;", nullptr, nullptr, &err) != SQLITE_OK) {
    Error e =
        makeError(ErrorKind::External, "call_store", std::string("cannot enable WAL: ") + (err ? err : "?"));
    e.where = path;
    sqlite3_free(err);
    return e;
  }
  if (create) {
    if (sqlite3_exec(impl->db, kCreateTable, nullptr, nullptr, &err) != SQLITE_OK) {
      Error e = makeError(ErrorKind::External, "call_store",
                          std::string("cannot create the llm_calls table: ") + (err ? err : "?"));
      e.where = path;
      sqlite3_free(err);
      return e;
    }
  }
  Stmt probe;
  if (sqlite3_prepare_v2(impl->db, (std::string("SELECT ") + kColumns + " FROM llm_calls LIMIT 0").c_str(),
                         -1, &probe.st, nullptr) != SQLITE_OK) {
    return dbError(impl->db, path, "the file has no usable llm_calls table");
  }
  return std::unique_ptr<SqliteCallStore>(new SqliteCallStore(std::move(impl)));
}

Result<std::int64_t> SqliteCallStore::record(CallRecord rec) {
  std::lock_guard lock(impl_->mutex);
  if (rec.createdAt.empty()) rec.createdAt = utcNowIso();
  Stmt s;
  const char* sql =
      "INSERT INTO llm_calls (cache_key, endpoint, model, template, template_version, request_json, "
      "response_json,"
      " response_text, status, error, prompt_tokens, completion_tokens, latency_ms, cost, created_at)"
      " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
  if (sqlite3_prepare_v2(impl_->db, sql, -1, &s.st, nullptr) != SQLITE_OK) {
    return dbError(impl_->db, impl_->path, "cannot record an LLM call");
  }
  bindText(s.st, 1, rec.cacheKey);
  bindText(s.st, 2, rec.endpoint);
  bindText(s.st, 3, rec.model);
  bindText(s.st, 4, rec.templateName, true);
  bindText(s.st, 5, rec.templateVersion, true);
  bindText(s.st, 6, rec.requestJson);
  bindOptText(s.st, 7, rec.responseJson);
  bindOptText(s.st, 8, rec.responseText);
  bindText(s.st, 9, rec.status);
  bindText(s.st, 10, rec.error, true);
  bindOptInt(s.st, 11, rec.promptTokens);
  bindOptInt(s.st, 12, rec.completionTokens);
  bindOptReal(s.st, 13, rec.latencyMs);
  bindOptReal(s.st, 14, rec.cost);
  bindText(s.st, 15, rec.createdAt);
  if (sqlite3_step(s.st) != SQLITE_DONE) return dbError(impl_->db, impl_->path, "cannot record an LLM call");
  return static_cast<std::int64_t>(sqlite3_last_insert_rowid(impl_->db));
}

Result<std::optional<CallRecord>> SqliteCallStore::findOk(const std::string& cacheKey) {
  std::lock_guard lock(impl_->mutex);
  Stmt s;
  std::string sql = std::string("SELECT ") + kColumns +
                    " FROM llm_calls WHERE cache_key = ? AND status = 'ok' ORDER BY id DESC LIMIT 1";
  if (sqlite3_prepare_v2(impl_->db, sql.c_str(), -1, &s.st, nullptr) != SQLITE_OK) {
    return dbError(impl_->db, impl_->path, "cannot look up the LLM cache");
  }
  bindText(s.st, 1, cacheKey);
  int rc = sqlite3_step(s.st);
  if (rc == SQLITE_ROW) return std::optional<CallRecord>(readRow(s.st));
  if (rc != SQLITE_DONE) return dbError(impl_->db, impl_->path, "cannot look up the LLM cache");
  return std::optional<CallRecord>();
}

Result<std::vector<CallRecord>> SqliteCallStore::recent(std::size_t limit) {
  std::lock_guard lock(impl_->mutex);
  Stmt s;
  std::string sql = std::string("SELECT ") + kColumns + " FROM llm_calls ORDER BY id DESC LIMIT ?";
  if (sqlite3_prepare_v2(impl_->db, sql.c_str(), -1, &s.st, nullptr) != SQLITE_OK) {
    return dbError(impl_->db, impl_->path, "cannot read the LLM transcript");
  }
  sqlite3_bind_int64(s.st, 1, static_cast<sqlite3_int64>(limit));
  std::vector<CallRecord> out;
  int rc;
  while ((rc = sqlite3_step(s.st)) == SQLITE_ROW) out.push_back(readRow(s.st));
  if (rc != SQLITE_DONE) return dbError(impl_->db, impl_->path, "cannot read the LLM transcript");
  return out;
}

}  // namespace hs::llm
