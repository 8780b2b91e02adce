#include "engine/mr/followup_store.h"

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"
#include "engine/workspace/workspace.h"

namespace hs::mr {

namespace {

Verdict verdictOf(const std::string& text) {
  for (auto v : {Verdict::Satisfied, Verdict::Violated, Verdict::Inapplicable, Verdict::Error})
    if (toString(v) == text) return v;
  return Verdict::Error;
}

Stage stageOf(const std::string& text) {
  return text == toString(Stage::LogicalSynthesis) ? Stage::LogicalSynthesis : Stage::SchemaLinking;
}

}  // namespace

std::vector<ws::FollowupRow> followupRows(const DetectResult& result, std::optional<std::int64_t> caseId) {
  std::vector<ws::FollowupRow> rows;
  for (const auto& stage : result.stages) {
    for (const auto& r : stage.mrs) {
      ws::FollowupRow row;
      row.caseId = caseId;
      row.question = result.question;
      if (!result.sql.empty()) row.sourceSql = result.sql;
      row.stage = std::string(toString(r.stage));
      row.mr = r.mr;
      row.followUp = r.followUp;
      if (r.stage == Stage::LogicalSynthesis && !r.followUpSql.empty()) row.followUpSql = r.followUpSql;
      if (r.stage == Stage::SchemaLinking && !r.followUpLinking.empty())
        row.followUpSql = nlohmann::json(r.followUpLinking).dump();
      row.relation = std::string(toString(r.relation));
      row.verdict = std::string(toString(r.verdict));
      row.reason = r.reason;
      row.sourceRows = r.sourceRows;
      row.followUpRows = r.followUpRows;
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

Result<std::vector<std::int64_t>> saveFollowups(ws::Workspace& workspace, const DetectResult& result,
                                                std::optional<std::int64_t> caseId) {
  return ws::saveFollowups(workspace, followupRows(result, caseId));
}

Result<std::vector<StoredFollowup>> loadFollowups(const ws::Workspace& workspace,
                                                  std::optional<std::int64_t> caseId,
                                                  const std::string& question) {
  return ws::followups(workspace, caseId, question);
}

DetectResult restoreDetection(const std::vector<StoredFollowup>& rows) {
  DetectResult out;
  if (rows.empty()) return out;
  out.question = rows.front().question;
  out.sql = rows.front().sourceSql.value_or("");
  for (const StoredFollowup& row : rows) {
    MrRecord rec;
    rec.stage = stageOf(row.stage);
    rec.mr = row.mr;
    if (const MrInfo* info = findMr(row.mr)) {
      rec.relation = info->relation;
      rec.producer = info->producer;
    }
    rec.followUp = row.followUp;
    if (row.followUpSql) {
      if (rec.stage == Stage::LogicalSynthesis) {
        rec.followUpSql = *row.followUpSql;
      } else {
        auto linking = hs::parseJsonOrDiscarded(*row.followUpSql);
        if (linking.is_array())
          for (const auto& item : linking)
            if (item.is_string()) rec.followUpLinking.insert(item.get<std::string>());
      }
    }
    rec.verdict = verdictOf(row.verdict);
    rec.reason = row.reason;
    rec.evaluated = rec.verdict == Verdict::Satisfied || rec.verdict == Verdict::Violated;
    rec.sourceRows = row.sourceRows;
    rec.followUpRows = row.followUpRows;
    switch (rec.verdict) {
      case Verdict::Satisfied:
        ++out.satisfied;
        break;
      case Verdict::Violated:
        ++out.violated;
        break;
      case Verdict::Inapplicable:
        ++out.inapplicable;
        break;
      case Verdict::Error:
        ++out.errors;
        break;
    }
    if (out.stages.empty() || out.stages.back().stage != rec.stage) {
      StageResult stage;
      stage.stage = rec.stage;
      if (rec.stage == Stage::LogicalSynthesis) stage.sql = out.sql;
      out.stages.push_back(std::move(stage));
    }
    out.stages.back().mrs.push_back(std::move(rec));
  }
  out.flagged = out.violated > 0;
  return out;
}

Result<std::optional<DetectResult>> loadLatestDetection(const ws::Workspace& workspace,
                                                        const std::string& question) {
  auto rows = ws::latestDetection(workspace, question);
  if (!rows) return rows.error();
  if (rows->empty()) return std::optional<DetectResult>();
  return std::optional<DetectResult>(restoreDetection(rows.value()));
}

}  // namespace hs::mr
