#pragma once
// Finding the SQL in whatever a model returns: ```sql fences, plain fences, prose before and
// after, several statements, trailing explanations, "SQL:" prefixes, <think> blocks.
#include <cstddef>
#include <string>
#include <string_view>

#include "engine/core/error.h"

namespace hs::llm {

struct ExtractedSql {
  std::string sql;        // == raw.substr(begin, end - begin); no trailing ';'
  std::size_t begin = 0;  // byte span in the raw text
  std::size_t end = 0;
  std::string method;          // "sql_fence", "fence", "prefix", "keyword", "whole"
  std::string note;            // why this span, e.g. "2 statements in the fence; took the first SELECT/WITH"
  std::size_t statements = 1;  // statements seen in the chosen region
};

// Errors (BadInput, code "no_sql"): empty output, or no SELECT/WITH statement anywhere.
Result<ExtractedSql> extractSql(std::string_view raw);

}  // namespace hs::llm
