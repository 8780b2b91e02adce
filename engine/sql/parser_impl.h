#pragma once
// Internal: the recursive-descent / precedence-climbing parser shared by parser_*.cpp.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/sql/ast.h"
#include "engine/sql/lexer.h"
#include "engine/sql/parser.h"

namespace hs::sql::detail {

// Binding powers of SQLite's operators (parse.y), lowest first.
enum Prec : int {
  kPrecLowest = 0,
  kPrecOr = 1,
  kPrecAnd = 2,
  kPrecNot = 3,
  kPrecEquality = 4,  // = <> IS IN LIKE BETWEEN ISNULL
  kPrecCompare = 5,   // < <= > >=
  kPrecEscape = 6,
  kPrecBit = 7,  // & | << >>
  kPrecAdd = 8,
  kPrecMul = 9,
  kPrecConcat = 10,  // || -> ->>
  kPrecCollate = 11,
  kPrecUnary = 12,  // - + ~
  kPrecPrimary = 13,
};

class Parser {
 public:
  Parser(std::string_view src, const LexResult& lex, const ParseOptions& options)
      : src_(src), toks_(lex.tokens), lexError_(lex.error), options_(options) {}

  // Statements
  void parseStatements(ParseResult& out);
  SelectPtr parseSelectStmt();
  std::vector<StatementKind> classifyAll();
  ExprPtr parseExpr(int minPrec = kPrecLowest);

  bool failed() const { return error_.has_value(); }
  std::optional<SyntaxError>& error() { return error_; }
  const Token& peek(std::size_t ahead = 0) const {
    std::size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  std::size_t pos() const { return pos_; }

 private:
  friend class DepthGuard;
  friend class ChainHeight;
  // ---- token helpers ----
  const Token& cur() const { return toks_[pos_]; }
  bool atKw(Kw kw) const { return cur().tok == Tok::Ident && cur().kw == kw; }
  bool atKw(Kw kw, std::size_t ahead) const { return peek(ahead).tok == Tok::Ident && peek(ahead).kw == kw; }
  bool at(Tok tok) const { return cur().tok == tok; }
  void note(const char* what);  // records an alternative tried at the current position
  bool acceptKw(Kw kw);
  bool accept(Tok tok);
  bool expectKw(Kw kw);
  bool expect(Tok tok);
  void advance() {
    if (pos_ + 1 < toks_.size()) ++pos_;
  }
  std::size_t lastEnd() const { return pos_ > 0 ? toks_[pos_ - 1].end : 0; }
  void fail(const char* what = nullptr);  // syntax error at the current token
  void failDepth();
  bool enter();  // depth check; false (and an error) when too deep
  void leave() { --depth_; }

  // ---- names ----
  bool atName(bool allowJoinKw, bool allowString) const;
  bool atAlias() const;  // an alias without AS
  Identifier takeName();
  bool parseName(Identifier& out, bool allowJoinKw, bool allowString, const char* what);

  // ---- expressions (parser_expr.cpp) ----
  ExprPtr parsePrefix();
  ExprPtr parsePrimary();
  ExprPtr parseInfix(ExprPtr left, int minPrec, bool& done);
  ExprPtr parseFunction(Identifier name);
  ExprPtr parseCase();
  ExprPtr parseCast();
  ExprPtr parseRaise();
  ExprPtr parseParenthesized();
  ExprPtr parseColumnRef(Identifier first);
  void parseExprList(ExprList& out);
  WindowSpecPtr parseWindowSpec();
  bool parseFrameBound(FrameBound& bound);
  OrderingTermPtr parseOrderingTerm();
  void parseOrderBy(std::vector<OrderingTermPtr>& out);

  // ---- queries (parser_select.cpp) ----
  QueryBodyPtr parseQueryBody();
  QueryBodyPtr parseSelectCore();
  QueryBodyPtr parseValues();
  WithClausePtr parseWith();
  ResultColumnPtr parseResultColumn();
  TableRefPtr parseFrom();
  TableRefPtr parseTableOrSubquery();
  void parseTableAlias(std::optional<Identifier>& alias, bool& hasAs);
  std::unique_ptr<Limit> parseLimit();
  bool atQueryStart(std::size_t ahead = 0) const;

  // ---- other statements (parser_stmt.cpp) ----
  void parseOneStatement(Statement& st);
  StatementKind classifyHere(ExplainKind& explain);
  void skipStatement(StatementKind kind);

  std::string_view src_;
  const std::vector<Token>& toks_;
  const std::optional<LexError>& lexError_;
  ParseOptions options_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;
  // Deepest tree level reached by the expression or query being built (see ChainHeight).
  std::size_t peak_ = 0;
  std::optional<SyntaxError> error_;
  std::size_t notePos_ = static_cast<std::size_t>(-1);
  std::vector<const char*> notes_;
};

class DepthGuard {
 public:
  explicit DepthGuard(Parser& p) : p_(p), ok_(p.enter()) {}
  ~DepthGuard() {
    if (ok_) p_.leave();
  }
  bool ok() const { return ok_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  Parser& p_;
  bool ok_;
};

// The height of a left-deep chain built in a loop at the current depth (binary operators,
// compound selects, joins). The loop does not recurse, but every link puts the whole chain one
// level deeper in the tree, so a chain counts against maxDepth like nesting does: the trees the
// parser accepts are at most maxDepth levels deep (as SQLite's SQLITE_MAX_EXPR_DEPTH), and every
// recursive walker (resolver, printers, JSON, plan, diff, normaliser) can rely on that bound.
//   ChainHeight chain(p); first = ...; chain.first();
//   loop { chain.beginLink(); ...parse one link...; if (!chain.endLink()) break; }
class ChainHeight {
 public:
  explicit ChainHeight(Parser& p) : p_(p), level_(p.depth_), saved_(p.peak_) { p_.peak_ = level_; }
  ~ChainHeight() { p_.peak_ = std::max(saved_, level_ + height_); }
  ChainHeight(const ChainHeight&) = delete;
  ChainHeight& operator=(const ChainHeight&) = delete;

  void first() { height_ = p_.peak_ - level_; }
  void beginLink() { p_.peak_ = level_; }
  // The link wraps the chain so far (one level deeper) and what the link parsed (its own levels).
  bool endLink() {
    height_ = std::max(height_ + 1, p_.peak_ - level_);
    if (level_ + height_ <= p_.options_.maxDepth) return true;
    p_.failDepth();
    return false;
  }

 private:
  Parser& p_;
  std::size_t level_;
  std::size_t saved_;
  std::size_t height_ = 0;
};

template <class T>
std::unique_ptr<T> node(std::size_t begin) {
  auto n = std::make_unique<T>();
  n->span.begin = begin;
  n->span.end = begin;
  return n;
}

}  // namespace hs::sql::detail
