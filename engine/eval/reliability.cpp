#include "engine/eval/reliability.h"

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/eval/runner.h"

namespace hs::eval {

nlohmann::json reliabilitySummary(const std::vector<RsItem>& items, const nlohmann::json& thresholds) {
  std::size_t answered = 0, correct = 0;
  for (const auto& i : items) {
    answered += i.answered ? 1 : 0;
    correct += (i.answered && i.feasible && i.correct) ? 1 : 0;
  }
  const auto n = static_cast<double>(items.size());
  auto rs = [&](double c) {
    return items.empty() ? nlohmann::json(nullptr) : nlohmann::json(reliabilityScore(items, c));
  };
  return {{"questions", items.size()},
          {"answered", answered},
          {"abstained", items.size() - answered},
          {"correct_answers", correct},
          {"rs", {{"rs_0", rs(0.0)}, {"rs_10", rs(10.0)}, {"rs_N", rs(n)}}},
          {"penalties", {{"c_0", 0.0}, {"c_10", 10.0}, {"c_N", n}}},
          {"thresholds", thresholds}};
}

ReliabilityCase reliabilityCase(const Case& c, bool abstained, const std::optional<bool>& exSet) {
  ReliabilityCase r;
  r.hasGold = c.goldSql.has_value();
  r.infeasible = !c.infeasibleType.empty();
  r.abstained = abstained;
  r.exSet = exSet;
  return r;
}

nlohmann::json runReliability(const std::vector<ReliabilityCase>& cases, const nlohmann::json& thresholds) {
  std::vector<RsItem> items;
  std::size_t feasible = 0, infeasible = 0, unscored = 0;
  for (const ReliabilityCase& c : cases) {
    RsItem r;
    r.answered = !c.abstained;
    if (c.infeasible) {
      r.feasible = false;
      ++infeasible;
    } else if (c.hasGold) {
      r.feasible = true;
      r.correct = r.answered && c.exSet.value_or(false);
      ++feasible;
    } else {
      ++unscored;
      continue;
    }
    items.push_back(r);
  }
  nlohmann::json j = reliabilitySummary(items, thresholds);
  j["feasible"] = feasible;
  j["infeasible"] = infeasible;
  j["unscored"] = unscored;
  j["correct_by"] = "EX (set) against the gold query";
  return j;
}

std::string thresholdKey(const std::string& checkName) {
  if (checkName == "schema_linking") return "infeasible";
  if (checkName == "llm_classifier") return "classifier";
  if (checkName == "llm_verifier") return "verifier";
  return checkName;
}

nlohmann::json recordedThresholds(const std::vector<const Abstention*>& records) {
  std::map<std::string, std::set<double>> seen;
  for (const Abstention* a : records)
    if (a)
      for (const auto& [name, value] : a->thresholds) seen[thresholdKey(name)].insert(value);
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, values] : seen)
    out[key] = values.size() == 1 ? nlohmann::json(*values.begin()) : nlohmann::json(values);
  return out;
}

nlohmann::json reliabilityOfCases(const std::vector<Case>& cases,
                                  const std::vector<std::optional<bool>>& exSet) {
  std::vector<const Abstention*> records;
  std::vector<ReliabilityCase> items;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    if (c.abstention) records.push_back(&*c.abstention);
    items.push_back(reliabilityCase(c, c.abstention && c.abstention->abstained,
                                    i < exSet.size() ? exSet[i] : std::nullopt));
  }
  if (records.empty()) return nullptr;
  return runReliability(items, recordedThresholds(records));
}

nlohmann::json generatedRunReliability(const std::vector<Case>& cases, const std::vector<bool>& abstained,
                                       const std::string& dbRoot, const nlohmann::json& thresholds) {
  std::vector<Case> toEvaluate;
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const bool abstainedHere = i < abstained.size() && abstained[i];
    if (abstainedHere || !cases[i].goldSql || !cases[i].infeasibleType.empty()) continue;
    toEvaluate.push_back(cases[i]);
    at.push_back(i);
  }
  EvalOptions eo;
  eo.dbRoot = dbRoot;
  const auto outcomes = evaluateCases(toEvaluate, eo);
  std::vector<std::optional<bool>> exSet(cases.size());
  for (std::size_t k = 0; k < at.size() && k < outcomes.size(); ++k) exSet[at[k]] = outcomes[k].exSet;
  std::vector<ReliabilityCase> items;
  for (std::size_t i = 0; i < cases.size(); ++i)
    items.push_back(reliabilityCase(cases[i], i < abstained.size() && abstained[i], exSet[i]));
  return runReliability(items, thresholds);
}

}  // namespace hs::eval
