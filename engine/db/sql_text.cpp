#include "engine/db/sql_text.h"

#include <cctype>
#include <vector>

#include "engine/core/text.h"

namespace hs::db::detail {

namespace {

bool isIdentChar(unsigned char c) {
  return std::isalnum(c) != 0 || c == '_' || c == '$' || c >= 0x80;
}

bool isSpace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Skips a comment starting at i; returns the offset after it, or i when there is none.
std::size_t skipComment(std::string_view s, std::size_t i) {
  if (i + 1 < s.size() && s[i] == '-' && s[i + 1] == '-') {
    std::size_t j = s.find('\n', i + 2);
    return j == std::string_view::npos ? s.size() : j + 1;
  }
  if (i + 1 < s.size() && s[i] == '/' && s[i + 1] == '*') {
    std::size_t j = s.find("*/", i + 2);
    return j == std::string_view::npos ? s.size() : j + 2;
  }
  return i;
}

// One lexical token of SQL, just enough to find identifiers.
struct Token {
  enum Kind { Ident, Dot, String, Other } kind;
  std::size_t begin;
  std::size_t end;
  std::string text;  // unquoted identifier text
};

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (isSpace(c)) {
      ++i;
      continue;
    }
    if (std::size_t j = skipComment(s, i); j != i) {
      i = j;
      continue;
    }
    std::size_t begin = i;
    if (c == '\'') {  // string literal, '' escapes a quote
      ++i;
      while (i < s.size()) {
        if (s[i] == '\'') {
          if (i + 1 < s.size() && s[i + 1] == '\'') {
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        ++i;
      }
      out.push_back({Token::String, begin, i, {}});
      continue;
    }
    if (c == '"' || c == '`' || c == '[') {
      char close = c == '[' ? ']' : static_cast<char>(c);
      std::string text;
      ++i;
      while (i < s.size()) {
        if (s[i] == close) {
          if (close != ']' && i + 1 < s.size() && s[i + 1] == close) {
            text += close;
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        text += s[i++];
      }
      out.push_back({Token::Ident, begin, i, text});
      continue;
    }
    if (isIdentChar(c) && std::isdigit(c) == 0) {
      while (i < s.size() && isIdentChar(static_cast<unsigned char>(s[i]))) ++i;
      out.push_back({Token::Ident, begin, i, std::string(s.substr(begin, i - begin))});
      continue;
    }
    if (std::isdigit(c) != 0) {
      while (i < s.size() && (isIdentChar(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
      out.push_back({Token::Other, begin, i, {}});
      continue;
    }
    ++i;
    out.push_back({c == '.' ? Token::Dot : Token::Other, begin, i, {}});
  }
  return out;
}

std::vector<std::string> splitQualified(std::string_view name) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = name.find('.', start);
    parts.emplace_back(
        name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

}  // namespace

std::string readOnlyUri(std::string_view path) {
  static const char* hex = "0123456789ABCDEF";
  std::string uri = "file:";
  for (unsigned char c : path) {
    if (std::isalnum(c) != 0 || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  uri += "?mode=ro";
  return uri;
}

std::optional<std::size_t> firstCode(std::string_view sql, std::size_t from) {
  std::size_t i = from;
  while (i < sql.size()) {
    unsigned char c = static_cast<unsigned char>(sql[i]);
    if (isSpace(c) || c == ';') {
      ++i;
      continue;
    }
    if (std::size_t j = skipComment(sql, i); j != i) {
      i = j;
      continue;
    }
    return i;
  }
  return std::nullopt;
}

std::string firstKeyword(std::string_view sql) {
  auto start = firstCode(sql);
  if (!start) return {};
  std::string word;
  for (std::size_t i = *start; i < sql.size() && std::isalpha(static_cast<unsigned char>(sql[i])) != 0; ++i) {
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i])));
  }
  return word;
}

std::string statementHead(std::string_view sql) {
  static const char* modifiers[] = {"TEMP",    "TEMPORARY", "TABLE",   "VIEW", "INDEX",
                                    "TRIGGER", "UNIQUE",    "VIRTUAL", "INTO"};
  std::vector<Token> tokens = tokenize(sql);
  std::string head;
  for (std::size_t t = 0; t < tokens.size() && t < 4; ++t) {
    const Token& tok = tokens[t];
    if (tok.kind != Token::Ident || sql[tok.begin] == '"' || sql[tok.begin] == '`' || sql[tok.begin] == '[')
      break;
    std::string upper;
    for (char c : tok.text) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    bool isModifier = false;
    for (const char* m : modifiers) isModifier = isModifier || upper == m;
    if (t > 0 && !isModifier) break;
    if (!head.empty()) head += ' ';
    head += upper;
  }
  return head.empty() ? std::string("the statement") : head;
}

std::optional<std::pair<std::size_t, std::size_t>> lastToken(std::string_view sql) {
  std::vector<Token> tokens = tokenize(sql);
  while (!tokens.empty() && tokens.back().kind == Token::Other && sql[tokens.back().begin] == ';')
    tokens.pop_back();
  if (tokens.empty()) return std::nullopt;
  return std::make_pair(tokens.back().begin, tokens.back().end);
}

std::optional<std::pair<std::size_t, std::size_t>> findIdentifier(std::string_view sql,
                                                                  std::string_view name) {
  if (name.empty()) return std::nullopt;
  std::vector<Token> tokens = tokenize(sql);
  std::vector<std::string> parts = splitQualified(name);
  // Also try the whole name as one (quoted) identifier containing dots.
  for (int attempt = 0; attempt < 2; ++attempt) {
    std::vector<std::string> want = attempt == 0 ? parts : std::vector<std::string>{std::string(name)};
    if (attempt == 1 && parts.size() == 1) break;
    std::size_t needed = want.size() * 2 - 1;
    for (std::size_t t = 0; t + needed <= tokens.size(); ++t) {
      bool match = true;
      for (std::size_t k = 0; k < want.size() && match; ++k) {
        const Token& id = tokens[t + 2 * k];
        match = id.kind == Token::Ident && iequals(id.text, want[k]);
        if (match && k + 1 < want.size()) match = tokens[t + 2 * k + 1].kind == Token::Dot;
      }
      if (match) return std::make_pair(tokens[t].begin, tokens[t + needed - 1].end);
    }
  }
  return std::nullopt;
}

}  // namespace hs::db::detail
