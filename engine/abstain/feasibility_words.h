#pragma once
// Internal word lists of engine/abstain/feasibility.cpp.
#include <set>
#include <string>
#include <vector>

namespace hs::abstain::detail {
const std::set<std::string>& genericWords();     // words that name no data
const std::vector<std::string>& nonSqlCues();    // phrases of requests a query cannot serve
const std::vector<std::string>& externalCues();  // phrases that need outside knowledge
}  // namespace hs::abstain::detail
