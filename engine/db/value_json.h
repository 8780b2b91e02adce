#pragma once
// JSON form of values and results (the CLI contract): integers and reals as numbers, text as
// strings, blobs as {"blob_hex": "..."}, NULL as null.
#include <nlohmann/json.hpp>

#include "engine/db/database.h"
#include "engine/db/value.h"

namespace hs::db {

nlohmann::json toJson(const Value& v);
nlohmann::json toJson(const Row& row);
// {columns, rows, row_count, truncated, elapsed_ms, reads: [{table, column}]}
nlohmann::json toJson(const QueryResult& result);
// The same with at most `maxCellBytes` bytes of cells (as serialised: text bytes, blobs as hex;
// 0 = no cap). Rows stop before the one that would pass the cap; then "truncated" is true,
// "truncated_by" is "output_bytes" and "output_limit_bytes" tells the cap ("max_rows" when only
// the engine's row cap cut the result).
nlohmann::json toJson(const QueryResult& result, std::int64_t maxCellBytes);
// Bytes `v` takes when serialised (before JSON escaping).
std::int64_t serialisedBytes(const Value& v);
// {tables: [{name, type, columns: [{name, type, not_null, pk}], foreign_keys, row_estimate}]}
nlohmann::json toJson(const Schema& schema);

}  // namespace hs::db
