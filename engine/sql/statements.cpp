// The statements of a text and the token under a byte, read with the SQL lexer.
#include "engine/sql/statements.h"

#include <algorithm>

#include "engine/sql/lexer.h"

namespace hs::sql {

namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

std::vector<Span> statementRanges(std::string_view text) {
  std::vector<std::size_t> cuts;
  for (std::size_t base = 0; base < text.size();) {
    const LexResult lexed = tokenize(text.substr(base));
    for (const Token& t : lexed.tokens)
      if (t.tok == Tok::Semicolon) cuts.push_back(base + t.begin);
    if (!lexed.error) break;
    base += std::max(lexed.error->end, lexed.error->offset + 1);
  }
  cuts.push_back(text.size());
  std::vector<Span> out;
  std::size_t start = 0;
  for (std::size_t cut : cuts) {
    Span s{start, cut};
    while (s.begin < s.end && isBlank(text[s.begin])) ++s.begin;
    while (s.end > s.begin && isBlank(text[s.end - 1])) --s.end;
    if (!s.empty()) out.push_back(s);
    start = cut + 1;
  }
  return out;
}

Span statementAt(std::string_view text, std::size_t pos) {
  const std::vector<Span> all = statementRanges(text);
  if (all.empty()) return {};
  for (const Span& s : all)
    if (pos >= s.begin && pos <= s.end) return s;
  Span best = all.front();
  for (const Span& s : all)
    if (s.end <= pos) best = s;
  return best;
}

std::size_t tokenEndAt(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return text.size();
  const LexResult lexed = tokenize(text.substr(pos));
  const Token& first = lexed.tokens.front();
  if (first.tok != Tok::End && first.begin == 0) return pos + first.end;
  // A bad token where pos is (an unterminated quote, an unknown character): where the lexer stopped.
  if (lexed.error && lexed.error->offset == 0) return pos + std::max<std::size_t>(lexed.error->end, 1);
  return pos + 1;  // blanks or a comment start here
}

}  // namespace hs::sql
