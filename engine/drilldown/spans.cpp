// Byte-span helpers of the decomposition.
#include "engine/drilldown/spans.h"

#include <algorithm>
#include <cctype>

namespace hs::drilldown {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool wordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}
std::size_t skipBlanksBack(std::string_view t, std::size_t pos) {
  while (pos > 0 && blank(t[pos - 1])) --pos;
  return pos;
}
std::size_t skipBlanksFwd(std::string_view t, std::size_t pos) {
  while (pos < t.size() && blank(t[pos])) ++pos;
  return pos;
}
bool sameWord(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}
// Start of the keyword sequence ending right before `pos` (blanks allowed), or npos.
std::size_t sequenceStart(std::string_view t, std::size_t pos,
                          std::initializer_list<std::string_view> words) {
  if (words.size() == 0) return std::string_view::npos;
  std::vector<std::string_view> w(words);
  for (auto it = w.rbegin(); it != w.rend(); ++it) {
    std::size_t end = skipBlanksBack(t, pos);
    std::size_t begin = end;
    while (begin > 0 && wordChar(t[begin - 1])) --begin;
    if (begin == end || !sameWord(t.substr(begin, end - begin), *it)) return std::string_view::npos;
    pos = begin;
  }
  return pos;
}

}  // namespace

sql::Span widened(std::string_view text, const sql::Expr& e) {
  sql::Span s = e.span;
  for (int i = 0; i < e.parens; ++i) {
    std::size_t b = skipBlanksBack(text, s.begin);
    std::size_t f = skipBlanksFwd(text, s.end);
    if (b == 0 || text[b - 1] != '(' || f >= text.size() || text[f] != ')') break;
    s = {b - 1, f + 1};
  }
  return s;
}

sql::Span withKeyword(std::string_view text, sql::Span s, std::initializer_list<std::string_view> words,
                      std::initializer_list<std::string_view> alt) {
  if (s.begin > text.size()) return s;
  std::size_t start = sequenceStart(text, s.begin, words);
  if (start == std::string_view::npos) start = sequenceStart(text, s.begin, alt);
  if (start != std::string_view::npos) s.begin = start;
  return s;
}

sql::Span trimmed(std::string_view text, sql::Span s) {
  if (s.end > text.size() || s.begin >= s.end) return {s.begin, s.begin};
  s.begin = skipBlanksFwd(text, s.begin);
  while (s.end > s.begin && blank(text[s.end - 1])) --s.end;
  return s;
}

void sortSpans(std::vector<sql::Span>& spans) {
  std::sort(spans.begin(), spans.end(), [](const sql::Span& a, const sql::Span& b) {
    return a.begin < b.begin || (a.begin == b.begin && a.end < b.end);
  });
  std::vector<sql::Span> out;
  for (const auto& s : spans) {
    if (!out.empty() && s.begin <= out.back().end) {
      out.back().end = std::max(out.back().end, s.end);
      continue;
    }
    out.push_back(s);
  }
  spans = std::move(out);
}

}  // namespace hs::drilldown
