// The bench summary: every detector measured the same way (metrics of engine/eval).
#include <cmath>
#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "engine/bench/bench.h"
#include "engine/eval/detector_metrics.h"
#include "engine/eval/metrics.h"

namespace hs::bench {
namespace {

using nlohmann::json;

json optional(const std::optional<double>& v) {
  return v ? json(*v) : json(nullptr);
}

std::string key(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

json interval(const std::optional<eval::Interval>& i) {
  if (!i) return nullptr;
  return {{"low", i->low}, {"high", i->high}, {"samples", i->samples}};
}

// Per group: the group's wrong cases against the correct cases of the same group, or against all
// correct cases when the key only exists on wrong cases (mutation rule, category).
json groups(const std::vector<LabelledCase>& cases, const std::vector<double>& scores,
            std::string LabelledCase::*field, bool keyOnWrongOnly) {
  std::map<std::string, std::vector<std::size_t>> members;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string& k = cases[i].*field;
    if (!k.empty()) members[k].push_back(i);
  }
  json out = json::array();
  for (const auto& [k, idx] : members) {
    std::vector<double> s;
    std::vector<bool> y;
    for (std::size_t i : idx) {
      s.push_back(scores[i]);
      y.push_back(cases[i].wrong);
    }
    if (keyOnWrongOnly)
      for (std::size_t i = 0; i < cases.size(); ++i)
        if (!cases[i].wrong && (cases[i].*field).empty()) {
          s.push_back(scores[i]);
          y.push_back(false);
        }
    std::size_t wrong = 0;
    for (bool b : y) wrong += b ? 1 : 0;
    out.push_back({{"key", k},
                   {"cases", s.size()},
                   {"wrong", wrong},
                   {"auroc", optional(eval::auroc(s, y))},
                   {"auprc", optional(eval::averagePrecision(s, y))}});
  }
  return out;
}

}  // namespace

json benchToJson(const BenchResult& r, const BenchOptions& o) {
  std::vector<bool> wrong;
  for (const LabelledCase& c : r.cases) wrong.push_back(c.wrong);
  std::size_t nWrong = 0;
  for (bool b : wrong) nWrong += b ? 1 : 0;
  const auto n = static_cast<double>(r.cases.size());

  json detectors = json::array();
  for (const DetectorScores& d : r.detectors) {
    json j;
    j["name"] = d.name;
    j["auroc"] = optional(eval::auroc(d.scores, wrong));
    j["auprc"] = optional(eval::averagePrecision(d.scores, wrong));
    j["ci"] = interval(eval::bootstrapInterval(d.scores, wrong, eval::auroc, o.bootstrap, o.seed));
    j["auprc_ci"] =
        interval(eval::bootstrapInterval(d.scores, wrong, eval::averagePrecision, o.bootstrap, o.seed));
    std::vector<double> es;
    std::vector<bool> ey;
    for (std::size_t i = 0; i < r.cases.size(); ++i)
      if (r.cases[i].executes) {
        es.push_back(d.scores[i]);
        ey.push_back(wrong[i]);
      }
    std::size_t eWrong = 0;
    for (bool b : ey) eWrong += b ? 1 : 0;
    j["executable"] = {{"cases", es.size()},
                       {"wrong", eWrong},
                       {"auroc", optional(eval::auroc(es, ey))},
                       {"auprc", optional(eval::averagePrecision(es, ey))},
                       {"ci", interval(eval::bootstrapInterval(es, ey, eval::auroc, o.bootstrap, o.seed))}};
    j["cases"] = r.cases.size();
    j["llm_calls"] = d.llmCalls;
    j["llm_calls_per_case"] = r.cases.empty() ? 0.0 : static_cast<double>(d.llmCalls) / n;
    j["failed"] = d.failed;
    json par = json::object(), rap = json::object();
    for (double v : o.atRecall) par[key(v)] = optional(eval::precisionAtRecall(d.scores, wrong, v));
    for (double v : o.atPrecision) rap[key(v)] = optional(eval::recallAtPrecision(d.scores, wrong, v));
    j["precision_at_recall"] = par;
    j["recall_at_precision"] = rap;
    auto tp = eval::thresholdForPrecision(d.scores, wrong, o.precisionTarget);
    j["threshold_for_precision"] = {{"target", o.precisionTarget},
                                    {"threshold", tp ? json(tp->threshold) : json(nullptr)},
                                    {"precision", tp ? json(tp->precision) : json(nullptr)},
                                    {"recall", tp ? json(tp->recall) : json(nullptr)}};
    json rs = json::array();
    for (auto [label, c] : std::vector<std::pair<std::string, double>>{{"0", 0.0}, {"10", 10.0}, {"N", n}}) {
      eval::RsChoice ch = eval::bestRsThreshold(d.scores, wrong, c);
      rs.push_back({{"c", label},
                    {"penalty", c},
                    {"threshold", std::isinf(ch.threshold) ? json(nullptr) : json(ch.threshold)},
                    {"abstained", ch.abstained},
                    {"rs", ch.rs},
                    {"answer_all", ch.rsAnswerAll},
                    {"abstain_all", ch.rsAbstainAll}});
    }
    j["rs"] = rs;
    j["by_rule"] = groups(r.cases, d.scores, &LabelledCase::rule, true);
    j["by_category"] = groups(r.cases, d.scores, &LabelledCase::category, true);
    j["by_difficulty"] = groups(r.cases, d.scores, &LabelledCase::difficulty, false);
    detectors.push_back(std::move(j));
  }
  json localisation = json::array();  // empty unless a mutation set
  for (const Localisation& l : r.localisation) localisation.push_back(localisationToJson(l));
  return {{"set",
           {{"kind", r.kind},
            {"cases", r.cases.size()},
            {"wrong", nWrong},
            {"correct", r.cases.size() - nWrong},
            {"skipped", r.skipped},
            {"positive_class", "wrong SQL (a mutant, or EX false)"}}},
          {"bootstrap", {{"samples", o.bootstrap}, {"seed", o.seed}, {"level", 0.95}}},
          {"rs_note", "abstain when score >= threshold; threshold null = answer everything is best"},
          {"detectors", detectors},
          {"localisation", localisation}};
}

}  // namespace hs::bench
