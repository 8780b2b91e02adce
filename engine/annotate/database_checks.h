#pragma once
// Annotation of a predicted query against a live database (read-only): the schema, value look-ups
// for the gold-free value checks, and the executed result. Shared by the GUI (Generate) and by
// evaluation runs, so both see the same findings.
#include <optional>
#include <string_view>

#include "engine/annotate/annotate.h"
#include "engine/db/database.h"

namespace hs::annotate {

// Value look-ups through the safe database layer: exact match, else a case-insensitive match,
// else absent; Unknown when the look-up itself fails (unknown table, time limit).
ValueLookup databaseLookup(db::Database& database, const db::Limits& limits = {2000, 1, 1 << 20});

// The limits of one probe query: 2 s, at most 1,001 rows, 16 MB of result.
inline const db::Limits kProbeLimits{2000, 1001, 16 << 20};

// Probe queries through the safe database layer (read-only, `limits` each).
QueryRows databaseRows(db::Database& database, const db::Limits& limits = kProbeLimits);

// Rows exist and every value of every row is NULL.
bool allNull(const std::vector<db::Row>& rows);

// What the gold-free checks and the risk score need to know of an executed result (its rows as
// returned, capped): summariseRows for a query that ran, summarise for any outcome.
ResultSummary summariseRows(const std::vector<db::Row>& rows);
ResultSummary summarise(const Result<db::QueryResult>& executed);

struct DatabaseAnnotation {
  Annotation annotation;
  std::optional<Result<db::QueryResult>> predResult;  // the executed prediction (capped rows)
};

// Runs `predSql` (capped by `limits`), then annotates it with the schema, value look-ups and result.
// `goldSql` is optional; with it the TA-SQL and C1..C10 rules apply too. `disabledChecks` (may be
// null) switches gold-free categories off.
Result<DatabaseAnnotation> annotateWithDatabase(db::Database& database, std::string_view question,
                                                std::string_view predSql,
                                                std::optional<std::string_view> goldSql = std::nullopt,
                                                const db::Limits& limits = {10000, 1000, 64 << 20},
                                                const CheckNames* disabledChecks = nullptr);

}  // namespace hs::annotate
