// Which field of an import a file belongs in, and the default name of a run.
#include <cctype>
#include <optional>

#include "engine/core/json_input.h"
#include "engine/workspace/import/import.h"
#include "engine/workspace/import/import_internal.h"
#include "engine/workspace/import/source_stream.h"

namespace hs::ws::import {

namespace {

bool allDigits(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s)
    if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
  return true;
}

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// BIRD's predict_dev.json: {"0": "SQL\t----- bird -----\tdb_id", "1": ...}.
bool isNumberedSqlObject(const nlohmann::json& doc) {
  if (!doc.is_object() || doc.empty()) return false;
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (!allDigits(it.key()) || !(it->is_string() || it->is_null() || it->is_number_integer())) return false;
  return true;
}

// A JSON document starting with '{' that is larger than the look at its start: an object on the
// first line alone is judged by that line; a first line that breaks off (a document written over
// several lines) means reading the whole file (bounded by hs::kMaxInputFileBytes).
std::optional<nlohmann::json> firstObject(const std::string& path, std::string_view text) {
  const std::size_t eol = text.find('\n');
  if (eol == std::string_view::npos) return std::nullopt;  // a first line longer than the look
  auto line = parseJsonBounded(text.substr(0, eol));
  if (line) return std::move(line.value());
  if (line.error().offset.value_or(0) < eol) return std::nullopt;  // broken before the line ends
  auto whole = readSourceText(path);
  if (!whole) return std::nullopt;
  const std::string_view all = whole->text;
  const std::size_t first = all.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return std::nullopt;
  auto doc = parseJsonBounded(all.substr(first));
  if (!doc) return std::nullopt;
  return std::move(doc.value());
}

}  // namespace

RoleGuess guessFileRole(const std::string& path) {
  RoleGuess guess;
  auto prefix = readSourcePrefix(path, kMaxRecordBytes);
  if (!prefix) return guess;
  const std::string& text = prefix->source.text;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return guess;
  if (text[first] == '{') {
    std::optional<nlohmann::json> doc;
    if (prefix->complete) {
      if (auto parsed = parseJsonBounded(std::string_view(text).substr(first)))
        doc = std::move(parsed.value());
    } else {
      doc = firstObject(path, std::string_view(text).substr(first));
    }
    if (doc && isNumberedSqlObject(*doc)) {
      guess.role = FileRole::Predictions;
      guess.why = "a JSON object of numbered SQL strings (BIRD predictions such as predict_dev.json)";
      return guess;
    }
  }
  auto format = detectFormat(path);
  if (!format) return guess;
  guess.format = *format;
  if (*format == Format::Spider && text[first] != '[') {
    // One SQL per line: a gold file names the database after a tab (dev_gold.sql); predictions
    // usually do not, and are named after the model or "pred...".
    const std::size_t eol = text.find('\n', first);
    const std::string line = text.substr(first, eol == std::string::npos ? std::string::npos : eol - first);
    const bool dbAfterTab = !splitTrailingDbId(line, {}).dbId.empty();
    const std::string name = lower(detail::fileStem(path));
    if (name.find("gold") != std::string::npos || (dbAfterTab && name.find("pred") == std::string::npos)) {
      guess.role = FileRole::Cases;
      guess.why = "gold SQL, one query per line with its database after a tab (like Spider's dev_gold.sql)";
    } else {
      guess.role = FileRole::Predictions;
      guess.why = "one SQL query per line without questions (a model's predictions)";
    }
    return guess;
  }
  guess.role = FileRole::Cases;
  guess.why = std::string("benchmark cases with questions (") + toString(*format) + ")";
  return guess;
}

std::string modelFromPredictionFile(const std::string& predPath) {
  if (predPath.empty()) return {};
  const std::string stem = detail::fileStem(predPath);
  const std::string l = lower(stem);
  for (const char* generic : {"pred", "output", "result", "answer", "generated", "gold"})
    if (l.find(generic) != std::string::npos) return {};
  return stem;
}

std::string defaultRunName(const std::string& casesPath, const std::string& predPath,
                           const std::string& model) {
  const std::string base = detail::fileStem(casesPath);
  const std::string m = model.empty() ? modelFromPredictionFile(predPath) : model;
  if (m.empty() || m == base) return base;
  if (base.empty()) return m;
  return base + " \xC2\xB7 " + m;  // U+00B7 middle dot
}

}  // namespace hs::ws::import
