// Generic JSONL, MRSQLGen-style JSONL and the drill-down JSON of seed 001.
#include <cctype>

#include "engine/core/json_input.h"
#include "engine/core/text.h"
#include "engine/workspace/import/import_internal.h"
#include "engine/workspace/import/record_limits.h"
#include "engine/workspace/import/source_stream.h"

namespace hs::ws::import::detail {

namespace {

// Strings of a JSON value that is a string or an array of strings (others ignored).
std::vector<std::string> stringList(const nlohmann::json& v) {
  std::vector<std::string> out;
  if (v.is_string()) {
    out.push_back(v.get<std::string>());
  } else if (v.is_array()) {
    for (const auto& e : v)
      if (e.is_string()) out.push_back(e.get<std::string>());
  } else if (v.is_object()) {  // {"C1": true, "C2": false, ...}
    for (auto it = v.begin(); it != v.end(); ++it)
      if (it->is_boolean() && it->get<bool>()) out.push_back(it.key());
  }
  return out;
}

void addMrsqlgenLabels(const nlohmann::json& rec, Case& c, const std::string& path, std::size_t line,
                       std::size_t offset, std::vector<Error>* warnings) {
  std::string group;
  if (auto it = rec.find("hallucinations_type"); it != rec.end() && it->is_string())
    group = it->get<std::string>();
  std::vector<std::string> types;
  if (auto it = rec.find("sub_hallucinations_type"); it != rec.end()) types = stringList(*it);
  if (types.empty()) {
    if (auto it = rec.find("hallucinations_type"); it != rec.end() && !it->is_string())
      types = stringList(*it);
    if (auto it = rec.find("node_type"); it != rec.end()) types = stringList(*it);
  }
  for (const std::string& t : types) {
    HumanLabel label;
    label.taxonomy = "mrsqlgen";
    label.category = mrsqlgenCode(t);
    label.subcategory = t;
    label.note = group;
    label.annotator = "mrsqlgen";
    if (label.category.empty()) {
      warnings->push_back(importIssue("unknown_label",
                                      "hallucination type '" + t + "' is not one of C1..C10; kept as is",
                                      path, line, offset));
      label.category = t;
    }
    c.labels.push_back(std::move(label));
  }
}

}  // namespace

std::string mrsqlgenCode(std::string_view typeName) {
  static const char* const kNames[] = {"operator misuse",
                                       "limit error",
                                       "join logic hallucination",
                                       "violating value specification",
                                       "column selection error",
                                       "condition logic hallucination",
                                       "aggregation function misuse",
                                       "distinct error",
                                       "orderby misuse",
                                       "groupby misuse"};
  std::string t = asciiLower(trimmed(typeName));
  // "C3", "c3: join logic hallucination"
  if (t.size() >= 2 && t[0] == 'c' && std::isdigit(static_cast<unsigned char>(t[1]))) {
    std::size_t k = 1;
    int n = 0;
    while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) n = n * 10 + (t[k++] - '0');
    if (n >= 1 && n <= 10 && (k == t.size() || !std::isalnum(static_cast<unsigned char>(t[k]))))
      return "C" + std::to_string(n);
  }
  std::string compact;
  for (char c : t)
    if (c != ' ' && c != '-' && c != '_') compact.push_back(c);
  for (int i = 0; i < 10; ++i) {
    std::string name;
    for (const char* p = kNames[i]; *p; ++p)
      if (*p != ' ') name.push_back(*p);
    if (compact == name) return "C" + std::to_string(i + 1);
  }
  return "";
}

void importJsonl(const ImportOptions& options, bool mrsqlgen, ImportReport& report) {
  const std::string& path = options.casesPath;
  const std::string stem = fileStem(path);
  std::size_t index = 0;
  auto record = [&](const StreamLine& line) {
    if (line.tooLong) {
      report.errors.push_back(recordTooLong("line", line.length, path, line.number, line.offset));
      ++index;
      return;
    }
    if (isBlank(line.text)) {
      report.warnings.push_back(
          importIssue("blank_line", "blank line skipped", path, line.number, line.offset));
      return;
    }
    auto parsed = parseJsonBounded(line.text);
    if (!parsed) {
      const Error& e = parsed.error();
      std::size_t at = line.offset + rawOffsetOf(line.raw, e.offset.value_or(0));
      report.errors.push_back(importIssue(e.code, "record is " + e.message, path, line.number, at));
      ++index;
      return;
    }
    nlohmann::json rec = std::move(parsed.value());
    if (!rec.is_object()) {
      report.errors.push_back(
          importIssue("json", std::string("record is a JSON ") + rec.type_name() + ", not an object", path,
                      line.number, line.offset));
      ++index;
      return;
    }
    if (auto bad = fieldTypeError(rec, {"db_id", "database", "db", "question", "nlq", "NLQ", "evidence",
                                        "gold_sql", "query", "SQL"})) {
      report.errors.push_back(
          importIssue("field_type", "record rejected: " + *bad, path, line.number, line.offset));
      ++index;
      return;
    }
    Case c;
    c.source = path;
    c.sourceLine = line.number;
    c.id = textField(rec, {"id", "question_id", "index"}).value_or(stem + ":" + std::to_string(index));
    c.dbId = textField(rec, {"db_id", "database", "db"}).value_or("");
    c.question = textField(rec, {"question", "nlq", "NLQ"}).value_or("");
    c.evidence = textField(rec, {"evidence"}).value_or("");
    c.difficulty = textField(rec, {"difficulty", "hardness"}).value_or("");
    c.model = textField(rec, {"model"}).value_or("");
    c.goldSql = mrsqlgen ? textField(rec, {"query", "gold_sql", "SQL"})
                         : textField(rec, {"gold_sql", "query", "SQL"});
    if (c.goldSql) stripTrailingDbId(*c.goldSql);
    const char* predName = nullptr;
    for (const char* n : kPredSqlNames) {
      if (rec.contains(n)) {
        predName = n;
        break;
      }
    }
    std::vector<Error> warnings;
    if (predName) {
      // A run that abstained before generation has no SQL by design: not a failed generation.
      const auto flag = rec.find("abstained");
      const bool abstained = flag != rec.end() && flag->is_boolean() && flag->get<bool>();
      std::vector<Error> predWarnings;
      c.predSql =
          interpretPrediction(rec[predName], path, line.number, line.offset, &predWarnings, false, c.dbId)
              .sql;
      for (Error& w : predWarnings)
        if (!(abstained && w.code == "generation_failed")) warnings.push_back(std::move(w));
    }
    if (c.dbId.empty()) {
      warnings.push_back(importIssue("missing_field", "record has no db_id: it cannot be executed", path,
                                     line.number, line.offset));
    }
    readAbstention(rec, c, path, line.number, line.offset, &warnings);
    if (mrsqlgen) addMrsqlgenLabels(rec, c, path, line.number, line.offset, &warnings);
    ++index;
    if (auto field = oversizeField(c)) {
      report.errors.push_back(
          importIssue("too_long", "record rejected: " + *field, path, line.number, line.offset));
      return;
    }
    for (Error& w : warnings) report.warnings.push_back(std::move(w));
    report.cases.push_back(std::move(c));
  };
  auto st = forEachSourceLine(path, kMaxRecordBytes, &report.warnings, [&](StreamLine& line) {
    record(line);
    boundIssues(report);
    return true;
  });
  if (!st) failImport(report, st.error());
}

namespace {

// Collects [category, message] pairs from the (sometimes irregularly nested) "hallucination" list.
void collectTasqlLabels(const nlohmann::json& v, std::vector<HumanLabel>* out) {
  if (!v.is_array()) return;
  if (!v.empty() && v.front().is_string()) {
    HumanLabel label;
    label.taxonomy = "tasql";
    std::string full = v.front().get<std::string>();
    std::size_t colon = full.find(':');
    if (colon != std::string::npos) {
      label.category = full.substr(0, colon);
      std::size_t b = full.find_first_not_of(' ', colon + 1);
      label.subcategory = b == std::string::npos ? "" : full.substr(b);
    } else {
      label.category = full;
    }
    if (v.size() > 1 && v[1].is_string()) label.note = v[1].get<std::string>();
    label.annotator = "drilldown";
    out->push_back(std::move(label));
    return;
  }
  for (const auto& e : v) collectTasqlLabels(e, out);
}

}  // namespace

void importDrilldown(const SourceText& source, const ImportOptions& options, ImportReport& report) {
  (void)options;
  auto doc = parseJsonDocument(source, &report.errors);
  if (!doc) return;
  // Pointers into the document, never copies (copying a JSON value recurses over its depth).
  std::vector<const nlohmann::json*> paths;
  if (doc->is_array()) {
    for (const auto& e : *doc) paths.push_back(&e);
  } else {
    paths.push_back(&*doc);
  }
  JsonRecordPositions positions(source);
  for (std::size_t p = 0; p < paths.size(); ++p) {
    const nlohmann::json& entry = *paths[p];
    std::vector<const nlohmann::json*> steps;
    if (entry.is_object() && entry.contains("path") && entry["path"].is_array()) {
      for (const auto& s : entry["path"]) steps.push_back(&s);
    } else if (entry.is_object()) {
      steps.push_back(&entry);
    } else {
      report.errors.push_back(importIssue(
          "json",
          "drill-down entry " + std::to_string(p + 1) + " is a JSON " + entry.type_name() + ", not an object",
          source.path, 0));
      continue;
    }
    for (std::size_t s = 0; s < steps.size(); ++s) {
      const nlohmann::json& step = *steps[s];
      std::string where = "drill-down path " + std::to_string(p + 1) + " step " + std::to_string(s + 1);
      if (!step.is_object() || !step.contains("question")) {
        report.errors.push_back(importIssue("missing_field", where + " has no question", source.path, 0));
        continue;
      }
      if (auto bad = fieldTypeError(step, {"db_id", "question", "evidence", "SQL", "gold_sql", "query"})) {
        report.errors.push_back(importIssue("field_type", where + " rejected: " + *bad, source.path, 0));
        continue;
      }
      Case c;
      c.source = source.path;
      c.sourceLine = p + 1;
      std::string qid = textField(step, {"question_id"}).value_or(std::to_string(p));
      c.id = "drilldown:" + qid + ":" + std::to_string(p) + "." + std::to_string(s);
      c.dbId = textField(step, {"db_id"}).value_or("");
      c.question = textField(step, {"question"}).value_or("");
      c.evidence = textField(step, {"evidence"}).value_or("");
      c.difficulty = textField(step, {"difficulty"}).value_or("");
      c.goldSql = textField(step, {"SQL", "gold_sql", "query"});
      std::vector<Error> w;
      if (step.contains("predicted_query")) {
        c.predSql =
            interpretPrediction(step["predicted_query"], source.path, 0, std::nullopt, &w, false, c.dbId).sql;
      }
      if (auto it = step.find("hallucination"); it != step.end()) collectTasqlLabels(*it, &c.labels);
      if (auto field = oversizeField(c)) {
        auto at = doc->is_array() ? positions.ofIndex(p) : JsonRecordPositions::Position{1, source.bomBytes};
        report.errors.push_back(
            importIssue("too_long", where + " rejected: " + *field, source.path, at.line, at.offset));
        continue;
      }
      for (Error& e : w) {
        e.message = where + ": " + e.message;
        report.warnings.push_back(std::move(e));
      }
      report.cases.push_back(std::move(c));
    }
  }
}

}  // namespace hs::ws::import::detail
