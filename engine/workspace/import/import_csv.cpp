// CSV with a column mapping, read record by record (CsvRecordSplitter, then parseCsv per record).
#include <algorithm>
#include <cctype>

#include "engine/core/text.h"
#include "engine/workspace/import/csv_reader.h"
#include "engine/workspace/import/import_internal.h"
#include "engine/workspace/import/record_limits.h"
#include "engine/workspace/import/source_stream.h"

namespace hs::ws::import::detail {

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

// The cases of a CSV file, one record at a time: the first record is the header.
class CsvImport {
 public:
  CsvImport(const ImportOptions& options, ImportReport& report)
      : options_(options), report_(report), path_(options.casesPath), stem_(fileStem(path_)) {}

  // Returns false to stop reading (the header cannot be mapped, or a quoted field never closes).
  bool piece(const CsvPiece& piece) {
    if (piece.tooLong) {
      if (piece.unterminated) return unterminated(piece.quoteLine, piece.quoteOffset, piece.line);
      report_.errors.push_back(recordTooLong("CSV record", piece.length, path_, piece.line, piece.offset));
      if (!header_) return false;  // without its header the file cannot be read
      ++index_;
      return true;
    }
    // Invalid UTF-8 is warned about on the record's bytes; the fields are repaired one by one.
    if (firstInvalidUtf8(piece.bytes))
      (void)repairUtf8(piece.bytes, path_, piece.line, piece.offset, &report_.warnings);
    CsvParse parsed = parseCsv(piece.bytes, path_, piece.offset);
    const std::size_t lineShift = piece.line - 1;
    for (auto* list : {&parsed.warnings, &parsed.errors})
      for (Error& e : *list)
        if (e.line) *e.line += lineShift;
    for (Error& w : parsed.warnings) report_.warnings.push_back(std::move(w));
    for (Error& e : parsed.errors) report_.errors.push_back(std::move(e));
    for (CsvRecord& rec : parsed.records) {
      rec.line += lineShift;
      for (std::string& field : rec.fields)
        if (firstInvalidUtf8(field)) field = repairUtf8(field, path_, rec.line, rec.offset, nullptr);
      if (!record(rec)) return false;
    }
    return parsed.errors.empty();
  }

  void finish() {
    if (!header_ && report_.errors.empty())
      report_.errors.push_back(importIssue("empty", "CSV file has no header row", path_, 1));
  }

 private:
  bool unterminated(std::size_t quoteLine, std::size_t quoteOffset, std::size_t recordLine) {
    report_.errors.push_back(
        importIssue("csv_unterminated_quote",
                    "quoted field opened here is never closed (record starting at line " +
                        std::to_string(recordLine) + ")",
                    path_, quoteLine, quoteOffset));
    return false;
  }

  bool mapHeader(const CsvRecord& rec) {
    header_ = rec.fields;
    const CsvMapping& m = options_.csv;
    using Names = std::initializer_list<const char*>;
    qCol_ = findColumn(*header_, m.question, Names{"question", "nlq"});
    pCol_ = findColumn(*header_, m.predSql, kPredSqlNames);
    gCol_ = findColumn(*header_, m.goldSql, Names{"gold_sql", "gold", "query", "sql"});
    dCol_ = findColumn(*header_, m.dbId, Names{"db_id", "database", "db"});
    idCol_ = findColumn(*header_, m.id, Names{"id", "question_id"});
    eCol_ = findColumn(*header_, m.evidence, Names{"evidence"});
    hCol_ = findColumn(*header_, m.difficulty, Names{"difficulty", "hardness"});
    mCol_ = findColumn(*header_, m.model, Names{"model"});
    std::string headerList;
    for (const auto& h : *header_) headerList += (headerList.empty() ? "" : ", ") + trimmed(h);
    if ((pCol_ < 0 && gCol_ < 0) || dCol_ < 0) {
      report_.errors.push_back(
          importIssue("csv_mapping",
                      "CSV header has no " +
                          std::string(dCol_ < 0 ? "database column ('" + m.dbId + "')" : "SQL column") +
                          "; columns found: " + headerList,
                      path_, rec.line, rec.offset));
      return false;
    }
    if (pCol_ < 0) {
      std::string looked = "'" + m.predSql + "'";
      for (const char* n : kPredSqlNames) looked += std::string(", '") + n + "'";
      report_.warnings.push_back(
          importIssue("csv_no_prediction",
                      "CSV header has no predicted-SQL column (looked for " + looked +
                          "): only the gold SQL is imported; columns found: " + headerList,
                      path_, rec.line, rec.offset));
    }
    return true;
  }

  bool record(const CsvRecord& rec) {
    if (!header_) return mapHeader(rec);
    const std::size_t index = index_++;
    if (rec.fields.size() == 1 && isBlank(rec.fields[0])) return true;
    auto field = [&](int col) -> std::optional<std::string> {
      if (col < 0 || static_cast<std::size_t>(col) >= rec.fields.size()) return std::nullopt;
      return rec.fields[static_cast<std::size_t>(col)];  // a copy: two names may map to one column
    };
    std::vector<Error> warnings;
    if (rec.fields.size() != header_->size()) {
      warnings.push_back(importIssue("csv_field_count",
                                     "record has " + std::to_string(rec.fields.size()) +
                                         " fields, the header has " + std::to_string(header_->size()),
                                     path_, rec.line, rec.offset));
    }
    Case c;
    c.source = path_;
    c.sourceLine = rec.line;
    c.id = field(idCol_).value_or(stem_ + ":" + std::to_string(index));
    c.dbId = trimmed(field(dCol_).value_or(""));
    c.question = field(qCol_).value_or("");
    c.evidence = field(eCol_).value_or("");
    c.difficulty = field(hCol_).value_or("");
    c.model = field(mCol_).value_or("");
    if (auto g = field(gCol_)) {
      std::string gold = std::move(*g);
      stripTrailingDbId(gold);
      if (!isBlank(gold)) c.goldSql = trimmed(gold);
    }
    if (pCol_ >= 0) {
      if (auto p = field(pCol_)) {
        c.predSql =
            interpretPredictionText(std::move(*p), path_, rec.line, rec.offset, &warnings, false, c.dbId).sql;
      } else {
        warnings.push_back(
            importIssue("missing_field", "record has no predicted SQL field", path_, rec.line, rec.offset));
      }
    }
    if (auto big = oversizeField(c)) {
      report_.errors.push_back(
          importIssue("too_long", "record rejected: " + *big, path_, rec.line, rec.offset));
      return true;
    }
    for (Error& w : warnings) report_.warnings.push_back(std::move(w));
    report_.cases.push_back(std::move(c));
    return true;
  }

  const ImportOptions& options_;
  ImportReport& report_;
  const std::string& path_;
  const std::string stem_;
  std::optional<std::vector<std::string>> header_;
  int qCol_ = -1, pCol_ = -1, gCol_ = -1, dCol_ = -1, idCol_ = -1, eCol_ = -1, hCol_ = -1, mCol_ = -1;
  std::size_t index_ = 0;  // data records read, for default ids
};

}  // namespace

void importCsv(const ImportOptions& options, ImportReport& report) {
  CsvImport csv(options, report);
  CsvRecordSplitter splitter(kMaxRecordBytes);
  auto piece = [&](const CsvPiece& p) {
    const bool more = csv.piece(p);
    boundIssues(report);
    return more;
  };
  bool more = true;
  auto st = forEachSourceChunk(
      options.casesPath, &report.warnings,
      [&](std::string_view bytes, std::size_t at) { return more = splitter.feed(bytes, at, piece); });
  if (!st) return failImport(report, st.error());
  if (more) splitter.finish(piece);
  csv.finish();
}

}  // namespace hs::ws::import::detail
