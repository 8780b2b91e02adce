#pragma once
// The workspace table followups (migration 2): the per-MR rows of metamorphic detections. One
// detection is saved in one transaction; its rows share created_at, which groups them on reading.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

struct FollowupRow {
  std::int64_t id = 0;                 // assigned on save
  std::optional<std::int64_t> caseId;  // null for an ad hoc question
  std::string question;                // the source question
  std::optional<std::string> sourceSql;
  std::string stage;  // "schema_linking" | "logical_synthesis"
  std::string mr;     // seed 000 abbreviation
  std::string followUp;
  std::optional<std::string> followUpSql;  // stage 2 SQL, or stage 1's linking as a JSON list
  std::string relation;
  std::string verdict;  // satisfied | violated | inapplicable | error
  std::string reason;
  std::optional<std::int64_t> sourceRows;
  std::optional<std::int64_t> followUpRows;
  std::string createdAt;  // filled on save
};

// Saves the rows of one detection in one transaction (all or nothing), all with one created_at;
// returns their ids in order. An unknown case id or an invalid verdict or stage fails the batch.
Result<std::vector<std::int64_t>> saveFollowups(Workspace& ws, std::vector<FollowupRow> rows);

// The rows of a case (caseId null: the ad hoc rows of `question`), oldest first.
Result<std::vector<FollowupRow>> followups(const Workspace& ws, std::optional<std::int64_t> caseId,
                                           const std::string& question = {});

// The rows of the newest ad hoc detection (of `question`, or of any question when it is empty);
// empty when there is none.
Result<std::vector<FollowupRow>> latestDetection(const Workspace& ws, const std::string& question = {});

}  // namespace hs::ws
