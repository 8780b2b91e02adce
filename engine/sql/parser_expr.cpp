// Expressions: precedence climbing over SQLite's operator table (parse.y).
#include <utility>

#include "engine/sql/parser_impl.h"

namespace hs::sql::detail {

namespace {

int binaryPrec(Tok tok, BinaryOp& op) {
  switch (tok) {
    case Tok::Eq:
      op = BinaryOp::Eq;
      return kPrecEquality;
    case Tok::Ne:
      op = BinaryOp::Ne;
      return kPrecEquality;
    case Tok::Lt:
      op = BinaryOp::Lt;
      return kPrecCompare;
    case Tok::Le:
      op = BinaryOp::Le;
      return kPrecCompare;
    case Tok::Gt:
      op = BinaryOp::Gt;
      return kPrecCompare;
    case Tok::Ge:
      op = BinaryOp::Ge;
      return kPrecCompare;
    case Tok::BitAnd:
      op = BinaryOp::BitAnd;
      return kPrecBit;
    case Tok::BitOr:
      op = BinaryOp::BitOr;
      return kPrecBit;
    case Tok::ShiftLeft:
      op = BinaryOp::ShiftLeft;
      return kPrecBit;
    case Tok::ShiftRight:
      op = BinaryOp::ShiftRight;
      return kPrecBit;
    case Tok::Plus:
      op = BinaryOp::Add;
      return kPrecAdd;
    case Tok::Minus:
      op = BinaryOp::Sub;
      return kPrecAdd;
    case Tok::Star:
      op = BinaryOp::Mul;
      return kPrecMul;
    case Tok::Slash:
      op = BinaryOp::Div;
      return kPrecMul;
    case Tok::Percent:
      op = BinaryOp::Mod;
      return kPrecMul;
    case Tok::Concat:
      op = BinaryOp::Concat;
      return kPrecConcat;
    case Tok::Ptr:
      op = BinaryOp::JsonGet;
      return kPrecConcat;
    case Tok::Ptr2:
      op = BinaryOp::JsonGetText;
      return kPrecConcat;
    default:
      return -1;
  }
}

bool likeOp(Kw kw, LikeOp& op) {
  switch (kw) {
    case Kw::kLIKE:
      op = LikeOp::Like;
      return true;
    case Kw::kGLOB:
      op = LikeOp::Glob;
      return true;
    case Kw::kREGEXP:
      op = LikeOp::Regexp;
      return true;
    case Kw::kMATCH:
      op = LikeOp::Match;
      return true;
    default:
      return false;
  }
}

}  // namespace

ExprPtr Parser::parseExpr(int minPrec) {
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  std::size_t begin = cur().begin;
  ChainHeight chain(*this);
  ExprPtr left = parsePrefix();
  chain.first();
  while (!failed()) {
    bool done = false;
    chain.beginLink();
    left = parseInfix(std::move(left), minPrec, done);
    if (done) break;
    if (left) left->span.begin = begin;
    if (!chain.endLink()) break;
  }
  return left;
}

ExprPtr Parser::parsePrefix() {
  std::size_t begin = cur().begin;
  UnaryOp op;
  int prec;
  if (atKw(Kw::kNOT)) {
    op = UnaryOp::Not;
    prec = kPrecNot;
  } else if (at(Tok::Minus)) {
    op = UnaryOp::Minus;
    prec = kPrecUnary;
  } else if (at(Tok::Plus)) {
    op = UnaryOp::Plus;
    prec = kPrecUnary;
  } else if (at(Tok::BitNot)) {
    op = UnaryOp::BitNot;
    prec = kPrecUnary;
  } else {
    return parsePrimary();
  }
  advance();
  auto n = node<Unary>(begin);
  n->op = op;
  n->operand = parseExpr(prec);
  n->span.end = lastEnd();
  return n;
}

ExprPtr Parser::parseInfix(ExprPtr left, int minPrec, bool& done) {
  std::size_t begin = left ? left->span.begin : cur().begin;
  const Token& t = cur();
  auto finish = [&](auto n) {
    n->span.begin = begin;
    n->span.end = lastEnd();
    return n;
  };
  BinaryOp bop;
  int prec = binaryPrec(t.tok, bop);
  if (prec >= 0) {
    if (prec < minPrec) {
      done = true;
      return left;
    }
    advance();
    auto n = node<Binary>(begin);
    n->op = bop;
    n->left = std::move(left);
    n->right = parseExpr(prec + 1);
    return finish(std::move(n));
  }
  if (t.tok != Tok::Ident) {
    done = true;
    return left;
  }
  Kw kw = t.kw;
  if (kw == Kw::kOR || kw == Kw::kAND) {
    prec = kw == Kw::kOR ? kPrecOr : kPrecAnd;
    if (prec < minPrec) {
      done = true;
      return left;
    }
    advance();
    auto n = node<Binary>(begin);
    n->op = kw == Kw::kOR ? BinaryOp::Or : BinaryOp::And;
    n->left = std::move(left);
    n->right = parseExpr(prec + 1);
    return finish(std::move(n));
  }
  if (kw == Kw::kCOLLATE) {
    if (kPrecCollate < minPrec) {
      done = true;
      return left;
    }
    advance();
    auto n = node<Collate>(begin);
    n->expr = std::move(left);
    parseName(n->collation, false, true, "a collation name");
    return finish(std::move(n));
  }
  // Everything else binds at the equality level.
  bool negated = false;
  std::size_t ahead = 0;
  if (kw == Kw::kNOT) {
    const Token& u = peek(1);
    Kw k2 = u.tok == Tok::Ident ? u.kw : Kw::None;
    LikeOp dummy;
    if (!(k2 == Kw::kIN || k2 == Kw::kBETWEEN || k2 == Kw::kNULL || likeOp(k2, dummy))) {
      done = true;
      return left;
    }
    negated = true;
    ahead = 1;
    kw = k2;
  }
  LikeOp lop{};
  bool isLike = likeOp(kw, lop);
  if (!(kw == Kw::kIS || kw == Kw::kIN || kw == Kw::kBETWEEN || kw == Kw::kISNULL || kw == Kw::kNOTNULL ||
        (kw == Kw::kNULL && negated) || isLike)) {
    note("an operator");
    done = true;
    return left;
  }
  if (kPrecEquality < minPrec) {
    done = true;
    return left;
  }
  for (std::size_t i = 0; i <= ahead; ++i) advance();
  if (kw == Kw::kISNULL || kw == Kw::kNOTNULL || kw == Kw::kNULL) {
    auto n = node<IsNull>(begin);
    n->negated = kw != Kw::kISNULL;
    n->expr = std::move(left);
    return finish(std::move(n));
  }
  if (kw == Kw::kIS) {
    bool isNot = acceptKw(Kw::kNOT);
    bool distinct = false;
    if (atKw(Kw::kDISTINCT) && atKw(Kw::kFROM, 1)) {
      advance();
      advance();
      distinct = true;
    }
    if (!distinct && atKw(Kw::kNULL)) {
      advance();
      auto n = node<IsNull>(begin);
      n->negated = isNot;
      n->expr = std::move(left);
      return finish(std::move(n));
    }
    auto n = node<IsExpr>(begin);
    n->negated = isNot;
    n->distinctFrom = distinct;
    n->left = std::move(left);
    n->right = parseExpr(kPrecEquality + 1);
    return finish(std::move(n));
  }
  if (kw == Kw::kBETWEEN) {
    auto n = node<Between>(begin);
    n->negated = negated;
    n->expr = std::move(left);
    n->low = parseExpr(kPrecEquality);
    if (failed()) return finish(std::move(n));
    if (expectKw(Kw::kAND)) n->high = parseExpr(kPrecEquality + 1);
    return finish(std::move(n));
  }
  if (isLike) {
    auto n = node<Like>(begin);
    n->op = lop;
    n->negated = negated;
    n->expr = std::move(left);
    n->pattern = parseExpr(kPrecEquality + 1);
    if (!failed() && acceptKw(Kw::kESCAPE)) n->escape = parseExpr(kPrecEscape + 1);
    return finish(std::move(n));
  }
  // IN
  if (at(Tok::LParen)) {
    if (atQueryStart(1)) {
      advance();
      auto n = node<InSubquery>(begin);
      n->negated = negated;
      n->expr = std::move(left);
      n->query = parseSelectStmt();
      if (!failed()) expect(Tok::RParen);
      return finish(std::move(n));
    }
    advance();
    auto n = node<InList>(begin);
    n->negated = negated;
    n->expr = std::move(left);
    if (!accept(Tok::RParen)) {
      parseExprList(n->list);
      if (!failed()) expect(Tok::RParen);
    }
    return finish(std::move(n));
  }
  auto n = node<InTable>(begin);
  n->negated = negated;
  n->expr = std::move(left);
  if (!parseName(n->table, true, true, "'(' or a table name")) return finish(std::move(n));
  if (accept(Tok::Dot)) {
    n->schema = std::move(n->table);
    if (!parseName(n->table, true, true, "a table name")) return finish(std::move(n));
  }
  if (accept(Tok::LParen)) {
    n->hasArgs = true;
    if (!accept(Tok::RParen)) {
      parseExprList(n->args);
      if (!failed()) expect(Tok::RParen);
    }
  }
  return finish(std::move(n));
}

void Parser::parseExprList(ExprList& out) {
  do {
    out.push_back(parseExpr());
    if (failed()) return;
  } while (accept(Tok::Comma));
}

ExprPtr Parser::parsePrimary() {
  const Token& t = cur();
  std::size_t begin = t.begin;
  switch (t.tok) {
    case Tok::Integer:
    case Tok::Float: {
      auto n = node<Literal>(begin);
      n->literalKind = t.tok == Tok::Integer ? LiteralKind::Integer : LiteralKind::Float;
      n->text = std::string(t.text(src_));
      n->value = n->text;
      advance();
      n->span.end = lastEnd();
      return n;
    }
    case Tok::String: {
      if (peek(1).tok == Tok::Dot) return parseColumnRef(takeName());
      auto n = node<Literal>(begin);
      n->literalKind = LiteralKind::String;
      n->text = std::string(t.text(src_));
      n->value = unquote(n->text);
      advance();
      n->span.end = lastEnd();
      return n;
    }
    case Tok::Blob: {
      auto n = node<Literal>(begin);
      n->literalKind = LiteralKind::Blob;
      n->text = std::string(t.text(src_));
      n->value = n->text.substr(2, n->text.size() - 3);
      advance();
      n->span.end = lastEnd();
      return n;
    }
    case Tok::Param: {
      auto n = node<Parameter>(begin);
      n->text = std::string(t.text(src_));
      advance();
      n->span.end = lastEnd();
      return n;
    }
    case Tok::LParen:
      return parseParenthesized();
    case Tok::QuotedIdent: {
      Identifier name = takeName();
      if (at(Tok::LParen)) return parseFunction(std::move(name));
      return parseColumnRef(std::move(name));
    }
    case Tok::Ident:
      break;
    default:
      fail("an expression");
      return nullptr;
  }
  auto literal = [&](LiteralKind k) {
    auto n = node<Literal>(begin);
    n->literalKind = k;
    n->text = std::string(t.text(src_));
    n->value = n->text;
    advance();
    n->span.end = lastEnd();
    return n;
  };
  switch (t.kw) {
    case Kw::kNULL:
      return literal(LiteralKind::Null);
    case Kw::kCURRENT_TIME:
      return literal(LiteralKind::CurrentTime);
    case Kw::kCURRENT_DATE:
      return literal(LiteralKind::CurrentDate);
    case Kw::kCURRENT_TIMESTAMP:
      return literal(LiteralKind::CurrentTimestamp);
    case Kw::kCASE:
      return parseCase();
    case Kw::kCAST:
      if (peek(1).tok == Tok::LParen) return parseCast();
      break;
    case Kw::kRAISE:
      if (peek(1).tok == Tok::LParen) return parseRaise();
      break;
    case Kw::kEXISTS: {
      advance();
      auto n = node<Exists>(begin);
      if (!expect(Tok::LParen)) return n;
      n->query = parseSelectStmt();
      if (!failed()) expect(Tok::RParen);
      n->span.end = lastEnd();
      return n;
    }
    default:
      break;
  }
  if (t.kw == Kw::None && peek(1).tok != Tok::Dot && peek(1).tok != Tok::LParen) {
    std::string_view w = t.text(src_);
    if (sameName(w, "true")) return literal(LiteralKind::True);
    if (sameName(w, "false")) return literal(LiteralKind::False);
  }
  if (atName(peek(1).tok == Tok::Dot, false)) {
    Identifier name = takeName();
    if (at(Tok::LParen)) return parseFunction(std::move(name));
    return parseColumnRef(std::move(name));
  }
  fail("an expression");
  return nullptr;
}

ExprPtr Parser::parseColumnRef(Identifier first) {
  auto n = node<ColumnRef>(first.span.begin);
  n->column = std::move(first);
  if (at(Tok::Dot) && peek(1).tok != Tok::Star) {
    advance();
    n->table = std::move(n->column);
    if (parseName(n->column, true, true, "a column name") && at(Tok::Dot) && peek(1).tok != Tok::Star) {
      advance();
      n->schema = std::move(n->table);
      n->table = std::move(n->column);
      parseName(n->column, true, true, "a column name");
    }
  }
  n->span.end = lastEnd();
  return n;
}

}  // namespace hs::sql::detail
