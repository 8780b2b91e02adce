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
// {tables: [{name, type, columns: [{name, type, not_null, pk}], foreign_keys, row_estimate}]}
nlohmann::json toJson(const Schema& schema);

}  // namespace hs::db
