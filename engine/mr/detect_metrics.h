#pragma once
// SQLHD's metrics over a labelled set (seed 000, section 4.3): HDN, HDR per MR, per MR class
// (family) and per stage, accuracy, precision, recall, F1, the confusion matrix and LLM calls per
// question. Positive = hallucination (the labelled SQL is wrong, e.g. EX false) and the detector
// flags it; the seed's text calls the clean class "positive" but its numbers behave as a
// hallucination detector's, which is what is computed here.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/eval/metrics.h"
#include "engine/mr/pipeline.h"

namespace hs::mr {

// What the metrics need of one detection (small enough to keep for a whole benchmark).
struct DetectOutcome {
  bool hallucination = false;  // the label
  bool flagged = false;
  int llmCalls = 0;
  int llmCallsSaved = 0;
  bool earlyStopped = false;
  std::vector<std::pair<std::string, Verdict>> verdicts;  // per MR that was selected
};
DetectOutcome outcomeOf(const DetectResult& result, bool hallucination);

struct HdStats {
  std::string name;            // MR abbreviation, family (CWM, ENM, ...), stage or "all"
  std::string parent;          // the MR's family, the family's stage, the stage's "all"; "" for all
  std::size_t applicable = 0;  // cases where it ran (not inapplicable, not skipped)
  std::size_t decided = 0;     // satisfied or violated
  std::size_t violated = 0;    // cases with a violation (true or false alarm)
  std::size_t hdn = 0;         // labelled hallucinations it caught
  double hdr = 0.0;            // hdn / hdn(parent); 0 when the parent caught none
};

struct DetectMetrics {
  std::size_t cases = 0;
  std::size_t hallucinations = 0;  // labelled
  eval::Confusion confusion;
  double accuracy = 0.0;
  double precision = 0.0;
  double recall = 0.0;
  double f1 = 0.0;
  std::size_t hdn = 0;             // hallucinations caught by any MR
  std::vector<HdStats> perMr;      // seed order
  std::vector<HdStats> perFamily;  // CWM, ENM, SEM, DSM, PWM, EXM, CRM, DAM
  std::vector<HdStats> perStage;   // schema_linking, logical_synthesis
  double callsPerQuestion = 0.0;
  double savedPerQuestion = 0.0;
  std::size_t earlyStopped = 0;
};

DetectMetrics computeDetectMetrics(const std::vector<DetectOutcome>& outcomes);
nlohmann::json metricsJson(const DetectMetrics& metrics);

}  // namespace hs::mr
