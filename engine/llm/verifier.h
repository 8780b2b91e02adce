#pragma once
// Two judgements asked of the model, each turned into a score for the detector bench and for
// abstention (issue 14):
//  - the SQL verifier (resources/prompts/sql_verifier.txt): does this SQL answer the question? The
//    verdict and the stated confidence become P(wrong), in the spirit of seed 003's ConfScore and
//    seed 004's ERROR_P baselines;
//  - the infeasible-question classifier (resources/prompts/infeasible_check.txt): can any SQL
//    answer the question (seed 004's five infeasible types)? Its answer becomes P(infeasible).
#include <string>
#include <string_view>

#include "engine/core/error.h"
#include "engine/llm/chat.h"

namespace hs::llm {

struct VerifierInput {
  std::string schema;  // serialiseSchema(...)
  std::string question;
  std::string evidence;  // may be empty
  std::string sql;
};
Result<ChatRequest> verifierRequest(const VerifierInput& input, const SamplingParams& params);

struct VerifierVerdict {
  bool wrong = false;
  double confidence = 0.5;  // in [0, 1], as stated (0.5 when the model gave none)
  double score = 0.5;       // P(wrong): 0.5 + confidence / 2 for "wrong", 0.5 - confidence / 2 for "correct"
};
// The first JSON object with a "verdict" in the answer; without one, a bare "correct"/"wrong"
// (or "approve"/"reject") word. Errors: BadInput, code "verifier_answer".
Result<VerifierVerdict> parseVerifierAnswer(std::string_view answer);

struct FeasibilityInput {
  std::string schema;
  std::string question;
  std::string evidence;
};
Result<ChatRequest> feasibilityRequest(const FeasibilityInput& input, const SamplingParams& params);

struct FeasibilityVerdict {
  bool feasible = true;
  std::string type;  // "feasible", "column-surface", ..., as the model named it
  std::string reason;
  double confidence = 0.5;
  double score = 0.5;  // P(infeasible)
};
// Errors: BadInput, code "feasibility_answer".
Result<FeasibilityVerdict> parseFeasibilityAnswer(std::string_view answer);

}  // namespace hs::llm
