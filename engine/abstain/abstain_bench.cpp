#include "engine/abstain/abstain_bench.h"

#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "engine/eval/detector_metrics.h"
#include "engine/eval/metrics.h"
#include "engine/eval/runner.h"

namespace hs::abstain {
namespace {

using nlohmann::json;

json rsRow(const std::vector<eval::RsItem>& items, double n) {
  std::size_t abstained = 0;
  for (const auto& i : items) abstained += i.answered ? 0 : 1;
  return {{"rs_0", eval::reliabilityScore(items, 0.0)},
          {"rs_10", eval::reliabilityScore(items, 10.0)},
          {"rs_N", eval::reliabilityScore(items, n)},
          {"abstained", abstained}};
}

}  // namespace

json benchAbstention(std::vector<AbstainItem>& items, const std::string& dbRoot, const AbstainOptions& o) {
  std::map<std::string, std::unique_ptr<db::Database>> dbs;
  std::map<std::string, std::optional<db::Schema>> schemas;
  for (AbstainItem& it : items) {
    if (!dbs.count(it.dbId)) {
      std::unique_ptr<db::Database> d;
      if (auto path = eval::resolveDatabase(dbRoot, it.dbId))
        if (auto opened = db::Database::openReadOnly(*path)) d = std::move(opened.value());
      std::optional<db::Schema> s;
      if (d)
        if (auto r = d->schema()) s = std::move(r.value());
      dbs[it.dbId] = std::move(d);
      schemas[it.dbId] = std::move(s);
    }
    const auto& schema = schemas[it.dbId];
    if (!schema) {
      it.score = 0.0;
      it.predictedType = "no_database";
      continue;
    }
    FeasibilityCheck c = checkFeasibility(it.question, *schema, dbs[it.dbId].get(), o.feasibility);
    it.score = c.score;
    it.predictedType = c.type;
  }

  std::vector<double> scores;
  std::vector<bool> infeasible;
  std::size_t nInfeasible = 0, noDb = 0;
  // Questions whose database is missing cannot be judged: left out of every number below.
  std::vector<AbstainItem> judged;
  for (const AbstainItem& it : items)
    if (it.predictedType != "no_database") judged.push_back(it);
  for (const AbstainItem& it : items) noDb += it.predictedType == "no_database" ? 1 : 0;
  for (const AbstainItem& it : judged) {
    scores.push_back(it.score);
    infeasible.push_back(!it.feasible);
    nInfeasible += it.feasible ? 0 : 1;
  }
  const auto n = static_cast<double>(judged.size());
  auto policy = [&](bool pre, bool post, bool all) {
    std::vector<eval::RsItem> rs;
    for (const AbstainItem& it : judged) {
      eval::RsItem r;
      r.feasible = it.feasible;
      bool abstain = all || (pre && it.score >= o.infeasibleThreshold && it.predictedType != "feasible") ||
                     (post && it.feasible && it.risk && *it.risk >= o.riskThreshold);
      r.answered = !abstain;
      r.correct = it.feasible && it.correct.value_or(false);
      rs.push_back(r);
    }
    return rs;
  };
  json byType = json::object();
  std::map<std::string, std::pair<std::size_t, std::size_t>> perType;  // caught, total
  for (const AbstainItem& it : judged) {
    std::string key = it.feasible ? "feasible" : it.type;
    auto& [caught, total] = perType[key];
    ++total;
    caught += (it.score >= o.infeasibleThreshold && it.predictedType != "feasible") ? 1 : 0;
  }
  for (const auto& [k, v] : perType)
    byType[k] = {{"flagged", v.first},
                 {"total", v.second},
                 {"share", v.second ? static_cast<double>(v.first) / static_cast<double>(v.second) : 0.0}};
  auto ci = eval::bootstrapInterval(scores, infeasible, eval::auroc, 1000, 1);
  json policies = {{"answer_everything", rsRow(policy(false, false, false), n)},
                   {"abstain_from_everything", rsRow(policy(false, false, true), n)},
                   {"abstain_before_generation", rsRow(policy(true, false, false), n)},
                   {"abstain_before_and_after", rsRow(policy(true, true, false), n)}};
  return {{"questions", judged.size()},
          {"infeasible", nInfeasible},
          {"feasible", judged.size() - nInfeasible},
          {"no_database", noDb},
          {"feasibility_auroc",
           eval::auroc(scores, infeasible) ? json(*eval::auroc(scores, infeasible)) : json()},
          {"feasibility_auroc_ci", ci ? json{{"low", ci->low}, {"high", ci->high}} : json()},
          {"feasibility_auprc", eval::averagePrecision(scores, infeasible)
                                    ? json(*eval::averagePrecision(scores, infeasible))
                                    : json()},
          {"flagged_by_type", byType},
          {"thresholds", {{"infeasible", o.infeasibleThreshold}, {"risk", o.riskThreshold}}},
          {"penalties", {{"c_0", 0.0}, {"c_10", 10.0}, {"c_N", n}}},
          {"rs", policies},
          {"note",
           "an infeasible question that is answered counts as wrong; feasible answers and their "
           "EX/risk come from the given run"}};
}

}  // namespace hs::abstain
