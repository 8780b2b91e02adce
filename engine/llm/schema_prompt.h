#pragma once
// The schema part of a text-to-SQL prompt, BIRD style: each table's CREATE statement from
// sqlite_schema, its keys, and a few sample values per column in a comment.
#include <functional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/db/schema.h"

namespace hs::db {
class Database;
}

namespace hs::llm {

struct SchemaPromptOptions {
  std::size_t samplesPerColumn = 3;  // 0: no sample values
  std::size_t maxValueBytes = 40;    // longer text values are cut (UTF-8 safe) and marked "..."
};

// Sample values of one column, already rendered as SQL literals ('text', 12, 3.5).
using SampleFn = std::function<std::vector<std::string>(const std::string& table, const std::string& column)>;

std::string serialiseSchema(const db::Schema& schema, const SampleFn& samples,
                            const SchemaPromptOptions& options = {});

// Reads the schema and sample values through hs::db (read-only). Views are listed, without samples.
Result<std::string> serialiseSchema(db::Database& database, const SchemaPromptOptions& options = {});

}  // namespace hs::llm
