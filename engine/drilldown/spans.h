#pragma once
// Byte-span helpers of the decomposition: what a step adds, as written in the original query
// (the keyword that introduces it included, redundant parentheses included).
#include <initializer_list>
#include <string_view>
#include <vector>

#include "engine/sql/ast.h"

namespace hs::drilldown {

// The expression's span widened over its redundant parentheses (Expr::parens).
sql::Span widened(std::string_view text, const sql::Expr& e);
// `s` extended to the left over the keyword sequence `words` (e.g. {"GROUP", "BY"}) when it
// directly precedes it (blanks between); otherwise over `alt`; otherwise `s` unchanged.
sql::Span withKeyword(std::string_view text, sql::Span s, std::initializer_list<std::string_view> words,
                      std::initializer_list<std::string_view> alt = {});
// `s` without surrounding blanks.
sql::Span trimmed(std::string_view text, sql::Span s);
// Sorted by begin, overlapping or touching spans joined.
void sortSpans(std::vector<sql::Span>& spans);

}  // namespace hs::drilldown
