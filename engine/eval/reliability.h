#pragma once
// RS(c) of a run with abstention (seed 004, TrustSQL), written once for every summary that shows
// it: `generate --cases --abstain`, `evaluate` (the `reliability` block), the Review tab and the
// report. Per question: +1 for a correct answer or an abstention on an infeasible question, 0 for
// an abstention on a feasible question, -c for a wrong answer (an answered infeasible question is
// wrong). Reported for c = 0, 10 and N (the number of scored questions), with the penalties and
// the thresholds of the abstention checks.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/case.h"
#include "engine/eval/metrics.h"

namespace hs::eval {

// {"questions", "answered", "abstained", "correct_answers", "rs": {"rs_0", "rs_10", "rs_N"},
//  "penalties": {"c_0", "c_10", "c_N"}, "thresholds": thresholds}. Empty items: rs values null.
nlohmann::json reliabilitySummary(const std::vector<RsItem>& items, const nlohmann::json& thresholds);

// One question of a run as RS(c) sees it.
struct ReliabilityCase {
  bool hasGold = false;       // a feasible question with a gold query
  bool infeasible = false;    // marked infeasible (Case::infeasibleType); wins over a gold query
  bool abstained = false;     // the run abstained on it
  std::optional<bool> exSet;  // the answer's EX (set) against the gold; null counts as wrong
};

ReliabilityCase reliabilityCase(const Case& c, bool abstained, const std::optional<bool>& exSet);

// reliabilitySummary of the scored questions (infeasible ones and those with a gold query) plus
// "feasible", "infeasible", "unscored" (neither: no gold query, not marked infeasible) and
// "correct_by".
nlohmann::json runReliability(const std::vector<ReliabilityCase>& cases, const nlohmann::json& thresholds);

// The summaries' name of an abstention check's threshold: "schema_linking" -> "infeasible",
// "llm_classifier" -> "classifier", "llm_verifier" -> "verifier"; other names ("risk") unchanged.
std::string thresholdKey(const std::string& checkName);

// The thresholds recorded on abstention records (null entries skipped), by thresholdKey: a number,
// or the sorted distinct values when the records differ. An object, empty when none.
nlohmann::json recordedThresholds(const std::vector<const Abstention*>& records);

// The `reliability` block of a run whose cases were scored (exSet[i] of cases[i]): null when no
// case carries an abstention record (abstention was off), else runReliability with the recorded
// thresholds.
nlohmann::json reliabilityOfCases(const std::vector<Case>& cases,
                                  const std::vector<std::optional<bool>>& exSet);

// A run just generated: `abstained[i]` of cases[i] (predSql the generated SQL). The answered cases
// with a gold query are evaluated (EX set, databases under dbRoot, read-only), then runReliability.
nlohmann::json generatedRunReliability(const std::vector<Case>& cases, const std::vector<bool>& abstained,
                                       const std::string& dbRoot, const nlohmann::json& thresholds);

}  // namespace hs::eval
