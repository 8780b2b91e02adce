#include "engine/report/report_html_util.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include <nlohmann/json.hpp>

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

std::string familyClass(const std::string& taxonomy, const std::string& origin) {
  if (origin == "human") return "human";
  if (taxonomy == "tasql" || taxonomy == "mrsqlgen" || taxonomy == "goldfree" || taxonomy == "mr")
    return taxonomy;
  return "other";
}

std::string markedSql(const std::string& sql, const std::string& side, const std::vector<Finding>& findings,
                      Language lang) {
  const std::string sep = lang == Language::SimplifiedChinese ? "：" : ": ";
  struct Span {
    std::size_t begin, end;
    const Finding* finding;
  };
  std::vector<Span> spans;
  std::set<std::size_t> cuts = {0, sql.size()};
  for (const Finding& f : findings) {
    for (const FindingSpan& s : f.spans) {
      if (s.side != side || s.begin >= s.end || s.end > sql.size()) continue;
      spans.push_back({s.begin, s.end, &f});
      cuts.insert(s.begin);
      cuts.insert(s.end);
    }
  }
  std::string out;
  for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
    const std::size_t a = *it, b = *std::next(it);
    const Finding* top = nullptr;
    std::string title;
    for (const Span& s : spans) {
      if (s.begin <= a && b <= s.end) {
        if (!top) top = s.finding;
        if (!title.empty()) title += "\n";
        title += s.finding->category + sep + messageText(lang, s.finding->message);
      }
    }
    const std::string piece = htmlEscape(std::string_view(sql).substr(a, b - a));
    if (top)
      out += "<mark class=\"" + familyClass(top->taxonomy, top->origin) + "\" title=\"" + htmlEscape(title) +
             "\">" + piece + "</mark>";
    else
      out += piece;
  }
  return out;
}

std::string svgBars(const std::vector<std::pair<std::string, double>>& bars, const std::string& unit,
                    const std::string& colour) {
  const int rowH = 22, labelW = 260, barW = 360, pad = 60;
  double maxValue = 0.0;
  for (const auto& b : bars) maxValue = std::max(maxValue, b.second);
  if (maxValue <= 0.0) maxValue = 1.0;
  const int height = rowH * static_cast<int>(bars.size()) + 8;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" role=\"img\">",
                labelW + barW + pad, height, labelW + barW + pad, height);
  std::string out = buf;
  int y = 4;
  for (const auto& [label, value] : bars) {
    const double w = value / maxValue * barW;
    std::string shown = value == static_cast<double>(static_cast<long long>(value))
                            ? std::to_string(static_cast<long long>(value))
                            : (std::snprintf(buf, sizeof buf, "%.3f", value), std::string(buf));
    out += "<g><title>" + htmlEscape(label) + ": " + shown + (unit.empty() ? "" : " " + htmlEscape(unit)) +
           "</title>";
    std::snprintf(buf, sizeof buf, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", labelW - 6, y + 15);
    out += buf + htmlEscape(label) + "</text>";
    std::snprintf(buf, sizeof buf, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>",
                  labelW, y + 3, w, rowH - 6, colour.c_str());
    out += buf;
    std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%d\">", labelW + w + 4, y + 15);
    out += buf + shown + "</text></g>";
    y += rowH;
  }
  out += "</svg>";
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
