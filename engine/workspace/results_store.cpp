// Workspace: saving and loading evaluation outcomes (executions, findings, case_scores).
#include "engine/workspace/results_store.h"

#include <algorithm>

#include "engine/core/json_input.h"
#include "engine/workspace/results_codec.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

using nlohmann::json;

std::optional<std::int64_t> optBool(const std::optional<bool>& b) {
  if (!b) return std::nullopt;
  return *b ? 1 : 0;
}

std::string categoriesOf(const std::vector<Finding>& findings) {
  std::vector<std::string> seen;
  for (const Finding& f : findings)
    if (std::find(seen.begin(), seen.end(), f.category) == seen.end()) seen.push_back(f.category);
  std::string out;
  for (const auto& c : seen) out += (out.empty() ? "" : "\n") + c;
  return out;
}

// Prepared statements of one save.
struct Writers {
  Statement delExec, delFindings, insExec, insFinding, upScore;
};

Result<Writers> prepareWriters(sqlite3* db, const std::string& where) {
  auto delExec = Statement::prepare(db, "DELETE FROM executions WHERE case_id = ?1", where);
  if (!delExec) return delExec.error();
  auto delFindings =
      Statement::prepare(db, "DELETE FROM findings WHERE case_id = ?1 AND from_eval = 1", where);
  if (!delFindings) return delFindings.error();
  auto insExec = Statement::prepare(
      db,
      "INSERT INTO executions(case_id, side, ok, error, error_code, row_count, truncated, columns_json, "
      "rows_json, elapsed_ms, created_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
      where);
  if (!insExec) return insExec.error();
  auto insFinding = Statement::prepare(db,
                                       "INSERT INTO findings(case_id, taxonomy, category, subcategory, "
                                       "message, spans_json, origin, confidence, "
                                       "created_at, from_eval, explanation) "
                                       "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 1, ?10)",
                                       where);
  if (!insFinding) return insFinding.error();
  auto upScore = Statement::prepare(
      db,
      "INSERT OR REPLACE INTO case_scores(case_id, db_path, ex_set, ex_bag, ex_ordered, soft_f1, risk, "
      "risk_reasons_json, diff_json, pred_error, categories, evaluated_at, ex_set_any_order) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
      where);
  if (!upScore) return upScore.error();
  return Writers{std::move(*delExec), std::move(*delFindings), std::move(*insExec), std::move(*insFinding),
                 std::move(*upScore)};
}

Status saveSide(Statement& st, std::int64_t caseId, const char* side, const eval::SideRun& run,
                std::size_t maxRows, const std::string& now) {
  if (!run.ran && !run.error) return ok();  // no SQL on this side
  st.reset();
  st.bind(1, caseId).bind(2, side).bind(3, std::int64_t{run.ok ? 1 : 0});
  if (run.error) {
    st.bind(4, run.error->message).bind(5, eval::toString(run.error->kind));
  } else {
    st.bindNull(4).bindNull(5);
  }
  if (run.ok) {
    const bool cut = run.rows.size() > maxRows;
    st.bind(6, static_cast<std::int64_t>(run.rows.size()))
        .bind(7, std::int64_t{run.truncated || cut ? 1 : 0});
    st.bind(8, codec::dump(json(run.columns))).bind(9, codec::dump(codec::rowsToJson(run.rows, maxRows)));
  } else {
    st.bindNull(6).bind(7, std::int64_t{0}).bindNull(8).bindNull(9);
  }
  st.bind(10, run.elapsedMs).bind(11, now);
  return st.run();
}

Status saveOne(Writers& w, std::int64_t caseId, const eval::CaseOutcome& o, std::size_t maxRows,
               const std::string& now) {
  w.delExec.reset();
  if (auto s = w.delExec.bind(1, caseId).run(); !s) return s;
  w.delFindings.reset();
  if (auto s = w.delFindings.bind(1, caseId).run(); !s) return s;
  if (auto s = saveSide(w.insExec, caseId, "gold", o.gold, maxRows, now); !s) return s;
  if (auto s = saveSide(w.insExec, caseId, "pred", o.pred, maxRows, now); !s) return s;
  for (const Finding& f : o.findings) {
    Statement& st = w.insFinding;
    st.reset();
    st.bind(1, caseId).bind(2, f.taxonomy).bind(3, f.category).bind(4, f.subcategory).bind(5, f.message);
    st.bind(6, codec::dump(codec::spansToJson(f.spans))).bind(7, f.origin.empty() ? "rule" : f.origin);
    st.bind(8, std::clamp(f.confidence, 0.0, 1.0)).bind(9, now).bind(10, f.explanation);
    if (auto s = st.run(); !s) return s;
  }
  Statement& st = w.upScore;
  st.reset();
  st.bind(1, caseId).bind(2, o.dbPath).bind(3, optBool(o.exSet)).bind(4, optBool(o.exBag));
  st.bind(5, optBool(o.exOrdered));
  if (o.softF1)
    st.bind(6, *o.softF1);
  else
    st.bindNull(6);
  if (o.risk)
    st.bind(7, o.risk->score).bind(8, codec::dump(json(o.risk->reasons)));
  else
    st.bindNull(7).bind(8, "[]");
  if (o.diff)
    st.bind(9, codec::dump(codec::diffToJson(*o.diff)));
  else
    st.bindNull(9);
  const bool predFailed = o.pred.error.has_value();
  st.bind(10, predFailed ? eval::toString(o.pred.error->kind) : "").bind(11, categoriesOf(o.findings));
  st.bind(12, now).bind(13, optBool(o.exSetAnyColumnOrder));
  return st.run();
}

void readSide(const Statement& st, eval::SideRun& side) {
  side.ok = st.int64(1) != 0;
  const auto code = st.optText(3);
  side.ran = !(code && *code == eval::toString(eval::ExecErrorClass::NoDatabase));
  if (code) side.error = eval::ExecError{codec::execErrorClassFromString(*code), st.optText(2).value_or("")};
  side.truncated = st.int64(5) != 0;
  if (auto cols = st.optText(6)) {
    auto j = hs::parseJsonOrDiscarded(*cols);
    if (j.is_array())
      for (const json& c : j) side.columns.push_back(c.is_string() ? c.get<std::string>() : c.dump());
  }
  if (auto rows = st.optText(7)) side.rows = codec::rowsFromJson(hs::parseJsonOrDiscarded(*rows));
  side.elapsedMs = st.isNull(8) ? 0.0 : st.real(8);
}

}  // namespace

Status saveOutcomes(Workspace& ws, const std::vector<StoredOutcome>& batch, std::size_t maxRowsPerSide) {
  if (!ws.isOpen()) return makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  auto writers = prepareWriters(ws.handle(), ws.path());
  if (!writers) return writers.error();
  const std::string now = nowUtcIso();
  for (const StoredOutcome& item : batch) {
    if (!item.outcome) continue;
    if (auto s = saveOne(*writers, item.caseId, *item.outcome, maxRowsPerSide, now); !s) {
      Error e = s.error();
      e.message = "cannot store the results of case " + std::to_string(item.caseId) + ": " + e.message;
      return e;  // tx rolls back: the earlier results stay
    }
  }
  return tx->commit();
}

Status clearOutcomes(Workspace& ws, std::int64_t runId) {
  if (!ws.isOpen()) return makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  const std::string sub = "(SELECT id FROM cases WHERE run_id = " + std::to_string(runId) + ")";
  for (const std::string& sql : {"DELETE FROM executions WHERE case_id IN " + sub,
                                 "DELETE FROM findings WHERE from_eval = 1 AND case_id IN " + sub,
                                 "DELETE FROM case_scores WHERE case_id IN " + sub}) {
    if (auto s = exec(ws.handle(), sql, ws.path()); !s) return s;
  }
  return tx->commit();
}

Result<std::optional<eval::CaseOutcome>> loadOutcome(const Workspace& ws, std::int64_t caseId) {
  if (!ws.isOpen()) return makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  sqlite3* db = ws.handle();
  auto score =
      Statement::prepare(db,
                         "SELECT db_path, ex_set, ex_bag, ex_ordered, soft_f1, risk, risk_reasons_json, "
                         "diff_json, ex_set_any_order FROM case_scores WHERE case_id = ?1",
                         ws.path());
  if (!score) return score.error();
  score->bind(1, caseId);
  auto row = score->step();
  if (!row) return row.error();
  if (!row.value()) return std::optional<eval::CaseOutcome>();
  eval::CaseOutcome o;
  o.dbPath = score->text(0);
  o.exSet = codec::boolAt(*score, 1);
  o.exBag = codec::boolAt(*score, 2);
  o.exOrdered = codec::boolAt(*score, 3);
  o.softF1 = codec::realAt(*score, 4);
  if (!score->isNull(5)) {
    Risk r;
    r.score = score->real(5);
    auto reasons = hs::parseJsonOrDiscarded(score->text(6));
    if (reasons.is_array())
      for (const json& x : reasons)
        if (x.is_string()) r.reasons.push_back(x.get<std::string>());
    o.risk = std::move(r);
  }
  o.exSetAnyColumnOrder = codec::boolAt(*score, 8);
  if (auto d = score->optText(7)) o.diff = codec::diffFromJson(hs::parseJsonOrDiscarded(*d));

  auto ex = Statement::prepare(db,
                               "SELECT side, ok, error, error_code, row_count, truncated, columns_json, "
                               "rows_json, elapsed_ms FROM executions WHERE case_id = ?1",
                               ws.path());
  if (!ex) return ex.error();
  ex->bind(1, caseId);
  for (;;) {
    auto r = ex->step();
    if (!r) return r.error();
    if (!r.value()) break;
    readSide(*ex, ex->text(0) == "gold" ? o.gold : o.pred);
  }

  auto fs = Statement::prepare(db,
                               "SELECT taxonomy, category, subcategory, message, spans_json, origin, "
                               "coalesce(confidence, 1.0), explanation FROM findings "
                               "WHERE case_id = ?1 AND from_eval = 1 "
                               "ORDER BY id",
                               ws.path());
  if (!fs) return fs.error();
  fs->bind(1, caseId);
  for (;;) {
    auto r = fs->step();
    if (!r) return r.error();
    if (!r.value()) break;
    Finding f;
    f.taxonomy = fs->text(0);
    f.category = fs->text(1);
    f.subcategory = fs->text(2);
    f.message = fs->text(3);
    f.spans = codec::spansFromJson(hs::parseJsonOrDiscarded(fs->text(4)));
    f.origin = fs->text(5);
    f.confidence = fs->real(6);
    f.explanation = fs->text(7);
    o.findings.push_back(std::move(f));
  }
  return std::optional<eval::CaseOutcome>(std::move(o));
}

}  // namespace hs::ws
