// The HTML review report: one self-contained file with inline CSS and SVG, readable offline and
// printable (the PDF is this file printed by Chromium, with page numbers from @page rules).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/finding_categories.h"
#include "engine/eval/report_json.h"
#include "engine/report/report_fields.h"
#include "engine/report/report_html_util.h"
#include "engine/report/report_render.h"
#include "engine/report/report_style.h"
#include "engine/report/report_summary.h"
#include "engine/report/report_text.h"

namespace hs::report {
namespace {

constexpr const char* kCss = R"CSS(
body{font-family:"DejaVu Sans","Noto Sans CJK SC",Arial,sans-serif;color:#1d232a;margin:24px auto;max-width:1100px;padding:0 24px;font-size:14px;line-height:1.45;overflow-wrap:break-word;-webkit-print-color-adjust:exact;print-color-adjust:exact}
h1{font-size:22px;margin:0 0 6px}h2{font-size:18px;margin:26px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
h3{font-size:15px;margin:16px 0 6px}h2,h3{break-after:avoid;page-break-after:avoid}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
nav.toc{font-size:13px;margin:4px 0 0}nav.toc a{margin-right:14px;white-space:nowrap}
table{border-collapse:collapse;margin:6px 0 12px;max-width:100%}th,td{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}
table.ann{width:100%;table-layout:fixed}table.ann td{overflow-wrap:anywhere}table.ann th{overflow-wrap:normal;overflow:hidden}table.ann td:last-child{white-space:nowrap;font-size:12px}col.who{width:14%}col.verdict{width:12%}col.cat{width:20%}col.when{width:12em}
.meta td:last-child{overflow-wrap:anywhere}
th{background:#f3f5f7}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
thead{display:table-header-group}tr,.card,figure,.case,.fam,.keep{break-inside:avoid;page-break-inside:avoid}
.dim{color:#57606a}.notice{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:6px 10px}
.meta td{padding:1px 8px}.meta td:first-child{color:#57606a}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(165px,1fr));gap:8px;margin:8px 0 4px}
.card{border:1px solid #d0d7de;border-radius:6px;padding:6px 10px}.card .k,.card .sub{display:block;color:#57606a;font-size:12px;min-height:1.2em}
.card b{display:block;font-size:20px;font-variant-numeric:tabular-nums}
.row{display:flex;flex-wrap:wrap;gap:8px 28px;align-items:flex-start}figure{margin:6px 0}figcaption{font-size:12px;color:#57606a;text-align:center}
td.barcell{width:240px;min-width:120px}.bar{display:inline-block;height:10px;vertical-align:middle;min-width:1px}
pre.sql{font-family:"DejaVu Sans Mono",monospace;font-size:12.5px;white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;border:1px solid #e1e4e8;padding:6px 8px;margin:4px 0}
mark{background:none;color:inherit;padding:0 1px;border-radius:2px}
.case{border-top:1px solid #d0d7de;padding-top:8px;margin-top:14px}
.case h3 a{color:inherit}.case h3 .ok{color:#1a7f37}.case h3 .bad{color:#cf222e}
.tag{display:inline-block;border-radius:3px;padding:0 5px;margin-right:6px;font-size:12px;color:#fff;background:#57606a}
ul.findings{margin:4px 0 4px 18px;padding:0}
svg.chart text{font-size:11px;fill:#1d232a}
.legend span{margin-right:12px;white-space:nowrap;line-height:2}
@page{size:A4;margin:16mm 14mm 18mm 14mm;@bottom-center{content:counter(page) " / " counter(pages);font-size:10px;color:#57606a}}
@media print{body{margin:0;max-width:none;padding:0}a{color:inherit}}
)CSS";

// One case of the appendix; the style keys of its marks and tags go to `styles` for the legend.
void appendCase(std::string& h, const ReportInput& in, const ReportCase& rc, std::size_t index,
                std::set<std::string>& styles) {
  const Language L = in.language;
  const Case& c = rc.kase;
  std::vector<Finding> findings = rc.outcome ? rc.outcome->findings : std::vector<Finding>{};
  for (const auto& a : rc.annotations)
    if (a.span)
      findings.push_back({a.taxonomy, a.category, "", shownNote(a.note, L), {*a.span}, "human", 1.0, ""});
  std::string ex = "–";
  if (rc.outcome && rc.outcome->exSet)
    ex = *rc.outcome->exSet ? "<span class=ok>EX ✓</span>" : "<span class=bad>EX ✗</span>";
  for (const Finding& f : findings) styles.insert(styleClass(f).substr(2));
  const std::string anchor = "case-" + std::to_string(index);
  h += "<div class=case id=\"" + anchor + "\"><h3><a href=\"#" + anchor + "\">#" + std::to_string(index) +
       "</a> · " + htmlEscape(c.id) + " · " + htmlEscape(c.dbId) + " · " + ex;
  // The per-case fields every format carries (report_fields.h): the difficulty the CSV and JSON
  // Lines rows give, and the one the execution-accuracy table groups the case under.
  const nlohmann::json fields = caseFields(in, rc);
  if (const std::string& level = fields["difficulty"].get_ref<const std::string&>(); !level.empty())
    h +=
        " · " + htmlEscape(tr(L, "Difficulty")) + ": <span class=difficulty>" + htmlEscape(level) + "</span>";
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
      h += "<li><span class=\"tag " + styleClass(f) + "\">" +
           htmlEscape(categoryName(L, f.taxonomy, f.category)) + "</span>" +
           htmlEscape(f.subcategory.empty()
                          ? messageText(L, f.message)
                          : subcategoryText(L, f.subcategory) + sep + messageText(L, f.message)) +
           "</li>";
    }
    h += "</ul>";
  }
  if (!rc.annotations.empty()) {
    h += "<table class=ann><colgroup><col class=who><col class=verdict><col class=cat><col><col "
         "class=when></colgroup><thead><tr><th>" +
         htmlEscape(tr(L, "Reviewer")) + "</th><th>" + htmlEscape(tr(L, "Verdict")) + "</th><th>" +
         htmlEscape(tr(L, "Category")) + "</th><th>" + htmlEscape(tr(L, "Note")) +
         "</th><th></th></tr></thead>";
    for (const auto& a : rc.annotations)
      h += "<tr><td>" + htmlEscape(a.reviewer) + "</td><td>" + htmlEscape(tr(L, a.verdict)) + "</td><td>" +
           htmlEscape(a.category.empty() ? "" : categoryName(L, a.taxonomy, a.category)) + "</td><td>" +
           htmlEscape(shownNote(a.note, L)) + "</td><td>" + htmlEscape(a.createdAt) + "</td></tr>";
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

// Findings per category: one table per family (TA-SQL, C1..C10, gold-free, metamorphic, in the
// legend's order), each category drawn in its style, with its counts and a bar of the cases.
std::string findingsHtml(const ReportInput& in) {
  const Language L = in.language;
  std::map<std::string, std::map<std::string, std::pair<int, int>>> perFamily;  // -> cat -> (findings, cases)
  for (const auto& rc : in.cases) {
    if (!rc.outcome) continue;
    std::set<std::pair<std::string, std::string>> seen;
    for (const Finding& f : rc.outcome->findings) {
      auto& cell = perFamily[f.taxonomy][f.category];
      cell.first++;
      if (seen.insert({f.taxonomy, f.category}).second) cell.second++;
    }
  }
  static const std::vector<std::pair<const char*, const char*>> families = {
      {"tasql", "Table-Aware SQL (TA-SQL)"},
      {"mrsqlgen", "MRSQLGen types C1..C10"},
      {"goldfree", "Gold-free checks"},
      {"mr", "Metamorphic testing"}};
  std::vector<std::string> order;
  for (const auto& [family, title] : families)
    if (perFamily.count(family)) order.push_back(family);
  for (const auto& [family, cats] : perFamily)
    if (std::find(order.begin(), order.end(), family) == order.end()) order.push_back(family);
  std::string h = "<h2 id=findings>" + htmlEscape(tr(L, "Findings per category")) + "</h2>";
  if (order.empty()) return h + "<p>" + htmlEscape(tr(L, "No findings.")) + "</p>\n";
  for (const std::string& family : order) {
    std::vector<std::pair<std::string, std::pair<int, int>>> cats(perFamily[family].begin(),
                                                                  perFamily[family].end());
    // In the order of the names the reader sees (C1..C10 stay in their order): sorted by id,
    // "Quoted value cue" came before "Empty result".
    std::stable_sort(cats.begin(), cats.end(), [&](const auto& a, const auto& b) {
      return naturalLess(categoryName(L, family, a.first), categoryName(L, family, b.first));
    });
    int most = 1;
    for (const auto& [cat, n] : cats) most = std::max(most, n.second);
    std::string title = family;
    for (const auto& [id, name] : families)
      if (family == id) title = tr(L, name);
    h += "<div class=fam><h3>" + htmlEscape(title) + "</h3><table><thead><tr><th>" +
         htmlEscape(tr(L, "Category")) + "</th><th>" + htmlEscape(tr(L, "Findings")) + "</th><th colspan=2>" +
         htmlEscape(tr(L, "Cases with it")) + "</th></tr></thead>";
    for (const auto& [cat, n] : cats) {
      const std::string style = styleClass(family, cat);
      char width[32];
      std::snprintf(width, sizeof width, "%.1f%%", 100.0 * n.second / most);
      h += "<tr><td><mark class=\"" + style + "\">" + htmlEscape(categoryName(L, family, cat)) +
           "</mark></td><td class=n>" + std::to_string(n.first) + "</td><td class=n>" +
           std::to_string(n.second) + "</td><td class=barcell><span class=\"bar " + style +
           "\" style=\"width:" + width + "\"></span></td></tr>";
    }
    h += "</table></div>\n";
  }
  return h;
}

std::string agreementHtml(const eval::AgreementReport& a, Language L) {
  auto fig = [&](const eval::AgreementFigure& f) {
    return (f.value ? fmtNum(*f.value) : tr(L, "undefined")) + " (" + std::to_string(f.items) + " " +
           tr(L, "items") + ")";
  };
  std::string h = "<div class=keep><h2 id=agreement>" + htmlEscape(tr(L, "Reviewer agreement")) +
                  "</h2><table><tr><td>" + htmlEscape(tr(L, "Krippendorff's alpha (nominal)")) +
                  "</td><td class=n>" + htmlEscape(fig(a.alpha)) + "</td></tr><tr><td>" +
                  htmlEscape(tr(L, "Fleiss' kappa")) + "</td><td class=n>" + htmlEscape(fig(a.fleiss)) +
                  "</td></tr></table>";
  if (!a.pairs.empty()) {
    h += "<table><thead><tr><th>" + htmlEscape(tr(L, "Reviewer pair")) + "</th><th>" +
         htmlEscape(tr(L, "Cohen's kappa")) + "</th></tr></thead>";
    for (const auto& p : a.pairs)
      h += "<tr><td>" + htmlEscape(p.a + " / " + p.b) + "</td><td class=n>" + htmlEscape(fig(p.kappa)) +
           "</td></tr>";
    h += "</table>";
  }
  if (!a.perCategory.empty()) {
    h += "<table><thead><tr><th>" + htmlEscape(tr(L, "Category")) + "</th><th>" +
         htmlEscape(tr(L, "Krippendorff's alpha (nominal)")) + "</th></tr></thead>";
    // The reviewers' labels are category ids ("C5", TA-SQL names): shown by their names, in the order
    // of the findings tables.
    auto name = [&](const std::string& id) {
      for (const char* taxonomy : {"mrsqlgen", "tasql"})
        if (const FindingCategoryInfo* c = findCategory(taxonomy, id); c && c->id == id)
          return categoryName(L, taxonomy, id);
      return id;
    };
    std::vector<std::pair<std::string, const eval::CategoryAgreement*>> rows;
    for (const auto& c : a.perCategory) rows.emplace_back(name(c.category), &c);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& x, const auto& y) { return naturalLess(x.first, y.first); });
    for (const auto& [label, c] : rows)
      h += "<tr><td>" + htmlEscape(label) + "</td><td class=n>" + htmlEscape(fig(c->alpha)) + "</td></tr>";
    h += "</table>";
  }
  return h + "</div>\n";
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
  const RiskIntervals ci = riskIntervals(in);

  std::string h;
  h.reserve(8192 + in.cases.size() * 1500);
  h += "<!DOCTYPE html><html lang=\"" + std::string(L == Language::English ? "en" : "zh-CN") +
       "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>" +
       htmlEscape(tr(L, "HalluSQL review report") + " · " + in.runName) + "</title><style>" + kCss +
       findingStyleCss() + "</style></head><body>\n";
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
  const bool reliability = s.contains("reliability") && s["reliability"].is_object();
  const bool risk = s.contains("risk") && s["risk"].is_object();
  h += "<nav class=toc>";
  auto link = [&](const char* id, const char* key) {
    h += "<a href=\"#" + std::string(id) + "\">" + htmlEscape(tr(L, key)) + "</a> ";
  };
  link("ex", "Execution accuracy");
  if (risk) link("risk", "Risk score against EX");
  if (reliability) link("reliability", "Reliability with abstention");
  link("verdicts", "Human verdicts");
  link("findings", "Findings per category");
  if (in.agreement) link("agreement", "Reviewer agreement");
  link("cases", "Cases with findings or annotations");
  h += "</nav>\n";

  h += keyFiguresHtml(in, s, ci);
  h += executionAccuracyHtml(s, L);
  h += riskHtml(s, ci, L);
  // RS(c) when the run was generated with abstention.
  if (reliability) h += "<div id=reliability>" + reliabilityHtml(s["reliability"], L) + "</div>";

  // Human verdicts beside EX.
  std::map<std::string, int> verdicts;
  for (const auto& rc : in.cases) {
    auto v = humanVerdict(rc);
    verdicts[v.value_or("not reviewed")]++;
  }
  h += "<h2 id=verdicts>" + htmlEscape(tr(L, "Human verdicts")) + "</h2><p>" + htmlEscape(tr(L, "Reviewed")) +
       ": " + std::to_string(reviewedCount(in)) + " / " + std::to_string(in.cases.size()) + "</p><table>";
  for (const char* key : {"correct", "incorrect", "unsure", "not reviewed"})
    h += "<tr><td>" + htmlEscape(tr(L, key)) + "</td><td class=n>" + std::to_string(verdicts[key]) +
         "</td></tr>";
  h += "</table>\n";

  h += findingsHtml(in);
  if (in.agreement) h += agreementHtml(*in.agreement, L);

  std::string appendix;
  std::set<std::string> styles;
  std::size_t shown = 0, more = 0;
  for (std::size_t i = 0; i < in.cases.size(); ++i) {
    const auto& rc = in.cases[i];
    if (!(rc.outcome && !rc.outcome->findings.empty()) && rc.annotations.empty()) continue;
    if (options.maxAppendixCases > 0 && shown == options.maxAppendixCases) {
      ++more;
      continue;
    }
    appendCase(appendix, in, rc, i + 1, styles);
    ++shown;
  }
  h += "<h2 id=cases>" + htmlEscape(tr(L, "Cases with findings or annotations")) + "</h2>";
  h += legendHtml(styles, L) + appendix;
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
