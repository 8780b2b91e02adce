#include "engine/workspace/followups.h"

#include <sqlite3.h>

#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

constexpr const char* kSelect =
    "SELECT id, case_id, question, source_sql, stage, mr, follow_up, follow_up_sql, relation, verdict, "
    "reason, source_rows, follow_up_rows, created_at FROM followups ";

Result<std::vector<FollowupRow>> readRows(Statement& st) {
  std::vector<FollowupRow> out;
  for (;;) {
    auto row = st.step();
    if (!row) return row.error();
    if (!row.value()) break;
    FollowupRow f;
    f.id = st.int64(0);
    f.caseId = st.optInt64(1);
    f.question = st.text(2);
    f.sourceSql = st.optText(3);
    f.stage = st.text(4);
    f.mr = st.text(5);
    f.followUp = st.text(6);
    f.followUpSql = st.optText(7);
    f.relation = st.text(8);
    f.verdict = st.text(9);
    f.reason = st.text(10);
    f.sourceRows = st.optInt64(11);
    f.followUpRows = st.optInt64(12);
    f.createdAt = st.text(13);
    out.push_back(std::move(f));
  }
  return out;
}

Error closed(const Workspace& ws) {
  Error e = makeError(ErrorKind::Internal, "closed", "the workspace is closed");
  e.where = ws.path();
  return e;
}

}  // namespace

Result<std::vector<std::int64_t>> saveFollowups(Workspace& ws, std::vector<FollowupRow> rows) {
  if (!ws.isOpen()) return closed(ws);
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  auto st = Statement::prepare(ws.handle(),
                               "INSERT INTO followups (case_id, question, source_sql, stage, mr, follow_up, "
                               "follow_up_sql, relation, verdict, reason, source_rows, follow_up_rows, "
                               "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                               ws.path());
  if (!st) return st.error();
  const std::string now = nowUtcIso();
  std::vector<std::int64_t> ids;
  for (FollowupRow& r : rows) {
    st->reset();
    st->bind(1, r.caseId).bind(2, r.question).bind(3, r.sourceSql).bind(4, r.stage).bind(5, r.mr);
    st->bind(6, r.followUp).bind(7, r.followUpSql).bind(8, r.relation).bind(9, r.verdict);
    st->bind(10, r.reason).bind(11, r.sourceRows).bind(12, r.followUpRows).bind(13, now);
    if (auto s = st->run(); !s) return s.error();
    ids.push_back(sqlite3_last_insert_rowid(ws.handle()));
  }
  if (auto c = tx->commit(); !c) return c.error();
  return ids;
}

Result<std::vector<FollowupRow>> followups(const Workspace& ws, std::optional<std::int64_t> caseId,
                                           const std::string& question) {
  if (!ws.isOpen()) return closed(ws);
  auto st = Statement::prepare(ws.handle(),
                               std::string(kSelect) + (caseId ? "WHERE case_id = ?1 ORDER BY id"
                                                              : "WHERE case_id IS NULL AND question = ?1 "
                                                                "ORDER BY id"),
                               ws.path());
  if (!st) return st.error();
  if (caseId) {
    st->bind(1, *caseId);
  } else {
    st->bind(1, question);
  }
  return readRows(st.value());
}

Result<std::vector<FollowupRow>> latestDetection(const Workspace& ws, const std::string& question) {
  if (!ws.isOpen()) return closed(ws);
  // The newest ad hoc row names the detection (its question and time); its rows were written in
  // one transaction with one created_at.
  auto st = Statement::prepare(ws.handle(),
                               std::string(kSelect) +
                                   "WHERE case_id IS NULL AND (question, created_at) = (SELECT question, "
                                   "created_at FROM followups WHERE case_id IS NULL AND (?1 = '' OR question "
                                   "= ?1) ORDER BY id DESC LIMIT 1) ORDER BY id",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, question);
  return readRows(st.value());
}

}  // namespace hs::ws
