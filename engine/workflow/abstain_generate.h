#pragma once
// Generation with abstention (seed 004, issue 14), written once for every front end: the Query
// tab's Generate and `hallusql-cli generate --abstain` (single question and --cases) call these.
//  - before generation: the schema-linking check (engine/abstain, no LLM) and, as an option, the
//    LLM infeasibility classifier (resources/prompts/infeasible_check.txt); an abstention here
//    makes no text-to-SQL call;
//  - after generation: the gold-free risk score of the generated SQL and, as an option, the LLM
//    verifier (resources/prompts/sql_verifier.txt).
// The first check that abstains gives the reason. The SQL of an abstention after generation is
// kept: the user can still look at it and run it.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/abstain/abstain.h"
#include "engine/core/finding.h"
#include "engine/db/database.h"
#include "engine/llm/client.h"
#include "engine/workflow/control.h"
#include "engine/workflow/generate.h"

namespace hs::workflow {

struct AbstainSettings {
  abstain::AbstainOptions options;   // schema-linking and risk thresholds
  bool llmClassifier = false;        // ask the model whether the question is answerable at all
  bool llmVerifier = false;          // ask the model whether the SQL answers the question
  double classifierThreshold = 0.5;  // abstain when P(infeasible) >= this
  double verifierThreshold = 0.5;    // abstain when P(wrong) >= this
  llm::SamplingParams params;        // of the two LLM checks (temperature 0 when unset)
};

// One check's judgement ("schema_linking", "llm_classifier", "risk", "llm_verifier").
struct AbstainCheck {
  std::string name;
  std::string stage;  // "before_generation" or "after_generation"
  bool ran = false;   // false: the check could not judge (error says why)
  bool abstained = false;
  double score = 0.0;
  double threshold = 0.0;
  std::string type;  // the infeasible type, "risk", "wrong" / "correct"
  std::string reason;
  std::string error;
};

struct AbstainVerdict {
  bool abstained = false;
  std::string stage;                                      // of the check that abstained; "" when answered
  std::string reason;                                     // the first abstaining check's reason
  std::optional<abstain::AbstainDecision> schemaLinking;  // the lexical check's detail
  std::vector<AbstainCheck> checks;                       // in the order they ran
  int llmCalls = 0;                                       // of the checks (not the generation)
};

// Before generation on an open database. `client` may be null (no LLM classifier).
AbstainVerdict checkBeforeGeneration(llm::Client* client, db::Database& database, const Question& question,
                                     const AbstainSettings& settings, const CancelToken& cancel = {});

// After generation: adds the risk check (the annotation's risk) and, when asked for, the verifier.
// Does nothing when `verdict` already abstained.
void checkAfterGeneration(AbstainVerdict& verdict, llm::Client* client, db::Database& database,
                          const Question& question, const std::string& sql, const Risk& risk,
                          const AbstainSettings& settings, const CancelToken& cancel = {});

struct AbstainingGeneration {
  AbstainVerdict verdict;
  GenerateOutcome generation;  // failedAt Done with no generation when abstained before generation
  bool generated() const { return generation.generation.has_value(); }
};

// One question on the database at `dbPath`: check, generate (unless abstained), check again.
// Progress steps 0..5 of 5; cancel aborts the model calls and the running statement.
AbstainingGeneration generateWithAbstention(llm::Client& client, const std::string& dbPath,
                                            const Question& question, const GenerateOptions& options,
                                            const AbstainSettings& settings, const ProgressFn& progress = {},
                                            const CancelToken& cancel = {});

// The CLI contract's fields on an output object: "abstained", "abstain_reason" (null when
// answered) and "abstain" (stage, score, threshold, type, unmatched, cues, checks, llm_calls).
void writeAbstainJson(const AbstainVerdict& verdict, nlohmann::json& line);

}  // namespace hs::workflow
