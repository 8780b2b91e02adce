#include "engine/workspace/import/ratings.h"

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"
#include "engine/workspace/import/source_text.h"

namespace hs::ws::import {
namespace {

// A string field, or an integer item id written as a number.
std::optional<std::string> textOf(const nlohmann::json& rec, const char* name, bool allowInteger) {
  auto it = rec.find(name);
  if (it == rec.end()) return std::nullopt;
  if (it->is_string()) return it->get<std::string>();
  if (allowInteger && it->is_number_integer()) return std::to_string(it->get<long long>());
  return std::nullopt;
}

}  // namespace

Result<std::vector<eval::Rating>> importRatings(const std::string& path) {
  auto source = readSourceText(path);
  if (!source) return source.error();
  std::vector<eval::Rating> ratings;
  for (const SourceLine& line : splitLines(*source)) {
    if (line.text.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json rec = hs::parseJsonOrDiscarded(line.text);
    if (rec.is_discarded() || !rec.is_object())
      return importIssue("json", "line is not a JSON object", path, line.number, line.offset);
    auto item = textOf(rec, "item", true);
    auto reviewer = textOf(rec, "reviewer", false);
    auto label = textOf(rec, "label", false);
    if (!item || !reviewer || !label)
      return importIssue("field",
                         "each line needs \"item\" (string or integer), \"reviewer\" and \"label\" (strings)",
                         path, line.number, line.offset);
    ratings.push_back({*item, *reviewer, *label});
  }
  if (ratings.empty()) return importIssue("empty", "the labels file holds no ratings", path, 0);
  return ratings;
}

}  // namespace hs::ws::import
