#pragma once
// Parser of SQLite's query language with byte spans and error recovery (hs::sql).
//
//   ParseResult r = hs::sql::parse(text);      // every statement: query trees + classification
//   auto q = hs::sql::parseSelect(text);       // exactly one query statement, or an error
//
// On a syntax error, ParseResult::error says what, where (byte offset) and what was expected, and
// the statement being parsed is kept in `statements` with its partial tree (null children where
// the input stopped making sense).
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/sql/ast.h"

namespace hs::sql {

struct LexResult;  // engine/sql/lexer.h

struct SyntaxError {
  std::string message;  // e.g. "unexpected ')'", "unterminated string literal"
  // "syntax", "utf8", "unterminated_string", "unterminated_identifier", "unterminated_comment"
  // (only with ParseOptions::strictComments), "depth", "empty", "not_a_query", "too_large"
  std::string code;
  std::size_t offset = 0;             // byte offset of the offending token / byte
  std::size_t end = 0;                // end of the offending token
  std::vector<std::string> expected;  // token descriptions: "an expression", "')'", "FROM", ...

  hs::Error toError() const;  // ErrorKind::BadInput with code, message, offset, end
};

struct ParseOptions {
  // Bound on the depth of the tree: nesting (parentheses, subqueries, unary operators) and
  // left-associative chains (a + b + ..., AND/OR, UNION, joins) both count, one level per link,
  // like SQLite's SQLITE_MAX_EXPR_DEPTH. Every recursive tree walker relies on it. 500 rather than
  // SQLite's 1000: walking 1000 levels takes about 0.5 MB of stack in a release build but 2-4 MB
  // under ASan, too close to a thread's 8 MB once the annotators' walkers are added.
  std::size_t maxDepth = 500;
  // Bound on the input's size (one statement, or all statements given to parse() at once):
  // larger input is refused with code "too_large" before it is tokenized. classify() uses the
  // default and answers Unknown past it.
  std::size_t maxBytes = std::size_t{1} << 20;
};

struct ParseResult {
  std::vector<Statement> statements;
  std::optional<SyntaxError> error;  // the first error; parsing stops there
  bool ok() const { return !error.has_value(); }
};

// Parses every statement of `sql` (separated by ';'). Queries get a tree; other statements are
// classified only (their tokens are checked to be lexically valid and balanced).
ParseResult parse(std::string_view sql, const ParseOptions& options = {});
// parse() that also hands back the tokens of `sql` (tokenize()), for a caller that needs both and
// would otherwise lex the text twice; input refused as too large is tokenized all the same.
ParseResult parse(std::string_view sql, const ParseOptions& options, LexResult& lexed);

// Exactly one query statement (SELECT / VALUES / WITH ... SELECT); a trailing ';' is allowed.
hs::Result<SelectPtr> parseSelect(std::string_view sql, const ParseOptions& options = {});

// One expression (e.g. for tests and rewrites).
hs::Result<ExprPtr> parseExpr(std::string_view sql, const ParseOptions& options = {});

// Kinds of all statements in a text, by their leading keywords (never fails; lexical errors give
// Unknown for the rest of the text).
std::vector<StatementKind> classify(std::string_view sql);

}  // namespace hs::sql
