#pragma once
// Gold-free risk score: a logistic combination of the gold-free checks and a few structural
// features of the predicted query. defaultRiskModel() holds the weights of
// resources/risk/weights.json, embedded at build time; tests/fit/fit_risk.py fits them on training
// data the project makes itself (the query-structure weights on BIRD mini-dev gold queries labelled
// by their difficulty level; Spider train gold as correct SQL, execution-filtered mutants of it as
// wrong SQL; the question-cue weights on BIRD mini-dev questions with gold SQL and mutants of it)
// and measures them on the Spider dev GPT-4 run, never the other way round.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"
#include "engine/core/error.h"

namespace hs::annotate {

struct RiskModel {
  double bias = 0.0;
  std::vector<double> weights;  // one per riskFeatureNames() entry
};

const std::vector<std::string>& riskFeatureNames();
// The position of `name` in riskFeatureNames(); nullopt for no feature of that name.
std::optional<std::size_t> riskFeatureIndex(std::string_view name);
// The result-shape features (null_values) read `result`; 0 without it.
std::vector<double> riskFeatures(const SqlView& pred, const std::vector<Finding>& goldFree,
                                 const std::optional<ResultSummary>& result = std::nullopt);
Risk scoreRisk(const RiskModel& model, const std::vector<double>& features,
               const std::vector<Finding>& goldFree);

// Reads a weights file: a JSON object with `bias` (number), `features` (the names of
// riskFeatureNames(), in that order) and `weights` (one finite number per feature); other keys
// (provenance, counts) are ignored. Anything else is a BadInput error with code "risk_weights"
// that says what is wrong.
Result<RiskModel> parseRiskModel(std::string_view json);
// The embedded resources/risk/weights.json. Should it not load (a feature was added without
// refitting), every case scores 0.5 and defaultRiskModelError() says why; tst_annotate_risk fails.
const RiskModel& defaultRiskModel();
const Error* defaultRiskModelError();
// The embedded weights file's text (for tests and tools that show where the weights came from).
std::string_view defaultRiskModelText();
// The weights are fitted outside the engine, by tests/fit/fit_risk.py (see its README).
// AUROC: hs::eval::auroc (engine/eval/metrics.h) is the one implementation.

}  // namespace hs::annotate
