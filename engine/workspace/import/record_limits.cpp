#include "engine/workspace/import/record_limits.h"

#include <utility>

#include "engine/workspace/import/import.h"

namespace hs::ws::import::detail {

namespace {

std::string overLimit(std::uint64_t length) {
  return std::to_string(length) + " bytes, more than the limit of " + std::to_string(kMaxFieldBytes) +
         " bytes (" + std::to_string(kMaxFieldBytes >> 20) + " MiB)";
}

}  // namespace

std::optional<std::string> oversizeField(const Case& c) {
  std::vector<std::pair<const char*, const std::string*>> fields = {
      {"id", &c.id},       {"db_id", &c.dbId},           {"question", &c.question}, {"evidence", &c.evidence},
      {"model", &c.model}, {"difficulty", &c.difficulty}};
  if (c.goldSql) fields.emplace_back("gold SQL", &*c.goldSql);
  if (c.predSql) fields.emplace_back("predicted SQL", &*c.predSql);
  for (const HumanLabel& l : c.labels)
    for (const std::string* s : {&l.category, &l.subcategory, &l.note}) fields.emplace_back("label", s);
  for (const auto& [name, text] : fields) {
    if (text->size() > kMaxFieldBytes)
      return std::string("the ") + name + " holds " + overLimit(text->size());
  }
  return std::nullopt;
}

Error recordTooLong(const std::string& what, std::uint64_t length, const std::string& path, std::size_t line,
                    std::size_t offset) {
  return importIssue("too_long",
                     what + " of " + std::to_string(length) + " bytes is longer than the limit of " +
                         std::to_string(kMaxRecordBytes) + " bytes (" +
                         std::to_string(kMaxRecordBytes >> 20) + " MiB): record rejected",
                     path, line, offset);
}

void JsonRecordPositions::scan() {
  scanned_ = true;
  const std::string_view text = source_.text;
  std::size_t depth = 0;
  std::size_t line = 1;
  bool object = false;
  bool expectValue = false;  // at depth 1: the next token starts a record
  std::string_view key;
  bool keyNext = false;  // at depth 1 of an object: the next string is a key
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    if (depth == 1 && expectValue && c != ']' && c != '}') {
      elements_.push_back({i, line, key});
      expectValue = false;
    }
    if (c == '"') {
      const std::size_t start = i + 1;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\')
          ++i;
        else if (text[i] == '\n')
          ++line;
      }
      if (depth == 1 && keyNext) {
        key = text.substr(start, i - start);
        keyNext = false;
      }
    } else if (c == '[' || c == '{') {
      if (depth == 0) {
        object = c == '{';
        expectValue = !object;
        keyNext = object;
      }
      ++depth;
    } else if (c == ']' || c == '}') {
      if (depth > 0) --depth;
    } else if (c == ',' && depth == 1) {
      expectValue = !object;
      keyNext = object;
    } else if (c == ':' && depth == 1) {
      expectValue = true;
    }
  }
}

JsonRecordPositions::Position JsonRecordPositions::position(const Element& e) const {
  return {e.line, source_.rawOffset(e.offset)};
}

JsonRecordPositions::Position JsonRecordPositions::ofIndex(std::size_t index) {
  if (!scanned_) scan();
  if (index >= elements_.size()) return {};
  return position(elements_[index]);
}

JsonRecordPositions::Position JsonRecordPositions::ofKey(const std::string& rawKey) {
  if (!scanned_) scan();
  for (const Element& e : elements_)
    if (e.key == rawKey) return position(e);
  return {};
}

std::optional<Error> JsonRecordPositions::oversizeRecord(const Case& c, std::size_t index) {
  auto big = oversizeField(c);
  if (!big) return std::nullopt;
  const Position at = ofIndex(index);
  return importIssue("too_long", "record " + std::to_string(index + 1) + " rejected: " + *big, source_.path,
                     at.line, at.offset);
}

}  // namespace hs::ws::import::detail
