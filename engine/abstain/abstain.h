#pragma once
// Abstention (seed 004, TrustSQL): answer only when the answer is likely right, and say why not
// otherwise. Two points where HalluSQL can abstain:
//  - before generation: the question is infeasible on this database (feasibility.h, no LLM call);
//  - after generation: the gold-free risk score of the generated SQL (engine/annotate) is high.
// The GUI's Query tab and `generate --abstain` call these two functions; the LLM classifier
// (llm::feasibilityRequest) and verifier (llm::verifierRequest) are optional extra evidence.
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "engine/abstain/feasibility.h"
#include "engine/core/case.h"
#include "engine/core/finding.h"
#include "engine/db/database.h"

namespace hs::abstain {

struct AbstainOptions {
  double infeasibleThreshold = 0.5;  // abstain before generation when the feasibility score >= this
  double riskThreshold = 0.5;        // abstain after generation when the risk score >= this
  FeasibilityOptions feasibility;
};

struct AbstainDecision {
  bool abstained = false;
  std::string stage;   // "before_generation" or "after_generation"
  std::string reason;  // "" when answered
  double score = 0.0;  // the feasibility score (before) or the risk score (after)
  double threshold = 0.0;
  std::string type;        // before: the feasibility type; after: "risk"
  FeasibilityCheck check;  // before only
};

// Reads the schema through hs::db (read-only). A database whose schema cannot be read is not a
// reason to abstain (the generation step will report it).
AbstainDecision beforeGeneration(const std::string& question, db::Database& database,
                                 const AbstainOptions& options);

// The decision on an already computed gold-free risk score (e.g. the one the generate workflow's
// checks produced): abstain when it reaches the threshold, the strongest reason named.
AbstainDecision decideOnRisk(const Risk& risk, const AbstainOptions& options);

// The gold-free risk score of `item.predSql` on <dbRoot>/<dbId>: executed read-only and annotated
// as `evaluate` does. No prediction, or no database: not abstained, score 0.
AbstainDecision afterGeneration(const Case& item, const std::string& dbRoot, const AbstainOptions& options);

// {"stage", "score", "threshold", "type", "unmatched", "cues"} for the output line's "abstain".
nlohmann::json decisionToJson(const AbstainDecision& d);

}  // namespace hs::abstain
