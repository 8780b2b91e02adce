#pragma once
// Small pieces the HTML report is made of: escaping, SQL with finding spans marked, SVG bars.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/finding.h"
#include "engine/report/report_text.h"

namespace hs::report {

std::string htmlEscape(std::string_view text);

// CSS class of a finding's family: "tasql", "mrsqlgen", "goldfree", "mr" or "human".
std::string familyClass(const std::string& taxonomy, const std::string& origin);

// The SQL of one side with each finding span on that side wrapped in <mark class="family"
// title="category: message">, the message in `lang`; overlapping spans nest by splitting at every
// boundary.
std::string markedSql(const std::string& sql, const std::string& side, const std::vector<Finding>& findings,
                      Language lang = Language::English);

// A horizontal bar chart as inline SVG: one bar per (label, value), value printed at its end and
// in a <title> for hover.
std::string svgBars(const std::vector<std::pair<std::string, double>>& bars, const std::string& unit,
                    const std::string& colour);

// The section of a run generated with abstention: the `reliability` block of eval::summarize
// (questions, answered, abstained, correct answers, RS(0), RS(10), RS(N) with the penalties, the
// thresholds of the checks).
std::string reliabilityHtml(const nlohmann::json& reliability, Language language);

}  // namespace hs::report
