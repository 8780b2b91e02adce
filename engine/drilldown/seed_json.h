#pragma once
// Seed 001's evaluation JSON (Appendix A): a list of {"path": [step...]}, each step with
// question_id, db_id, question, SQL, predicted_query, evidence, correct, error, is_original and,
// on failing steps, hallucination: [["Schema-Based: Schema Contradiction", "description"], ...].
// Writing adds "model" and "history" to each path object so runs of several models and modes can
// share one file; reading accepts files without them (then `model` / `history` given apply).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/drilldown/outcome.h"

namespace hs::drilldown {

// "Schema Contradiction" -> "Schema-Based: Schema Contradiction" (the seed's label).
std::string seedLabel(const std::string& category);

nlohmann::json toSeedJson(const std::vector<StepOutcome>& rows);

// Errors (BadInput, code "bad_seed_json") name the path and step that could not be read. The
// findings read back carry the category and the description as message (no spans), so "exact
// same hallucination" compares descriptions.
Result<std::vector<StepOutcome>> fromSeedJson(const nlohmann::json& j, const std::string& model,
                                              const std::string& history);

// A run file of either kind: seed 001's JSON (starts with '[') or `drilldown run` JSON Lines.
Result<std::vector<StepOutcome>> readRunFile(const std::string& path, const std::string& model = "",
                                             const std::string& history = "off");

}  // namespace hs::drilldown
