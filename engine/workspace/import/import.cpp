#include "engine/workspace/import/import.h"

#include <cctype>
#include <functional>

#include "engine/core/json_input.h"
#include "engine/core/text.h"
#include "engine/workspace/import/import_internal.h"
#include "engine/workspace/import/source_stream.h"

namespace hs::ws::import {

namespace {

bool endsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && iequals(std::string_view(s).substr(s.size() - suffix.size()), suffix);
}

// Kind of the first JSON record of an array or a JSONL line.
Format formatOfRecord(const nlohmann::json& rec, bool fromLines) {
  if (!rec.is_object()) return Format::Auto;
  if (rec.contains("path")) return Format::Drilldown;
  if (rec.contains("hallucinations_type") || rec.contains("sub_hallucinations_type") ||
      (rec.contains("query") && rec.contains("predict")))
    return Format::MrSqlGen;
  if (rec.contains("gold_sql") || rec.contains("pred_sql")) return Format::Jsonl;
  if (fromLines) return Format::Jsonl;
  if (rec.contains("predicted_query")) return Format::Drilldown;
  if (rec.contains("SQL")) return Format::Bird;
  if (rec.contains("query")) return Format::Spider;
  return Format::Auto;
}

// Keeps the first kMaxIssuesPerImport issues and summarises the rest (with the `omitted` ones
// boundIssues() only counted) in one more entry; returns how many were left out.
std::size_t capIssues(std::vector<Error>& issues, std::size_t omitted, const char* what,
                      const std::string& path) {
  if (issues.size() <= kMaxIssuesPerImport) return 0;
  omitted += issues.size() - kMaxIssuesPerImport;
  std::string code = issues[kMaxIssuesPerImport].code;
  issues.resize(kMaxIssuesPerImport);
  issues.push_back(
      importIssue(code, "and " + std::to_string(omitted) + " more " + what + "(s) not listed", path, 0));
  return omitted;
}

}  // namespace

const char* toString(Format format) {
  switch (format) {
    case Format::Auto:
      return "auto";
    case Format::Jsonl:
      return "jsonl";
    case Format::Spider:
      return "spider";
    case Format::Bird:
      return "bird";
    case Format::Csv:
      return "csv";
    case Format::Drilldown:
      return "drilldown";
    case Format::MrSqlGen:
      return "mrsqlgen";
  }
  return "auto";
}

std::optional<Format> formatFromString(const std::string& name) {
  for (Format f : {Format::Auto, Format::Jsonl, Format::Spider, Format::Bird, Format::Csv, Format::Drilldown,
                   Format::MrSqlGen}) {
    if (iequals(name, toString(f))) return f;
  }
  return std::nullopt;
}

namespace {

bool identifierLike(std::string_view s) {
  if (s.empty()) return false;
  for (char ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-' && ch != '.') return false;
  return true;
}

}  // namespace

TrailingDbId splitTrailingDbId(const std::string& text,
                               const std::function<bool(const std::string&)>& known) {
  TrailingDbId out;
  out.sql = text;
  const std::size_t last = text.rfind('\t');
  if (last == std::string::npos) return out;
  out.hadTab = true;
  out.tail = detail::trimmed(std::string_view(text).substr(last + 1));
  out.tabOffset = last;
  if (!(known ? known(out.tail) : identifierLike(out.tail))) return out;
  std::string head = text.substr(0, last);
  // BIRD's "SQL\t----- bird -----\tdb_id".
  const std::size_t marker = head.rfind('\t');
  if (marker != std::string::npos &&
      detail::trimmed(std::string_view(head).substr(marker + 1)) == "----- bird -----") {
    head.erase(marker);
  }
  while (!head.empty() && std::isspace(static_cast<unsigned char>(head.back()))) head.pop_back();
  out.sql = std::move(head);
  out.dbId = out.tail;
  // The offset of the tab that ends the SQL (the first tab of the suffix).
  out.tabOffset = out.sql.size();
  while (out.tabOffset < text.size() && text[out.tabOffset] != '\t') ++out.tabOffset;
  return out;
}

std::string stripTrailingDbId(std::string& sql) {
  TrailingDbId t = splitTrailingDbId(sql, {});
  sql = std::move(t.sql);
  return t.dbId;
}

Result<Format> detectFormat(const std::string& casesPath) {
  // A look at the start of the file (the first line of JSON Lines is at most kMaxRecordBytes long).
  auto prefix = readSourcePrefix(casesPath, kMaxRecordBytes);
  if (!prefix) return prefix.error();
  const std::string& text = prefix->source.text;
  std::size_t first = text.find_first_not_of(" \t\r\n");
  if (endsWith(casesPath, ".csv") || endsWith(casesPath, ".tsv")) return Format::Csv;
  if (endsWith(casesPath, ".sql") || endsWith(casesPath, ".txt")) return Format::Spider;
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) {
    // A JSON document, or JSON Lines (several top-level objects).
    if (text[first] == '[') {
      // A JSON document is read whole (bounded by hs::kMaxInputFileBytes).
      Result<SourceText> whole =
          prefix->complete ? Result<SourceText>(std::move(prefix->source)) : readSourceText(casesPath);
      if (!whole) return whole.error();
      const SourceText& source = *whole;
      auto doc = parseJsonBounded(source.text);
      if (!doc && doc.error().code == "depth") {
        Error e = doc.error();
        e.where = casesPath;
        e.offset = source.rawOffset(e.offset.value_or(0));
        e.line = lineColAt(source.raw, *e.offset).line;
        return e;
      }
      if (doc && doc->is_array() && !doc->empty()) {
        Format f = formatOfRecord(doc->front(), false);
        if (f != Format::Auto) return f;
      }
      return makeError(
          ErrorKind::BadInput, "format",
          "cannot tell the format of " + casesPath + ": a JSON array of unknown records; use --format");
    }
    std::size_t eol = text.find('\n', first);
    if (eol == std::string::npos && !prefix->complete) return Format::Jsonl;  // a first line too long
    std::string line = text.substr(first, eol == std::string::npos ? std::string::npos : eol - first);
    if (auto rec = parseJsonBounded(line)) {
      Format f = formatOfRecord(*rec, true);
      if (f != Format::Auto) return f;
    }
    return Format::Jsonl;
  }
  if (first != std::string::npos) {
    std::size_t eol = text.find('\n', first);
    std::string line = text.substr(first, eol == std::string::npos ? std::string::npos : eol - first);
    if (line.find('\t') != std::string::npos) return Format::Spider;
    if (line.find(',') != std::string::npos && asciiLower(line).find("sql") != std::string::npos)
      return Format::Csv;
  }
  return makeError(ErrorKind::BadInput, "format",
                   "cannot tell the format of " + casesPath + "; use --format");
}

ImportReport importCases(const ImportOptions& options) {
  ImportReport report;
  Format format = options.format;
  if (format == Format::Auto) {
    auto detected = detectFormat(options.casesPath);
    if (!detected) {
      Error e = detected.error();
      if (e.where.empty()) e.where = options.casesPath;
      report.errors.push_back(e);
      return report;
    }
    format = *detected;
  }
  report.format = format;
  // A JSON document is read whole; lines and CSV records stream.
  auto readWhole = [&]() -> std::optional<SourceText> {
    auto source = readSourceText(options.casesPath);
    if (!source) {
      report.errors.push_back(source.error());
      return std::nullopt;
    }
    report.warnings = source->warnings;
    return std::move(source.value());
  };
  switch (format) {
    case Format::Auto:
    case Format::Jsonl:
      detail::importJsonl(options, false, report);
      break;
    case Format::MrSqlGen:
      detail::importJsonl(options, true, report);
      break;
    case Format::Drilldown:
      if (auto source = readWhole()) detail::importDrilldown(*source, options, report);
      break;
    case Format::Spider:
      detail::importSpider(options, report);
      break;
    case Format::Bird:
      if (auto source = readWhole()) detail::importBird(*source, options, report);
      break;
    case Format::Csv:
      detail::importCsv(options, report);
      break;
  }
  for (Case& c : report.cases) {
    if (c.model.empty()) c.model = options.model;
    if (c.source.empty()) c.source = options.casesPath;
  }
  report.omittedWarnings = capIssues(report.warnings, report.omittedWarnings, "warning", options.casesPath);
  report.omittedErrors = capIssues(report.errors, report.omittedErrors, "error", options.casesPath);
  return report;
}

namespace detail {

void boundIssues(std::vector<Error>& issues, std::size_t& omitted) {
  if (issues.size() <= kMaxIssuesPerImport + 1) return;
  omitted += issues.size() - (kMaxIssuesPerImport + 1);
  issues.resize(kMaxIssuesPerImport + 1);
}

void boundIssues(ImportReport& report) {
  boundIssues(report.warnings, report.omittedWarnings);
  boundIssues(report.errors, report.omittedErrors);
}

void failImport(ImportReport& report, Error error) {
  report.cases.clear();
  report.warnings.clear();
  report.errors.clear();
  report.omittedWarnings = 0;
  report.omittedErrors = 0;
  report.errors.push_back(std::move(error));
}

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool isBlank(std::string_view s) {
  return s.find_first_not_of(" \t\r") == std::string_view::npos;
}

std::string fileStem(const std::string& path) {
  std::size_t slash = path.find_last_of("/\\");
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  std::size_t dot = name.rfind('.');
  if (dot != std::string::npos && dot > 0) name.erase(dot);
  return name;
}

std::optional<std::string> textField(const nlohmann::json& obj, std::initializer_list<const char*> names) {
  if (!obj.is_object()) return std::nullopt;
  for (const char* name : names) {
    auto it = obj.find(name);
    if (it == obj.end() || it->is_null()) continue;
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer()) return std::to_string(it->get<long long>());
    if (it->is_number()) return it->dump();
  }
  return std::nullopt;
}

PredValue interpretPredictionText(std::string text, const std::string& path, std::size_t line,
                                  std::optional<std::size_t> offset, std::vector<Error>* warnings,
                                  bool tabIsNormal, const std::string& expectedDbId,
                                  const std::set<std::string>* knownDbIds) {
  PredValue out;
  if (text.size() > kMaxFieldBytes) {  // the record is rejected (oversizeField): no copies of it
    out.sql = std::move(text);
    return out;
  }
  // Models emit tabs inside SQL: what follows the LAST tab is a db_id only when it is a known one
  // (the case's database, BIRD's marker layout, or any db_id of the run); otherwise the tabs are
  // whitespace of the SQL and nothing is cut.
  auto known = [&](const std::string& tail) {
    if (tail == expectedDbId) return true;
    if (text.find("\t----- bird -----\t") != std::string::npos) return true;  // BIRD's layout names it
    if (knownDbIds) return knownDbIds->count(tail) > 0;
    return expectedDbId.empty() && identifierLike(tail);
  };
  TrailingDbId split = splitTrailingDbId(text, known);
  // A position inside `text` is a file offset only while `text` is no longer than its bytes in the
  // file: unescaping (CSV "", JSON \t) only shrinks it, but a U+FFFD that replaced one invalid byte
  // adds two. With one in the text the warning points at the record's start instead (fuzz_import
  // found an offset past the end of a CSV file).
  const bool repaired = text.find("\xEF\xBF\xBD") != std::string::npos;
  const auto at = [&](std::size_t pos) {
    return offset && !repaired ? std::optional<std::size_t>(*offset + pos) : offset;
  };
  if (!split.dbId.empty()) {
    text = split.sql;
    out.trailingDbId = split.dbId;
    if (!tabIsNormal) {
      warnings->push_back(importIssue("trailing_db_id",
                                      "tab and db_id '" + split.dbId + "' removed after the SQL", path, line,
                                      at(split.tabOffset)));
    }
    if (!expectedDbId.empty() && split.dbId != expectedDbId) {
      warnings->push_back(importIssue(
          "db_id_mismatch",
          "the prediction names database '" + split.dbId + "' but the case is on '" + expectedDbId + "'",
          path, line, offset));
    }
  } else if (split.hadTab && !split.tail.empty()) {
    warnings->push_back(importIssue("tab_in_sql",
                                    "the SQL contains tabs and '" + split.tail.substr(0, 40) +
                                        "' after the last tab is not a known db_id: kept as part of the SQL",
                                    path, line, at(split.tabOffset)));
  }
  std::string bare = detail::trimmed(text);
  if (bare.empty()) {
    warnings->push_back(
        importIssue("empty_prediction", "empty prediction: generation failed", path, line, offset));
    return out;
  }
  if (bare == "0") {
    warnings->push_back(
        importIssue("generation_failed", "prediction is 0: generation failed, no SQL", path, line, offset));
    return out;
  }
  out.sql = bare;
  return out;
}

PredValue interpretPrediction(const nlohmann::json& value, const std::string& path, std::size_t line,
                              std::optional<std::size_t> offset, std::vector<Error>* warnings,
                              bool tabIsNormal, const std::string& expectedDbId) {
  if (value.is_string()) {
    return interpretPredictionText(value.get<std::string>(), path, line, offset, warnings, tabIsNormal,
                                   expectedDbId);
  }
  PredValue out;
  if (value.is_number() && value == 0) {
    warnings->push_back(importIssue(
        "generation_failed", "prediction is the integer 0: generation failed, no SQL", path, line, offset));
  } else if (value.is_null()) {
    warnings->push_back(importIssue("generation_failed", "prediction is null: no SQL", path, line, offset));
  } else {
    warnings->push_back(importIssue(
        "bad_prediction",
        std::string("prediction is a JSON ") + value.type_name() + ", not a string: treated as no SQL", path,
        line, offset));
  }
  return out;
}

std::optional<nlohmann::json> parseJsonDocument(const SourceText& source, std::vector<Error>* errors) {
  auto doc = parseJsonBounded(source.text);
  if (doc) return std::move(doc.value());
  Error e = doc.error();
  e.where = source.path;
  if (e.offset) {
    e.offset = source.rawOffset(*e.offset);
    e.line = lineColAt(source.raw, *e.offset).line;
  }
  errors->push_back(std::move(e));
  return std::nullopt;
}

std::optional<std::string> fieldTypeError(const nlohmann::json& rec,
                                          std::initializer_list<const char*> names) {
  if (!rec.is_object()) return std::nullopt;
  for (const char* name : names) {
    auto it = rec.find(name);
    if (it == rec.end() || it->is_null() || it->is_string()) continue;
    return std::string("field \"") + name + "\" is a JSON " + it->type_name() + ", not a string";
  }
  return std::nullopt;
}

}  // namespace detail
}  // namespace hs::ws::import
