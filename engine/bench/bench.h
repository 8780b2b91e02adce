#pragma once
// The detector bench (issue 14; seeds 003 and 004): every detector scored the same way on one
// labelled set. The set is either a mutation set (engine/mutate output: each mutant is wrong, and
// each gold query it came from, put in as the prediction, is correct) or a real run labelled by
// execution accuracy (EX, set semantics). Wrong SQL is the positive class; a detector's score is
// higher when it believes the SQL is wrong.
//
// Detectors: "risk" (the gold-free risk score of engine/annotate, no LLM), "verifier" (the LLM
// verifier, engine/llm/verifier.h), "mr" (the metamorphic pipeline of engine/mr: share of decided
// MRs violated), and combinations "a+b" (mean of the members' scores).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/bench/localise.h"
#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/llm/chat.h"
#include "engine/mr/pipeline.h"

namespace hs::llm {
class Client;
}

namespace hs::bench {

// What a mutation set line says besides the case (mutate's `mutation` and `expected`).
struct MutationInfo {
  std::string rule;
  std::string sourceId;
  std::string tasql;
  std::string ctype;
  bool hasSpan = false;  // the mutated span in pred_sql (mutation.span)
  std::size_t spanBegin = 0;
  std::size_t spanEnd = 0;
};

struct LabelledCase {
  Case item;
  bool wrong = false;
  std::string rule;        // mutation rule; "" for a gold query or a real run
  std::string category;    // expected TA-SQL category of a mutant, "" otherwise
  std::string difficulty;  // the case's, else Spider's hardness of the gold
  bool executes = true;    // the predicted SQL ran without error
  bool hasSpan = false;    // a mutant's mutated span in its predicted SQL
  std::size_t spanBegin = 0;
  std::size_t spanEnd = 0;
};

struct BenchOptions {
  std::string dbRoot;
  std::vector<std::string> detectors{"risk"};
  llm::Client* client = nullptr;  // needed by "verifier" and "mr"
  llm::SamplingParams params;
  mr::DetectOptions mrOptions;
  int jobs = 1;
  std::size_t bootstrap = 1000;  // resamples for the confidence intervals
  std::uint64_t seed = 1;
  double precisionTarget = 0.9;  // seed 003 D.4 threshold
  std::vector<double> atRecall{0.5, 0.8, 0.9};
  std::vector<double> atPrecision{0.8, 0.9, 0.95};
  std::function<void(const std::string& stage, std::size_t done, std::size_t total)> progress;
  const std::atomic<bool>* cancel = nullptr;
};

struct DetectorScores {
  std::string name;
  std::vector<double> scores;  // one per labelled case
  std::size_t llmCalls = 0;
  std::size_t failed = 0;  // cases the detector could not score (scored 0.5)
};

struct BenchResult {
  std::string kind;  // "mutation" or "run"
  std::vector<LabelledCase> cases;
  std::size_t skipped = 0;  // run cases whose EX cannot be decided
  std::vector<DetectorScores> detectors;
  // A mutation set: localisation of the top finding (engine/bench/localise.h), all findings and
  // the gold-free ones.
  std::vector<Localisation> localisation;
};

// Names of the single detectors; a combination joins them with '+'.
const std::vector<std::string>& detectorNames();
// Checks a --detectors list ("risk,verifier,risk+verifier"). Errors name the unknown detector.
Result<std::vector<std::string>> parseDetectorList(const std::string& list);

// `mutations` (by case id) marks a mutation set; empty: a real run labelled by EX.
Result<BenchResult> runBench(const std::vector<Case>& cases,
                             const std::map<std::string, MutationInfo>& mutations,
                             const BenchOptions& options);

// The bench summary: `set`, `bootstrap`, and `detectors` (name, auroc, auprc, ci, auprc_ci,
// executable: the same AUROC/AUPRC on the predictions that run, an execution error being visible
// anyway (cases, wrong, auroc, auprc, ci), cases,
// llm_calls, llm_calls_per_case, failed, precision_at_recall, recall_at_precision,
// threshold_for_precision, rs (c = 0, 10, N), by_rule, by_difficulty, by_category), and
// `localisation` (a list, one per finding source; empty unless a mutation set).
nlohmann::json benchToJson(const BenchResult& result, const BenchOptions& options);

}  // namespace hs::bench
