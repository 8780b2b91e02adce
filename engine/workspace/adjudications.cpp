#include "engine/workspace/adjudications.h"

#include <nlohmann/json.hpp>

#include "engine/workspace/annotations.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

constexpr const char* kSelect =
    "SELECT j.case_id, j.verdict, j.labels_json, j.adjudicator, j.note, j.created_at FROM adjudications j ";

Result<std::vector<Adjudication>> readRows(Statement& st) {
  std::vector<Adjudication> out;
  for (;;) {
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) break;
    Adjudication a;
    a.caseId = st.int64(0);
    a.verdict = st.text(1);
    nlohmann::json labels = nlohmann::json::parse(st.text(2), nullptr, false);
    if (labels.is_array())
      for (const auto& l : labels)
        if (l.is_string()) a.labels.push_back(l.get<std::string>());
    a.adjudicator = st.text(3);
    a.note = st.text(4);
    a.createdAt = st.text(5);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace

Status setAdjudication(Workspace& ws, const Adjudication& a) {
  if (a.adjudicator.empty())
    return makeError(ErrorKind::BadInput, "no_adjudicator", "an adjudication needs the adjudicator's name");
  if (a.verdict != "" && a.verdict != "correct" && a.verdict != "incorrect" && a.verdict != "unsure")
    return makeError(ErrorKind::BadInput, "bad_verdict",
                     "verdict '" + a.verdict + "' is not one of correct, incorrect, unsure");
  if (auto s = checkNote(a.note); !s) return s;
  if (a.verdict.empty() && a.labels.empty())
    return makeError(ErrorKind::BadInput, "empty_adjudication", "an adjudication needs a verdict or a label");
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  if (auto c = ws.caseById(a.caseId); !c) return c.error();
  auto st =
      Statement::prepare(ws.handle(),
                         "INSERT OR REPLACE INTO adjudications (case_id, verdict, labels_json, adjudicator, "
                         "note, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                         ws.path());
  if (!st) return st.error();
  st->bind(1, a.caseId).bind(2, a.verdict).bind(3, nlohmann::json(a.labels).dump()).bind(4, a.adjudicator);
  st->bind(5, a.note).bind(6, nowUtcIso());
  if (auto s = st->run(); !s) return s;
  return tx->commit();
}

Status removeAdjudication(Workspace& ws, std::int64_t caseId) {
  auto st = Statement::prepare(ws.handle(), "DELETE FROM adjudications WHERE case_id = ?1", ws.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  return st->run();
}

Result<std::optional<Adjudication>> adjudicationOf(const Workspace& ws, std::int64_t caseId) {
  auto st = Statement::prepare(ws.handle(), std::string(kSelect) + "WHERE j.case_id = ?1", ws.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  auto rows = readRows(*st);
  if (!rows) return rows.error();
  if (rows->empty()) return std::optional<Adjudication>();
  return std::optional<Adjudication>(std::move(rows->front()));
}

Result<std::vector<Adjudication>> adjudications(const Workspace& ws, std::optional<std::int64_t> runId) {
  auto st = Statement::prepare(ws.handle(),
                               std::string(kSelect) +
                                   "JOIN cases c ON c.id = j.case_id WHERE (?1 IS NULL OR c.run_id = ?1) "
                                   "ORDER BY j.case_id",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, runId);
  return readRows(*st);
}

}  // namespace hs::ws
