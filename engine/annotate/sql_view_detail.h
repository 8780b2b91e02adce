#pragma once
// Internal passes of analyse() (sql_view.cpp, sql_view_parts.cpp, sql_view_resolve.cpp).
#include <string_view>
#include <vector>

#include "engine/annotate/sql_view.h"

namespace hs::annotate::detail {

bool isWord(const SqlView& v, std::size_t i, std::string_view w);
std::size_t matchingParen(const SqlView& v, std::size_t open);
void parseFrom(SqlView& v, int b, const db::Schema& schema);
void parseItems(SqlView& v, int b);
void resolveColumns(SqlView& v, const db::Schema& schema);
void parsePredicates(SqlView& v, int b);
// Splits r at the tokens of block b (at its depth) for which sep(i) holds.
std::vector<Range> splitTopAt(const SqlView& v, int b, Range r, bool (*sep)(const SqlView&, std::size_t));

}  // namespace hs::annotate::detail
