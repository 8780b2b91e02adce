#pragma once
// Persisting a detection's per-MR rows into the workspace table `followups` (migration 2), and
// reading them back for the GUI's follow-up explorer.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/mr/pipeline.h"

namespace hs::ws {
class Workspace;
}

namespace hs::mr {

// One stored row (the columns of `followups`).
struct StoredFollowup {
  std::int64_t id = 0;
  std::optional<std::int64_t> caseId;
  std::string question;
  std::optional<std::string> sourceSql;
  std::string stage;  // "schema_linking" | "logical_synthesis"
  std::string mr;
  std::string followUp;
  std::optional<std::string> followUpSql;  // stage 2 SQL, or stage 1's linking as a JSON list
  std::string relation;
  std::string verdict;
  std::string reason;
  std::optional<std::int64_t> sourceRows;
  std::optional<std::int64_t> followUpRows;
  std::string createdAt;
};

// Writes one row per MR of `result` in one transaction; `caseId` null for an ad hoc question.
// Returns the new row ids in stage and seed order.
Result<std::vector<std::int64_t>> saveFollowups(ws::Workspace& workspace, const DetectResult& result,
                                                std::optional<std::int64_t> caseId = std::nullopt);

// The rows of a case (caseId null: the ad hoc rows of `question`), oldest first.
Result<std::vector<StoredFollowup>> loadFollowups(const ws::Workspace& workspace,
                                                  std::optional<std::int64_t> caseId,
                                                  const std::string& question = {});

}  // namespace hs::mr
