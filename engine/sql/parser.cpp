// Parser driver: token helpers, error reporting, statements, the public API.
#include "engine/sql/parser.h"

#include <algorithm>
#include <cstring>

#include "engine/sql/parser_impl.h"

namespace hs::sql {

hs::Error SyntaxError::toError() const {
  hs::Error e = hs::makeError(hs::ErrorKind::BadInput, code, message);
  e.offset = offset;
  e.end = end;
  return e;
}

namespace detail {

void Parser::note(const char* what) {
  if (notePos_ != pos_) {
    notePos_ = pos_;
    notes_.clear();
  }
  if (notes_.size() < 48) notes_.push_back(what);
}

bool Parser::acceptKw(Kw kw) {
  if (atKw(kw)) {
    advance();
    return true;
  }
  note(keywordText(kw));
  return false;
}

bool Parser::accept(Tok tok) {
  if (at(tok)) {
    advance();
    return true;
  }
  note(describe(tok));
  return false;
}

bool Parser::expectKw(Kw kw) {
  if (acceptKw(kw)) return true;
  fail();
  return false;
}

bool Parser::expect(Tok tok) {
  if (accept(tok)) return true;
  fail();
  return false;
}

void Parser::fail(const char* what) {
  if (error_) return;
  if (what) note(what);
  SyntaxError e;
  const Token& t = cur();
  e.offset = t.begin;
  e.end = t.end;
  if (t.tok == Tok::End && lexError_ && lexError_->offset == t.begin) {
    e.code = lexError_->code;
    e.message = lexError_->message;
    e.end = lexError_->end;
  } else if (t.tok == Tok::End) {
    e.code = "syntax";
    e.message = "unexpected end of input";
  } else {
    e.code = "syntax";
    std::string_view text = t.text(src_);
    if (text.size() > 40) text = text.substr(0, 40);
    e.message = "unexpected '" + std::string(text) + "'";
  }
  if (notePos_ == pos_) {
    for (const char* n : notes_) {
      bool dup = false;
      for (const auto& have : e.expected) dup = dup || have == n;
      if (!dup) e.expected.emplace_back(n);
    }
  }
  if (!e.expected.empty() && e.code == "syntax") {
    e.message += "; expected ";
    for (std::size_t i = 0; i < e.expected.size() && i < 6; ++i) e.message += (i ? ", " : "") + e.expected[i];
    if (e.expected.size() > 6) e.message += ", ...";
  }
  error_ = std::move(e);
}

void Parser::failDepth() {
  if (error_) return;
  SyntaxError e;
  e.code = "depth";
  e.message = "nested or chained deeper than " + std::to_string(options_.maxDepth) + " levels";
  e.offset = cur().begin;
  e.end = cur().end;
  error_ = std::move(e);
}

bool Parser::enter() {
  if (depth_ >= options_.maxDepth) {
    failDepth();
    return false;
  }
  ++depth_;
  return true;
}

bool Parser::atName(bool allowJoinKw, bool allowString) const {
  const Token& t = cur();
  switch (t.tok) {
    case Tok::Ident:
      return t.kw == Kw::None || isFallbackKeyword(t.kw) || (allowJoinKw && isJoinKeyword(t.kw));
    case Tok::QuotedIdent:
      return true;
    case Tok::String:
      return allowString;
    default:
      return false;
  }
}

bool Parser::atAlias() const {
  if (!atName(false, true)) return false;
  const Token& t = cur();
  if (t.kw == Kw::kWINDOW && peek(2).tok == Tok::Ident && peek(2).kw == Kw::kAS) return false;
  if (t.kw == Kw::kINDEXED && peek(1).tok == Tok::Ident && peek(1).kw == Kw::kBY) return false;
  return true;
}

Identifier Parser::takeName() {
  const Token& t = cur();
  Identifier id;
  id.span = Span{t.begin, t.end};
  std::string_view raw = t.text(src_);
  if (t.tok == Tok::QuotedIdent || t.tok == Tok::String) {
    id.name = unquote(raw);
    char q = raw.front();
    id.quote = q == '"'   ? QuoteStyle::Double
               : q == '`' ? QuoteStyle::Backtick
               : q == '[' ? QuoteStyle::Bracket
                          : QuoteStyle::Single;
  } else {
    id.name = std::string(raw);
  }
  advance();
  return id;
}

bool Parser::parseName(Identifier& out, bool allowJoinKw, bool allowString, const char* what) {
  if (atName(allowJoinKw, allowString)) {
    out = takeName();
    return true;
  }
  fail(what);
  return false;
}

// ---- statements ---------------------------------------------------------------------------------

bool Parser::atQueryStart(std::size_t ahead) const {
  const Token& t = peek(ahead);
  if (t.tok != Tok::Ident) return false;
  if (t.kw == Kw::kSELECT || t.kw == Kw::kVALUES) return true;
  if (t.kw != Kw::kWITH) return false;
  // WITH ... followed (at depth 0) by SELECT/VALUES, not INSERT/UPDATE/DELETE.
  int depth = 0;
  for (std::size_t i = pos_ + ahead + 1; i < toks_.size(); ++i) {
    const Token& u = toks_[i];
    if (u.tok == Tok::LParen) ++depth;
    if (u.tok == Tok::RParen) --depth;
    if (depth < 0 || u.tok == Tok::Semicolon || u.tok == Tok::End) return true;
    if (depth == 0 && u.tok == Tok::Ident) {
      if (u.kw == Kw::kSELECT || u.kw == Kw::kVALUES) return true;
      if (u.kw == Kw::kINSERT || u.kw == Kw::kREPLACE || u.kw == Kw::kUPDATE || u.kw == Kw::kDELETE)
        return false;
    }
  }
  return true;
}

void Parser::parseStatements(ParseResult& out) {
  while (!at(Tok::End)) {
    if (accept(Tok::Semicolon)) continue;
    Statement st;
    st.span.begin = cur().begin;
    parseOneStatement(st);
    st.span.end = std::max<std::size_t>(lastEnd(), st.span.begin);
    out.statements.push_back(std::move(st));
    if (failed()) break;
    if (!at(Tok::Semicolon) && !at(Tok::End)) {
      note(describe(Tok::Semicolon));
      note(describe(Tok::End));
      fail();
      break;
    }
  }
  if (!failed() && lexError_) fail();
  if (!failed() && out.statements.empty()) {
    SyntaxError e;
    e.code = "empty";
    e.message = "no SQL statement in the input";
    e.offset = e.end = src_.size();
    error_ = std::move(e);
  }
  out.error = std::move(error_);
}

void Parser::parseOneStatement(Statement& st) {
  if (acceptKw(Kw::kEXPLAIN)) {
    st.explain = ExplainKind::Explain;
    if (atKw(Kw::kQUERY) && atKw(Kw::kPLAN, 1)) {
      advance();
      advance();
      st.explain = ExplainKind::QueryPlan;
    }
  }
  if (atQueryStart()) {
    st.kind = StatementKind::Select;
    st.select = parseSelectStmt();
    return;
  }
  ExplainKind ignored = ExplainKind::None;
  st.kind = classifyHere(ignored);
  if (st.kind == StatementKind::Unknown) {
    note("SELECT");
    note("WITH");
    note("VALUES");
    note("a statement keyword");
    fail();
    return;
  }
  skipStatement(st.kind);
}

StatementKind Parser::classifyHere(ExplainKind& explain) {
  std::size_t i = 0;
  if (atKw(Kw::kEXPLAIN)) {
    explain = ExplainKind::Explain;
    ++i;
    if (atKw(Kw::kQUERY, i) && atKw(Kw::kPLAN, i + 1)) {
      explain = ExplainKind::QueryPlan;
      i += 2;
    }
  }
  const Token& t = peek(i);
  if (t.tok != Tok::Ident) return StatementKind::Unknown;
  auto kwAt = [&](std::size_t k) { return peek(k).tok == Tok::Ident ? peek(k).kw : Kw::None; };
  switch (t.kw) {
    case Kw::kSELECT:
    case Kw::kVALUES:
      return StatementKind::Select;
    case Kw::kWITH: {
      std::size_t save = pos_;
      pos_ += i;
      bool q = atQueryStart();
      StatementKind k = StatementKind::Select;
      if (!q) {
        int depth = 0;
        for (std::size_t j = pos_ + 1; j < toks_.size(); ++j) {
          const Token& u = toks_[j];
          if (u.tok == Tok::LParen) ++depth;
          if (u.tok == Tok::RParen) --depth;
          if (depth == 0 && u.tok == Tok::Ident) {
            if (u.kw == Kw::kINSERT || u.kw == Kw::kREPLACE) k = StatementKind::Insert;
            if (u.kw == Kw::kUPDATE) k = StatementKind::Update;
            if (u.kw == Kw::kDELETE) k = StatementKind::Delete;
            if (k != StatementKind::Select) break;
          }
        }
      }
      pos_ = save;
      return k;
    }
    case Kw::kINSERT:
    case Kw::kREPLACE:
      return StatementKind::Insert;
    case Kw::kUPDATE:
      return StatementKind::Update;
    case Kw::kDELETE:
      return StatementKind::Delete;
    case Kw::kCREATE: {
      std::size_t k = i + 1;
      if (kwAt(k) == Kw::kTEMP || kwAt(k) == Kw::kTEMPORARY) ++k;
      if (kwAt(k) == Kw::kUNIQUE) ++k;
      switch (kwAt(k)) {
        case Kw::kTABLE:
          return StatementKind::CreateTable;
        case Kw::kINDEX:
          return StatementKind::CreateIndex;
        case Kw::kVIEW:
          return StatementKind::CreateView;
        case Kw::kTRIGGER:
          return StatementKind::CreateTrigger;
        case Kw::kVIRTUAL:
          return StatementKind::CreateVirtualTable;
        default:
          return StatementKind::Unknown;
      }
    }
    case Kw::kDROP:
      switch (kwAt(i + 1)) {
        case Kw::kTABLE:
          return StatementKind::DropTable;
        case Kw::kINDEX:
          return StatementKind::DropIndex;
        case Kw::kVIEW:
          return StatementKind::DropView;
        case Kw::kTRIGGER:
          return StatementKind::DropTrigger;
        default:
          return StatementKind::Unknown;
      }
    case Kw::kALTER:
      return StatementKind::AlterTable;
    case Kw::kPRAGMA:
      return StatementKind::Pragma;
    case Kw::kATTACH:
      return StatementKind::Attach;
    case Kw::kDETACH:
      return StatementKind::Detach;
    case Kw::kBEGIN:
      return StatementKind::Begin;
    case Kw::kCOMMIT:
    case Kw::kEND:
      return StatementKind::Commit;
    case Kw::kROLLBACK:
      return StatementKind::Rollback;
    case Kw::kSAVEPOINT:
      return StatementKind::Savepoint;
    case Kw::kRELEASE:
      return StatementKind::Release;
    case Kw::kVACUUM:
      return StatementKind::Vacuum;
    case Kw::kANALYZE:
      return StatementKind::Analyze;
    case Kw::kREINDEX:
      return StatementKind::Reindex;
    default:
      return StatementKind::Unknown;
  }
}

std::vector<StatementKind> Parser::classifyAll() {
  std::vector<StatementKind> out;
  while (!at(Tok::End)) {
    if (accept(Tok::Semicolon)) continue;
    ExplainKind explain = ExplainKind::None;
    StatementKind kind = classifyHere(explain);
    out.push_back(kind);
    skipStatement(kind);
    error_.reset();
    while (!at(Tok::End) && !at(Tok::Semicolon)) advance();
  }
  if (lexError_ && lexError_->offset < src_.size() && out.empty()) out.push_back(StatementKind::Unknown);
  return out;
}

void Parser::skipStatement(StatementKind kind) {
  std::vector<std::size_t> open;
  bool inBody = false;
  bool seenTriggerBody = false;
  while (!at(Tok::End)) {
    const Token& t = cur();
    if (t.tok == Tok::Semicolon && open.empty() && !inBody) return;
    if (t.tok == Tok::LParen) open.push_back(pos_);
    if (t.tok == Tok::RParen) {
      if (open.empty()) {
        note("';'");
        fail();
        return;
      }
      open.pop_back();
    }
    if (kind == StatementKind::CreateTrigger && t.tok == Tok::Ident && open.empty()) {
      if (t.kw == Kw::kBEGIN && !seenTriggerBody) inBody = seenTriggerBody = true;
      if (t.kw == Kw::kEND && inBody && (peek(1).tok == Tok::Semicolon || peek(1).tok == Tok::End))
        inBody = false;
    }
    advance();
  }
  if (!open.empty()) {
    note(describe(Tok::RParen));
    fail();
  } else if (inBody) {
    note("END");
    fail();
  }
}

}  // namespace detail

// ---- public API ---------------------------------------------------------------------------------

namespace {

// Inputs past ParseOptions::maxBytes are refused before they are tokenized (tokens and trees take
// tens of bytes per input byte).
std::optional<SyntaxError> tooLarge(std::string_view sql, const ParseOptions& options) {
  if (sql.size() <= options.maxBytes) return std::nullopt;
  SyntaxError e;
  e.code = "too_large";
  e.message = "SQL text of " + std::to_string(sql.size()) + " bytes is larger than the limit of " +
              std::to_string(options.maxBytes) + " bytes";
  e.offset = options.maxBytes;
  e.end = sql.size();
  return e;
}

}  // namespace

ParseResult parse(std::string_view sql, const ParseOptions& options) {
  ParseResult out;
  if ((out.error = tooLarge(sql, options))) return out;
  LexResult lex = tokenize(sql);
  detail::Parser p(sql, lex, options);
  p.parseStatements(out);
  return out;
}

ParseResult parse(std::string_view sql, const ParseOptions& options, LexResult& lexed) {
  ParseResult out;
  lexed = tokenize(sql);
  if ((out.error = tooLarge(sql, options))) return out;
  detail::Parser p(sql, lexed, options);
  p.parseStatements(out);
  return out;
}

hs::Result<SelectPtr> parseSelect(std::string_view sql, const ParseOptions& options) {
  ParseResult r = parse(sql, options);
  if (r.error) return r.error->toError();
  if (r.statements.size() != 1 || r.statements[0].kind != StatementKind::Select ||
      r.statements[0].explain != ExplainKind::None) {
    std::size_t at = r.statements.size() > 1 ? r.statements[1].span.begin : r.statements[0].span.begin;
    hs::Error e = hs::makeError(hs::ErrorKind::BadInput, "not_a_query",
                                r.statements.size() > 1 ? "more than one statement"
                                                        : std::string("not a query: ") +
                                                              toString(r.statements[0].kind) + " statement");
    e.offset = at;
    return e;
  }
  return std::move(r.statements[0].select);
}

hs::Result<ExprPtr> parseExpr(std::string_view sql, const ParseOptions& options) {
  if (auto big = tooLarge(sql, options)) return big->toError();
  LexResult lex = tokenize(sql);
  detail::Parser p(sql, lex, options);
  ExprPtr e = p.parseExpr();
  if (!p.failed() && (p.peek().tok != Tok::End || lex.error)) {
    hs::Error err = hs::makeError(
        hs::ErrorKind::BadInput, lex.error && p.peek().tok == Tok::End ? lex.error->code : "syntax",
        lex.error && p.peek().tok == Tok::End ? lex.error->message : "unexpected text after the expression");
    err.offset = lex.error && p.peek().tok == Tok::End ? lex.error->offset : p.peek().begin;
    return err;
  }
  if (p.failed()) return p.error()->toError();
  return e;
}

std::vector<StatementKind> classify(std::string_view sql) {
  if (tooLarge(sql, ParseOptions{})) return {StatementKind::Unknown};
  LexResult lex = tokenize(sql);
  detail::Parser p(sql, lex, ParseOptions{});
  return p.classifyAll();
}

}  // namespace hs::sql
