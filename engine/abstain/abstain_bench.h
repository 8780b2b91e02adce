#pragma once
// Measuring abstention (issue 14): infeasible questions mixed with feasible ones whose answers
// come from a real, already evaluated run. Reports the AUROC of the feasibility score
// (infeasible = positive) and RS(c) for c = 0, 10, N under four policies: answer everything,
// abstain from everything, abstain before generation only, and before + after generation (risk).
// An infeasible question that is not abstained on counts as a wrong answer (any SQL is wrong).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/abstain/abstain.h"

namespace hs::abstain {

struct AbstainItem {
  std::string id;
  std::string dbId;
  std::string question;
  bool feasible = true;
  std::string type;             // infeasible type from the set, "" for feasible
  std::optional<bool> correct;  // feasible: EX of the run's answer
  std::optional<double> risk;   // feasible: risk score of the run's answer
  double score = 0.0;           // filled: the feasibility score
  std::string predictedType;    // filled
};

// Fills score / predictedType (databases under dbRoot, read-only) and returns the summary.
nlohmann::json benchAbstention(std::vector<AbstainItem>& items, const std::string& dbRoot,
                               const AbstainOptions& options);

}  // namespace hs::abstain
