// annotateCase: every rule set on one case, plus the risk score.
#include "engine/annotate/annotate.h"

#include <algorithm>

#include "engine/annotate/check_registry.h"
#include "engine/annotate/rules.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

Annotation annotateCase(const CaseInput& in, const RiskModel& model) {
  static const db::Schema empty;
  const db::Schema& schema = in.schema ? *in.schema : empty;
  Annotation a;
  SqlView pred = analyse(in.predSql, schema);
  a.predParsed = pred.ok();
  std::vector<Finding> gf;
  // The SQL parser of engine/sql decides what parses (the view is built from its tree); its error
  // span is where the finding goes.
  const bool syntaxOn = !in.disabledChecks || !in.disabledChecks->contains(kSyntaxError);
  if (pred.syntaxError && syntaxOn) {
    Finding f;
    f.taxonomy = "goldfree";
    f.category = kSyntaxError;
    f.message = formatMessage(FindingMsg::SyntaxError, {pred.error});
    f.spans.push_back({"pred", pred.errorOffset, pred.errorEnd});
    f.confidence = 0.5;
    gf.push_back(std::move(f));
  }
  if (pred.syntaxError) a.predParsed = false;
  const CheckContext context{pred, schema, in.question, in.lookup, in.probeRows, in.predResult};
  runGoldFreeChecks(context, gf, in.disabledChecks);
  if (in.schema == nullptr) {
    std::erase_if(gf, [](const Finding& f) { return f.category == kUnresolvedName && !f.spans.empty(); });
  }
  std::optional<SqlView> gold;
  // A prediction that returns the gold's rows has no difference that is a cause: its gold-based
  // findings would only describe another way of writing the same answer.
  if (in.goldSql && !in.resultEqualsGold) gold = analyse(*in.goldSql, schema);
  std::vector<Finding> ta = tasqlFindings(pred, gold ? &*gold : nullptr, schema);
  if (in.schema == nullptr)
    std::erase_if(ta, [](const Finding& f) { return f.category == "Schema Contradiction"; });
  for (Finding& f : ta) a.findings.push_back(std::move(f));
  if (gold) {
    std::vector<Finding> ctypes = mrsqlgenFindings(pred, *gold, schema, in.question);
    judgeCauses(ctypes, pred, *gold, in.question, in.probe, in.lookup);
    static const TypeModel kRulesOnly;
    const bool ran = in.predResult && !in.predResult->failed;
    std::vector<double> x = applyLearnedTypes(in.typeModel ? *in.typeModel : kRulesOnly, ctypes, a.findings,
                                              gf, pred, *gold, ran, in.keepTypeFeatures);
    if (in.keepTypeFeatures) a.typeFeatures = std::move(x);
    for (Finding& f : ctypes) a.findings.push_back(std::move(f));
  }
  a.risk = scoreRisk(model, riskFeatures(pred, gf, in.predResult), gf);
  // No rows where the gold has none either is the right answer, not a suspicious one.
  if (in.resultEqualsGold) std::erase_if(gf, [](const Finding& f) { return f.category == kEmptyResult; });
  for (Finding& f : gf) a.findings.push_back(std::move(f));
  return a;
}

}  // namespace hs::annotate
