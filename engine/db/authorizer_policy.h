#pragma once
// Internal: what the read-only authorizer of engine/db allows, and how it names a refusal.
#include <string>

namespace hs::db::detail {

// sqlite_master / sqlite_schema and their temp variants.
bool isSchemaTable(const std::string& name);

// Functions an LLM-written query must never call (load_extension, fts3_tokenizer, ...).
bool deniedFunction(const std::string& name);

// PRAGMAs that only report; `hasArg` is whether the PRAGMA was given a value or argument.
bool allowedPragma(const std::string& name, bool hasArg);

// "DELETE on table \"singer\"", "ATTACH of \"x.db\"", ... from the authorizer's arguments.
std::string describeRefusal(int action, const std::string& a1, const std::string& a2);

}  // namespace hs::db::detail
