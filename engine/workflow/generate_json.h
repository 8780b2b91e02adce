#pragma once
// The JSON of a generation for hallusql-cli (`generate` prints it, `generate --cases` nests it
// under "generation" in each JSONL line).
#include <optional>

#include <nlohmann/json.hpp>

#include "engine/workflow/generate.h"

namespace hs::workflow {

// null when the checks did not run; else {"findings": [...], "risk": {...} | null,
// "result": {"rows", "truncated"} | {"error": {...}}}, or {"error": {...}} when they failed.
nlohmann::json annotationJson(const std::optional<Result<annotate::DatabaseAnnotation>>& annotation);

// hs::llm::generationJson (sql, raw_text, sql_span, extraction, usage, ...) plus "annotation".
// Needs outcome.request and outcome.generation (a call was answered).
nlohmann::json generationJson(const GenerateOutcome& outcome);

}  // namespace hs::workflow
