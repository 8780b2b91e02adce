#pragma once
// Tying a violated MR to the part of the source SQL it implicates (seed 000's MR families):
// extrema (AROE, SROE) -> ORDER BY ... LIMIT and MIN/MAX; comparison ranges (CRU, CRE, CWR) ->
// the comparisons; schema-linking MRs -> the columns (or tables) whose linking changed; other
// result MRs -> the clauses where the follow-up SQL differs (engine/sql diff). Spans are "pred"
// side byte ranges into the source SQL.
#include <set>
#include <string>

#include "engine/core/finding.h"
#include "engine/mr/pipeline.h"

namespace hs::mr {

// A finding for a violated record: taxonomy "mr", category = the MR, subcategory = the stage.
// `sourceLinking` is the stage-1 source artifact (for linking changes).
Finding attributeViolation(const MrRecord& record, const std::string& sourceSql,
                           const std::set<std::string>& sourceLinking);

}  // namespace hs::mr
