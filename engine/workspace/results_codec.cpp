#include "engine/workspace/results_codec.h"

#include <cstdlib>

#include "engine/core/json_input.h"
#include "engine/db/value_json.h"

namespace hs::ws::codec {

using nlohmann::json;

namespace {

std::string hexToBytes(const std::string& hex) {
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    const std::string byte = hex.substr(i, 2);
    out.push_back(static_cast<char>(std::strtol(byte.c_str(), nullptr, 16)));
  }
  return out;
}

json rowCountsToJson(const std::vector<eval::RowCount>& rows) {
  json out = json::array();
  for (const auto& rc : rows) out.push_back(json{{"row", db::toJson(rc.row)}, {"count", rc.count}});
  return out;
}

std::vector<eval::RowCount> rowCountsFromJson(const json& j) {
  std::vector<eval::RowCount> out;
  if (!j.is_array()) return out;
  for (const json& o : j) {
    if (!o.is_object()) continue;
    eval::RowCount rc;
    if (auto it = o.find("row"); it != o.end() && it->is_array())
      for (const json& v : *it) rc.row.push_back(valueFromJson(v));
    rc.count = o.value("count", std::size_t{0});
    out.push_back(std::move(rc));
  }
  return out;
}

}  // namespace

db::Value valueFromJson(const json& v) {
  if (v.is_null()) return db::Value::null();
  if (v.is_number_integer()) return db::Value::integer(v.get<std::int64_t>());
  if (v.is_number()) return db::Value::real(v.get<double>());
  if (v.is_string()) return db::Value::text(v.get<std::string>());
  if (v.is_object() && v.contains("blob_hex") && v["blob_hex"].is_string())
    return db::Value::blob(hexToBytes(v["blob_hex"].get<std::string>()));
  return db::Value::text(v.dump());
}

json rowsToJson(const std::vector<db::Row>& rows, std::size_t maxRows) {
  json out = json::array();
  const std::size_t n = rows.size() < maxRows ? rows.size() : maxRows;
  for (std::size_t i = 0; i < n; ++i) out.push_back(db::toJson(rows[i]));
  return out;
}

std::vector<db::Row> rowsFromJson(const json& rows) {
  std::vector<db::Row> out;
  if (!rows.is_array()) return out;
  out.reserve(rows.size());
  for (const json& r : rows) {
    db::Row row;
    if (r.is_array()) {
      row.reserve(r.size());
      for (const json& v : r) row.push_back(valueFromJson(v));
    }
    out.push_back(std::move(row));
  }
  return out;
}

json diffToJson(const eval::ResultDiff& d) {
  return json{{"gold_columns", d.goldColumns},
              {"pred_columns", d.predColumns},
              {"column_count_mismatch", d.columnCountMismatch},
              {"column_permutation", d.columnPermutation ? json(*d.columnPermutation) : json(nullptr)},
              {"missing_total", d.missingTotal},
              {"extra_total", d.extraTotal},
              {"missing", rowCountsToJson(d.missing)},
              {"extra", rowCountsToJson(d.extra)}};
}

eval::ResultDiff diffFromJson(const json& j) {
  eval::ResultDiff d;
  if (!j.is_object()) return d;
  d.goldColumns = j.value("gold_columns", std::size_t{0});
  d.predColumns = j.value("pred_columns", std::size_t{0});
  d.columnCountMismatch = j.value("column_count_mismatch", false);
  if (auto it = j.find("column_permutation"); it != j.end() && it->is_array())
    d.columnPermutation = it->get<std::vector<std::size_t>>();
  d.missingTotal = j.value("missing_total", std::size_t{0});
  d.extraTotal = j.value("extra_total", std::size_t{0});
  if (auto it = j.find("missing"); it != j.end()) d.missing = rowCountsFromJson(*it);
  if (auto it = j.find("extra"); it != j.end()) d.extra = rowCountsFromJson(*it);
  return d;
}

json spansToJson(const std::vector<FindingSpan>& spans) {
  json out = json::array();
  for (const auto& s : spans) out.push_back(json{{"side", s.side}, {"begin", s.begin}, {"end", s.end}});
  return out;
}

std::vector<FindingSpan> spansFromJson(const json& j) {
  std::vector<FindingSpan> out;
  if (!j.is_array()) return out;
  for (const json& o : j) {
    if (!o.is_object()) continue;
    out.push_back(FindingSpan{o.value("side", std::string("pred")), o.value("begin", std::size_t{0}),
                              o.value("end", std::size_t{0})});
  }
  return out;
}

eval::ExecErrorClass execErrorClassFromString(const std::string& name) {
  using C = eval::ExecErrorClass;
  for (C c :
       {C::Syntax, C::NoSuchTable, C::NoSuchColumn, C::Ambiguous, C::Timeout, C::Refused, C::NoDatabase})
    if (name == eval::toString(c)) return c;
  return C::Other;
}

std::string abstentionToJson(const Abstention& a) {
  json t = json::object();
  for (const auto& [name, value] : a.thresholds) t[name] = value;
  return dump(json{{"abstained", a.abstained}, {"reason", a.reason}, {"stage", a.stage}, {"thresholds", t}});
}

std::optional<Abstention> abstentionFromJson(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const json j = parseJsonOrDiscarded(text);
  if (!j.is_object() || !j.contains("abstained") || !j["abstained"].is_boolean()) return std::nullopt;
  Abstention a;
  a.abstained = j["abstained"].get<bool>();
  if (j.contains("reason") && j["reason"].is_string()) a.reason = j["reason"].get<std::string>();
  if (j.contains("stage") && j["stage"].is_string()) a.stage = j["stage"].get<std::string>();
  if (j.contains("thresholds") && j["thresholds"].is_object())
    for (const auto& [name, value] : j["thresholds"].items())
      if (value.is_number()) a.thresholds[name] = value.get<double>();
  return a;
}

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<bool> boolAt(const Statement& st, int col) {
  if (st.isNull(col)) return std::nullopt;
  return st.int64(col) != 0;
}

std::optional<double> realAt(const Statement& st, int col) {
  if (st.isNull(col)) return std::nullopt;
  return st.real(col);
}

}  // namespace hs::ws::codec
