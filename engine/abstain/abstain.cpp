#include "engine/abstain/abstain.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "engine/annotate/eval_annotator.h"
#include "engine/eval/runner.h"

namespace hs::abstain {

AbstainDecision beforeGeneration(const std::string& question, db::Database& database,
                                 const AbstainOptions& o) {
  AbstainDecision d;
  d.stage = "before_generation";
  d.threshold = o.infeasibleThreshold;
  auto schema = database.schema();
  if (!schema) return d;
  d.check = checkFeasibility(question, *schema, &database, o.feasibility);
  d.score = d.check.score;
  d.type = d.check.type;
  if (d.score >= o.infeasibleThreshold && d.check.type != "feasible") {
    d.abstained = true;
    d.reason = d.check.reason;
  }
  return d;
}

AbstainDecision decideOnRisk(const Risk& risk, const AbstainOptions& o) {
  AbstainDecision d;
  d.stage = "after_generation";
  d.type = "risk";
  d.threshold = o.riskThreshold;
  d.score = risk.score;
  if (d.score >= o.riskThreshold) {
    d.abstained = true;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", d.score);
    d.reason = std::string("the generated SQL looks wrong: risk ") + buf;
    if (!risk.reasons.empty()) d.reason += " (" + risk.reasons.front() + ")";
  }
  return d;
}

AbstainDecision afterGeneration(const Case& item, const std::string& dbRoot, const AbstainOptions& o) {
  AbstainDecision d;
  d.stage = "after_generation";
  d.type = "risk";
  d.threshold = o.riskThreshold;
  if (!item.predSql) return d;
  Case c = item;
  c.goldSql.reset();  // gold-free: the risk score never sees a gold query
  annotate::RuleAnnotator rules;
  eval::EvalOptions eo;
  eo.dbRoot = dbRoot;
  eo.annotator = &rules;
  auto outcomes = eval::evaluateCases({c}, eo);
  if (outcomes.empty() || !outcomes[0].risk) return d;
  return decideOnRisk(*outcomes[0].risk, o);
}

nlohmann::json decisionToJson(const AbstainDecision& d) {
  nlohmann::json j = {{"stage", d.stage}, {"score", d.score}, {"threshold", d.threshold}, {"type", d.type}};
  if (d.stage == "before_generation") {
    j["unmatched"] = d.check.unmatched;
    j["cues"] = d.check.cues;
  }
  return j;
}

}  // namespace hs::abstain
