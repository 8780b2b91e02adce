// The findings of one category that the engine gives a predicted query (no gold, no database):
// the shared set-up of the gold-free cue tests.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/annotate.h"
#include "engine/annotate/risk.h"

namespace hs::test {

inline std::vector<hs::Finding> findingsOf(const hs::db::Schema& schema, const std::string& sql,
                                           const std::string& question, std::string_view category) {
  hs::annotate::CaseInput in;
  in.predSql = sql;
  in.question = question;
  in.schema = &schema;
  std::vector<hs::Finding> out;
  for (hs::Finding& f : hs::annotate::annotateCase(in).findings)
    if (f.category == category) out.push_back(std::move(f));
  return out;
}

// Why the cue `category` is not a weighted risk reason of `sql` for `question` ("" when it is):
// its risk feature is the finding's `confidence`, its fitted weight is positive, and the risk names
// it among its reasons.
inline std::string cueReasonProblem(const hs::db::Schema& schema, const std::string& sql,
                                    const std::string& question, const std::string& category,
                                    double confidence) {
  hs::annotate::CaseInput in;
  in.predSql = sql;
  in.question = question;
  in.schema = &schema;
  const hs::annotate::Annotation a = hs::annotate::annotateCase(in);
  const std::optional<std::size_t> k = hs::annotate::riskFeatureIndex(category);
  if (!k) return category + " is no risk feature";
  const double feature = hs::annotate::riskFeatures(hs::annotate::analyse(sql, schema), a.findings).at(*k);
  if (feature != confidence) return category + " feature " + std::to_string(feature);
  if (!(hs::annotate::defaultRiskModel().weights.at(*k) > 0)) return category + " has no positive weight";
  const std::string prefix = category + ": ";
  if (std::none_of(a.risk.reasons.begin(), a.risk.reasons.end(),
                   [&](const std::string& r) { return r.rfind(prefix, 0) == 0; }))
    return category + " is not among the risk reasons";
  return {};
}

}  // namespace hs::test
