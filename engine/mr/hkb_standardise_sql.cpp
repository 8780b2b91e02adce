// standardiseSql: the SQL side of MRSQLGen's standardisation (see hkb_standardise.h).
#include <set>

#include "engine/core/text.h"
#include "engine/mr/hkb_standardise.h"
#include "engine/sql/lexer.h"

namespace hs::mr {
namespace {

std::set<std::string> lowerSet(const std::vector<std::string>& names) {
  std::set<std::string> out;
  for (const auto& n : names) out.insert(asciiLower(n));
  return out;
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

bool isName(sql::Tok t) {
  return t == sql::Tok::Ident || t == sql::Tok::QuotedIdent;
}

}  // namespace

std::string standardiseSql(std::string_view sql, const SchemaVocabulary& vocabulary) {
  const std::set<std::string> tables = lowerSet(vocabulary.tables);
  const std::set<std::string> columns = lowerSet(vocabulary.columns);
  const bool haveSchema = !vocabulary.tables.empty();
  sql::LexResult lex = sql::tokenize(sql);
  std::string out;
  auto append = [&](std::string_view piece, bool glue) {
    if (!out.empty() && !glue) out.push_back(' ');
    out += piece;
  };
  std::size_t consumed = 0;
  for (std::size_t k = 0; k < lex.tokens.size(); ++k) {
    const sql::Token& t = lex.tokens[k];
    if (t.tok == sql::Tok::End) {
      consumed = t.begin;
      break;
    }
    const sql::Token* prev = k > 0 ? &lex.tokens[k - 1] : nullptr;
    const sql::Token& next = lex.tokens[k + 1];  // the End token always follows
    const bool glue =
        (prev && prev->tok == sql::Tok::Dot) || t.tok == sql::Tok::Dot || t.tok == sql::Tok::Comma ||
        t.tok == sql::Tok::RParen || (prev && prev->tok == sql::Tok::LParen) ||
        (t.tok == sql::Tok::LParen && prev && prev->tok == sql::Tok::Ident && prev->kw == sql::Kw::None);
    std::string_view text = t.text(sql);
    switch (t.tok) {
      case sql::Tok::String:
        append("[Value]", glue);
        continue;
      case sql::Tok::Integer:
        append("[Integer]", glue);
        continue;
      case sql::Tok::Float:
        append("[Float]", glue);
        continue;
      default:
        break;
    }
    if (!isName(t.tok)) {
      append(text, glue);
      continue;
    }
    const std::string name =
        asciiLower(t.tok == sql::Tok::QuotedIdent ? sql::unquote(text) : std::string(text));
    const bool afterAs = prev && prev->kw == sql::Kw::kAS;
    const bool afterFrom = prev && (prev->kw == sql::Kw::kFROM || prev->kw == sql::Kw::kJOIN);
    if (t.tok == sql::Tok::Ident && next.tok == sql::Tok::LParen && !tables.count(name)) {
      append(upper(text), glue);  // function name
    } else if (tables.count(name) || (!haveSchema && afterFrom)) {
      append("[TableName]", glue);
    } else if (columns.count(name)) {
      append("[ColumnName]", glue);
    } else if (afterAs || next.tok == sql::Tok::Dot) {
      append("[Alias]", glue);
    } else if (t.tok == sql::Tok::Ident && t.kw != sql::Kw::None) {
      append(upper(text), glue);
    } else if (haveSchema && prev && prev->tok == sql::Tok::Ident && prev->kw == sql::Kw::None) {
      append("[Alias]", glue);  // "FROM singer T1": implicit alias
    } else {
      append("[ColumnName]", glue);
    }
  }
  if (lex.error && consumed < sql.size()) append(sql.substr(consumed), false);
  return out;
}

}  // namespace hs::mr
