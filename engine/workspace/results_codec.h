#pragma once
// Column forms of evaluation results as the workspace stores them: JSON (executions.rows_json,
// case_scores.diff_json, findings.spans_json), and their inverses. Values use the CLI's form
// (hs::db::toJson): numbers, strings, null, {"blob_hex": ...}; integers and reals stay distinct.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/case.h"
#include "engine/core/finding.h"
#include "engine/eval/exec_error.h"
#include "engine/eval/result_compare.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws::codec {

nlohmann::json rowsToJson(const std::vector<db::Row>& rows, std::size_t maxRows);
std::vector<db::Row> rowsFromJson(const nlohmann::json& rows);
db::Value valueFromJson(const nlohmann::json& v);

nlohmann::json diffToJson(const eval::ResultDiff& diff);
eval::ResultDiff diffFromJson(const nlohmann::json& j);

nlohmann::json spansToJson(const std::vector<FindingSpan>& spans);
std::vector<FindingSpan> spansFromJson(const nlohmann::json& j);

// cases.abstention_json: {"abstained", "reason", "stage", "thresholds": {check name: number}};
// nullopt for NULL or text that is not such an object.
std::string abstentionToJson(const Abstention& a);
std::optional<Abstention> abstentionFromJson(const std::string& text);

// The inverse of eval::toString(ExecErrorClass); unknown names give Other.
eval::ExecErrorClass execErrorClassFromString(const std::string& name);

// Serialises with invalid UTF-8 replaced (stored JSON must be valid).
std::string dump(const nlohmann::json& j);

// Nullable columns: 0/1 as bool, REAL as double; nullopt for NULL.
std::optional<bool> boolAt(const Statement& st, int col);
std::optional<double> realAt(const Statement& st, int col);

}  // namespace hs::ws::codec
