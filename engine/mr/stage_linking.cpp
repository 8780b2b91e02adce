#include "engine/mr/stage_linking.h"

#include <nlohmann/json.hpp>

#include "engine/core/json_input.h"
#include "engine/core/text.h"
#include "engine/llm/template.h"

namespace hs::mr {
namespace {

bool identChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n' || s[e - 1] == '\r')) --e;
  return std::string(s.substr(b, e - b));
}

// Strips quotes/backticks/brackets around each part: `"singer"."name"` -> singer.name.
std::string cleanItem(std::string_view raw) {
  std::string out;
  for (char c : trim(raw)) {
    if (c == '"' || c == '`' || c == '[' || c == ']' || c == '\'') continue;
    out += c;
  }
  return out;
}

// Candidate spans tried before giving up (a hostile answer of many brackets would otherwise cost
// brackets^2 parses).
constexpr int kMaxJsonTries = 64;

// The first JSON array of strings in the text, read through the bounded JSON reader.
std::optional<std::set<std::string>> jsonList(std::string_view text) {
  int tries = 0;
  for (std::size_t open = text.find('['); open != std::string_view::npos; open = text.find('[', open + 1)) {
    std::size_t close = text.find(']', open);
    while (close != std::string_view::npos) {
      if (++tries > kMaxJsonTries) return std::nullopt;
      auto parsed = parseJsonBounded(text.substr(open, close - open + 1));
      if (parsed && parsed->is_array()) {
        std::set<std::string> out;
        for (const auto& v : *parsed) {
          if (!v.is_string()) return std::nullopt;
          auto item = cleanItem(v.get<std::string>());
          if (!item.empty()) out.insert(item);
        }
        return out;
      }
      close = text.find(']', close + 1);
    }
  }
  return std::nullopt;
}

}  // namespace

Result<std::set<std::string>> parseLinking(std::string_view answer) {
  if (auto list = jsonList(answer); list && !list->empty()) return *list;
  std::set<std::string> out;  // fallback: identifier.identifier tokens
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (answer[i] != '.' || i == 0 || i + 1 >= answer.size()) continue;
    if (!identChar(answer[i - 1]) || !identChar(answer[i + 1])) continue;
    std::size_t b = i, e = i + 1;
    while (b > 0 && identChar(answer[b - 1])) --b;
    while (e < answer.size() && identChar(answer[e])) ++e;
    bool digitsOnly = true;  // "3.5" is a number, not a column
    for (std::size_t k = b; k < e; ++k)
      digitsOnly = digitsOnly && (answer[k] == '.' || (answer[k] >= '0' && answer[k] <= '9'));
    if (!digitsOnly) out.insert(std::string(answer.substr(b, e - b)));
    i = e;
  }
  if (out.empty()) {
    return makeError(ErrorKind::BadInput, "no_linking",
                     "the answer holds no schema linking (no JSON list, no table.column)");
  }
  return out;
}

VerifiedLinking verifyLinking(const std::set<std::string>& linking, const db::Schema& schema) {
  VerifiedLinking out;
  for (const auto& item : linking) {
    const auto dot = item.find('.');
    const std::string table = dot == std::string::npos ? item : item.substr(0, dot);
    const std::string column = dot == std::string::npos ? "" : item.substr(dot + 1);
    const db::TableInfo* found = nullptr;
    for (const auto& t : schema.tables) {
      if (iequals(t.name, table)) found = &t;
    }
    bool ok = found && (column.empty() || column == "*" || found->findColumn(column));
    if (ok) {
      out.verified.insert(item);
    } else {
      out.unknown.push_back(item);
    }
  }
  return out;
}

Result<llm::ChatRequest> linkingRequest(const std::string& schemaText, const std::string& question,
                                        const std::string& evidence, const llm::SamplingParams& params) {
  auto tmpl = llm::builtinTemplate("schema_linking");
  if (!tmpl) return tmpl.error();
  auto r = llm::requestFromTemplate(
      tmpl.value(), {{"schema", schemaText}, {"question", question}, {"evidence", evidence}}, params);
  if (r) r->label = "schema linking: " + question;
  return r;
}

std::string joinLinking(const std::set<std::string>& linking) {
  std::string out;
  for (const auto& i : linking) out += (out.empty() ? "" : ", ") + i;
  return out;
}

}  // namespace hs::mr
