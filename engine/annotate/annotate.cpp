// annotateCase: every rule set on one case, plus the risk score.
#include "engine/annotate/annotate.h"

#include "engine/annotate/rules.h"

namespace hs::annotate {

Annotation annotateCase(const CaseInput& in, const RiskModel& model) {
  static const db::Schema empty;
  const db::Schema& schema = in.schema ? *in.schema : empty;
  Annotation a;
  SqlView pred = analyse(in.predSql, schema);
  a.predParsed = pred.ok();
  std::vector<Finding> gf = goldFreeFindings(pred, schema, in.question, in.lookup, in.predResult);
  if (in.schema == nullptr) {
    std::erase_if(gf, [](const Finding& f) { return f.category == "unresolved_name" && !f.spans.empty(); });
  }
  std::optional<SqlView> gold;
  if (in.goldSql) gold = analyse(*in.goldSql, schema);
  std::vector<Finding> ta = tasqlFindings(pred, gold ? &*gold : nullptr, schema);
  if (in.schema == nullptr)
    std::erase_if(ta, [](const Finding& f) { return f.category == "Schema Contradiction"; });
  for (Finding& f : ta) a.findings.push_back(std::move(f));
  if (gold)
    for (Finding& f : mrsqlgenFindings(pred, *gold, schema)) a.findings.push_back(std::move(f));
  a.risk = scoreRisk(model, riskFeatures(pred, gf), gf);
  for (Finding& f : gf) a.findings.push_back(std::move(f));
  return a;
}

}  // namespace hs::annotate
