// RuleAnnotator: annotateCase() behind the evaluation hook.
#include "engine/annotate/eval_annotator.h"

#include "engine/annotate/annotate.h"
#include "engine/annotate/database_checks.h"
#include "engine/eval/runner.h"

namespace hs::annotate {

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
    ci.lookup = databaseLookup(*in.database);
  }
  if (in.outcome.pred.ran) {
    ResultSummary r;
    r.failed = !in.outcome.pred.ok;
    r.rows = in.outcome.pred.rows.size();
    r.allNull = allNull(in.outcome.pred.rows);
    ci.predResult = r;
  }
  Annotation a = annotateCase(ci);
  out.findings = std::move(a.findings);
  out.risk = std::move(a.risk);
  return out;
}

}  // namespace hs::annotate
