#pragma once
// Stage 1 of SQLHD: the schema-linking artifact (a table.column set) as the LLM gives it, checked
// against the schema, and the prompt that asks for it.
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/db/schema.h"
#include "engine/llm/chat.h"

namespace hs::mr {

// Reads a linking answer: a JSON list of strings (inside prose or a fence is fine), else every
// "table.column" token of the text. Errors (BadInput, code "no_linking"): nothing that looks
// like a linking.
Result<std::set<std::string>> parseLinking(std::string_view answer);

struct VerifiedLinking {
  std::set<std::string> verified;    // items naming a table (and column) of the schema, as given
  std::vector<std::string> unknown;  // the others
};
// "t.c" must name a column of table t, "t" or "t.*" a table; ASCII case-insensitive.
VerifiedLinking verifyLinking(const std::set<std::string>& linking, const db::Schema& schema);

// The schema_linking prompt for a question over a serialised schema.
Result<llm::ChatRequest> linkingRequest(const std::string& schemaText, const std::string& question,
                                        const std::string& evidence, const llm::SamplingParams& params);

// "a.b, c.d" (sorted) for prompts and messages.
std::string joinLinking(const std::set<std::string>& linking);

}  // namespace hs::mr
