#pragma once
// Question -> SQL: the text-to-SQL request from a template, and the JSON describing one
// generation (shared by `hallusql-cli generate` and the GUI).
#include <string>

#include <nlohmann/json.hpp>

#include "engine/llm/chat.h"
#include "engine/llm/sql_extract.h"
#include "engine/llm/template.h"

namespace hs::llm {

struct TextToSqlInput {
  std::string schema;  // serialiseSchema(...)
  std::string question;
  std::string evidence;  // may be empty
  std::string dialect = "SQLite";
};

// Renders the template (normally builtinTemplate("text_to_sql")) into a request.
Result<ChatRequest> textToSqlRequest(const PromptTemplate& tmpl, const TextToSqlInput& input,
                                     const SamplingParams& params);

struct Generation {
  ChatResponse response;
  Result<ExtractedSql> extraction = Error{};
};

// Extracts the SQL from the first choice.
Generation interpretResponse(ChatResponse response);

// {"sql", "raw_text", "sql_span": {"begin","end"}, "extraction": {"method","note"} | "error",
//  "usage": {"prompt_tokens","completion_tokens"}, "latency_ms", "cached", "attempts", "cost",
//  "model", "finish_reason", "template", "template_version", "cache_key"}
nlohmann::json generationJson(const Generation& g, const ChatRequest& request);

}  // namespace hs::llm
