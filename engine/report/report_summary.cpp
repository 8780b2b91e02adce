#include "engine/report/report_summary.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/eval/metrics.h"
#include "engine/report/report_html_util.h"
#include "engine/report/report_text.h"

namespace hs::report {
namespace {

using nlohmann::json;

constexpr std::size_t kBootstrapSamples = 1000;
constexpr std::uint64_t kBootstrapSeed = 1;

std::string num(const json& v, const char* f = "%.3f") {
  return v.is_number() ? fmtNum(v.get<double>(), f) : std::string("–");
}

std::string interval(const std::optional<eval::Interval>& ci) {
  return ci ? "[" + fmtNum(ci->low) + ", " + fmtNum(ci->high) + "]" : std::string("–");
}

std::string card(const std::string& label, const std::string& value, const std::string& sub) {
  return "<div class=card><span class=k>" + htmlEscape(label) + "</span><b>" + htmlEscape(value) +
         "</b><span class=sub>" + htmlEscape(sub) + "</span></div>";
}

std::string exCell(const json& e) {
  if (!e.is_object()) return "<td class=n>–</td>";
  return "<td class=n>" + fmtRate(e.value("rate", json())) + " <span class=dim>(" +
         std::to_string(e.value("correct", 0)) + "/" + std::to_string(e.value("scored", 0)) + ")</span></td>";
}

std::string exRow(const std::string& label, const json& s, bool anyOrder) {
  std::string h = "<tr><td>" + htmlEscape(label) + "</td><td class=n>" + std::to_string(s.value("cases", 0)) +
                  "</td>" + exCell(s.value("ex_set", json())) + exCell(s.value("ex_bag", json())) +
                  exCell(s.value("ex_ordered", json()));
  if (anyOrder) h += exCell(s.value("ex_set_any_column_order", json()));
  return h + "<td class=n>" + num(s.value("soft_f1", json())) + "</td></tr>";
}

// Spider's and BIRD's difficulty levels from easy to hard; other names after them, by name.
int difficultyRank(const std::string& level) {
  static const char* const order[] = {"easy", "simple", "medium", "moderate", "hard", "challenging", "extra"};
  for (int i = 0; i < 7; ++i)
    if (level == order[i]) return i;
  return 7;
}

// Reliability diagram: mean risk score of each bin against its observed wrong rate, the diagonal
// is perfect calibration; a dot's area follows the bin's cases.
std::string calibrationSvg(const json& bins, Language L) {
  const int size = 200, left = 40, top = 10, bottom = 34;
  const int w = left + size + 12, h = top + size + bottom;
  std::size_t most = 1;
  for (const auto& b : bins) most = std::max<std::size_t>(most, b.value("cases", std::size_t{0}));
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=chart width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" role=\"img\">",
                w, h, w, h);
  std::string out = buf;
  auto x = [&](double v) { return left + v * size; };
  auto y = [&](double v) { return top + (1.0 - v) * size; };
  std::snprintf(buf, sizeof buf,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#d0d7de\"/>"
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#8c959f\" "
                "stroke-dasharray=\"4 3\"/>",
                left, top, size, size, x(0), y(0), x(1), y(1));
  out += buf;
  for (double t : {0.0, 0.5, 1.0}) {
    std::snprintf(buf, sizeof buf,
                  "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.1f</text>"
                  "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f</text>",
                  x(t), top + size + 14, t, left - 4, y(t) + 4, t);
    out += buf;
  }
  std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", x(0.5), h - 4);
  out += buf + htmlEscape(tr(L, "Risk")) + "</text>";
  std::snprintf(buf, sizeof buf, "<text transform=\"translate(12 %.1f) rotate(-90)\" text-anchor=\"middle\">",
                y(0.5));
  out += buf + htmlEscape("EX ✗") + "</text>";
  std::string line;
  for (const auto& b : bins) {
    const std::size_t n = b.value("cases", std::size_t{0});
    if (n == 0) continue;
    const double mx = x(b.value("mean_score", 0.0)), my = y(b.value("wrong_rate", 0.0));
    const double r = 2.5 + 6.0 * std::sqrt(static_cast<double>(n) / static_cast<double>(most));
    std::snprintf(buf, sizeof buf, "%s%.1f,%.1f", line.empty() ? "" : " ", mx, my);
    line += buf;
    std::snprintf(buf, sizeof buf,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#1f77b4\" fill-opacity=\"0.55\"><title>"
                  "%.1f–%.1f: %zu, %.3f / %.3f</title></circle>",
                  mx, my, r, b.value("low", 0.0), b.value("high", 0.0), n, b.value("mean_score", 0.0),
                  b.value("wrong_rate", 0.0));
    out += buf;
  }
  if (!line.empty()) out += "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"#1f77b4\"/>";
  return out + "</svg>";
}

}  // namespace

RiskIntervals riskIntervals(const ReportInput& in) {
  // The same predictions as eval::summarize's `risk`: a risk score and an EX (set) verdict.
  std::vector<double> all, executable;
  std::vector<bool> allWrong, executableWrong;
  for (const ReportCase& rc : in.cases) {
    if (!rc.outcome || !rc.outcome->risk || !rc.outcome->exSet) continue;
    all.push_back(rc.outcome->risk->score);
    allWrong.push_back(!*rc.outcome->exSet);
    if (rc.outcome->pred.ok) {
      executable.push_back(rc.outcome->risk->score);
      executableWrong.push_back(!*rc.outcome->exSet);
    }
  }
  const eval::ScoreMetric metric = [](const std::vector<double>& s, const std::vector<bool>& p) {
    return eval::auroc(s, p);
  };
  RiskIntervals ci;
  if (eval::auroc(all, allWrong))
    ci.all = eval::bootstrapInterval(all, allWrong, metric, kBootstrapSamples, kBootstrapSeed);
  if (eval::auroc(executable, executableWrong))
    ci.executable =
        eval::bootstrapInterval(executable, executableWrong, metric, kBootstrapSamples, kBootstrapSeed);
  return ci;
}

std::string keyFiguresHtml(const ReportInput& in, const json& s, const RiskIntervals& ci) {
  const Language L = in.language;
  const json ex = s.value("ex", json::object());
  auto exCard = [&](const char* label, const char* key) {
    const json e = ex.value(key, json());
    if (!e.is_object()) return std::string();
    return card(tr(L, label), fmtRate(e.value("rate", json())),
                std::to_string(e.value("correct", 0)) + " / " + std::to_string(e.value("scored", 0)) + " " +
                    tr(L, "scored"));
  };
  std::string h;
  // Cases without a stored outcome count nowhere: say so before the figures that leave them out.
  std::size_t notEvaluated = 0;
  for (const ReportCase& rc : in.cases) notEvaluated += rc.outcome ? 0 : 1;
  if (notEvaluated > 0)
    h += "<p class=notice>" +
         htmlEscape(tr(L, "Cases not evaluated yet (evaluate the run to score them)") + ": " +
                    std::to_string(notEvaluated) + " / " + std::to_string(in.cases.size())) +
         "</p>";
  h += "<div class=cards>";
  h += exCard("EX (set)", "set");
  h += exCard("EX (bag)", "bag");
  h += exCard("EX (ordered)", "ordered");
  h += exCard("EX (set, any column order)", "set_any_column_order");
  h += card(tr(L, "Soft-F1"), num(s.value("soft_f1", json())), "");
  if (s.contains("risk") && s["risk"].is_object()) {
    const json& r = s["risk"];
    const json e = r.value("executable", json::object());
    h += card(tr(L, "Risk") + " AUROC · " + tr(L, "All"), num(r.value("auroc_vs_ex_wrong", json())),
              interval(ci.all) + " · " + std::to_string(r.value("cases", 0)));
    h += card(tr(L, "Risk") + " AUROC · " + tr(L, "Executable"), num(e.value("auroc_vs_ex_wrong", json())),
              interval(ci.executable) + " · " + std::to_string(e.value("cases", 0)));
    h += card(tr(L, "Calibration error (ECE, 10 bins)"),
              num(r.value("calibration", json::object()).value("ece_10", json())), "");
  }
  std::size_t withFindings = 0, wrong = 0, wrongWithFindings = 0, annotations = 0;
  for (const ReportCase& rc : in.cases) {
    const bool found = rc.outcome && !rc.outcome->findings.empty();
    withFindings += found ? 1 : 0;
    if (rc.outcome && rc.outcome->exSet && !*rc.outcome->exSet) {
      ++wrong;
      wrongWithFindings += found ? 1 : 0;
    }
    annotations += rc.annotations.size();
  }
  h += card(tr(L, "Cases with findings"),
            std::to_string(withFindings) + " / " + std::to_string(in.cases.size()),
            tr(L, "wrong cases with a finding") + " " + std::to_string(wrongWithFindings) + " / " +
                std::to_string(wrong));
  h += card(tr(L, "Reviewed"), std::to_string(reviewedCount(in)) + " / " + std::to_string(in.cases.size()),
            tr(L, "Annotations") + " " + std::to_string(annotations));
  if (in.agreement)
    h += card(tr(L, "Krippendorff's alpha (nominal)"),
              in.agreement->alpha.value ? fmtNum(*in.agreement->alpha.value) : tr(L, "undefined"),
              std::to_string(in.agreement->alpha.items) + " " + tr(L, "items"));
  return h + "</div>\n";
}

std::string executionAccuracyHtml(const json& s, Language L) {
  const bool anyOrder = s.contains("ex") && s["ex"].contains("set_any_column_order");
  std::string h = "<h2 id=ex>" + htmlEscape(tr(L, "Execution accuracy")) + "</h2><table><thead><tr><th>" +
                  htmlEscape(tr(L, "Difficulty")) + "</th><th>" + htmlEscape(tr(L, "Cases")) + "</th><th>" +
                  htmlEscape(tr(L, "EX (set)")) + "</th><th>" + htmlEscape(tr(L, "EX (bag)")) + "</th><th>" +
                  htmlEscape(tr(L, "EX (ordered)")) + "</th>";
  if (anyOrder) h += "<th>" + htmlEscape(tr(L, "EX (set, any column order)")) + "</th>";
  h += "<th>" + htmlEscape(tr(L, "Soft-F1")) + "</th></tr></thead>";
  json overall = {{"cases", s["counts"].value("cases", 0)}, {"soft_f1", s.value("soft_f1", json())}};
  if (s.contains("ex")) {
    overall["ex_set"] = s["ex"].value("set", json());
    overall["ex_bag"] = s["ex"].value("bag", json());
    overall["ex_ordered"] = s["ex"].value("ordered", json());
    overall["ex_set_any_column_order"] = s["ex"].value("set_any_column_order", json());
  }
  h += exRow(tr(L, "Overall"), overall, anyOrder);
  if (s.contains("by_difficulty")) {
    std::vector<std::string> levels;
    for (const auto& [level, row] : s["by_difficulty"].items()) levels.push_back(level);
    std::stable_sort(levels.begin(), levels.end(), [](const std::string& a, const std::string& b) {
      return difficultyRank(a) < difficultyRank(b);
    });
    for (const auto& level : levels) h += exRow(level, s["by_difficulty"][level], anyOrder);
  }
  return h + "</table>\n";
}

std::string riskHtml(const json& s, const RiskIntervals& ci, Language L) {
  // The gold-free risk score against EX: over all predictions, and over those that execute (an
  // execution error is visible anyway, so that is where the score has to help).
  if (!s.contains("risk") || !s["risk"].is_object()) return {};
  const json& r = s["risk"];
  const json e = r.value("executable", json::object());
  std::string h = "<div class=keep><h2 id=risk>" + htmlEscape(tr(L, "Risk score against EX")) +
                  "</h2><div class=row><table><thead><tr><th>" + htmlEscape(tr(L, "Predictions")) +
                  "</th><th>" + htmlEscape(tr(L, "Cases")) + "</th><th>AUROC</th><th>95% CI" +
                  "</th><th>AUPRC</th><th>" + htmlEscape(tr(L, "Calibration error (ECE, 10 bins)")) +
                  "</th></tr></thead>";
  auto row = [&](const char* label, const json& block, const std::optional<eval::Interval>& iv,
                 const json& ece) {
    return "<tr><td>" + htmlEscape(tr(L, label)) + "</td><td class=n>" +
           std::to_string(block.value("cases", 0)) + "</td><td class=n>" +
           num(block.value("auroc_vs_ex_wrong", json())) + "</td><td class=n>" + interval(iv) +
           "</td><td class=n>" + num(block.value("auprc_vs_ex_wrong", json())) + "</td><td class=n>" +
           num(ece) + "</td></tr>";
  };
  h += row("All", r, ci.all, r.value("calibration", json::object()).value("ece_10", json()));
  h += row("Executable", e, ci.executable, e.value("ece_10", json()));
  h += "</table>";
  const json bins = r.value("calibration", json::object()).value("bins", json::array());
  if (!bins.empty())
    h += "<figure>" + calibrationSvg(bins, L) + "<figcaption>" + htmlEscape(tr(L, "Calibration")) + " · " +
         htmlEscape(tr(L, "All")) + "</figcaption></figure>";
  return h + "</div></div>\n";
}

}  // namespace hs::report
