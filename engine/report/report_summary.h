#pragma once
// The top of the HTML report, what a reviewer reads first: the key figures (EX under each
// semantics, Soft-F1, the risk score's AUROC with 95% bootstrap intervals on all and on executable
// predictions, calibration, cases with findings, review progress, agreement), then execution
// accuracy by difficulty, the risk score against EX with its calibration diagram, and RS(c) of a
// run generated with abstention.
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "engine/eval/detector_metrics.h"
#include "engine/report/report_input.h"
#include "engine/report/report_mustache.h"

namespace hs::report {

// 95% percentile bootstrap intervals of the risk score's AUROC against EX (set) being wrong, over
// the scored predictions and over those that execute; 1000 resamples with a fixed seed, so the same
// run gives the same report.
struct RiskIntervals {
  std::optional<eval::Interval> all;
  std::optional<eval::Interval> executable;
};
RiskIntervals riskIntervals(const ReportInput& input);

// The values of these sections for the page template (resources/report/report.html.mustache), set
// on `page`; `summary` is eval::summarize of the report's cases.
// `notice` (the cases not evaluated, or false) and `cards`, the key figures.
void addKeyFigures(mustache::data& page, const ReportInput& input, const nlohmann::json& summary,
                   const RiskIntervals& ci);
// `exRows` (overall, then by difficulty, easy to hard) and `anyOrder` (the column of EX under any
// column order).
void addExecutionAccuracy(mustache::data& page, const nlohmann::json& summary, Language language);
// `risk`: its table rows and calibration `chart`, or false when the run has no risk scores.
void addRisk(mustache::data& page, const nlohmann::json& summary, const RiskIntervals& ci, Language language);
// `reliability`: the `reliability` block of the summary of a run generated with abstention
// (questions, answered, abstained, correct answers, RS(0), RS(10), RS(N) with the penalties, the
// thresholds of the checks), or false.
void addReliability(mustache::data& page, const nlohmann::json& summary, Language language);

}  // namespace hs::report
