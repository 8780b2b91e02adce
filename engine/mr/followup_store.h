#pragma once
// A detection's per-MR rows in the workspace (table `followups`, owned by engine/workspace, see
// engine/workspace/followups.h): the mapping between DetectResult and the stored rows, so that the
// GUI's follow-up explorer can show a saved detection again.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/mr/pipeline.h"
#include "engine/workspace/followups.h"

namespace hs::ws {
class Workspace;
}

namespace hs::mr {

// One stored row (the columns of `followups`).
using StoredFollowup = ws::FollowupRow;

// The rows of `result`, one per MR in stage and seed order; `caseId` null for an ad hoc question.
std::vector<ws::FollowupRow> followupRows(const DetectResult& result,
                                          std::optional<std::int64_t> caseId = std::nullopt);

// Writes one row per MR of `result` in one transaction; `caseId` null for an ad hoc question.
// Returns the new row ids in stage and seed order.
Result<std::vector<std::int64_t>> saveFollowups(ws::Workspace& workspace, const DetectResult& result,
                                                std::optional<std::int64_t> caseId = std::nullopt);

// The rows of a case (caseId null: the ad hoc rows of `question`), oldest first.
Result<std::vector<StoredFollowup>> loadFollowups(const ws::Workspace& workspace,
                                                  std::optional<std::int64_t> caseId,
                                                  const std::string& question = {});

// A detection rebuilt from its stored rows (one detection: the rows of one save): stages, MR
// records with their follow-ups, verdicts, reasons and row counts, the counts and `flagged` (any
// violated MR). Not stored, so absent: result rows, LLM call counts and the findings' spans.
DetectResult restoreDetection(const std::vector<StoredFollowup>& rows);

// The newest ad hoc detection saved in the workspace (of `question`, or of any question when it
// is empty), rebuilt; nullopt when there is none.
Result<std::optional<DetectResult>> loadLatestDetection(const ws::Workspace& workspace,
                                                        const std::string& question = {});

}  // namespace hs::mr
