#pragma once
// JSON of a detection (DESIGN.md CLI contract, `detect`): question, sql, flagged, llm_calls,
// llm_calls_saved, stages (stage, artifact | sql, mrs: mr, follow_up, relation, verdict, reason,
// source_rows, follow_up_rows, ...), findings (taxonomy, category, subcategory, message, spans).
#include <nlohmann/json.hpp>

#include "engine/mr/pipeline.h"

namespace hs::mr {

nlohmann::json recordJson(const MrRecord& record);
nlohmann::json detectJson(const DetectResult& result);

}  // namespace hs::mr
