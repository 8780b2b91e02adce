#pragma once
// The workspace table adjudications (migration 4): for a case where reviewers disagree, the final
// label an adjudicator chose (a human verdict and/or the categories the case has), one per case.
// The report counts it as the case's final label.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

struct Adjudication {
  std::int64_t caseId = 0;
  std::string verdict;              // "", "correct", "incorrect", "unsure"
  std::vector<std::string> labels;  // categories; empty with "correct" (no hallucination)
  std::string adjudicator;
  std::string note;
  std::string createdAt;  // filled on write
};

// Records (or replaces) the case's adjudication in one transaction. Errors: an unknown case, an
// empty adjudicator, a verdict not listed above, neither a verdict nor a label, a note longer than
// kMaxNoteBytes (annotations.h).
Status setAdjudication(Workspace& ws, const Adjudication& adjudication);
Status removeAdjudication(Workspace& ws, std::int64_t caseId);  // no row: nothing happens
Result<std::optional<Adjudication>> adjudicationOf(const Workspace& ws, std::int64_t caseId);
// Every adjudication (of one run's cases, or of all), by case id.
Result<std::vector<Adjudication>> adjudications(const Workspace& ws, std::optional<std::int64_t> runId = {});

}  // namespace hs::ws
