#pragma once
// Parsing JSON that comes from outside (import files, replies, caches) with a bounded nesting
// depth. nlohmann's parser does not recurse, but copying, comparing, dumping and walking a value
// do, so a hostile document like 50,000 nested '[' is refused before a value is built.
#include <cstddef>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"

namespace hs {

// Default bound on arrays/objects nested in one another.
inline constexpr std::size_t kMaxJsonDepth = 200;

// Byte offset of the first '[' or '{' (outside strings) nested deeper than `maxDepth`, if any.
std::optional<std::size_t> jsonTooDeepAt(std::string_view text, std::size_t maxDepth = kMaxJsonDepth);

// Parses one JSON document. Errors are BadInput values with code "json" (syntax; the message is
// nlohmann's) or "depth", the byte offset of the problem in `text` and its 1-based line.
Result<nlohmann::json> parseJsonBounded(std::string_view text, std::size_t maxDepth = kMaxJsonDepth);

// parseJsonBounded() for readers that treat what they cannot read as absent (stored columns of a
// workspace, optional records): the value, or a discarded value (is_discarded()) on any error.
nlohmann::json parseJsonOrDiscarded(std::string_view text, std::size_t maxDepth = kMaxJsonDepth);

}  // namespace hs
