#include "engine/annotate/database_checks.h"

#include <cstdlib>

#include "engine/core/sql_quote.h"
#include "engine/eval/result_compare.h"

namespace hs::annotate {
namespace {

std::string quoteText(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

db::Value numericValue(const std::string& text) {
  char* end = nullptr;
  long long i = std::strtoll(text.c_str(), &end, 10);
  if (end && *end == '\0' && !text.empty()) return db::Value::integer(i);
  return db::Value::real(std::strtod(text.c_str(), nullptr));
}

}  // namespace

ValueLookup databaseLookup(db::Database& database, const db::Limits& limits) {
  return [&database, limits](const std::string& table, const std::string& column, const std::string& value,
                             bool numeric) {
    auto exact =
        database.valueExists(table, column, numeric ? numericValue(value) : db::Value::text(value), limits);
    if (!exact) return ValueCheck::Unknown;
    if (exact.value()) return ValueCheck::Exists;
    if (numeric) return ValueCheck::Absent;
    // Same value up to case and surrounding blanks ('Cat' for 'cat', 'Paris ' for 'Paris'), and
    // which of the two differs: a finding that says "letter case" of 'Anthony ' sends the reader
    // to the wrong fix.
    const std::string c = quoteIdentifier(column), v = quoteText(value);
    auto folded = database.query("SELECT trim(" + c + ") = trim(" + v + "), lower(" + c + ") = lower(" + v +
                                     ") FROM " + quoteIdentifier(table) + " WHERE lower(trim(" + c +
                                     ")) = lower(trim(" + v + ")) ORDER BY 1 DESC, 2 DESC LIMIT 1",
                                 limits);
    if (!folded) return ValueCheck::Unknown;
    if (folded->rows.empty()) return ValueCheck::Absent;
    const db::Row& row = folded->rows.front();
    auto isTrue = [&](std::size_t i) {
      return i < row.size() && row[i].type == db::Value::Type::Integer && row[i].i != 0;
    };
    if (isTrue(0)) return ValueCheck::ExistsIgnoringBlanks;
    if (isTrue(1)) return ValueCheck::ExistsIgnoringCase;
    return ValueCheck::ExistsIgnoringCaseAndBlanks;
  };
}

QueryRows databaseRows(db::Database& database, const db::Limits& limits) {
  return [&database, limits](const std::string& sql) -> std::optional<std::vector<db::Row>> {
    auto r = database.query(sql, limits);
    if (!r) return std::nullopt;
    return std::move(r->rows);
  };
}

bool allNull(const std::vector<db::Row>& rows) {
  for (const auto& row : rows) {
    for (const auto& v : row) {
      if (!v.isNull()) return false;
    }
  }
  return !rows.empty();
}

ResultSummary summariseRows(const std::vector<db::Row>& rows) {
  ResultSummary s;
  s.rows = rows.size();
  s.allNull = allNull(rows);
  bool anyNull = false;
  for (const db::Row& row : rows)
    for (const db::Value& v : row) anyNull = anyNull || v.isNull();
  s.someNull = anyNull && !s.allNull;
  return s;
}

ResultSummary summarise(const Result<db::QueryResult>& executed) {
  if (!executed) {
    ResultSummary s;
    s.failed = true;
    return s;
  }
  return summariseRows(executed->rows);
}

Result<DatabaseAnnotation> annotateWithDatabase(db::Database& database, std::string_view question,
                                                std::string_view predSql,
                                                std::optional<std::string_view> goldSql,
                                                const db::Limits& limits, const CheckNames* disabledChecks) {
  auto schema = database.schema();
  if (!schema) return schema.error();
  DatabaseAnnotation out;
  out.predResult = database.query(predSql, limits);
  CaseInput in;
  in.predSql = predSql;
  in.goldSql = goldSql;
  in.question = question;
  in.schema = &schema.value();
  in.lookup = databaseLookup(database);
  in.probeRows = databaseRows(database);
  in.predResult = summarise(*out.predResult);
  in.disabledChecks = disabledChecks;
  // With a gold query, its rows decide whether the prediction is right, as in an evaluation run
  // (eval_annotator.cpp): then the gold-based findings are not kept.
  if (goldSql && *out.predResult) {
    auto gold = database.query(*goldSql, limits);
    const auto& rows = out.predResult->value().rows;
    in.resultEqualsGold = gold && eval::bagEqual(gold->rows, rows) &&
                          (!eval::hasTopLevelOrderBy(*goldSql) || eval::orderedEqual(gold->rows, rows));
  }
  out.annotation = annotateCase(in);
  return out;
}

}  // namespace hs::annotate
