#include "engine/mr/followup_store.h"

#include <nlohmann/json.hpp>

#include "engine/llm/call_store.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"

namespace hs::mr {

Result<std::vector<std::int64_t>> saveFollowups(ws::Workspace& workspace, const DetectResult& result,
                                                std::optional<std::int64_t> caseId) {
  auto tx = workspace.transaction();
  if (!tx) return tx.error();
  auto stmt =
      ws::Statement::prepare(workspace.handle(),
                             "INSERT INTO followups (case_id, question, source_sql, stage, mr, follow_up, "
                             "follow_up_sql, relation, verdict, reason, source_rows, follow_up_rows, "
                             "created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                             workspace.path());
  if (!stmt) return stmt.error();
  const std::string now = llm::utcNowIso();
  std::vector<std::int64_t> ids;
  for (const auto& stage : result.stages) {
    for (const auto& r : stage.mrs) {
      auto& s = stmt.value();
      s.reset();
      std::optional<std::string> followUpSql;
      if (r.stage == Stage::LogicalSynthesis && !r.followUpSql.empty()) followUpSql = r.followUpSql;
      if (r.stage == Stage::SchemaLinking && !r.followUpLinking.empty())
        followUpSql = nlohmann::json(r.followUpLinking).dump();
      s.bind(1, caseId)
          .bind(2, result.question)
          .bind(3, result.sql.empty() ? std::optional<std::string>() : std::optional<std::string>(result.sql))
          .bind(4, std::string(toString(r.stage)))
          .bind(5, r.mr)
          .bind(6, r.followUp)
          .bind(7, followUpSql)
          .bind(8, std::string(toString(r.relation)))
          .bind(9, std::string(toString(r.verdict)))
          .bind(10, r.reason)
          .bind(11, r.sourceRows)
          .bind(12, r.followUpRows)
          .bind(13, now);
      if (auto run = s.run(); !run) return run.error();
      ids.push_back(sqlite3_last_insert_rowid(workspace.handle()));
    }
  }
  if (auto c = tx->commit(); !c) return c.error();
  return ids;
}

Result<std::vector<StoredFollowup>> loadFollowups(const ws::Workspace& workspace,
                                                  std::optional<std::int64_t> caseId,
                                                  const std::string& question) {
  const char* sql = caseId
                        ? "SELECT id, case_id, question, source_sql, stage, mr, follow_up, follow_up_sql, "
                          "relation, verdict, reason, source_rows, follow_up_rows, created_at FROM followups "
                          "WHERE case_id = ? ORDER BY id"
                        : "SELECT id, case_id, question, source_sql, stage, mr, follow_up, follow_up_sql, "
                          "relation, verdict, reason, source_rows, follow_up_rows, created_at FROM followups "
                          "WHERE case_id IS NULL AND question = ? ORDER BY id";
  auto stmt = ws::Statement::prepare(workspace.handle(), sql, workspace.path());
  if (!stmt) return stmt.error();
  if (caseId) {
    stmt->bind(1, *caseId);
  } else {
    stmt->bind(1, question);
  }
  std::vector<StoredFollowup> out;
  while (true) {
    auto row = stmt->step();
    if (!row) return row.error();
    if (!row.value()) break;
    const auto& s = stmt.value();
    StoredFollowup f;
    f.id = s.int64(0);
    f.caseId = s.optInt64(1);
    f.question = s.text(2);
    f.sourceSql = s.optText(3);
    f.stage = s.text(4);
    f.mr = s.text(5);
    f.followUp = s.text(6);
    f.followUpSql = s.optText(7);
    f.relation = s.text(8);
    f.verdict = s.text(9);
    f.reason = s.text(10);
    f.sourceRows = s.optInt64(11);
    f.followUpRows = s.optInt64(12);
    f.createdAt = s.text(13);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace hs::mr
