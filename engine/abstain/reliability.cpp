#include "engine/abstain/reliability.h"

#include <nlohmann/json.hpp>

#include "engine/eval/runner.h"

namespace hs::abstain {

nlohmann::json reliabilitySummary(const std::vector<eval::RsItem>& items, const nlohmann::json& thresholds) {
  std::size_t answered = 0, correct = 0;
  for (const auto& i : items) {
    answered += i.answered ? 1 : 0;
    correct += (i.answered && i.feasible && i.correct) ? 1 : 0;
  }
  const auto n = static_cast<double>(items.size());
  auto rs = [&](double c) {
    return items.empty() ? nlohmann::json(nullptr) : nlohmann::json(eval::reliabilityScore(items, c));
  };
  return {{"questions", items.size()},
          {"answered", answered},
          {"abstained", items.size() - answered},
          {"correct_answers", correct},
          {"rs", {{"rs_0", rs(0.0)}, {"rs_10", rs(10.0)}, {"rs_N", rs(n)}}},
          {"penalties", {{"c_0", 0.0}, {"c_10", 10.0}, {"c_N", n}}},
          {"thresholds", thresholds}};
}

nlohmann::json runReliability(const std::vector<Case>& cases, const std::vector<bool>& abstained,
                              const std::string& dbRoot, const nlohmann::json& thresholds) {
  std::vector<Case> scored;
  std::vector<bool> scoredAbstained;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (!cases[i].goldSql) continue;
    scored.push_back(cases[i]);
    scoredAbstained.push_back(i < abstained.size() && abstained[i]);
  }
  eval::EvalOptions eo;
  eo.dbRoot = dbRoot;
  const auto outcomes = eval::evaluateCases(scored, eo);
  std::vector<eval::RsItem> items;
  for (std::size_t i = 0; i < scored.size(); ++i) {
    eval::RsItem r;
    r.feasible = true;
    r.answered = !scoredAbstained[i];
    r.correct = r.answered && outcomes[i].exSet.value_or(false);
    items.push_back(r);
  }
  nlohmann::json j = reliabilitySummary(items, thresholds);
  j["unscored"] = cases.size() - scored.size();
  j["correct_by"] = "EX (set) against the gold query";
  return j;
}

}  // namespace hs::abstain
