// RuleAnnotator: annotateCase() behind the evaluation hook.
#include "engine/annotate/eval_annotator.h"

#include <algorithm>
#include <cstdlib>

#include "engine/annotate/annotate.h"
#include "engine/eval/runner.h"

namespace hs::annotate {

namespace {

std::string quoted(const std::string& s, char q) {
  std::string o(1, q);
  for (char c : s) {
    o.push_back(c);
    if (c == q) o.push_back(q);
  }
  o.push_back(q);
  return o;
}

ValueLookup lookupIn(db::Database& database) {
  return [&database](const std::string& table, const std::string& column, const std::string& value,
                     bool numeric) {
    db::Limits limits;
    limits.timeoutMs = 2000;
    limits.maxRows = 1;
    db::Value v = db::Value::text(value);
    if (numeric) {
      char* end = nullptr;
      long long i = std::strtoll(value.c_str(), &end, 10);
      v = (end && *end == '\0') ? db::Value::integer(i)
                                : db::Value::real(std::strtod(value.c_str(), nullptr));
    }
    auto exact = database.valueExists(table, column, v, limits);
    if (!exact) return ValueCheck::Unknown;
    if (*exact) return ValueCheck::Exists;
    if (numeric) return ValueCheck::Absent;
    auto folded =
        database.query("SELECT 1 FROM " + quoted(table, '"') + " WHERE lower(trim(" + quoted(column, '"') +
                           ")) = lower(trim(" + quoted(value, '\'') + ")) LIMIT 1",
                       limits);
    if (!folded) return ValueCheck::Unknown;
    return folded->rows.empty() ? ValueCheck::Absent : ValueCheck::ExistsIgnoringCase;
  };
}

}  // namespace

std::shared_ptr<const db::Schema> RuleAnnotator::schemaOf(const std::string& path,
                                                          db::Database& database) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = schemas_.find(path);
  if (it != schemas_.end()) return it->second;
  auto s = database.schema();
  auto p = std::make_shared<const db::Schema>(s ? std::move(*s) : db::Schema{});
  schemas_[path] = p;
  return p;
}

eval::Annotation RuleAnnotator::annotate(const eval::AnnotationInput& in) const {
  eval::Annotation out;
  if (!in.item.predSql) return out;
  CaseInput ci;
  ci.predSql = *in.item.predSql;
  if (in.item.goldSql) ci.goldSql = std::string_view(*in.item.goldSql);
  ci.question = in.item.question;
  std::shared_ptr<const db::Schema> schema;
  if (in.database) {
    schema = schemaOf(in.outcome.dbPath, *in.database);
    ci.schema = schema.get();
    ci.lookup = lookupIn(*in.database);
  }
  if (in.outcome.pred.ran) {
    ResultSummary r;
    r.failed = !in.outcome.pred.ok;
    r.rows = in.outcome.pred.rows.size();
    r.allNull = !in.outcome.pred.rows.empty() &&
                std::all_of(in.outcome.pred.rows.begin(), in.outcome.pred.rows.end(), [](const db::Row& row) {
                  return std::all_of(row.begin(), row.end(), [](const db::Value& v) { return v.isNull(); });
                });
    ci.predResult = r;
  }
  Annotation a = annotateCase(ci);
  for (Finding& f : a.findings) {
    eval::Finding e;
    e.taxonomy = std::move(f.taxonomy);
    e.category = std::move(f.category);
    e.subcategory = std::move(f.subcategory);
    e.message = std::move(f.message);
    for (Span& s : f.spans) e.spans.push_back({std::move(s.side), s.begin, s.end});
    out.findings.push_back(std::move(e));
  }
  out.risk = eval::Risk{a.risk.score, std::move(a.risk.reasons)};
  return out;
}

}  // namespace hs::annotate
