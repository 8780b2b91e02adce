#pragma once
// Importing benchmark output as hs::Case values: generic JSONL, Spider (dev.json or dev_gold.sql
// plus a one-query-per-line prediction file), BIRD (dev.json / mini_dev_sqlite.json plus
// predict_dev.json), CSV with a column mapping, the drill-down JSON of seed 001, and MRSQLGen-style
// JSONL whose labels become hs::HumanLabel. Real files are dirty: recoverable problems become
// warnings, unreadable records become errors, each naming file, line and byte offset.
//
// Memory budget: JSON Lines, MRSQLGen JSONL, CSV and Spider's SQL and prediction lines are read
// record by record, so peak memory is the imported cases (about 0.7 KB per small case: 1,000,000
// small JSONL rows peak at 0.7 GB RSS) plus one record (at most kMaxRecordBytes) plus at most
// kMaxIssuesPerImport + 1 warnings and errors. Every file is bounded by hs::kMaxInputFileBytes;
// JSON documents (BIRD and its predict_dev.json, drill-down, Spider's dev.json) are read whole.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/error.h"

namespace hs::ws::import {

enum class Format { Auto, Jsonl, Spider, Bird, Csv, Drilldown, MrSqlGen };

const char* toString(Format format);                         // "jsonl", "spider", ...
std::optional<Format> formatFromString(const std::string&);  // accepts the names of toString()

// CSV header names (matched case-insensitively, surrounding blanks ignored). Empty = not mapped.
// The defaults accept the GPT-4 DIN-SQL file (NLQ, PREDICTED SQL, GOLD SQL, DATABASE) and common
// alternatives (question, pred_sql, gold_sql, db_id) tried when a name is absent.
struct CsvMapping {
  std::string question = "NLQ";
  std::string predSql = "PREDICTED SQL";
  std::string goldSql = "GOLD SQL";
  std::string dbId = "DATABASE";
  std::string id;
  std::string evidence;
  std::string difficulty;
  std::string model;
};

struct ImportOptions {
  std::string casesPath;
  std::optional<std::string> predPath;  // Spider / BIRD prediction file
  Format format = Format::Auto;
  CsvMapping csv;
  std::string model;  // stored in Case::model when the file does not say
};

struct ImportReport {
  Format format = Format::Auto;  // the format actually read
  std::vector<Case> cases;
  std::vector<Error> warnings;  // recoverable: the case was imported (maybe with predSql = nullopt)
  std::vector<Error> errors;    // unreadable records, or a file-level problem (then cases may be empty)
  // Past kMaxIssuesPerImport, warnings and errors are summarised in one last entry
  // ("and N more ..."); these count the ones left out.
  std::size_t omittedWarnings = 0;
  std::size_t omittedErrors = 0;
  std::size_t errorCount() const { return errors.size() - (omittedErrors ? 1 : 0) + omittedErrors; }
};

inline constexpr std::size_t kMaxIssuesPerImport = 100;

// Bounds on one record. A JSONL line, CSV record or line of a Spider SQL file longer than
// kMaxRecordBytes, or a case with a text field (SQL, question, evidence, id, db_id, label) longer
// than kMaxFieldBytes, is rejected with a "too_long" error naming file, line and byte offset, like
// any unreadable record; the rest of the file is imported. A longer line is measured, never held.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{4} << 20;  // 4 MiB
inline constexpr std::size_t kMaxFieldBytes = std::size_t{1} << 20;   // 1 MiB

// Detects the format from the file's name and first bytes. Fails when the file cannot be read.
Result<Format> detectFormat(const std::string& casesPath);

// What a file looks like, to tell the user that it belongs in the other field of an import (the
// cases field or the prediction field), built on detectFormat.
enum class FileRole {
  Unknown,      // unreadable, or nothing tells
  Cases,        // questions with gold SQL (Spider/BIRD dev.json, dev_gold.sql, JSONL, CSV, ...)
  Predictions,  // a model's output only: BIRD predict_dev.json, one SQL per line without db names
};
struct RoleGuess {
  FileRole role = FileRole::Unknown;
  Format format = Format::Auto;  // detectFormat's answer when role is Cases
  std::string why;               // English, e.g. "a JSON object of numbered SQL strings (BIRD predictions)"
};
RoleGuess guessFileRole(const std::string& path);

// The model a prediction file names ("Llama3-8B.sql" -> "Llama3-8B"); "" when its name is generic
// ("predict_dev.json", "pred.txt", "output.sql", ...).
std::string modelFromPredictionFile(const std::string& predPath);
// A run's default name: the cases file's stem, with the model (given, or from the prediction file)
// after a middle dot: dev.json + Llama3-8B.sql -> "dev · Llama3-8B"; a lone file -> its stem.
std::string defaultRunName(const std::string& casesPath, const std::string& predPath,
                           const std::string& model);

// Never throws. A file that cannot be opened is an error in the report, as is a prediction file
// whose number of lines differs from the number of gold queries (both counts named).
ImportReport importCases(const ImportOptions& options);

// A trailing "\tdb_id" (or "\t----- bird -----\tdb_id") split off an SQL text. Only what follows
// the LAST tab can be the db_id, and only when `known` accepts it (default: a name without spaces
// or punctuation); otherwise the text stays whole (models emit tabs inside SQL).
struct TrailingDbId {
  std::string sql;   // the text without the suffix (the whole text when nothing was split)
  std::string dbId;  // "" when nothing was split
  std::string tail;  // what followed the last tab (trimmed), split or not
  bool hadTab = false;
  std::size_t tabOffset = 0;  // byte offset of the tab that starts the suffix (or of the last tab)
};
TrailingDbId splitTrailingDbId(const std::string& text, const std::function<bool(const std::string&)>& known);

// Removes a trailing "\tdb_id" (see splitTrailingDbId with the default test). Returns the db_id,
// or "" when there was none.
std::string stripTrailingDbId(std::string& sql);

}  // namespace hs::ws::import
