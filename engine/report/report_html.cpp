// The HTML review report: one self-contained file with inline CSS and SVG, readable offline and
// printable (the PDF is this file printed by Chromium, with page numbers from @page rules). The
// markup is in the templates resources/report/report.html.mustache and case.html.mustache; this
// file computes the numbers and texts they show.
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
#include "engine/report/report_mustache.h"
#include "engine/report/report_render.h"
#include "engine/report/report_style.h"
#include "engine/report/report_summary.h"
#include "engine/report/report_template.h"
#include "engine/report/report_text.h"

namespace hs::report {
namespace {

// The report's own words the templates show, as {{t_NAME}}: (NAME, English key of tr()).
constexpr std::pair<const char*, const char*> kLabels[] = {
    {"t_report", "HalluSQL review report"},
    {"t_ex", "Execution accuracy"},
    {"t_difficulty", "Difficulty"},
    {"t_cases", "Cases"},
    {"t_exSet", "EX (set)"},
    {"t_exBag", "EX (bag)"},
    {"t_exOrdered", "EX (ordered)"},
    {"t_exAnyOrder", "EX (set, any column order)"},
    {"t_softF1", "Soft-F1"},
    {"t_riskVsEx", "Risk score against EX"},
    {"t_predictions", "Predictions"},
    {"t_ece", "Calibration error (ECE, 10 bins)"},
    {"t_calibration", "Calibration"},
    {"t_all", "All"},
    {"t_reliability", "Reliability with abstention"},
    {"t_questions", "Questions"},
    {"t_answered", "Answered"},
    {"t_abstained", "Abstained"},
    {"t_correctAnswers", "Correct answers"},
    {"t_verdicts", "Human verdicts"},
    {"t_reviewed", "Reviewed"},
    {"t_findingsPerCategory", "Findings per category"},
    {"t_noFindings", "No findings."},
    {"t_category", "Category"},
    {"t_findings", "Findings"},
    {"t_casesWithIt", "Cases with it"},
    {"t_agreement", "Reviewer agreement"},
    {"t_alpha", "Krippendorff's alpha (nominal)"},
    {"t_fleiss", "Fleiss' kappa"},
    {"t_reviewerPair", "Reviewer pair"},
    {"t_cohen", "Cohen's kappa"},
    {"t_casesWith", "Cases with findings or annotations"},
    {"t_risk", "Risk"},
    {"t_question", "Question"},
    {"t_goldSql", "Gold SQL"},
    {"t_predictedSql", "Predicted SQL"},
    {"t_predictionError", "Prediction error"},
    {"t_reviewer", "Reviewer"},
    {"t_verdict", "Verdict"},
    {"t_note", "Note"},
};

// `text`, or false (a section the template leaves out) when it is empty.
mustache::data textOrFalse(const std::string& text) {
  return text.empty() ? mustache::data(false) : mustache::data(text);
}

// One case of the appendix (case.html.mustache); the style keys of its marks and tags go to
// `styles` for the legend.
mustache::data caseView(const ReportInput& in, const ReportCase& rc, std::size_t index,
                        std::set<std::string>& styles) {
  const Language L = in.language;
  const Case& c = rc.kase;
  std::vector<Finding> findings = rc.outcome ? rc.outcome->findings : std::vector<Finding>{};
  for (const auto& a : rc.annotations)
    if (a.span)
      findings.push_back({a.taxonomy, a.category, "", shownNote(a.note, L), {*a.span}, "human", 1.0, ""});
  for (const Finding& f : findings) styles.insert(styleClass(f).substr(2));
  mustache::data v;
  v["index"] = std::to_string(index);
  v["caseId"] = c.id;
  v["dbId"] = c.dbId;
  v["ex"] = false;
  if (rc.outcome && rc.outcome->exSet) {
    mustache::data ex;
    ex["exOk"] = *rc.outcome->exSet;
    v["ex"] = std::move(ex);
  }
  // The per-case fields every format carries (report_fields.h): the difficulty the CSV and JSON
  // Lines rows give, and the one the execution-accuracy table groups the case under.
  const nlohmann::json fields = caseFields(in, rc);
  v["difficulty"] = textOrFalse(fields["difficulty"].get_ref<const std::string&>());
  const auto verdict = humanVerdict(rc);
  v["verdict"] = verdict ? mustache::data(tr(L, *verdict)) : mustache::data(false);
  v["riskScore"] = rc.outcome && rc.outcome->risk ? mustache::data(fmtNum(rc.outcome->risk->score, "%.2f"))
                                                  : mustache::data(false);
  const bool abstained = c.abstention && c.abstention->abstained;
  v["abstained"] = abstained;
  v["infeasible"] = c.infeasibleType.empty()
                        ? mustache::data(false)
                        : mustache::data(tr(L, "Infeasible question") + " (" + c.infeasibleType + ")");
  v["abstainReason"] = textOrFalse(abstained ? c.abstention->reason : std::string());
  v["question"] = textOrFalse(c.question);
  auto sql = [&](const std::optional<std::string>& text, const char* side) {
    if (!text) return mustache::data(false);
    mustache::data s;
    s["sql"] = markedSql(*text, side, findings, L);
    return s;
  };
  v["gold"] = sql(c.goldSql, "gold");
  v["pred"] = sql(c.predSql, "pred");
  v["predError"] = rc.outcome && rc.outcome->pred.error ? mustache::data(rc.outcome->pred.error->message)
                                                        : mustache::data(false);
  mustache::data items = newList();
  const std::string sep = L == Language::SimplifiedChinese ? "：" : ": ";
  for (const Finding& f : findings) {
    mustache::data item;
    item["style"] = styleClass(f);
    item["category"] = categoryName(L, f.taxonomy, f.category);
    item["text"] = f.subcategory.empty()
                       ? messageText(L, f.message)
                       : subcategoryText(L, f.subcategory) + sep + messageText(L, f.message);
    items << item;
  }
  v["hasFindings"] = !findings.empty();
  v["findings"] = std::move(items);
  mustache::data rows = newList();
  for (const auto& a : rc.annotations) {
    mustache::data row;
    row["reviewer"] = a.reviewer;
    row["verdict"] = tr(L, a.verdict);
    row["category"] = a.category.empty() ? std::string() : categoryName(L, a.taxonomy, a.category);
    row["note"] = shownNote(a.note, L);
    row["createdAt"] = a.createdAt;
    rows << row;
  }
  v["hasAnnotations"] = !rc.annotations.empty();
  v["annotations"] = std::move(rows);
  return v;
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
mustache::data findingFamilies(const ReportInput& in) {
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
  mustache::data out = newList();
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
    mustache::data fam, rows = newList();
    fam["title"] = title;
    for (const auto& [cat, n] : cats) {
      char width[32];
      std::snprintf(width, sizeof width, "%.1f%%", 100.0 * n.second / most);
      mustache::data row;
      row["style"] = styleClass(family, cat);
      row["name"] = categoryName(L, family, cat);
      row["findings"] = std::to_string(n.first);
      row["withIt"] = std::to_string(n.second);
      row["width"] = std::string(width);
      rows << row;
    }
    fam["categories"] = std::move(rows);
    out << fam;
  }
  return out;
}

mustache::data agreementView(const eval::AgreementReport& a, Language L) {
  auto fig = [&](const eval::AgreementFigure& f) {
    return (f.value ? fmtNum(*f.value) : tr(L, "undefined")) + " (" + std::to_string(f.items) + " " +
           tr(L, "items") + ")";
  };
  mustache::data v, pairs = newList(), categories = newList();
  v["alpha"] = fig(a.alpha);
  v["fleiss"] = fig(a.fleiss);
  for (const auto& p : a.pairs) {
    mustache::data row;
    row["pair"] = p.a + " / " + p.b;
    row["kappa"] = fig(p.kappa);
    pairs << row;
  }
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
  for (const auto& [label, c] : rows) {
    mustache::data row;
    row["label"] = label;
    row["alpha"] = fig(c->alpha);
    categories << row;
  }
  v["hasPairs"] = !a.pairs.empty();
  v["pairs"] = std::move(pairs);
  v["hasCategories"] = !a.perCategory.empty();
  v["categoryAlphas"] = std::move(categories);
  return v;
}

}  // namespace

Result<std::string> renderHtml(const ReportInput& in, const HtmlOptions& options,
                               const TemplateSource& templates) {
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

  mustache::data page;
  for (const auto& [key, english] : kLabels) page[key] = tr(L, english);
  page["lang"] = L == Language::English ? "en" : "zh-CN";
  page["title"] = tr(L, "HalluSQL review report") + " · " + in.runName;
  page["styleCss"] = findingStyleCss();
  mustache::data meta = newList();
  auto metaRow = [&](const char* key, const std::string& value) {
    if (value.empty()) return;
    mustache::data row;
    row["key"] = tr(L, key);
    row["value"] = value;
    meta << row;
  };
  metaRow("Run", in.runName);
  metaRow("Model", in.model);
  metaRow("Source file", in.sourceFile);
  metaRow("Run created", in.createdAt);
  metaRow("Report generated", in.generatedAt);
  metaRow("Cases", std::to_string(in.cases.size()));
  page["meta"] = std::move(meta);
  const bool reliability = s.contains("reliability") && s["reliability"].is_object();
  const bool risk = s.contains("risk") && s["risk"].is_object();
  mustache::data toc = newList();
  auto link = [&](const char* anchor, const char* key) {
    mustache::data a;
    a["anchor"] = anchor;
    a["label"] = tr(L, key);
    toc << a;
  };
  link("ex", "Execution accuracy");
  if (risk) link("risk", "Risk score against EX");
  if (reliability) link("reliability", "Reliability with abstention");
  link("verdicts", "Human verdicts");
  link("findings", "Findings per category");
  if (in.agreement) link("agreement", "Reviewer agreement");
  link("cases", "Cases with findings or annotations");
  page["toc"] = std::move(toc);

  addKeyFigures(page, in, s, ci);
  addExecutionAccuracy(page, s, L);
  addRisk(page, s, ci, L);
  addReliability(page, s, L);  // RS(c) when the run was generated with abstention

  // Human verdicts beside EX.
  std::map<std::string, int> verdictCounts;
  for (const auto& rc : in.cases) verdictCounts[humanVerdict(rc).value_or("not reviewed")]++;
  page["reviewedCount"] = std::to_string(reviewedCount(in));
  page["caseCount"] = std::to_string(in.cases.size());
  mustache::data verdicts = newList();
  for (const char* key : {"correct", "incorrect", "unsure", "not reviewed"}) {
    mustache::data row;
    row["label"] = tr(L, key);
    row["count"] = std::to_string(verdictCounts[key]);
    verdicts << row;
  }
  page["verdicts"] = std::move(verdicts);

  page["families"] = findingFamilies(in);
  page["agreement"] = in.agreement ? agreementView(*in.agreement, L) : mustache::data(false);

  std::vector<std::size_t> listed;  // the cases of the appendix
  std::size_t more = 0;
  for (std::size_t i = 0; i < in.cases.size(); ++i) {
    const auto& rc = in.cases[i];
    if (!(rc.outcome && !rc.outcome->findings.empty()) && rc.annotations.empty()) continue;
    if (options.maxAppendixCases > 0 && listed.size() == options.maxAppendixCases)
      ++more;
    else
      listed.push_back(i);
  }
  // Each case is built in its place in the page's list: kainjow's data has no mutable access to a
  // list and its move is not noexcept, so a list built apart would be copied whole into the page,
  // and a growing one copied as it grows (twice the memory for 10,000 cases). The list grows while
  // its items are empty objects; its items are not const objects, so filling them is allowed.
  mustache::data appendix = newList();
  for (std::size_t k = 0; k < listed.size(); ++k) appendix << mustache::data();
  auto& slots = const_cast<mustache::list&>(appendix.list_value());
  std::set<std::string> styles;
  for (std::size_t k = 0; k < listed.size(); ++k)
    slots[k] = caseView(in, in.cases[listed[k]], listed[k] + 1, styles);
  page["cases"] = std::move(appendix);
  page["legend"] = false;
  if (const auto shownStyles = legendEntries(styles, L); !shownStyles.empty()) {
    mustache::data legend, entries = newList();
    for (const auto& [key, label] : shownStyles) {
      mustache::data entry;
      entry["key"] = key;
      entry["label"] = label;
      entries << entry;
    }
    legend["styles"] = std::move(entries);
    page["legend"] = std::move(legend);
  }
  page["more"] = false;
  if (more > 0)
    page["more"] = tr(L,
                      "More cases with findings or annotations, not printed here (see the HTML report "
                      "or the CSV / JSON Lines data)") +
                   ": " + std::to_string(more);
  return renderTemplate(templates, "report.html", {"case.html"}, page);
}

Result<std::string> renderHtml(const ReportInput& in, const HtmlOptions& options) {
  return renderHtml(in, options, embeddedTemplate);
}

}  // namespace hs::report
