#pragma once
// The top of the HTML report, what a reviewer reads first: the key figures (EX under each
// semantics, Soft-F1, the risk score's AUROC with 95% bootstrap intervals on all and on executable
// predictions, calibration, cases with findings, review progress, agreement), then execution
// accuracy by difficulty and the risk score against EX with its calibration diagram.
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "engine/eval/detector_metrics.h"
#include "engine/report/report_input.h"

namespace hs::report {

// 95% percentile bootstrap intervals of the risk score's AUROC against EX (set) being wrong, over
// the scored predictions and over those that execute; 1000 resamples with a fixed seed, so the same
// run gives the same report.
struct RiskIntervals {
  std::optional<eval::Interval> all;
  std::optional<eval::Interval> executable;
};
RiskIntervals riskIntervals(const ReportInput& input);

// `summary` is eval::summarize of the report's cases.
std::string keyFiguresHtml(const ReportInput& input, const nlohmann::json& summary, const RiskIntervals& ci);
std::string executionAccuracyHtml(const nlohmann::json& summary, Language language);
std::string riskHtml(const nlohmann::json& summary, const RiskIntervals& ci, Language language);

}  // namespace hs::report
