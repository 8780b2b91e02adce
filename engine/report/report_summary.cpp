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

mustache::data card(const std::string& label, const std::string& value, const std::string& sub) {
  mustache::data c;
  c["label"] = label;
  c["value"] = value;
  c["sub"] = sub;
  return c;
}

// One cell of EX: "81.4% (12/15)", or "–" (`known` false) when the summary has no such block.
mustache::data exCell(const json& e) {
  mustache::data cell;
  cell["known"] = e.is_object();
  if (e.is_object()) {
    cell["rate"] = fmtRate(e.value("rate", json()));
    cell["correct"] = std::to_string(e.value("correct", 0));
    cell["scored"] = std::to_string(e.value("scored", 0));
  }
  return cell;
}

mustache::data exRow(const std::string& label, const json& s, bool anyOrder) {
  mustache::data row, cells = newList();
  row["label"] = label;
  row["count"] = std::to_string(s.value("cases", 0));
  cells << exCell(s.value("ex_set", json())) << exCell(s.value("ex_bag", json()))
        << exCell(s.value("ex_ordered", json()));
  if (anyOrder) cells << exCell(s.value("ex_set_any_column_order", json()));
  row["cells"] = std::move(cells);
  row["softF1"] = num(s.value("soft_f1", json()));
  return row;
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

void addKeyFigures(mustache::data& page, const ReportInput& in, const json& s, const RiskIntervals& ci) {
  const Language L = in.language;
  const json ex = s.value("ex", json::object());
  mustache::data cards = newList();
  auto exCard = [&](const char* label, const char* key) {
    const json e = ex.value(key, json());
    if (!e.is_object()) return;
    cards << card(tr(L, label), fmtRate(e.value("rate", json())),
                  std::to_string(e.value("correct", 0)) + " / " + std::to_string(e.value("scored", 0)) + " " +
                      tr(L, "scored"));
  };
  // Cases without a stored outcome count nowhere: say so before the figures that leave them out.
  std::size_t notEvaluated = 0;
  for (const ReportCase& rc : in.cases) notEvaluated += rc.outcome ? 0 : 1;
  page["notice"] = false;
  if (notEvaluated > 0)
    page["notice"] = tr(L, "Cases not evaluated yet (evaluate the run to score them)") + ": " +
                     std::to_string(notEvaluated) + " / " + std::to_string(in.cases.size());
  exCard("EX (set)", "set");
  exCard("EX (bag)", "bag");
  exCard("EX (ordered)", "ordered");
  exCard("EX (set, any column order)", "set_any_column_order");
  cards << card(tr(L, "Soft-F1"), num(s.value("soft_f1", json())), "");
  if (s.contains("risk") && s["risk"].is_object()) {
    const json& r = s["risk"];
    const json e = r.value("executable", json::object());
    cards << card(tr(L, "Risk") + " AUROC · " + tr(L, "All"), num(r.value("auroc_vs_ex_wrong", json())),
                  interval(ci.all) + " · " + std::to_string(r.value("cases", 0)));
    cards << card(tr(L, "Risk") + " AUROC · " + tr(L, "Executable"),
                  num(e.value("auroc_vs_ex_wrong", json())),
                  interval(ci.executable) + " · " + std::to_string(e.value("cases", 0)));
    cards << card(tr(L, "Calibration error (ECE, 10 bins)"),
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
  cards << card(tr(L, "Cases with findings"),
                std::to_string(withFindings) + " / " + std::to_string(in.cases.size()),
                tr(L, "wrong cases with a finding") + " " + std::to_string(wrongWithFindings) + " / " +
                    std::to_string(wrong));
  cards << card(tr(L, "Reviewed"),
                std::to_string(reviewedCount(in)) + " / " + std::to_string(in.cases.size()),
                tr(L, "Annotations") + " " + std::to_string(annotations));
  if (in.agreement)
    cards << card(tr(L, "Krippendorff's alpha (nominal)"),
                  in.agreement->alpha.value ? fmtNum(*in.agreement->alpha.value) : tr(L, "undefined"),
                  std::to_string(in.agreement->alpha.items) + " " + tr(L, "items"));
  page["cards"] = std::move(cards);
}

void addExecutionAccuracy(mustache::data& page, const json& s, Language L) {
  const bool anyOrder = s.contains("ex") && s["ex"].contains("set_any_column_order");
  page["anyOrder"] = anyOrder;
  json overall = {{"cases", s["counts"].value("cases", 0)}, {"soft_f1", s.value("soft_f1", json())}};
  if (s.contains("ex")) {
    overall["ex_set"] = s["ex"].value("set", json());
    overall["ex_bag"] = s["ex"].value("bag", json());
    overall["ex_ordered"] = s["ex"].value("ordered", json());
    overall["ex_set_any_column_order"] = s["ex"].value("set_any_column_order", json());
  }
  mustache::data rows = newList();
  rows << exRow(tr(L, "Overall"), overall, anyOrder);
  if (s.contains("by_difficulty")) {
    std::vector<std::string> levels;
    for (const auto& [level, row] : s["by_difficulty"].items()) levels.push_back(level);
    std::stable_sort(levels.begin(), levels.end(), [](const std::string& a, const std::string& b) {
      return difficultyRank(a) < difficultyRank(b);
    });
    for (const auto& level : levels) rows << exRow(level, s["by_difficulty"][level], anyOrder);
  }
  page["exRows"] = std::move(rows);
}

void addRisk(mustache::data& page, const json& s, const RiskIntervals& ci, Language L) {
  // The gold-free risk score against EX: over all predictions, and over those that execute (an
  // execution error is visible anyway, so that is where the score has to help).
  page["risk"] = false;
  if (!s.contains("risk") || !s["risk"].is_object()) return;
  const json& r = s["risk"];
  const json e = r.value("executable", json::object());
  mustache::data risk, rows = newList();
  auto row = [&](const char* label, const json& block, const std::optional<eval::Interval>& iv,
                 const json& ece) {
    mustache::data x;
    x["label"] = tr(L, label);
    x["count"] = std::to_string(block.value("cases", 0));
    x["auroc"] = num(block.value("auroc_vs_ex_wrong", json()));
    x["ci"] = interval(iv);
    x["auprc"] = num(block.value("auprc_vs_ex_wrong", json()));
    x["ece"] = num(ece);
    rows << x;
  };
  row("All", r, ci.all, r.value("calibration", json::object()).value("ece_10", json()));
  row("Executable", e, ci.executable, e.value("ece_10", json()));
  risk["rows"] = std::move(rows);
  risk["chart"] = false;
  const json bins = r.value("calibration", json::object()).value("bins", json::array());
  if (!bins.empty()) {
    mustache::data chart;
    chart["svg"] = calibrationSvg(bins, L);
    risk["chart"] = std::move(chart);
  }
  page["risk"] = std::move(risk);
}

void addReliability(mustache::data& page, const json& s, Language L) {
  page["reliability"] = false;
  if (!s.contains("reliability") || !s["reliability"].is_object()) return;
  const json& r = s["reliability"];
  auto count = [&](const char* key) { return std::to_string(r.value(key, 0)); };
  const json rs = r.value("rs", json::object());
  const json pen = r.value("penalties", json::object());
  mustache::data v;
  v["cN"] = num(pen.value("c_N", json()), "%.0f");
  v["questions"] = count("questions");
  v["answered"] = count("answered");
  v["abstainedCount"] = count("abstained");
  v["correctAnswers"] = count("correct_answers");
  v["rs0"] = num(rs.value("rs_0", json()));
  v["rs10"] = num(rs.value("rs_10", json()));
  v["rsN"] = num(rs.value("rs_N", json()));
  std::string thresholds;
  const json recorded = r.value("thresholds", json::object());
  for (const auto& [name, value] : recorded.items()) {
    if (!thresholds.empty()) thresholds += ", ";
    thresholds += name + " " + (value.is_number() ? num(value, "%g") : value.dump());
  }
  v["penalties"] = tr(L, "Penalty c of a wrong answer") +
                   ": 0, 10, N = " + num(pen.value("c_N", json()), "%.0f") + " · " + tr(L, "Thresholds") +
                   ": " + (thresholds.empty() ? "–" : thresholds) + " · " + tr(L, "feasible") + " " +
                   count("feasible") + ", " + tr(L, "infeasible") + " " + count("infeasible") + ", " +
                   tr(L, "unscored") + " " + count("unscored");
  page["reliability"] = std::move(v);
}

}  // namespace hs::report
