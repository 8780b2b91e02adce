#include "engine/workspace/llm_calls.h"

#include <sqlite3.h>

#include <filesystem>

#include "engine/workspace/sqlite_util.h"

namespace fs = std::filesystem;

namespace hs::ws {

namespace {

constexpr const char* kColumns =
    "id, cache_key, endpoint, model, template, template_version, request_json, response_json, response_text,"
    " status, error, prompt_tokens, completion_tokens, latency_ms, cost, created_at";

std::optional<std::string> nullIfEmpty(const std::string& s) {
  return s.empty() ? std::nullopt : std::optional<std::string>(s);
}

std::optional<double> optReal(const Statement& st, int col) {
  if (st.isNull(col)) return std::nullopt;
  return st.real(col);
}

llm::CallRecord readRow(const Statement& st) {
  llm::CallRecord r;
  r.id = st.int64(0);
  r.cacheKey = st.text(1);
  r.endpoint = st.text(2);
  r.model = st.text(3);
  r.templateName = st.text(4);
  r.templateVersion = st.text(5);
  r.requestJson = st.text(6);
  r.responseJson = st.optText(7);
  r.responseText = st.optText(8);
  r.status = st.text(9);
  r.error = st.text(10);
  r.promptTokens = st.optInt64(11);
  r.completionTokens = st.optInt64(12);
  r.latencyMs = optReal(st, 13);
  r.cost = optReal(st, 14);
  r.createdAt = st.text(15);
  return r;
}

Error closed(const Workspace& ws) {
  Error e = makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  e.where = ws.path();
  return e;
}

}  // namespace

Result<std::int64_t> recordLlmCall(Workspace& ws, llm::CallRecord rec) {
  if (!ws.isOpen()) return closed(ws);
  if (rec.createdAt.empty()) rec.createdAt = nowUtcIso();
  auto st = Statement::prepare(
      ws.handle(),
      "INSERT INTO llm_calls (cache_key, endpoint, model, template, template_version, request_json, "
      "response_json, response_text, status, error, prompt_tokens, completion_tokens, latency_ms, cost, "
      "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
      ws.path());
  if (!st) return st.error();
  st->bind(1, rec.cacheKey).bind(2, rec.endpoint).bind(3, rec.model);
  st->bind(4, nullIfEmpty(rec.templateName)).bind(5, nullIfEmpty(rec.templateVersion));
  st->bind(6, rec.requestJson).bind(7, rec.responseJson).bind(8, rec.responseText);
  st->bind(9, rec.status).bind(10, nullIfEmpty(rec.error));
  st->bind(11, rec.promptTokens).bind(12, rec.completionTokens);
  if (rec.latencyMs) st->bind(13, *rec.latencyMs);
  if (rec.cost) st->bind(14, *rec.cost);
  st->bind(15, rec.createdAt);
  if (auto s = st->run(); !s) return s.error();
  return static_cast<std::int64_t>(sqlite3_last_insert_rowid(ws.handle()));
}

Result<std::optional<llm::CallRecord>> findLlmCall(const Workspace& ws, const std::string& cacheKey) {
  if (!ws.isOpen()) return closed(ws);
  auto st = Statement::prepare(ws.handle(),
                               std::string("SELECT ") + kColumns +
                                   " FROM llm_calls WHERE cache_key = ?1 AND status = 'ok' ORDER BY id DESC "
                                   "LIMIT 1",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, cacheKey);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) return std::optional<llm::CallRecord>();
  return std::optional<llm::CallRecord>(readRow(st.value()));
}

Result<std::vector<llm::CallRecord>> recentLlmCalls(const Workspace& ws, std::size_t limit) {
  if (!ws.isOpen()) return closed(ws);
  auto st = Statement::prepare(
      ws.handle(), std::string("SELECT ") + kColumns + " FROM llm_calls ORDER BY id DESC LIMIT ?1",
      ws.path());
  if (!st) return st.error();
  st->bind(1, static_cast<std::int64_t>(limit));
  std::vector<llm::CallRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back(readRow(st.value()));
  }
  return out;
}

Result<std::unique_ptr<WorkspaceCallStore>> WorkspaceCallStore::open(const std::string& path) {
  auto ws = Workspace::open(path);
  if (!ws) return ws.error();
  return std::unique_ptr<WorkspaceCallStore>(new WorkspaceCallStore(std::move(ws.value())));
}

Result<std::unique_ptr<WorkspaceCallStore>> WorkspaceCallStore::openOrCreate(
    const std::string& path, const std::vector<std::string>& inputs) {
  if (auto s = refuseReadInputs(path, inputs, "the LLM cache (--cache)"); !s) return s.error();
  std::error_code ec;
  const bool exists = fs::exists(fs::symlink_status(path, ec)) || fs::exists(path, ec);
  auto ws = exists ? Workspace::open(path) : Workspace::create(path);
  if (!ws) {
    Error e = ws.error();
    if (e.code == "not_workspace")
      e.message += "; --cache takes a HalluSQL workspace, or a path where a new one is created";
    return e;
  }
  return std::unique_ptr<WorkspaceCallStore>(new WorkspaceCallStore(std::move(ws.value())));
}

Result<std::int64_t> WorkspaceCallStore::record(llm::CallRecord rec) {
  std::lock_guard lock(mutex_);
  return recordLlmCall(ws_, std::move(rec));
}

Result<std::optional<llm::CallRecord>> WorkspaceCallStore::findOk(const std::string& cacheKey) {
  std::lock_guard lock(mutex_);
  return findLlmCall(ws_, cacheKey);
}

Result<std::vector<llm::CallRecord>> WorkspaceCallStore::recent(std::size_t limit) {
  std::lock_guard lock(mutex_);
  return recentLlmCalls(ws_, limit);
}

}  // namespace hs::ws
