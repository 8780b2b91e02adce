#pragma once
// Shared helpers of the importers (not a public API).
#include <array>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/workspace/import/import.h"
#include "engine/workspace/import/source_text.h"

namespace hs::ws::import::detail {

// The names a prediction's SQL goes by, in JSON record fields and CSV header cells alike (CSV
// headers compare without case), first preferred.
inline constexpr std::array<const char*, 7> kPredSqlNames{
    "pred_sql", "predicted_sql", "predicted_query", "predict", "predicted", "prediction", "pred"};

// `s` without leading and trailing white space; whether `s` holds only spaces, tabs and CRs.
std::string trimmed(std::string_view s);
bool isBlank(std::string_view s);

// File name without folders and last extension ("a/b/dev.json" -> "dev").
std::string fileStem(const std::string& path);

// A string field (numbers are written as text); nullopt when absent, null or another type.
std::optional<std::string> textField(const nlohmann::json& obj, std::initializer_list<const char*> names);

// Interprets a predicted-SQL value: a string (trailing "\tdb_id" removed, blank = failed), the
// integer 0 or null (generation failed). Warnings name `where`, `line` and `offset`.
struct PredValue {
  std::optional<std::string> sql;
  std::string trailingDbId;  // what followed the SQL after a tab, if anything
};
PredValue interpretPrediction(const nlohmann::json& value, const std::string& path, std::size_t line,
                              std::optional<std::size_t> offset, std::vector<Error>* warnings,
                              bool tabIsNormal, const std::string& expectedDbId);
// A tab inside the SQL does not cut it: only a known db_id after the last tab is removed (the
// case's `expectedDbId`, one of `knownDbIds` when given); otherwise a "tab_in_sql" warning.
PredValue interpretPredictionText(std::string text, const std::string& path, std::size_t line,
                                  std::optional<std::size_t> offset, std::vector<Error>* warnings,
                                  bool tabIsNormal, const std::string& expectedDbId,
                                  const std::set<std::string>* knownDbIds = nullptr);

// "field \"db_id\" is a JSON number, not a string" for the first of `names` holding a value that is
// neither a string nor null; nullopt when they are all strings, null or absent.
std::optional<std::string> fieldTypeError(const nlohmann::json& rec,
                                          std::initializer_list<const char*> names);

// Parses a whole JSON document (nesting bounded by hs::kMaxJsonDepth); a syntax or depth error is
// reported with its line and byte offset.
std::optional<nlohmann::json> parseJsonDocument(const SourceText& source, std::vector<Error>* errors);

// The abstention record of a record written by `generate --abstain` ("abstained", "abstain_reason",
// "abstain": {"stage", "checks": [{"check", "ran", "threshold"}]}) and the infeasible marker
// ("infeasible_type", else "type" on a record without gold SQL; "feasible" is no marker). A field of
// the wrong type is a "field_type" warning at `line`; the rest of the record is kept.
void readAbstention(const nlohmann::json& rec, Case& c, const std::string& path, std::size_t line,
                    std::size_t offset, std::vector<Error>* warnings);

// While a file streams, keeps the first kMaxIssuesPerImport + 1 warnings and errors and only
// counts the rest (in omittedWarnings / omittedErrors, which importCases() completes).
void boundIssues(std::vector<Error>& issues, std::size_t& omitted);
void boundIssues(ImportReport& report);
// A problem that voids the whole import (a read error, a file that is not text): it alone is
// reported.
void failImport(ImportReport& report, Error error);

// Line formats and CSV stream options.casesPath (and Spider's prediction file); the JSON documents
// (drill-down, BIRD, Spider's dev.json) are read whole.
void importJsonl(const ImportOptions& options, bool mrsqlgen, ImportReport& report);
void importSpider(const ImportOptions& options, ImportReport& report);
void importCsv(const ImportOptions& options, ImportReport& report);
void importDrilldown(const SourceText& source, const ImportOptions& options, ImportReport& report);
void importBird(const SourceText& source, const ImportOptions& options, ImportReport& report);

// "Operator Misuse" -> "C1", ... "GroupBy Misuse" -> "C10" (case-insensitive); "" when unknown.
std::string mrsqlgenCode(std::string_view typeName);

}  // namespace hs::ws::import::detail
