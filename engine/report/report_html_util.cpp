#include "engine/report/report_html_util.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/report/report_style.h"

namespace hs::report {

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string fmtRate(const nlohmann::json& rate) {
  if (!rate.is_number()) return "–";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", rate.get<double>() * 100.0);
  return buf;
}

std::string fmtNum(double value, const char* format) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

std::string markedSql(const std::string& sql, const std::string& side, const std::vector<Finding>& findings,
                      Language language) {
  const std::string sep = language == Language::SimplifiedChinese ? "：" : ": ";
  struct Span {
    std::size_t begin, end;
    std::string style, title;
  };
  std::vector<Span> spans;
  std::set<std::size_t> cuts = {0, sql.size()};
  for (const Finding& f : findings) {
    for (const FindingSpan& s : f.spans) {
      if (s.side != side || s.begin >= s.end || s.end > sql.size()) continue;
      spans.push_back(
          {s.begin, s.end, styleClass(f),
           categoryName(language, f.taxonomy, f.category) + sep + messageText(language, f.message)});
      cuts.insert(s.begin);
      cuts.insert(s.end);
    }
  }
  // Outer spans first: a span inside another (a C5 column inside a whole-query "Result differs")
  // is a mark inside its mark, so both stay visible, as the editor draws every indicator; findings
  // on the same range nest in their order; crossing spans are split where they cross.
  std::stable_sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) {
    return x.begin != y.begin ? x.begin < y.begin : x.end > y.end;
  });
  std::string out;
  std::vector<const Span*> open, wanted;
  for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
    const std::size_t a = *it, b = *std::next(it);
    wanted.clear();
    for (const Span& s : spans)
      if (s.begin <= a && b <= s.end) wanted.push_back(&s);
    std::size_t keep = 0;
    while (keep < open.size() && keep < wanted.size() && open[keep] == wanted[keep]) ++keep;
    for (std::size_t k = open.size(); k > keep; --k) out += "</mark>";
    open.resize(keep);
    for (std::size_t k = keep; k < wanted.size(); ++k) {
      out += "<mark class=\"" + wanted[k]->style + "\" title=\"" + htmlEscape(wanted[k]->title) + "\">";
      open.push_back(wanted[k]);
    }
    out += htmlEscape(std::string_view(sql).substr(a, b - a));
  }
  for (std::size_t k = 0; k < open.size(); ++k) out += "</mark>";
  return out;
}

std::string reliabilityHtml(const nlohmann::json& r, Language L) {
  auto num = [](const nlohmann::json& v, const char* f) {
    if (!v.is_number()) return std::string("–");
    char buf[48];
    std::snprintf(buf, sizeof buf, f, v.get<double>());
    return std::string(buf);
  };
  auto count = [&](const char* key) { return std::to_string(r.value(key, 0)); };
  const nlohmann::json rs = r.value("rs", nlohmann::json::object());
  const nlohmann::json pen = r.value("penalties", nlohmann::json::object());
  std::string h =
      "<h2>" + htmlEscape(tr(L, "Reliability with abstention")) + "</h2><table><tr><th>" +
      htmlEscape(tr(L, "Questions")) + "</th><th>" + htmlEscape(tr(L, "Answered")) + "</th><th>" +
      htmlEscape(tr(L, "Abstained")) + "</th><th>" + htmlEscape(tr(L, "Correct answers")) +
      "</th><th>RS(0)</th><th>RS(10)</th><th>RS(N), N = " + num(pen.value("c_N", nlohmann::json()), "%.0f") +
      "</th></tr>";
  h += "<tr><td class=n>" + count("questions") + "</td><td class=n>" + count("answered") +
       "</td><td class=n>" + count("abstained") + "</td><td class=n>" + count("correct_answers") +
       "</td><td class=n>" + num(rs.value("rs_0", nlohmann::json()), "%.3f") + "</td><td class=n>" +
       num(rs.value("rs_10", nlohmann::json()), "%.3f") + "</td><td class=n>" +
       num(rs.value("rs_N", nlohmann::json()), "%.3f") + "</td></tr></table>";
  std::string thresholds;
  const nlohmann::json recorded = r.value("thresholds", nlohmann::json::object());
  for (const auto& [name, value] : recorded.items()) {
    if (!thresholds.empty()) thresholds += ", ";
    thresholds += name + " " + (value.is_number() ? num(value, "%g") : value.dump());
  }
  h += "<p>" +
       htmlEscape(tr(L, "Penalty c of a wrong answer") +
                  ": 0, 10, N = " + num(pen.value("c_N", nlohmann::json()), "%.0f") + " · " +
                  tr(L, "Thresholds") + ": " + (thresholds.empty() ? "–" : thresholds) + " · " +
                  tr(L, "feasible") + " " + count("feasible") + ", " + tr(L, "infeasible") + " " +
                  count("infeasible") + ", " + tr(L, "unscored") + " " + count("unscored")) +
       "</p>\n";
  return h;
}

}  // namespace hs::report
