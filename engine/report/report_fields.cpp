#include "engine/report/report_fields.h"

#include "engine/eval/spider_hardness.h"

namespace hs::report {
namespace {

using nlohmann::json;

json optionalBool(const std::optional<bool>& b) {
  return b ? json(*b) : json(nullptr);
}

}  // namespace

json caseFields(const ReportInput& in, const ReportCase& rc) {
  const Case& c = rc.kase;
  const eval::CaseDifficulty difficulty = eval::caseDifficulty(c);
  json row = {{"kind", "case"},
              {"case_id", c.id},
              {"db_id", c.dbId},
              {"model", c.model.empty() ? in.model : c.model},
              {"difficulty", difficulty.level},
              {"difficulty_source", difficulty.level.empty() ? json(nullptr)
                                    : difficulty.derived     ? json("spider_hardness")
                                                             : json("file")},
              {"question", c.question},
              {"gold_sql", c.goldSql ? json(*c.goldSql) : json(nullptr)},
              {"pred_sql", c.predSql ? json(*c.predSql) : json(nullptr)}};
  const auto* o = rc.outcome ? &*rc.outcome : nullptr;
  row["ex_set"] = o ? optionalBool(o->exSet) : json(nullptr);
  row["ex_bag"] = o ? optionalBool(o->exBag) : json(nullptr);
  row["ex_ordered"] = o ? optionalBool(o->exOrdered) : json(nullptr);
  row["soft_f1"] = o && o->softF1 ? json(*o->softF1) : json(nullptr);
  row["risk"] = o && o->risk ? json(o->risk->score) : json(nullptr);
  row["pred_error"] = o && o->pred.error ? json(o->pred.error->message) : json(nullptr);
  row["findings"] = o ? o->findings.size() : 0;
  auto verdict = humanVerdict(rc);
  row["human_verdict"] = verdict ? json(*verdict) : json(nullptr);
  row["reviewed"] = rc.reviewed;
  // A run generated with abstention (seed 004): null when abstention was off.
  row["abstained"] = c.abstention ? json(c.abstention->abstained) : json(nullptr);
  row["abstain_reason"] =
      c.abstention && c.abstention->abstained ? json(c.abstention->reason) : json(nullptr);
  row["infeasible_type"] = c.infeasibleType.empty() ? json(nullptr) : json(c.infeasibleType);
  return row;
}

}  // namespace hs::report
