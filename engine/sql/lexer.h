#pragma once
// Hand-written lexer of SQLite's SQL (hs::sql). Comments and whitespace are skipped; tokens are
// byte ranges into the source. A lexical error stops the token stream with an End token at the
// error offset and records what went wrong.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/sql/token.h"

namespace hs::sql {

struct LexError {
  std::string code;  // "utf8", "unterminated_string", "unterminated_identifier", "illegal_token", ...
  std::string message;
  std::size_t offset = 0;
  std::size_t end = 0;
};

struct LexResult {
  std::vector<Token> tokens;  // always ends with one Tok::End token
  std::optional<LexError> error;
};

LexResult tokenize(std::string_view src);

// The first byte at or after `pos` that is neither whitespace nor inside a comment (`-- ...` to the
// end of the line, `/* ... */`, unterminated at the end of the input), by the lexer's own rule.
std::size_t skipSpaceAndComments(std::string_view src, std::size_t pos);

// True when c may appear in a bare identifier (SQLite: letters, digits, '_', '$', bytes >= 0x80).
inline bool isIdChar(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c >= 0x80;
}

// Unquotes a quoted identifier or string token ("a""b" -> a"b, [x] -> x, 'it''s' -> it's).
std::string unquote(std::string_view raw);

}  // namespace hs::sql
