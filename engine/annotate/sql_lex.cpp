// Lexer of the annotators' SQL view: byte-exact tokens, never throws.
#include <cctype>
#include <string>
#include <unordered_set>

#include "engine/annotate/sql_lex.h"
#include "engine/core/text.h"

namespace hs::annotate {

bool isSqlKeyword(std::string_view w) {
  static const std::unordered_set<std::string_view> kw = {
      "select",  "from",    "where",     "group",  "by",    "having",    "order",   "limit", "offset",
      "join",    "inner",   "left",      "right",  "outer", "cross",     "natural", "full",  "on",
      "using",   "as",      "and",       "or",     "not",   "in",        "is",      "null",  "like",
      "glob",    "between", "exists",    "case",   "when",  "then",      "else",    "end",   "distinct",
      "all",     "union",   "intersect", "except", "with",  "asc",       "desc",    "cast",  "escape",
      "collate", "values",  "recursive", "filter", "over",  "partition", "window",  "nulls", "first",
      "last",    "regexp",  "match"};
  return kw.count(w) > 0;
}

namespace {
bool identStart(unsigned char c) {
  return std::isalpha(c) || c == '_' || c >= 0x80;
}
bool identChar(unsigned char c) {
  return std::isalnum(c) || c == '_' || c == '$' || c >= 0x80;
}
}  // namespace

LexResult lex(std::string_view s) {
  LexResult r;
  std::size_t i = 0;
  int depth = 0;
  const std::size_t n = s.size();
  auto push = [&](TokKind k, std::size_t b, std::size_t e, std::string text) {
    Token t;
    t.kind = k;
    t.begin = b;
    t.end = e;
    t.text = std::move(text);
    t.depth = depth;
    r.tokens.push_back(std::move(t));
  };
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    if (c == '-' && i + 1 < n && s[i + 1] == '-') {
      while (i < n && s[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      std::size_t e = s.find("*/", i + 2);
      i = e == std::string_view::npos ? n : e + 2;
      continue;
    }
    std::size_t b = i;
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      char close = c == '[' ? ']' : static_cast<char>(c);
      std::string val;
      ++i;
      bool closed = false;
      while (i < n) {
        if (s[i] == close) {
          if (close != ']' && i + 1 < n && s[i + 1] == close) {
            val.push_back(close);
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        val.push_back(s[i++]);
      }
      if (!closed && r.error.empty()) {
        r.error = "unterminated quoted text";
        r.errorOffset = b;
      }
      TokKind k = c == '\''  ? TokKind::String
                  : c == '"' ? TokKind::QuotedId
                  : c == '`' ? TokKind::Backtick
                             : TokKind::Bracket;
      push(k, b, i, std::move(val));
      continue;
    }
    if (std::isdigit(c) || (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      while (i < n && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.' ||
                       ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E'))))
        ++i;
      push(TokKind::Number, b, i, std::string(s.substr(b, i - b)));
      continue;
    }
    if (identStart(c)) {
      while (i < n && identChar(static_cast<unsigned char>(s[i]))) ++i;
      push(TokKind::Word, b, i, asciiLower(s.substr(b, i - b)));
      continue;
    }
    if (c == '(') {
      push(TokKind::LParen, b, b + 1, "(");
      ++depth;
      ++i;
      continue;
    }
    if (c == ')') {
      if (depth == 0 && r.error.empty()) {
        r.error = "unbalanced ')'";
        r.errorOffset = b;
      }
      depth = depth > 0 ? depth - 1 : 0;
      push(TokKind::RParen, b, b + 1, ")");
      ++i;
      continue;
    }
    if (c == ',') {
      push(TokKind::Comma, b, b + 1, ",");
      ++i;
      continue;
    }
    if (c == '.') {
      push(TokKind::Dot, b, b + 1, ".");
      ++i;
      continue;
    }
    if (c == ';') {
      push(TokKind::Semi, b, b + 1, ";");
      ++i;
      continue;
    }
    static const char* two[] = {"<=", ">=", "<>", "!=", "==", "||", "<<", ">>"};
    bool matched = false;
    for (const char* t : two) {
      if (s.substr(i, 2) == t) {
        push(TokKind::Op, b, b + 2, t);
        i += 2;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    if (std::string_view("=<>+-*/%&|~").find(static_cast<char>(c)) != std::string_view::npos) {
      push(TokKind::Op, b, b + 1, std::string(1, static_cast<char>(c)));
      ++i;
      continue;
    }
    push(TokKind::Other, b, b + 1, std::string(1, static_cast<char>(c)));
    if (r.error.empty()) {
      r.error = std::string("unexpected character '") + static_cast<char>(c) + "'";
      r.errorOffset = b;
    }
    ++i;
  }
  if (depth != 0 && r.error.empty()) {
    r.error = "unbalanced '('";
    r.errorOffset = n;
  }
  return r;
}

}  // namespace hs::annotate
