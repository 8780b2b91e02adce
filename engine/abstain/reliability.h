#pragma once
// RS(c) of a run with abstention (seed 004): +1 for a correct answer or an abstention on an
// infeasible question, 0 for an abstention on a feasible question, -c for a wrong answer (an
// answered infeasible question is wrong). Reported for c = 0, 10 and N (the number of questions),
// with the penalties and the thresholds, in every summary where abstention was on.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/case.h"
#include "engine/eval/metrics.h"

namespace hs::abstain {

// {"questions", "answered", "abstained", "correct_answers", "rs": {"rs_0", "rs_10", "rs_N"},
//  "penalties": {"c_0", "c_10", "c_N"}, "thresholds": thresholds}. Empty items: rs values null.
nlohmann::json reliabilitySummary(const std::vector<eval::RsItem>& items, const nlohmann::json& thresholds);

// A generated run: cases with their abstention flag. The cases with a gold query are the scored
// (feasible) questions; an answered one is correct when its result equals the gold result (EX,
// set semantics; databases under dbRoot, read-only). Cases without gold are left out ("unscored").
nlohmann::json runReliability(const std::vector<Case>& cases, const std::vector<bool>& abstained,
                              const std::string& dbRoot, const nlohmann::json& thresholds);

}  // namespace hs::abstain
