#include "engine/db/value_json.h"

#include <cmath>

namespace hs::db {

nlohmann::json toJson(const Value& v) {
  switch (v.type) {
    case Value::Type::Null:
      return nullptr;
    case Value::Type::Integer:
      return v.i;
    case Value::Type::Real:
      if (!std::isfinite(v.r)) return v.display();  // JSON has no Inf/NaN
      return v.r;
    case Value::Type::Text:
      return v.bytes;  // invalid UTF-8 is replaced when dumped (error_handler_t::replace)
    case Value::Type::Blob: {
      std::string hex = v.display();  // x'..'
      return nlohmann::json{{"blob_hex", hex.substr(2, hex.size() - 3)}};
    }
  }
  return nullptr;
}

nlohmann::json toJson(const Row& row) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& v : row) out.push_back(toJson(v));
  return out;
}

nlohmann::json toJson(const QueryResult& result) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : result.rows) rows.push_back(toJson(r));
  nlohmann::json reads = nlohmann::json::array();
  for (const auto& r : result.reads) reads.push_back({{"table", r.table}, {"column", r.column}});
  return {{"columns", result.columns},       {"rows", std::move(rows)},
          {"row_count", result.rows.size()}, {"truncated", result.truncated},
          {"elapsed_ms", result.elapsedMs},  {"reads", std::move(reads)}};
}

std::int64_t serialisedBytes(const Value& v) {
  switch (v.type) {
    case Value::Type::Text:
      return static_cast<std::int64_t>(v.bytes.size()) + 2;
    case Value::Type::Blob:
      return 2 * static_cast<std::int64_t>(v.bytes.size()) + 16;
    default:
      return 24;
  }
}

nlohmann::json toJson(const QueryResult& result, std::int64_t maxCellBytes) {
  if (maxCellBytes <= 0) {
    nlohmann::json out = toJson(result);
    if (result.truncated) out["truncated_by"] = "max_rows";
    return out;
  }
  nlohmann::json rows = nlohmann::json::array();
  std::int64_t bytes = 0;
  bool cut = false;
  for (const auto& r : result.rows) {
    std::int64_t rowBytes = 0;
    for (const auto& v : r) rowBytes += serialisedBytes(v);
    if (bytes + rowBytes > maxCellBytes) {
      cut = true;
      break;
    }
    bytes += rowBytes;
    rows.push_back(toJson(r));
  }
  nlohmann::json reads = nlohmann::json::array();
  for (const auto& r : result.reads) reads.push_back({{"table", r.table}, {"column", r.column}});
  std::size_t count = rows.size();
  nlohmann::json out = {{"columns", result.columns},
                        {"rows", std::move(rows)},
                        {"row_count", count},
                        {"truncated", result.truncated || cut},
                        {"elapsed_ms", result.elapsedMs},
                        {"reads", std::move(reads)}};
  if (cut) {
    out["truncated_by"] = "output_bytes";
    out["output_limit_bytes"] = maxCellBytes;
  } else if (result.truncated) {
    out["truncated_by"] = "max_rows";
  }
  return out;
}

nlohmann::json toJson(const Schema& schema) {
  nlohmann::json tables = nlohmann::json::array();
  for (const auto& t : schema.tables) {
    nlohmann::json cols = nlohmann::json::array();
    for (const auto& c : t.columns) {
      cols.push_back(
          {{"name", c.name},
           {"type", c.declaredType},
           {"not_null", c.notNull},
           {"pk", c.primaryKey},
           {"pk_position", c.pkPosition},
           {"default", c.defaultValue ? nlohmann::json(*c.defaultValue) : nlohmann::json(nullptr)}});
    }
    nlohmann::json fks = nlohmann::json::array();
    for (const auto& fk : t.foreignKeys) {
      fks.push_back({{"from", fk.fromColumns}, {"table", fk.toTable}, {"to", fk.toColumns}});
    }
    tables.push_back(
        {{"name", t.name},
         {"type", t.isView ? "view" : "table"},
         {"columns", std::move(cols)},
         {"foreign_keys", std::move(fks)},
         {"row_estimate", t.rowEstimate ? nlohmann::json(*t.rowEstimate) : nlohmann::json(nullptr)}});
  }
  return {{"tables", std::move(tables)}};
}

}  // namespace hs::db
