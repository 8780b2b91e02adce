#pragma once
// Stage 2 of SQLHD: SQL from the question plus the verified schema linking, run read-only.
#include <set>
#include <string>

#include "engine/core/error.h"
#include "engine/db/database.h"
#include "engine/llm/chat.h"

namespace hs::mr {

// The logical_synthesis prompt: schema, question, verified linking (may be empty), evidence.
Result<llm::ChatRequest> synthesisRequest(const std::string& schemaText, const std::string& question,
                                          const std::set<std::string>& linking, const std::string& evidence,
                                          const llm::SamplingParams& params);

struct ExecutedSql {
  std::string sql;  // as extracted from the answer ("" when none was found)
  Result<db::QueryResult> result = Error{};
};

// Extracts the SQL from a model answer and runs it (read-only, with `limits`).
ExecutedSql runAnswer(db::Database& database, const std::string& answer, const db::Limits& limits);
// Runs given SQL text.
ExecutedSql runSql(db::Database& database, const std::string& sql, const db::Limits& limits);

// The first `keep` rows of a result (columns, truncation and timing kept).
db::QueryResult firstRows(const db::QueryResult& result, std::size_t keep);

}  // namespace hs::mr
