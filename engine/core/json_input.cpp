#include "engine/core/json_input.h"

#include <string>

#include "engine/core/text.h"

namespace hs {

std::optional<std::size_t> jsonTooDeepAt(std::string_view text, std::size_t maxDepth) {
  std::size_t depth = 0;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        inString = false;
      }
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

Result<nlohmann::json> parseJsonBounded(std::string_view text, std::size_t maxDepth) {
  if (auto at = jsonTooDeepAt(text, maxDepth)) {
    Error e = makeError(ErrorKind::BadInput, "depth",
                        "JSON nested deeper than " + std::to_string(maxDepth) + " levels");
    e.offset = *at;
    e.line = lineColAt(text, *at).line;
    return e;
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& ex) {
    std::size_t at = ex.byte > 0 ? ex.byte - 1 : 0;
    if (at > text.size()) at = text.size();
    std::string what = ex.what();
    if (auto p = what.find("parse error"); p != std::string::npos) what = what.substr(p);
    Error e = makeError(ErrorKind::BadInput, "json", "not valid JSON: " + what);
    e.offset = at;
    e.line = lineColAt(text, at).line;
    return e;
  } catch (const nlohmann::json::exception& ex) {  // e.g. out_of_range: a number like 1e999
    std::string what = ex.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    return makeError(ErrorKind::BadInput, "json", "not valid JSON: " + what);
  }
}

nlohmann::json parseJsonOrDiscarded(std::string_view text, std::size_t maxDepth) {
  auto parsed = parseJsonBounded(text, maxDepth);
  if (!parsed) return nlohmann::json(nlohmann::json::value_t::discarded);
  return std::move(parsed.value());
}

}  // namespace hs
