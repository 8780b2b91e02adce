// Workspace: benchmark runs and their cases.
#include <cctype>

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"
#include "engine/workspace/results_codec.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

namespace {

constexpr const char* kRunColumns = "id, name, model, source_file, settings_json, created_at";

RunRecord readRun(const Statement& st) {
  RunRecord r;
  r.id = st.int64(0);
  r.info.name = st.text(1);
  r.info.model = st.text(2);
  r.info.sourceFile = st.text(3);
  r.info.settingsJson = st.text(4);
  r.createdAt = st.text(5);
  return r;
}

constexpr const char* kCaseColumns =
    "id, run_id, database_id, position, case_key, db_id, question, evidence, gold_sql, pred_sql, model, "
    "difficulty, source, source_line, labels_json, abstention_json, infeasible_type";

std::string labelsToJson(const std::vector<hs::HumanLabel>& labels) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& l : labels) {
    arr.push_back({{"taxonomy", l.taxonomy},
                   {"category", l.category},
                   {"subcategory", l.subcategory},
                   {"annotator", l.annotator},
                   {"note", l.note}});
  }
  return arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<hs::HumanLabel> labelsFromJson(const std::string& text) {
  std::vector<hs::HumanLabel> out;
  auto j = hs::parseJsonOrDiscarded(text);
  if (!j.is_array()) return out;
  for (const auto& o : j) {
    if (!o.is_object()) continue;
    hs::HumanLabel l;
    l.taxonomy = o.value("taxonomy", "");
    l.category = o.value("category", "");
    l.subcategory = o.value("subcategory", "");
    l.annotator = o.value("annotator", "");
    l.note = o.value("note", "");
    out.push_back(std::move(l));
  }
  return out;
}

CaseRecord readCase(const Statement& st) {
  CaseRecord r;
  r.id = st.int64(0);
  r.runId = st.int64(1);
  r.databaseId = st.optInt64(2);
  r.position = st.int64(3);
  r.kase.id = st.text(4);
  r.kase.dbId = st.text(5);
  r.kase.question = st.text(6);
  r.kase.evidence = st.text(7);
  r.kase.goldSql = st.optText(8);
  r.kase.predSql = st.optText(9);
  r.kase.model = st.text(10);
  r.kase.difficulty = st.text(11);
  r.kase.source = st.text(12);
  r.kase.sourceLine = static_cast<std::size_t>(st.int64(13));
  r.kase.labels = labelsFromJson(st.text(14));
  r.kase.abstention = codec::abstentionFromJson(st.optText(15).value_or(""));
  r.kase.infeasibleType = st.text(16);
  return r;
}

Error notFound(const std::string& what, std::int64_t id, const std::string& where) {
  Error e = makeError(ErrorKind::BadInput, "not_found", "no " + what + " with id " + std::to_string(id));
  e.where = where;
  return e;
}

}  // namespace

Result<std::int64_t> Workspace::createRun(const RunInfo& info) {
  if (!db_) return closedError();
  if (!nlohmann::json::accept(info.settingsJson)) {
    Error e = makeError(ErrorKind::BadInput, "json", "run settings are not valid JSON");
    e.where = path_;
    return e;
  }
  auto st = Statement::prepare(
      db_, "INSERT INTO runs(name, model, source_file, settings_json, created_at) VALUES(?1, ?2, ?3, ?4, ?5)",
      path_);
  if (!st) return st.error();
  st->bind(1, info.name).bind(2, info.model).bind(3, info.sourceFile).bind(4, info.settingsJson);
  st->bind(5, nowUtcIso());
  if (auto s = st->run(); !s) return s.error();
  return static_cast<std::int64_t>(sqlite3_last_insert_rowid(db_));
}

Result<std::vector<RunRecord>> Workspace::runs() const {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id", path_);
  if (!st) return st.error();
  std::vector<RunRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back(readRun(*st));
  }
  return out;
}

Result<RunRecord> Workspace::run(std::int64_t id) const {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?1", path_);
  if (!st) return st.error();
  st->bind(1, id);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) return notFound("run", id, path_);
  return readRun(*st);
}

Result<std::optional<RunRecord>> Workspace::findRun(const std::string& name) const {
  if (!db_) return closedError();
  auto st = Statement::prepare(
      db_, std::string("SELECT ") + kRunColumns + " FROM runs WHERE name = ?1 ORDER BY id DESC LIMIT 1",
      path_);
  if (!st) return st.error();
  st->bind(1, name);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) return std::optional<RunRecord>();
  return std::optional<RunRecord>(readRun(*st));
}

Status Workspace::deleteRun(std::int64_t id) {
  if (!db_) return closedError();
  auto tx = transaction();
  if (!tx) return tx.error();
  // The foreign keys cascade from runs to cases and from cases to executions, scores, findings,
  // annotations, follow-ups and drill-down steps: one statement, inside one transaction.
  auto st = Statement::prepare(db_, "DELETE FROM runs WHERE id = ?1", path_);
  if (!st) return st.error();
  if (auto s = st->bind(1, id).run(); !s) return s;
  if (sqlite3_changes(db_) == 0) return notFound("run", id, path_);
  return tx->commit();
}

Status Workspace::renameRun(std::int64_t id, const std::string& rawName) {
  if (!db_) return closedError();
  std::string name = rawName;
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
  std::size_t first = 0;
  while (first < name.size() && std::isspace(static_cast<unsigned char>(name[first]))) ++first;
  name.erase(0, first);
  if (name.empty()) {
    Error e = makeError(ErrorKind::BadInput, "empty_name", "a run needs a name");
    e.where = path_;
    return e;
  }
  auto st = Statement::prepare(db_, "UPDATE runs SET name = ?2 WHERE id = ?1", path_);
  if (!st) return st.error();
  if (auto s = st->bind(1, id).bind(2, name).run(); !s) return s;
  if (sqlite3_changes(db_) == 0) return notFound("run", id, path_);
  return ok();
}

Status Workspace::setRunSetting(std::int64_t id, const std::string& key, const std::string& jsonValue) {
  if (!db_) return closedError();
  nlohmann::json value;
  if (!jsonValue.empty()) {
    value = hs::parseJsonOrDiscarded(jsonValue);
    if (value.is_discarded()) {
      Error e = makeError(ErrorKind::BadInput, "json", "the value of run setting '" + key + "' is not JSON");
      e.where = path_;
      return e;
    }
  }
  auto tx = transaction();  // read, change and write the settings without another writer between
  if (!tx) return tx.error();
  auto current = run(id);
  if (!current) return current.error();
  auto settings = hs::parseJsonOrDiscarded(current->info.settingsJson);
  if (!settings.is_object()) settings = nlohmann::json::object();
  if (jsonValue.empty())
    settings.erase(key);
  else
    settings[key] = std::move(value);
  auto st = Statement::prepare(db_, "UPDATE runs SET settings_json = ?2 WHERE id = ?1", path_);
  if (!st) return st.error();
  const std::string text = settings.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (auto s = st->bind(1, id).bind(2, text).run(); !s) return s;
  return tx->commit();
}

Result<std::string> Workspace::unusedRunName(const std::string& base) const {
  if (!db_) return closedError();
  auto st = Statement::prepare(db_, "SELECT 1 FROM runs WHERE name = ?1 LIMIT 1", path_);
  if (!st) return st.error();
  for (int n = 1; n < 100000; ++n) {
    const std::string candidate = n == 1 ? base : base + " (" + std::to_string(n) + ")";
    st->reset();
    st->bind(1, candidate);
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) return candidate;
  }
  Error e = makeError(ErrorKind::BadInput, "exists", "too many runs named '" + base + "'");
  e.where = path_;
  return e;
}

Result<std::vector<std::int64_t>> Workspace::insertCases(std::int64_t runId,
                                                         const std::vector<hs::Case>& cases,
                                                         const DatabaseResolver& databaseFor) {
  if (!db_) return closedError();
  auto tx = transaction();
  if (!tx) return tx.error();
  auto next = queryInt(
      db_, "SELECT coalesce(max(position) + 1, 0) FROM cases WHERE run_id = " + std::to_string(runId), path_);
  if (!next) return next.error();
  auto st = Statement::prepare(
      db_,
      "INSERT INTO cases(run_id, database_id, position, case_key, db_id, question, evidence, "
      "gold_sql, pred_sql, model, difficulty, source, source_line, labels_json, abstention_json, "
      "infeasible_type) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
      path_);
  if (!st) return st.error();
  std::vector<std::int64_t> ids;
  ids.reserve(cases.size());
  std::int64_t position = next.value();
  for (const hs::Case& c : cases) {
    st->reset();
    std::optional<std::int64_t> dbId = databaseFor ? databaseFor(c) : std::nullopt;
    st->bind(1, runId).bind(2, dbId).bind(3, position++).bind(4, c.id).bind(5, c.dbId).bind(6, c.question);
    st->bind(7, c.evidence).bind(8, c.goldSql).bind(9, c.predSql).bind(10, c.model).bind(11, c.difficulty);
    st->bind(12, c.source).bind(13, static_cast<std::int64_t>(c.sourceLine)).bind(14, labelsToJson(c.labels));
    st->bind(
        15, c.abstention ? std::optional<std::string>(codec::abstentionToJson(*c.abstention)) : std::nullopt);
    st->bind(16, c.infeasibleType);
    if (auto s = st->run(); !s) {
      Error e = s.error();
      e.message = "cannot store case '" + c.id + "': " + e.message;
      return e;  // tx rolls back: no case of this batch is kept
    }
    ids.push_back(static_cast<std::int64_t>(sqlite3_last_insert_rowid(db_)));
  }
  if (auto s = tx->commit(); !s) return s.error();
  return ids;
}

Result<std::vector<CaseRecord>> Workspace::cases(std::int64_t runId) const {
  if (!db_) return closedError();
  auto st = Statement::prepare(
      db_, std::string("SELECT ") + kCaseColumns + " FROM cases WHERE run_id = ?1 ORDER BY position, id",
      path_);
  if (!st) return st.error();
  st->bind(1, runId);
  std::vector<CaseRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back(readCase(*st));
  }
  return out;
}

Result<CaseRecord> Workspace::caseById(std::int64_t id) const {
  if (!db_) return closedError();
  auto st =
      Statement::prepare(db_, std::string("SELECT ") + kCaseColumns + " FROM cases WHERE id = ?1", path_);
  if (!st) return st.error();
  st->bind(1, id);
  auto row = st->step();
  if (!row) return row.error();
  if (!row.value()) return notFound("case", id, path_);
  return readCase(*st);
}

Result<std::int64_t> Workspace::caseCount(std::int64_t runId) const {
  if (!db_) return closedError();
  return queryInt(db_, "SELECT count(*) FROM cases WHERE run_id = " + std::to_string(runId), path_);
}

}  // namespace hs::ws
