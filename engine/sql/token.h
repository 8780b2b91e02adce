#pragma once
// Tokens of SQLite's SQL dialect (hs::sql). Tokens are views into the source: no allocation.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace hs::sql {

enum class Tok : std::uint8_t {
  End,          // end of input (or the point where a lexical error stopped the lexer)
  Ident,        // bare identifier (may also be a keyword: see Token::kw)
  QuotedIdent,  // "x", `x`, [x]
  String,       // 'x'
  Integer,
  Float,
  Blob,   // X'AB'
  Param,  // ?, ?1, :a, @a, $a
  LParen,
  RParen,
  Comma,
  Semicolon,
  Dot,
  Star,
  Plus,
  Minus,
  Slash,
  Percent,
  Concat,  // ||
  Eq,      // = ==
  Ne,      // != <>
  Lt,
  Le,
  Gt,
  Ge,
  BitAnd,
  BitOr,
  BitNot,
  ShiftLeft,
  ShiftRight,
  Ptr,   // ->
  Ptr2,  // ->>
};

// Keywords of SQLite 3.40: Kw::kSELECT, Kw::kNULL, ... (TRUE/FALSE are identifiers in SQLite).
enum class Kw : std::uint8_t {
  None,
#define HS_SQL_KW(name) k##name,
#include "engine/sql/keywords.inc"
#undef HS_SQL_KW
};

struct Token {
  Tok tok = Tok::End;
  Kw kw = Kw::None;  // for Tok::Ident spelled like a keyword
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string_view text(std::string_view src) const { return src.substr(begin, end - begin); }
};

// Keyword of a bare word (case-insensitive), Kw::None if it is not one.
Kw keywordOf(std::string_view word);
const char* keywordText(Kw kw);  // upper case spelling
// Every keyword of SQLite 3.40, upper case, in alphabetical order (what the editor colours).
const std::vector<std::string_view>& keywordList();
// SQLite's %fallback ID list (keywords usable as plain identifiers), plus WINDOW/OVER/FILTER.
bool isFallbackKeyword(Kw kw);
// LEFT RIGHT FULL INNER CROSS NATURAL OUTER: names only where SQLite's `nm` allows them.
bool isJoinKeyword(Kw kw);
// Description of a token kind for error messages: "')'", "a string", "an identifier".
const char* describe(Tok tok);

}  // namespace hs::sql
