#include "engine/llm/sql_extract.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "engine/core/text.h"
#include "engine/sql/lexer.h"

namespace hs::llm {

namespace {

struct Region {
  std::size_t begin;
  std::size_t end;
  std::string method;
};

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Case-insensitive keyword at `pos`, on word boundaries.
bool keywordAt(std::string_view s, std::size_t pos, std::string_view kw) {
  if (pos + kw.size() > s.size()) return false;
  if (pos > 0 && isWordChar(s[pos - 1])) return false;
  if (!iequals(s.substr(pos, kw.size()), kw)) return false;
  return pos + kw.size() == s.size() || !isWordChar(s[pos + kw.size()]);
}

// SELECT, or WITH followed by "[RECURSIVE] name [(cols)] AS (" (so prose "with a join" is no query).
bool startsQuery(std::string_view s, std::size_t pos) {
  if (keywordAt(s, pos, "select")) return true;
  if (!keywordAt(s, pos, "with")) return false;
  std::size_t i = pos + 4;
  auto space = [&] {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  };
  space();
  if (keywordAt(s, i, "recursive")) return true;
  if (i < s.size() && (s[i] == '"' || s[i] == '`' || s[i] == '[')) {
    char close = s[i] == '[' ? ']' : s[i];
    std::size_t c = s.find(close, i + 1);
    if (c == std::string_view::npos) return false;
    i = c + 1;
  } else {
    std::size_t b = i;
    while (i < s.size() && isWordChar(s[i])) ++i;
    if (i == b) return false;
  }
  space();
  if (i < s.size() && s[i] == '(') {
    std::size_t c = s.find(')', i);
    if (c == std::string_view::npos) return false;
    i = c + 1;
    space();
  }
  if (!keywordAt(s, i, "as")) return false;
  i += 2;
  space();
  return i < s.size() && (s[i] == '(' || keywordAt(s, i, "materialized") || keywordAt(s, i, "not"));
}

// Skips whitespace and SQL comments from pos (the SQL lexer's rule), not past `end`.
std::size_t skipSpaceAndComments(std::string_view s, std::size_t pos, std::size_t end) {
  return sql::skipSpaceAndComments(s.substr(0, end), pos);
}

// Statement boundaries in [b, e): the ';' tokens of the SQL lexer. The region may hold prose after
// the SQL, so a byte no token starts with ('#', '{') is stepped over and lexing goes on; an
// unterminated string or quoted name runs to the end, as in SQLite, and hides any ';' after it.
std::vector<std::size_t> statementEnds(std::string_view s, std::size_t b, std::size_t e) {
  std::vector<std::size_t> ends;
  std::size_t from = b;
  while (from < e) {
    sql::LexResult lexed = sql::tokenize(s.substr(from, e - from));
    for (const sql::Token& t : lexed.tokens) {
      if (t.tok == sql::Tok::Semicolon) ends.push_back(from + t.begin);
    }
    if (!lexed.error || lexed.error->code.rfind("unterminated", 0) == 0) break;
    from += std::max(lexed.error->end, lexed.error->offset + 1);
  }
  return ends;
}

// Words that may begin a continuation line of a SQL statement.
bool sqlContinuationLine(std::string_view line) {
  static const char* kWords[] = {
      "select",  "from",   "where",    "join",      "inner",  "left",    "right",   "full",      "cross",
      "natural", "on",     "using",    "and",       "or",     "not",     "group",   "order",     "having",
      "limit",   "offset", "union",    "intersect", "except", "with",    "as",      "case",      "when",
      "then",    "else",   "end",      "in",        "exists", "between", "like",    "is",        "asc",
      "desc",    "by",     "distinct", "all",       "values", "window",  "over",    "partition", "cast",
      "count",   "sum",    "avg",      "min",       "max",    "iif",     "coalesce"};
  std::size_t b = 0;
  while (b < line.size() && (line[b] == ' ' || line[b] == '\t')) ++b;
  if (b >= line.size()) return true;
  char c = line[b];
  if (c == '(' || c == ')' || c == ',' || c == '\'' || c == '"' || c == '`' || c == '[' || c == '-' ||
      std::isdigit(static_cast<unsigned char>(c))) {
    return true;
  }
  for (const char* w : kWords) {
    if (keywordAt(line, b, w)) return true;
  }
  // identifier.column at the start of a line (a wrapped select list)
  std::size_t e = b;
  while (e < line.size() && isWordChar(line[e])) ++e;
  return e < line.size() && (line[e] == '.' || line[e] == ',');
}

// A line that reads as an explanation rather than SQL (used when no blank line separates them).
bool looksLikeProse(std::string_view line) {
  if (sqlContinuationLine(line)) return false;
  std::size_t b = line.find_first_not_of(" \t");
  if (b == std::string_view::npos) return false;
  std::string lower = asciiLower(line.substr(b));
  for (const char* lead : {"explanation", "note", "this query", "this sql", "here ", "the query", "the above",
                           "this will", "it ", "in this", "**", "* ", "- ", "#"}) {
    if (lower.rfind(lead, 0) == 0) return true;
  }
  std::size_t w = 0;  // "Label:" lines such as "SQLResult:", "Answer:"
  while (w < lower.size() && isWordChar(lower[w])) ++w;
  if (w > 0 && w < lower.size() && lower[w] == ':') return true;
  std::size_t words = 1;
  for (char ch : lower) words += ch == ' ' ? 1 : 0;
  std::size_t e = lower.find_last_not_of(" \t\r");
  char last = e == std::string::npos ? ' ' : lower[e];
  return words >= 5 && (last == '.' || last == ':' || lower.find(". ") != std::string::npos);
}

// The end of a statement that starts at `start` and has no ';' before `limit`: stops at a blank
// line followed by prose, or at a line that is clearly prose after the SQL.
std::size_t proseCut(std::string_view s, std::size_t start, std::size_t limit) {
  std::size_t pos = s.find('\n', start);
  while (pos != std::string_view::npos && pos < limit) {
    std::size_t lineStart = pos + 1;
    bool blank = false;
    std::size_t next = lineStart;
    while (next < limit) {  // skip blank lines
      std::size_t nl = s.find('\n', next);
      std::size_t le = nl == std::string_view::npos || nl > limit ? limit : nl;
      std::string_view line = s.substr(next, le - next);
      if (line.find_first_not_of(" \t\r") != std::string_view::npos) break;
      blank = true;
      next = le == limit ? limit : le + 1;
    }
    if (next >= limit) return pos;
    std::size_t nl = s.find('\n', next);
    std::size_t le = nl == std::string_view::npos || nl > limit ? limit : nl;
    std::string_view line = s.substr(next, le - next);
    if (blank ? !sqlContinuationLine(line) : looksLikeProse(line)) return pos;
    pos = nl == std::string_view::npos || nl >= limit ? std::string_view::npos : nl;
  }
  return limit;
}

std::vector<Region> fences(std::string_view s) {
  std::vector<Region> out;
  std::size_t pos = 0;
  while ((pos = s.find("```", pos)) != std::string_view::npos) {
    std::size_t infoEnd = s.find('\n', pos + 3);
    if (infoEnd == std::string_view::npos) break;
    std::string info = asciiLower(s.substr(pos + 3, infoEnd - pos - 3));
    while (!info.empty() && std::isspace(static_cast<unsigned char>(info.back()))) info.pop_back();
    std::size_t body = infoEnd + 1;
    std::size_t close = s.find("```", body);
    std::size_t bodyEnd = close == std::string_view::npos ? s.size() : close;
    out.push_back({body, bodyEnd, info.find("sql") != std::string::npos ? "sql_fence" : "fence"});
    if (close == std::string_view::npos) break;
    pos = close + 3;
  }
  return out;
}

// First SELECT/WITH statement in [b, e).
std::optional<ExtractedSql> firstQuery(std::string_view s, std::size_t b, std::size_t e,
                                       const std::string& method, bool cutProse) {
  auto ends = statementEnds(s, b, e);
  std::size_t total =
      ends.size() + (skipSpaceAndComments(s, ends.empty() ? b : ends.back() + 1, e) < e ? 1 : 0);
  std::size_t stmtStart = b;
  std::size_t index = 0;
  for (std::size_t k = 0; k <= ends.size(); ++k, ++index) {
    std::size_t stmtEnd = k < ends.size() ? ends[k] : e;
    std::size_t first = skipSpaceAndComments(s, stmtStart, stmtEnd);
    // Within a prose region the query may start after some words: find the keyword.
    std::size_t q = first;
    if (cutProse) {
      while (q < stmtEnd && !startsQuery(s, q)) ++q;
    }
    if (q < stmtEnd && startsQuery(s, q)) {
      std::size_t end = stmtEnd;
      if (cutProse || k == ends.size()) end = proseCut(s, q, stmtEnd);
      while (end > q && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
      ExtractedSql x;
      x.begin = q;
      x.end = end;
      x.sql = std::string(s.substr(q, end - q));
      x.method = method;
      x.statements = std::max<std::size_t>(total, 1);
      if (index > 0) {
        x.note = "statement " + std::to_string(index + 1) + " of " + std::to_string(x.statements) +
                 " is the first SELECT/WITH; the ones before it were skipped";
      } else if (x.statements > 1) {
        x.note = std::to_string(x.statements) + " statements; took the first SELECT/WITH";
      }
      return x;
    }
    if (k < ends.size()) stmtStart = ends[k] + 1;
  }
  return std::nullopt;
}

// Blanks out <think>...</think> (reasoning models) so nothing inside is picked.
std::string maskThinking(std::string_view raw) {
  std::string s(raw);
  std::size_t pos = 0;
  while ((pos = s.find("<think>", pos)) != std::string::npos) {
    std::size_t close = s.find("</think>", pos);
    std::size_t end = close == std::string::npos ? s.size() : close + 8;
    for (std::size_t i = pos; i < end; ++i) {
      if (s[i] != '\n') s[i] = ' ';
    }
    pos = end;
  }
  return s;
}

}  // namespace

Result<ExtractedSql> extractSql(std::string_view raw) {
  if (raw.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return makeError(ErrorKind::BadInput, "no_sql", "the model returned an empty answer");
  }
  std::string masked = maskThinking(raw);
  std::string_view s = masked;
  // Regions are found in the masked text; the SQL is the raw text of the span (a <think> block
  // inside the span would otherwise make `sql` differ from raw.substr(begin, end - begin)).
  auto fromRaw = [raw](ExtractedSql x) {
    x.sql = std::string(raw.substr(x.begin, x.end - x.begin));
    return x;
  };
  // 1. Fenced blocks: ```sql first, then any fence holding a query.
  auto blocks = fences(s);
  for (const char* want : {"sql_fence", "fence"}) {
    for (const auto& f : blocks) {
      if (f.method != want) continue;
      if (auto x = firstQuery(s, f.begin, f.end, f.method, false)) {
        if (blocks.size() > 1) {
          x->note += std::string(x->note.empty() ? "" : "; ") + std::to_string(blocks.size()) +
                     " code blocks; took the first that holds a query";
        }
        return fromRaw(*x);
      }
    }
  }
  // 2. A "SQL:" / "SQLQuery:" prefix.
  for (const char* prefix : {"sqlquery:", "sql query:", "sql:"}) {
    std::string lower = asciiLower(s);
    std::size_t p = lower.find(prefix);
    if (p != std::string::npos && (p == 0 || !isWordChar(s[p - 1]))) {
      if (auto x = firstQuery(s, p + std::string_view(prefix).size(), s.size(), "prefix", true))
        return fromRaw(*x);
    }
  }
  // 3. The first SELECT/WITH keyword, at the start of a line first, then anywhere.
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((i == 0 || s[i - 1] == '\n') && startsQuery(s, skipSpaceAndComments(s, i, s.size()))) {
      std::size_t q = skipSpaceAndComments(s, i, s.size());
      if (auto x = firstQuery(s, q, s.size(), q == 0 ? "whole" : "keyword", true)) return fromRaw(*x);
    }
  }
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (startsQuery(s, i)) {
      if (auto x = firstQuery(s, i, s.size(), "keyword", true)) return fromRaw(*x);
    }
  }
  // 4. The prompt ends in "start from SELECT": some models continue after the keyword.
  return makeError(ErrorKind::BadInput, "no_sql", "no SELECT or WITH statement found in the model's answer");
}

}  // namespace hs::llm
