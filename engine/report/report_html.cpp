// The HTML review report: one self-contained file with inline CSS and SVG, readable offline and
// printable (the PDF is this file printed by Chromium, with page numbers from @page rules).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/eval/report_json.h"
#include "engine/report/report_html_util.h"
#include "engine/report/report_render.h"
#include "engine/report/report_text.h"

namespace hs::report {
namespace {

constexpr const char* kCss = R"CSS(
body{font-family:"DejaVu Sans","Noto Sans CJK SC",Arial,sans-serif;color:#1d232a;margin:24px auto;max-width:1100px;padding:0 24px;font-size:14px;line-height:1.45}
h1{font-size:22px;margin:0 0 6px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
h3{font-size:15px;margin:18px 0 6px}
table{border-collapse:collapse;margin:6px 0 12px}th,td{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f7}td.n{text-align:right;font-variant-numeric:tabular-nums}
.meta td:first-child{color:#57606a}
pre.sql{font-family:"DejaVu Sans Mono",monospace;font-size:12.5px;white-space:pre-wrap;word-break:break-word;background:#f6f8fa;border:1px solid #e1e4e8;padding:6px 8px;margin:4px 0}
mark{background:none;padding:0 1px;border-radius:2px}
mark.tasql{background:#ffe3c2;outline:1px solid #e07b00}
mark.mrsqlgen{background:none;text-decoration:underline 2px #1f6feb;text-underline-offset:3px}
mark.goldfree{outline:1px dotted #8250df}
mark.mr{background:#ffd6dd}
mark.human{background:#d2f4d3;outline:1px solid #1a7f37}
.case{border-top:1px solid #d0d7de;padding-top:8px;margin-top:14px;page-break-inside:avoid}
.case h3 .ok{color:#1a7f37}.case h3 .bad{color:#cf222e}
.tag{display:inline-block;border-radius:3px;padding:0 5px;margin-right:4px;font-size:12px;color:#fff}
.tag.tasql{background:#e07b00}.tag.mrsqlgen{background:#1f6feb}.tag.goldfree{background:#8250df}.tag.mr{background:#cf222e}.tag.human{background:#1a7f37}.tag.other{background:#57606a}
ul.findings{margin:4px 0 4px 18px;padding:0}
svg.chart text{font-size:12px;fill:#1d232a}
.legend span{margin-right:14px}
.fam{break-inside:avoid;page-break-inside:avoid}tr{break-inside:avoid}
@page{size:A4;margin:16mm 14mm 18mm 14mm;@bottom-center{content:counter(page) " / " counter(pages);font-size:10px;color:#57606a}}
@media print{body{margin:0;max-width:none;padding:0}h2{page-break-after:avoid}}
)CSS";

std::string fmtRate(const nlohmann::json& rate) {
  if (!rate.is_number()) return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", rate.get<double>() * 100.0);
  return buf;
}

std::string fmtNum(double v, const char* f = "%.3f") {
  char buf[32];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string exRow(const std::string& label, const nlohmann::json& s) {
  auto cell = [&](const char* key) {
    if (!s.contains(key)) return std::string("<td class=n>–</td>");
    const auto& e = s[key];
    return "<td class=n>" + fmtRate(e.value("rate", nlohmann::json())) + " (" +
           std::to_string(e.value("correct", 0)) + "/" + std::to_string(e.value("scored", 0)) + ")</td>";
  };
  std::string softF1 =
      s.contains("soft_f1") && s["soft_f1"].is_number() ? fmtNum(s["soft_f1"].get<double>()) : "–";
  return "<tr><td>" + htmlEscape(label) + "</td><td class=n>" + std::to_string(s.value("cases", 0)) +
         "</td>" + cell("ex_set") + cell("ex_bag") + cell("ex_ordered") + "<td class=n>" + softF1 +
         "</td></tr>";
}

void appendCase(std::string& h, const ReportInput& in, const ReportCase& rc, std::size_t index) {
  const Language L = in.language;
  const Case& c = rc.kase;
  std::vector<Finding> findings = rc.outcome ? rc.outcome->findings : std::vector<Finding>{};
  for (const auto& a : rc.annotations)
    if (a.span) findings.push_back({a.taxonomy, a.category, "", a.note, {*a.span}, "human", 1.0, ""});
  std::string ex = "–";
  if (rc.outcome && rc.outcome->exSet)
    ex = *rc.outcome->exSet ? "<span class=ok>EX ✓</span>" : "<span class=bad>EX ✗</span>";
  h += "<div class=case id=\"case-" + std::to_string(index) + "\"><h3>#" + std::to_string(index) + " · " +
       htmlEscape(c.id) + " · " + htmlEscape(c.dbId) + " · " + ex;
  if (auto v = humanVerdict(rc))
    h += " · " + htmlEscape(tr(L, "Human verdicts")) + ": " + htmlEscape(tr(L, *v));
  if (rc.outcome && rc.outcome->risk)
    h += " · " + htmlEscape(tr(L, "Risk")) + " " + fmtNum(rc.outcome->risk->score, "%.2f");
  if (c.abstention && c.abstention->abstained) h += " · " + htmlEscape(tr(L, "Abstained"));
  if (!c.infeasibleType.empty())
    h += " · " + htmlEscape(tr(L, "Infeasible question") + " (" + c.infeasibleType + ")");
  h += "</h3>";
  if (c.abstention && c.abstention->abstained && !c.abstention->reason.empty())
    h += "<p><b>" + htmlEscape(tr(L, "Abstained")) + ":</b> " + htmlEscape(c.abstention->reason) + "</p>";
  if (!c.question.empty())
    h += "<p><b>" + htmlEscape(tr(L, "Question")) + ":</b> " + htmlEscape(c.question) + "</p>";
  if (c.goldSql)
    h += "<div>" + htmlEscape(tr(L, "Gold SQL")) + "</div><pre class=sql>" +
         markedSql(*c.goldSql, "gold", findings, L) + "</pre>";
  if (c.predSql)
    h += "<div>" + htmlEscape(tr(L, "Predicted SQL")) + "</div><pre class=sql>" +
         markedSql(*c.predSql, "pred", findings, L) + "</pre>";
  if (rc.outcome && rc.outcome->pred.error)
    h += "<p><b>" + htmlEscape(tr(L, "Prediction error")) + ":</b> " +
         htmlEscape(rc.outcome->pred.error->message) + "</p>";
  if (!findings.empty()) {
    h += "<ul class=findings>";
    const std::string sep = L == Language::SimplifiedChinese ? "：" : ": ";
    for (const Finding& f : findings) {
      const std::string fam = familyClass(f.taxonomy, f.origin);
      h += "<li><span class=\"tag " + fam + "\">" + htmlEscape(categoryName(L, f.taxonomy, f.category)) +
           "</span>" +
           htmlEscape(f.subcategory.empty()
                          ? messageText(L, f.message)
                          : subcategoryText(L, f.subcategory) + sep + messageText(L, f.message)) +
           "</li>";
    }
    h += "</ul>";
  }
  if (!rc.annotations.empty()) {
    h += "<table><tr><th>" + htmlEscape(tr(L, "Reviewer")) + "</th><th>" + htmlEscape(tr(L, "Verdict")) +
         "</th><th>" + htmlEscape(tr(L, "Category")) + "</th><th>" + htmlEscape(tr(L, "Note")) +
         "</th><th></th></tr>";
    for (const auto& a : rc.annotations)
      h += "<tr><td>" + htmlEscape(a.reviewer) + "</td><td>" + htmlEscape(tr(L, a.verdict)) + "</td><td>" +
           htmlEscape(a.category.empty() ? "" : categoryName(L, a.taxonomy, a.category)) + "</td><td>" +
           htmlEscape(a.note) + "</td><td>" + htmlEscape(a.createdAt) + "</td></tr>";
    h += "</table>";
  }
  h += "</div>\n";
}

// "C2 Limit error" before "C10 Group by": runs of digits compare as numbers, the rest as bytes.
bool naturalLess(const std::string& a, const std::string& b) {
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      // Without leading zeros the longer run is the larger number.
      const std::string_view x = std::string_view(a).substr(i, ei - i),
                             y = std::string_view(b).substr(j, ej - j);
      const std::size_t zx = std::min(x.find_first_not_of('0'), x.size()),
                        zy = std::min(y.find_first_not_of('0'), y.size());
      if (x.size() - zx != y.size() - zy) return x.size() - zx < y.size() - zy;
      if (const int c = x.substr(zx).compare(y.substr(zy)); c != 0) return c < 0;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
  return a < b;
}

// Spider's and BIRD's difficulty levels from easy to hard; other names after them, by name.
int difficultyRank(const std::string& level) {
  static const char* const order[] = {"easy", "simple", "medium", "moderate", "hard", "challenging", "extra"};
  for (int i = 0; i < 7; ++i)
    if (level == order[i]) return i;
  return 7;
}

}  // namespace

std::string renderHtml(const ReportInput& in, const HtmlOptions& options) {
  const Language L = in.language;
  std::vector<Case> cases;
  std::vector<eval::CaseOutcome> outcomes;
  cases.reserve(in.cases.size());
  outcomes.reserve(in.cases.size());
  for (const auto& rc : in.cases) {
    cases.push_back(rc.kase);
    outcomes.push_back(rc.outcome.value_or(eval::CaseOutcome{}));
  }
  const nlohmann::json s = eval::summarize(cases, outcomes, eval::SummaryContext{});

  std::string h;
  h.reserve(4096 + in.cases.size() * 1500);
  h += "<!DOCTYPE html><html lang=\"" + std::string(L == Language::English ? "en" : "zh-CN") +
       "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>" +
       htmlEscape(tr(L, "HalluSQL review report") + " · " + in.runName) + "</title><style>" + kCss +
       "</style></head><body>\n";
  h += "<h1>" + htmlEscape(tr(L, "HalluSQL review report")) + "</h1><table class=meta>";
  auto meta = [&](const char* key, const std::string& value) {
    if (!value.empty())
      h += "<tr><td>" + htmlEscape(tr(L, key)) + "</td><td>" + htmlEscape(value) + "</td></tr>";
  };
  meta("Run", in.runName);
  meta("Model", in.model);
  meta("Source file", in.sourceFile);
  meta("Run created", in.createdAt);
  meta("Report generated", in.generatedAt);
  meta("Cases", std::to_string(in.cases.size()));
  h += "</table>\n";

  // Execution accuracy overall and by difficulty.
  h += "<h2>" + htmlEscape(tr(L, "Execution accuracy")) + "</h2><table><tr><th>" +
       htmlEscape(tr(L, "Difficulty")) + "</th><th>" + htmlEscape(tr(L, "Cases")) + "</th><th>" +
       htmlEscape(tr(L, "EX (set)")) + "</th><th>" + htmlEscape(tr(L, "EX (bag)")) + "</th><th>" +
       htmlEscape(tr(L, "EX (ordered)")) + "</th><th>" + htmlEscape(tr(L, "Soft-F1")) + "</th></tr>";
  nlohmann::json overall = {{"cases", s["counts"].value("cases", 0)},
                            {"soft_f1", s.value("soft_f1", nlohmann::json())}};
  if (s.contains("ex")) {
    overall["ex_set"] = s["ex"].value("set", nlohmann::json::object());
    overall["ex_bag"] = s["ex"].value("bag", nlohmann::json::object());
    overall["ex_ordered"] = s["ex"].value("ordered", nlohmann::json::object());
  }
  h += exRow(tr(L, "Overall"), overall);
  if (s.contains("by_difficulty")) {
    std::vector<std::string> levels;
    for (const auto& [level, row] : s["by_difficulty"].items()) levels.push_back(level);
    std::stable_sort(levels.begin(), levels.end(), [](const std::string& a, const std::string& b) {
      return difficultyRank(a) < difficultyRank(b);
    });
    for (const auto& level : levels) h += exRow(level, s["by_difficulty"][level]);
  }
  h += "</table>\n";

  // The gold-free risk score against EX: over all predictions, and over those that execute (an
  // execution error is visible anyway, so that is where the score has to help).
  if (s.contains("risk") && s["risk"].is_object()) {
    const nlohmann::json& r = s["risk"];
    auto num = [](const nlohmann::json& v) {
      return v.is_number() ? fmtNum(v.get<double>()) : std::string("–");
    };
    h += "<h2>" + htmlEscape(tr(L, "Risk score against EX")) + "</h2><table><tr><th>" +
         htmlEscape(tr(L, "Predictions")) + "</th><th>" + htmlEscape(tr(L, "Cases")) +
         "</th><th>AUROC</th><th>" + htmlEscape(tr(L, "Calibration error (ECE, 10 bins)")) + "</th></tr>";
    h += "<tr><td>" + htmlEscape(tr(L, "All")) + "</td><td class=n>" + std::to_string(r.value("cases", 0)) +
         "</td><td class=n>" + num(r.value("auroc_vs_ex_wrong", nlohmann::json())) + "</td><td class=n>" +
         num(r.value("calibration", nlohmann::json::object()).value("ece_10", nlohmann::json())) +
         "</td></tr>";
    const nlohmann::json e = r.value("executable", nlohmann::json::object());
    h += "<tr><td>" + htmlEscape(tr(L, "Executable")) + "</td><td class=n>" +
         std::to_string(e.value("cases", 0)) + "</td><td class=n>" +
         num(e.value("auroc_vs_ex_wrong", nlohmann::json())) + "</td><td class=n>" +
         num(e.value("ece_10", nlohmann::json())) + "</td></tr>";
    h += "</table>\n";
  }

  // RS(c) when the run was generated with abstention.
  if (s.contains("reliability") && s["reliability"].is_object()) h += reliabilityHtml(s["reliability"], L);

  // Human verdicts beside EX.
  std::map<std::string, int> verdicts;
  std::size_t reviewed = 0;
  for (const auto& rc : in.cases) {
    auto v = humanVerdict(rc);
    verdicts[v.value_or("not reviewed")]++;
    if (!rc.annotations.empty()) ++reviewed;
  }
  h += "<h2>" + htmlEscape(tr(L, "Human verdicts")) + "</h2><p>" + htmlEscape(tr(L, "Reviewed")) + ": " +
       std::to_string(reviewed) + " / " + std::to_string(in.cases.size()) + "</p><table>";
  for (const char* key : {"correct", "incorrect", "unsure", "not reviewed"})
    h += "<tr><td>" + htmlEscape(tr(L, key)) + "</td><td class=n>" + std::to_string(verdicts[key]) +
         "</td></tr>";
  h += "</table>\n";

  // Findings per category: chart per family and a table.
  std::map<std::string, std::map<std::string, std::pair<int, int>>>
      perFamily;  // family -> cat -> (findings, cases)
  for (const auto& rc : in.cases) {
    if (!rc.outcome) continue;
    std::map<std::pair<std::string, std::string>, bool> seen;
    for (const Finding& f : rc.outcome->findings) {
      auto& cell = perFamily[f.taxonomy][f.category];
      cell.first++;
      if (!seen[{f.taxonomy, f.category}]) cell.second++, seen[{f.taxonomy, f.category}] = true;
    }
  }
  h += "<h2>" + htmlEscape(tr(L, "Findings per category")) + "</h2>";
  const std::map<std::string, std::pair<const char*, const char*>> families = {
      {"tasql", {"Table-Aware SQL (TA-SQL)", "#e07b00"}},
      {"mrsqlgen", {"MRSQLGen types C1..C10", "#1f6feb"}},
      {"goldfree", {"Gold-free checks", "#8250df"}},
      {"mr", {"Metamorphic testing", "#cf222e"}}};
  for (const auto& [family, byName] : perFamily) {
    std::vector<std::pair<std::string, std::pair<int, int>>> cats(byName.begin(), byName.end());
    // In the order of the names the reader sees (C1..C10 stay in their order): sorted by id,
    // "Quoted value cue" came before "Empty result".
    const std::string& fam_id = family;  // clang 14 cannot capture a structured binding
    std::stable_sort(cats.begin(), cats.end(), [&](const auto& a, const auto& b) {
      return naturalLess(categoryName(L, fam_id, a.first), categoryName(L, fam_id, b.first));
    });
    auto fam = families.find(family);
    // The heading stays on the page of its chart (a printed heading alone at a page's foot).
    h += "<div class=fam><h3>" + htmlEscape(fam == families.end() ? family : tr(L, fam->second.first)) +
         "</h3>";
    std::vector<std::pair<std::string, double>> bars;
    for (const auto& [cat, n] : cats) bars.emplace_back(categoryName(L, family, cat), n.second);
    h += svgBars(bars, tr(L, "Cases with it"), fam == families.end() ? "#57606a" : fam->second.second);
    h += "</div>";
    h += "<table><tr><th>" + htmlEscape(tr(L, "Category")) + "</th><th>" + htmlEscape(tr(L, "Findings")) +
         "</th><th>" + htmlEscape(tr(L, "Cases with it")) + "</th></tr>";
    for (const auto& [cat, n] : cats)
      h += "<tr><td>" + htmlEscape(categoryName(L, family, cat)) + "</td><td class=n>" +
           std::to_string(n.first) + "</td><td class=n>" + std::to_string(n.second) + "</td></tr>";
    h += "</table>";
  }

  if (in.agreement) {
    const auto& a = *in.agreement;
    auto fig = [&](const eval::AgreementFigure& f) {
      return (f.value ? fmtNum(*f.value) : tr(L, "undefined")) + " (" + std::to_string(f.items) + " " +
             tr(L, "items") + ")";
    };
    h += "<h2>" + htmlEscape(tr(L, "Reviewer agreement")) + "</h2><table><tr><td>" +
         htmlEscape(tr(L, "Krippendorff's alpha (nominal)")) + "</td><td class=n>" +
         htmlEscape(fig(a.alpha)) + "</td></tr><tr><td>" + htmlEscape(tr(L, "Fleiss' kappa")) +
         "</td><td class=n>" + htmlEscape(fig(a.fleiss)) + "</td></tr></table>";
    if (!a.pairs.empty()) {
      h += "<table><tr><th>" + htmlEscape(tr(L, "Reviewer pair")) + "</th><th>" +
           htmlEscape(tr(L, "Cohen's kappa")) + "</th></tr>";
      for (const auto& p : a.pairs)
        h += "<tr><td>" + htmlEscape(p.a + " / " + p.b) + "</td><td class=n>" + htmlEscape(fig(p.kappa)) +
             "</td></tr>";
      h += "</table>";
    }
    if (!a.perCategory.empty()) {
      h += "<table><tr><th>" + htmlEscape(tr(L, "Category")) + "</th><th>" +
           htmlEscape(tr(L, "Krippendorff's alpha (nominal)")) + "</th></tr>";
      for (const auto& c : a.perCategory)
        h += "<tr><td>" + htmlEscape(c.category) + "</td><td class=n>" + htmlEscape(fig(c.alpha)) +
             "</td></tr>";
      h += "</table>";
    }
  }

  h += "<h2>" + htmlEscape(tr(L, "Cases with findings or annotations")) + "</h2>";
  h += "<p class=legend><span><mark class=tasql>TA-SQL</mark></span><span><mark "
       "class=mrsqlgen>C1..C10</mark></span>"
       "<span><mark class=goldfree>" +
       htmlEscape(tr(L, "Gold-free checks")) + "</mark></span><span><mark class=human>" +
       htmlEscape(tr(L, "Annotations")) + "</mark></span></p>\n";
  std::size_t shown = 0, more = 0;
  for (std::size_t i = 0; i < in.cases.size(); ++i) {
    const auto& rc = in.cases[i];
    if (!(rc.outcome && !rc.outcome->findings.empty()) && rc.annotations.empty()) continue;
    if (options.maxAppendixCases > 0 && shown == options.maxAppendixCases) {
      ++more;
      continue;
    }
    appendCase(h, in, rc, i + 1);
    ++shown;
  }
  if (more > 0)
    h += "<p class=more>" +
         htmlEscape(tr(L,
                       "More cases with findings or annotations, not printed here (see the HTML report "
                       "or the CSV / JSON Lines data)") +
                    ": " + std::to_string(more)) +
         "</p>\n";
  h += "</body></html>\n";
  return h;
}

}  // namespace hs::report
