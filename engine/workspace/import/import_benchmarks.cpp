// Spider (dev.json, or dev_gold.sql streamed line by line, plus a prediction file streamed line by
// line) and BIRD (dev.json + predict_dev.json, JSON documents read whole).
#include <algorithm>
#include <cctype>
#include <set>

#include "engine/core/text.h"
#include "engine/workspace/import/import_internal.h"
#include "engine/workspace/import/record_limits.h"
#include "engine/workspace/import/source_stream.h"

namespace hs::ws::import::detail {

namespace {

// The cases of a gold file in order, a rejected one (too long) kept in its place so that the
// predictions stay aligned; only the others reach the report.
struct AlignedCases {
  std::vector<Case> cases;
  std::vector<bool> rejected;
  void push(Case c, bool isRejected = false) {
    cases.push_back(std::move(c));
    rejected.push_back(isRejected);
  }
  // Moves the cases that were not rejected to the report, without a second array of them.
  void moveTo(ImportReport& report) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (rejected[i]) continue;
      if (kept != i) cases[kept] = std::move(cases[i]);
      ++kept;
    }
    cases.resize(kept);
    if (report.cases.empty()) {
      report.cases = std::move(cases);
    } else {
      for (Case& c : cases) report.cases.push_back(std::move(c));
    }
    cases.clear();
    rejected.clear();
  }
};

// Attaches a one-query-per-line prediction file to the gold cases, line by line. Trailing blank
// lines are dropped (warned); blank lines in the middle stay as failed generations so that the
// alignment with the gold file holds. When the counts differ, the cases are dropped and only the
// count_mismatch error (with both counts) says why. Returns false then.
bool attachPredictionLines(const std::string& predPath, const std::string& goldPath, AlignedCases& gold,
                           ImportReport& report) {
  std::vector<Case>& cases = gold.cases;
  std::set<std::string> known;
  for (const Case& c : cases)
    if (!c.dbId.empty()) known.insert(c.dbId);
  // Issues of the attachment, reported only when the counts agree.
  std::vector<Error> warnings, errors;
  std::size_t omittedWarnings = 0, omittedErrors = 0;
  std::size_t count = 0;  // prediction lines, trailing blank ones excepted
  auto attach = [&](StreamLine& l) {
    const std::size_t i = count++;
    if (i >= cases.size() || gold.rejected[i]) return;
    if (l.tooLong) {
      errors.push_back(recordTooLong("line", l.length, predPath, l.number, l.offset));
      gold.rejected[i] = true;
      return;
    }
    cases[i].predSql = interpretPredictionText(std::move(l.text), predPath, l.number, l.offset, &warnings,
                                               false, cases[i].dbId, &known)
                           .sql;
    if (auto big = oversizeField(cases[i])) {
      errors.push_back(importIssue("too_long", "record rejected: " + *big, predPath, l.number, l.offset));
      gold.rejected[i] = true;
    }
  };
  // Blank lines not yet followed by a prediction: counted, the first ones placed (later ones could
  // only add warnings past the bound).
  std::vector<StreamLine> blanks;
  std::size_t blankCount = 0;
  auto attachBlanks = [&]() {
    for (std::size_t k = 0; k < blankCount; ++k) {
      if (k < blanks.size()) {
        attach(blanks[k]);
      } else {
        const std::size_t i = count++;
        if (i < cases.size()) cases[i].predSql.reset();
        ++omittedWarnings;  // its "empty_prediction" warning
      }
    }
    blanks.clear();
    blankCount = 0;
  };
  auto st = forEachSourceLine(predPath, kMaxRecordBytes, &report.warnings, [&](StreamLine& l) {
    if (!l.tooLong && isBlank(l.text)) {
      if (blanks.size() <= kMaxIssuesPerImport) {
        StreamLine blank;  // its text does not matter: blank is an empty prediction
        blank.number = l.number;
        blank.offset = l.offset;
        blanks.push_back(std::move(blank));
      }
      ++blankCount;
      return true;
    }
    attachBlanks();
    attach(l);
    boundIssues(warnings, omittedWarnings);
    boundIssues(errors, omittedErrors);
    boundIssues(report);
    return true;
  });
  if (!st) {
    failImport(report, st.error());
    return false;
  }
  for (std::size_t k = 0; k < blankCount; ++k) {
    if (k < blanks.size()) {
      report.warnings.push_back(importIssue("blank_line",
                                            "blank line at the end of the prediction file ignored", predPath,
                                            blanks[k].number, blanks[k].offset));
    } else {
      ++report.omittedWarnings;
    }
  }
  if (count != cases.size()) {
    report.errors.push_back(importIssue("count_mismatch",
                                        "prediction file " + predPath + " has " + std::to_string(count) +
                                            " lines but gold file " + goldPath + " has " +
                                            std::to_string(cases.size()) + " queries",
                                        predPath, 0));
    cases.clear();
    gold.rejected.clear();
    return false;
  }
  for (Error& w : warnings) report.warnings.push_back(std::move(w));
  for (Error& e : errors) report.errors.push_back(std::move(e));
  report.omittedWarnings += omittedWarnings;
  report.omittedErrors += omittedErrors;
  boundIssues(report);
  return true;
}

// Spider's dev.json: a JSON array of {"db_id", "question", "query"}.
bool spiderJson(const SourceText& source, AlignedCases& out, ImportReport& report) {
  const std::string stem = fileStem(source.path);
  auto doc = parseJsonDocument(source, &report.errors);
  if (!doc) return false;
  if (!doc->is_array()) {
    std::size_t first = source.text.find_first_not_of(" \t\r\n");
    report.errors.push_back(
        importIssue("json", "a Spider file is a JSON array", source.path, 1, source.rawOffset(first)));
    return false;
  }
  JsonRecordPositions positions(source);
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
      out.push(std::move(c));  // kept without SQL so that prediction lines stay aligned
      continue;
    }
    c.dbId = textField(rec, {"db_id"}).value_or("");
    c.question = textField(rec, {"question"}).value_or("");
    c.goldSql = textField(rec, {"query", "SQL", "gold_sql"});
    c.difficulty = textField(rec, {"difficulty", "hardness"}).value_or("");
    if (auto tooLong = positions.oversizeRecord(c, i)) {
      report.errors.push_back(std::move(*tooLong));
      out.push(std::move(c), true);
      continue;
    }
    if (!rec.is_object() || !c.goldSql) {
      report.errors.push_back(importIssue("missing_field",
                                          "record " + std::to_string(i + 1) + " has no \"query\" (gold SQL)",
                                          source.path, 0));
    }
    out.push(std::move(c));
  }
  return true;
}

// dev_gold.sql: "SQL<TAB>db_id" per line, read line by line.
bool spiderGoldLines(const std::string& path, AlignedCases& out, ImportReport& report) {
  const std::string stem = fileStem(path);
  std::size_t index = 0;
  auto st = forEachSourceLine(path, kMaxRecordBytes, &report.warnings, [&](StreamLine& l) {
    if (!l.tooLong && isBlank(l.text)) {
      report.warnings.push_back(importIssue("blank_line", "blank line skipped", path, l.number, l.offset));
      boundIssues(report);
      return true;
    }
    Case c;
    c.source = path;
    c.sourceLine = l.number;
    c.id = stem + ":" + std::to_string(index++);
    if (l.tooLong) {
      report.errors.push_back(recordTooLong("line", l.length, path, l.number, l.offset));
      out.push(std::move(c), true);
      boundIssues(report);
      return true;
    }
    std::string sql = std::move(l.text);
    c.dbId = stripTrailingDbId(sql);
    c.goldSql = trimmed(sql);
    if (auto big = oversizeField(c)) {
      report.errors.push_back(importIssue("too_long", "record rejected: " + *big, path, l.number, l.offset));
      out.push(std::move(c), true);
    } else {
      if (c.dbId.empty()) {
        report.warnings.push_back(importIssue("missing_field", "gold line has no tab and db_id after the SQL",
                                              path, l.number, l.offset));
      }
      out.push(std::move(c));
    }
    boundIssues(report);
    return true;
  });
  if (!st) failImport(report, st.error());
  return st.ok();
}

}  // namespace

void importSpider(const ImportOptions& options, ImportReport& report) {
  const std::string& path = options.casesPath;
  auto first = firstNonBlankByte(path);
  if (!first) return failImport(report, first.error());
  AlignedCases cases;
  if (*first == '[') {
    auto source = readSourceText(path);
    if (!source) return failImport(report, source.error());
    for (const Error& w : source->warnings) report.warnings.push_back(w);
    if (!spiderJson(*source, cases, report)) return;
  } else if (!spiderGoldLines(path, cases, report)) {
    return;
  }
  if (options.predPath && !attachPredictionLines(*options.predPath, path, cases, report)) return;
  cases.moveTo(report);
}

void importBird(const SourceText& source, const ImportOptions& options, ImportReport& report) {
  auto doc = parseJsonDocument(source, &report.errors);
  if (!doc) return;
  if (!doc->is_array()) {
    report.errors.push_back(importIssue("json", "a BIRD file is a JSON array of questions", source.path, 1));
    return;
  }
  AlignedCases aligned;
  std::vector<Case>& cases = aligned.cases;
  JsonRecordPositions positions(source);
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
      aligned.push(std::move(c));  // kept without SQL so that predictions stay aligned
      continue;
    }
    c.dbId = textField(rec, {"db_id"}).value_or("");
    c.question = textField(rec, {"question"}).value_or("");
    c.evidence = textField(rec, {"evidence"}).value_or("");
    c.difficulty = textField(rec, {"difficulty"}).value_or("");
    c.goldSql = textField(rec, {"SQL", "query", "gold_sql"});
    if (auto tooLong = positions.oversizeRecord(c, i)) {
      report.errors.push_back(std::move(*tooLong));
      aligned.push(std::move(c), true);
      continue;
    }
    if (!c.goldSql) {
      report.errors.push_back(importIssue(
          "missing_field", "record " + std::to_string(i + 1) + " has no \"SQL\" (gold SQL)", source.path, 0));
    }
    aligned.push(std::move(c));
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
    JsonRecordPositions predPositions(*predSource);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (aligned.rejected[i]) continue;
      const nlohmann::json* value = nullptr;
      std::string key = std::to_string(i);
      if (preds->is_array()) {
        value = &(*preds)[i];
      } else {
        auto it = preds->find(key);
        if (it == preds->end()) {
          const auto& rec = (*doc)[i];
          if (auto qid = textField(rec, {"question_id"})) it = preds->find(key = *qid);
        }
        if (it != preds->end()) value = &*it;
      }
      if (!value) {
        report.errors.push_back(importIssue(
            "missing_prediction", "no prediction under key \"" + std::to_string(i) + "\" for " + cases[i].id,
            *options.predPath, 0));
        continue;
      }
      std::vector<Error> warnings;
      cases[i].predSql =
          interpretPrediction(*value, *options.predPath, 0, std::nullopt, &warnings, true, cases[i].dbId).sql;
      if (auto big = oversizeField(cases[i])) {
        auto at = preds->is_array() ? predPositions.ofIndex(i) : predPositions.ofKey(key);
        report.errors.push_back(importIssue("too_long",
                                            "prediction for " + cases[i].id + " rejected: " + *big,
                                            *options.predPath, at.line, at.offset));
        aligned.rejected[i] = true;
        continue;
      }
      for (Error& w : warnings) report.warnings.push_back(std::move(w));
    }
  }
  aligned.moveTo(report);
}

}  // namespace hs::ws::import::detail
