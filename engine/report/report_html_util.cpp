#include "engine/report/report_html_util.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/report/report_style.h"

namespace hs::report {

namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at text[i] and its code point; 0 when the bytes there are
// not valid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a cut sequence).
std::size_t decodeUtf8(std::string_view text, std::size_t i, char32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t n = 0;
  if (b < 0x80) {
    cp = b;
    return 1;
  } else if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
    cp = b & 0x1FU;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    cp = b & 0x0FU;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    cp = b & 0x07U;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0U) != 0x80U) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3FU);
  }
  const char32_t least = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
  if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

// The directional formatting characters that reorder the text after them (embeddings,
// overrides, isolates and their terminators).
bool isBidiControl(char32_t cp) {
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t n = decodeUtf8(text, i, cp);
    if (n == 0) {  // invalid UTF-8: one replacement character per bad byte
      out += kReplacement;
      ++i;
      continue;
    }
    if (n > 1) {
      if (isBidiControl(cp)) {
        char marker[24];
        std::snprintf(marker, sizeof marker, "&lt;U+%04X&gt;", static_cast<unsigned>(cp));
        out += marker;
      } else if (cp >= 0x80 && cp <= 0x9F) {  // C1 controls
        out += kReplacement;
      } else {
        out.append(text.substr(i, n));
      }
      i += n;
      continue;
    }
    const char c = text[i++];
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
      case '\t':
      case '\n':
      case '\r':
        out += c;
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)  // NUL and the other C0 controls, DEL
          out += kReplacement;
        else
          out += c;
    }
  }
  return out;
}

std::string shownNote(std::string_view note, Language language) {
  if (note.size() <= kReportNoteBytes) return std::string(note);
  std::size_t cut = kReportNoteBytes;
  while (cut > 0 && (static_cast<unsigned char>(note[cut]) & 0xC0U) == 0x80U) --cut;  // whole characters
  return std::string(note.substr(0, cut)) + " … [" +
         tr(language, "Bytes of this note not shown (see the CSV / JSON Lines data)") + ": " +
         std::to_string(note.size() - cut) + "]";
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

}  // namespace hs::report
