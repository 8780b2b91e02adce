// Drill-down runs in a workspace (table drilldown_steps).
#include "engine/workspace/drilldown_store.h"

#include <map>

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"
#include "engine/eval/report_json.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

const char* modeName(const std::string& history) {
  return history == "on" ? "with_history" : "without_history";
}

}  // namespace

bool isDrilldownRun(const RunRecord& run) {
  const auto settings = nlohmann::json::parse(run.info.settingsJson, nullptr, false);
  return settings.is_object() && settings.value("kind", std::string()) == "drilldown";
}

Result<std::int64_t> saveDrilldownRun(Workspace& ws, const std::string& name, const std::string& sourceFile,
                                      const std::vector<DrilldownStepRow>& rows) {
  std::string model = rows.empty() ? "" : rows.front().model;
  RunInfo info{name, model, sourceFile, nlohmann::json{{"kind", "drilldown"}}.dump()};
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  auto runId = ws.createRun(info);
  if (!runId) return runId.error();
  // One case per path: the original question and the final gold query.
  std::vector<Case> cases;
  std::map<std::string, std::size_t> position;
  for (const auto& r : rows) {
    auto [it, fresh] = position.emplace(r.caseId, cases.size());
    if (fresh) {
      Case c;
      c.id = r.caseId;
      c.dbId = r.dbId;
      c.question = r.originalQuestion;
      c.evidence = r.evidence;
      c.difficulty = r.difficulty;
      c.model = r.model;
      c.source = sourceFile;
      cases.push_back(std::move(c));
    }
    if (r.final) cases[it->second].goldSql = r.goldSql;
  }
  auto ids = ws.insertCases(runId.value(), cases);
  if (!ids) return ids.error();
  auto st =
      Statement::prepare(ws.handle(),
                         "INSERT INTO drilldown_steps (case_id, mode, step_index, is_final, sub_question, "
                         "gold_sql, pred_sql, ex, soft_f1, categories_json, created_at) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         ws.path());
  if (!st) return st.error();
  const std::string now = nowUtcIso();
  for (const auto& r : rows) {
    Statement& s = st.value();
    s.reset();
    s.bind(1, ids.value()[position[r.caseId]]);
    s.bind(2, modeName(r.history));
    s.bind(3, static_cast<std::int64_t>(r.step));
    s.bind(4, static_cast<std::int64_t>(r.final ? 1 : 0));
    s.bind(5, r.question);
    s.bind(6, r.goldSql);
    s.bind(7, r.predSql);
    if (r.ex)
      s.bind(8, static_cast<std::int64_t>(*r.ex ? 1 : 0));
    else
      s.bindNull(8);
    if (r.softF1)
      s.bind(9, *r.softF1);
    else
      s.bindNull(9);
    s.bind(10, eval::findingsToJson(r.findings).dump());
    s.bind(11, now);
    if (auto ok = s.run(); !ok) return ok.error();
  }
  if (auto ok = tx.value().commit(); !ok) return ok.error();
  return runId.value();
}

Result<std::vector<DrilldownStepRow>> loadDrilldownRun(const Workspace& ws, std::int64_t runId) {
  auto run = ws.run(runId);
  if (!run) return run.error();
  auto st = Statement::prepare(
      ws.handle(),
      "SELECT c.case_key, c.db_id, c.question, c.evidence, c.difficulty, d.mode, d.step_index, "
      "d.is_final, d.sub_question, d.gold_sql, d.pred_sql, d.ex, d.soft_f1, d.categories_json "
      "FROM drilldown_steps d JOIN cases c ON c.id = d.case_id WHERE c.run_id = ? "
      "ORDER BY c.position, d.mode DESC, d.step_index",
      ws.path());
  if (!st) return st.error();
  st->bind(1, runId);
  std::vector<DrilldownStepRow> rows;
  for (;;) {
    auto more = st->step();
    if (!more) return more.error();
    if (!more.value()) break;
    DrilldownStepRow o;
    o.caseId = st->text(0);
    o.dbId = st->text(1);
    o.originalQuestion = st->text(2);
    o.evidence = st->text(3);
    o.difficulty = st->text(4);
    o.history = st->text(5) == "with_history" ? "on" : "off";
    o.step = static_cast<std::size_t>(st->int64(6));
    o.final = st->int64(7) != 0;
    o.question = st->text(8);
    o.goldSql = st->text(9);
    o.predSql = st->optText(10);
    if (!st->isNull(11)) o.ex = st->int64(11) != 0;
    if (!st->isNull(12)) o.softF1 = st->real(12);
    o.findings = eval::findingsFromJson(hs::parseJsonOrDiscarded(st->text(13)));
    o.model = run->info.model;
    rows.push_back(std::move(o));
  }
  return rows;
}

}  // namespace hs::ws
