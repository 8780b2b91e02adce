// Spider (dev.json or dev_gold.sql + prediction lines), BIRD (dev.json + predict_dev.json), CSV.
#include <algorithm>
#include <cctype>
#include <set>

#include "engine/core/text.h"
#include "engine/workspace/import/csv_reader.h"
#include "engine/workspace/import/import_internal.h"

namespace hs::ws::import::detail {

namespace {

bool isBlank(const std::string& s) {
  return s.find_first_not_of(" \t\r") == std::string::npos;
}

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// Reads a one-query-per-line prediction file. Trailing blank lines are dropped (warned); blank
// lines in the middle stay as failed generations so the alignment with the gold file holds.
struct PredLine {
  std::string text;
  std::size_t line = 0;
  std::size_t offset = 0;
};

std::optional<std::vector<PredLine>> readPredictionLines(const std::string& path, ImportReport& report) {
  auto source = readSourceText(path);
  if (!source) {
    report.errors.push_back(source.error());
    return std::nullopt;
  }
  for (const Error& w : source->warnings) report.warnings.push_back(w);
  std::vector<PredLine> out;
  for (const SourceLine& l : splitLines(*source)) out.push_back({l.text, l.number, l.offset});
  while (!out.empty() && isBlank(out.back().text)) {
    report.warnings.push_back(importIssue("blank_line",
                                          "blank line at the end of the prediction file ignored", path,
                                          out.back().line, out.back().offset));
    out.pop_back();
  }
  return out;
}

void attachPredictions(const std::vector<PredLine>& preds, const std::string& predPath,
                       const std::string& goldPath, std::vector<Case>& cases, ImportReport& report) {
  if (preds.size() != cases.size()) {
    report.errors.push_back(importIssue("count_mismatch",
                                        "prediction file " + predPath + " has " +
                                            std::to_string(preds.size()) + " lines but gold file " +
                                            goldPath + " has " + std::to_string(cases.size()) + " queries",
                                        predPath, 0));
    cases.clear();
    return;
  }
  std::set<std::string> known;
  for (const Case& c : cases)
    if (!c.dbId.empty()) known.insert(c.dbId);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    cases[i].predSql = interpretPredictionText(preds[i].text, predPath, preds[i].line, preds[i].offset,
                                               &report.warnings, false, cases[i].dbId, &known)
                           .sql;
  }
}

}  // namespace

void importSpider(const SourceText& source, const ImportOptions& options, ImportReport& report) {
  const std::string stem = fileStem(source.path);
  std::vector<Case> cases;
  std::size_t first = source.text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && source.text[first] == '[') {
    auto doc = parseJsonDocument(source, &report.errors);
    if (!doc) return;
    if (!doc->is_array()) {
      report.errors.push_back(
          importIssue("json", "a Spider file is a JSON array", source.path, 1, source.rawOffset(first)));
      return;
    }
    for (std::size_t i = 0; i < doc->size(); ++i) {
      const auto& rec = (*doc)[i];
      Case c;
      c.source = source.path;
      c.sourceLine = i + 1;
      c.id = stem + ":" + std::to_string(i);
      if (auto bad = fieldTypeError(rec, {"db_id", "question", "query", "SQL", "gold_sql"})) {
        report.errors.push_back(
            importIssue("field_type", "record " + std::to_string(i + 1) + " has no usable gold SQL: " + *bad,
                        source.path, 0));
        cases.push_back(std::move(c));  // kept without SQL so that prediction lines stay aligned
        continue;
      }
      c.dbId = textField(rec, {"db_id"}).value_or("");
      c.question = textField(rec, {"question"}).value_or("");
      c.goldSql = textField(rec, {"query", "SQL", "gold_sql"});
      c.difficulty = textField(rec, {"difficulty", "hardness"}).value_or("");
      if (!rec.is_object() || !c.goldSql) {
        report.errors.push_back(
            importIssue("missing_field", "record " + std::to_string(i + 1) + " has no \"query\" (gold SQL)",
                        source.path, 0));
      }
      cases.push_back(std::move(c));
    }
  } else {
    // dev_gold.sql: "SQL<TAB>db_id" per line.
    std::size_t index = 0;
    for (const SourceLine& l : splitLines(source)) {
      if (isBlank(l.text)) {
        report.warnings.push_back(
            importIssue("blank_line", "blank line skipped", source.path, l.number, l.offset));
        continue;
      }
      Case c;
      c.source = source.path;
      c.sourceLine = l.number;
      c.id = stem + ":" + std::to_string(index++);
      std::string sql = l.text;
      c.dbId = stripTrailingDbId(sql);
      if (c.dbId.empty()) {
        report.warnings.push_back(importIssue("missing_field", "gold line has no tab and db_id after the SQL",
                                              source.path, l.number, l.offset));
      }
      c.goldSql = trimmed(sql);
      cases.push_back(std::move(c));
    }
  }
  if (options.predPath) {
    auto preds = readPredictionLines(*options.predPath, report);
    if (!preds) return;
    attachPredictions(*preds, *options.predPath, source.path, cases, report);
  }
  for (Case& c : cases) report.cases.push_back(std::move(c));
}

void importBird(const SourceText& source, const ImportOptions& options, ImportReport& report) {
  auto doc = parseJsonDocument(source, &report.errors);
  if (!doc) return;
  if (!doc->is_array()) {
    report.errors.push_back(importIssue("json", "a BIRD file is a JSON array of questions", source.path, 1));
    return;
  }
  std::vector<Case> cases;
  for (std::size_t i = 0; i < doc->size(); ++i) {
    const auto& rec = (*doc)[i];
    Case c;
    c.source = source.path;
    c.sourceLine = i + 1;
    c.id = "bird:" + textField(rec, {"question_id"}).value_or(std::to_string(i));
    if (auto bad = fieldTypeError(rec, {"db_id", "question", "evidence", "SQL", "query", "gold_sql"})) {
      report.errors.push_back(
          importIssue("field_type", "record " + std::to_string(i + 1) + " has no usable gold SQL: " + *bad,
                      source.path, 0));
      cases.push_back(std::move(c));  // kept without SQL so that predictions stay aligned
      continue;
    }
    c.dbId = textField(rec, {"db_id"}).value_or("");
    c.question = textField(rec, {"question"}).value_or("");
    c.evidence = textField(rec, {"evidence"}).value_or("");
    c.difficulty = textField(rec, {"difficulty"}).value_or("");
    c.goldSql = textField(rec, {"SQL", "query", "gold_sql"});
    if (!c.goldSql) {
      report.errors.push_back(importIssue(
          "missing_field", "record " + std::to_string(i + 1) + " has no \"SQL\" (gold SQL)", source.path, 0));
    }
    cases.push_back(std::move(c));
  }
  if (options.predPath) {
    auto predSource = readSourceText(*options.predPath);
    if (!predSource) {
      report.errors.push_back(predSource.error());
      return;
    }
    for (const Error& w : predSource->warnings) report.warnings.push_back(w);
    auto preds = parseJsonDocument(*predSource, &report.errors);
    if (!preds) return;
    if (!preds->is_object() && !preds->is_array()) {
      report.errors.push_back(importIssue(
          "json", "predict_dev.json must be an object {\"0\": \"SQL\\t----- bird -----\\tdb_id\"}",
          *options.predPath, 1));
      return;
    }
    if (preds->size() != cases.size()) {
      report.errors.push_back(importIssue(
          "count_mismatch",
          "prediction file " + *options.predPath + " has " + std::to_string(preds->size()) +
              " entries but gold file " + source.path + " has " + std::to_string(cases.size()) + " queries",
          *options.predPath, 0));
      return;
    }
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const nlohmann::json* value = nullptr;
      if (preds->is_array()) {
        value = &(*preds)[i];
      } else {
        auto it = preds->find(std::to_string(i));
        if (it == preds->end()) {
          const auto& rec = (*doc)[i];
          if (auto qid = textField(rec, {"question_id"})) it = preds->find(*qid);
        }
        if (it != preds->end()) value = &*it;
      }
      if (!value) {
        report.errors.push_back(importIssue(
            "missing_prediction", "no prediction under key \"" + std::to_string(i) + "\" for " + cases[i].id,
            *options.predPath, 0));
        continue;
      }
      cases[i].predSql = interpretPrediction(*value, *options.predPath, 0, std::nullopt, &report.warnings,
                                             true, cases[i].dbId)
                             .sql;
    }
  }
  for (Case& c : cases) report.cases.push_back(std::move(c));
}

namespace {

// A header cell or column name compared without case, a space the same as an underscore
// ("PREDICTED SQL" is "predicted_sql").
std::string headerKey(std::string_view cell) {
  std::string key = trimmed(cell);
  for (char& ch : key) ch = ch == ' ' ? '_' : ch;
  return key;
}

// Index of the header matching `name` (then each alternative), or -1.
template <typename Names>
int findColumn(const std::vector<std::string>& header, const std::string& name, const Names& alternatives) {
  auto find = [&](std::string_view n) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (iequals(headerKey(header[i]), headerKey(n))) return static_cast<int>(i);
    return -1;
  };
  if (!name.empty()) {
    int i = find(name);
    if (i >= 0) return i;
  }
  for (const char* alt : alternatives) {
    int i = find(alt);
    if (i >= 0) return i;
  }
  return -1;
}

}  // namespace

void importCsv(const SourceText& source, const ImportOptions& options, ImportReport& report) {
  CsvParse parsed = parseCsv(source.text, source.path, source.bomBytes);
  if (!source.repairs.empty()) {  // offsets into the repaired text -> offsets in the file
    auto toRaw = [&](std::size_t off) { return source.rawOffset(off - std::min(off, source.bomBytes)); };
    for (auto* list : {&parsed.warnings, &parsed.errors})
      for (Error& e : *list)
        if (e.offset) e.offset = toRaw(*e.offset);
    for (auto& rec : parsed.records) rec.offset = toRaw(rec.offset);
  }
  for (Error& w : parsed.warnings) report.warnings.push_back(std::move(w));
  for (Error& e : parsed.errors) report.errors.push_back(std::move(e));
  if (parsed.records.empty()) {
    if (parsed.errors.empty())
      report.errors.push_back(importIssue("empty", "CSV file has no header row", source.path, 1));
    return;
  }
  const CsvMapping& m = options.csv;
  const std::vector<std::string>& header = parsed.records.front().fields;
  using Names = std::initializer_list<const char*>;
  const int qCol = findColumn(header, m.question, Names{"question", "nlq"});
  const int pCol = findColumn(header, m.predSql, kPredSqlNames);
  const int gCol = findColumn(header, m.goldSql, Names{"gold_sql", "gold", "query", "sql"});
  const int dCol = findColumn(header, m.dbId, Names{"db_id", "database", "db"});
  const int idCol = findColumn(header, m.id, Names{"id", "question_id"});
  const int eCol = findColumn(header, m.evidence, Names{"evidence"});
  const int hCol = findColumn(header, m.difficulty, Names{"difficulty", "hardness"});
  const int mCol = findColumn(header, m.model, Names{"model"});
  std::string headerList;
  for (const auto& h : header) headerList += (headerList.empty() ? "" : ", ") + trimmed(h);
  if ((pCol < 0 && gCol < 0) || dCol < 0) {
    report.errors.push_back(importIssue(
        "csv_mapping",
        "CSV header has no " + std::string(dCol < 0 ? "database column ('" + m.dbId + "')" : "SQL column") +
            "; columns found: " + headerList,
        source.path, 1, source.bomBytes));
    return;
  }
  if (pCol < 0) {
    std::string looked = "'" + m.predSql + "'";
    for (const char* n : kPredSqlNames) looked += std::string(", '") + n + "'";
    report.warnings.push_back(
        importIssue("csv_no_prediction",
                    "CSV header has no predicted-SQL column (looked for " + looked +
                        "): only the gold SQL is imported; columns found: " + headerList,
                    source.path, 1, source.bomBytes));
  }
  const std::string stem = fileStem(source.path);
  for (std::size_t r = 1; r < parsed.records.size(); ++r) {
    const CsvRecord& rec = parsed.records[r];
    if (rec.fields.size() == 1 && isBlank(rec.fields[0])) continue;
    auto field = [&](int col) -> std::optional<std::string> {
      if (col < 0 || static_cast<std::size_t>(col) >= rec.fields.size()) return std::nullopt;
      return rec.fields[static_cast<std::size_t>(col)];
    };
    if (rec.fields.size() != header.size()) {
      report.warnings.push_back(importIssue("csv_field_count",
                                            "record has " + std::to_string(rec.fields.size()) +
                                                " fields, the header has " + std::to_string(header.size()),
                                            source.path, rec.line, rec.offset));
    }
    const std::size_t index = r - 1;
    Case c;
    c.source = source.path;
    c.sourceLine = rec.line;
    c.id = field(idCol).value_or(stem + ":" + std::to_string(index));
    c.dbId = trimmed(field(dCol).value_or(""));
    c.question = field(qCol).value_or("");
    c.evidence = field(eCol).value_or("");
    c.difficulty = field(hCol).value_or("");
    c.model = field(mCol).value_or("");
    if (auto g = field(gCol)) {
      std::string gold = *g;
      stripTrailingDbId(gold);
      if (!isBlank(gold)) c.goldSql = trimmed(gold);
    }
    if (pCol >= 0) {
      if (auto p = field(pCol)) {
        c.predSql =
            interpretPredictionText(*p, source.path, rec.line, rec.offset, &report.warnings, false, c.dbId)
                .sql;
      } else {
        report.warnings.push_back(importIssue("missing_field", "record has no predicted SQL field",
                                              source.path, rec.line, rec.offset));
      }
    }
    report.cases.push_back(std::move(c));
  }
}

}  // namespace hs::ws::import::detail
