// Expressions, continued: function calls with FILTER/OVER, window specs, ordering terms and the
// bracketed or keyword-led forms (parentheses, CASE, CAST, RAISE).
#include <utility>

#include "engine/sql/parser_impl.h"

namespace hs::sql::detail {

ExprPtr Parser::parseFunction(Identifier name) {
  auto n = node<FunctionCall>(name.span.begin);
  n->name = std::move(name);
  advance();  // (
  if (accept(Tok::Star)) {
    n->star = true;
  } else if (!at(Tok::RParen)) {
    if (acceptKw(Kw::kDISTINCT)) {
      n->distinct = true;
    } else {
      acceptKw(Kw::kALL);
    }
    parseExprList(n->args);
    if (!failed() && atKw(Kw::kORDER) && atKw(Kw::kBY, 1)) {
      advance();
      advance();
      parseOrderBy(n->orderBy);
    }
  }
  if (failed() || !expect(Tok::RParen)) {
    n->span.end = lastEnd();
    return n;
  }
  if (atKw(Kw::kFILTER) && peek(1).tok == Tok::LParen && atKw(Kw::kWHERE, 2)) {
    advance();
    advance();
    advance();
    n->filter = parseExpr();
    if (!failed()) expect(Tok::RParen);
  }
  if (!failed() && atKw(Kw::kOVER) &&
      (peek(1).tok == Tok::LParen || peek(1).tok == Tok::Ident || peek(1).tok == Tok::QuotedIdent)) {
    advance();
    if (at(Tok::LParen)) {
      n->over = parseWindowSpec();
    } else {
      n->overName = takeName();
    }
  }
  n->span.end = lastEnd();
  return n;
}

ExprPtr Parser::parseParenthesized() {
  std::size_t begin = cur().begin;
  if (atQueryStart(1)) {
    advance();
    auto n = node<SubqueryExpr>(begin);
    n->query = parseSelectStmt();
    if (!failed()) expect(Tok::RParen);
    n->span.end = lastEnd();
    return n;
  }
  advance();
  ExprPtr first = parseExpr();
  if (failed()) return first;
  if (at(Tok::Comma)) {
    auto n = node<RowValue>(begin);
    n->items.push_back(std::move(first));
    while (accept(Tok::Comma)) {
      n->items.push_back(parseExpr());
      if (failed()) break;
    }
    if (!failed()) expect(Tok::RParen);
    n->span.end = lastEnd();
    return n;
  }
  if (expect(Tok::RParen) && first && first->parens < 255) ++first->parens;
  return first;
}

ExprPtr Parser::parseCase() {
  auto n = node<Case>(cur().begin);
  advance();
  if (!atKw(Kw::kWHEN)) n->operand = parseExpr();
  while (!failed() && acceptKw(Kw::kWHEN)) {
    WhenClause w;
    w.when = parseExpr();
    if (!failed() && expectKw(Kw::kTHEN)) w.then = parseExpr();
    n->whens.push_back(std::move(w));
  }
  if (!failed() && n->whens.empty()) fail();
  if (!failed() && acceptKw(Kw::kELSE)) n->elseExpr = parseExpr();
  if (!failed()) expectKw(Kw::kEND);
  n->span.end = lastEnd();
  return n;
}

ExprPtr Parser::parseCast() {
  auto n = node<Cast>(cur().begin);
  advance();
  advance();
  n->expr = parseExpr();
  if (failed() || !expectKw(Kw::kAS)) return n;
  n->typeSpan.begin = cur().begin;
  std::string type;
  while (atName(false, true)) {
    if (!type.empty()) type += ' ';
    type += cur().text(src_);
    advance();
  }
  if (!type.empty() && accept(Tok::LParen)) {
    type += '(';
    for (int i = 0; i < 2; ++i) {
      if (at(Tok::Plus) || at(Tok::Minus)) {
        type += cur().text(src_);
        advance();
      }
      if (!at(Tok::Integer) && !at(Tok::Float)) {
        fail("a number");
        return n;
      }
      type += cur().text(src_);
      advance();
      if (i == 0 && accept(Tok::Comma)) {
        type += ", ";
        continue;
      }
      break;
    }
    if (!expect(Tok::RParen)) return n;
    type += ')';
  }
  n->typeSpan.end = std::max<std::size_t>(lastEnd(), n->typeSpan.begin);
  n->typeName = std::move(type);
  expect(Tok::RParen);
  n->span.end = lastEnd();
  return n;
}

ExprPtr Parser::parseRaise() {
  auto n = node<Raise>(cur().begin);
  advance();
  advance();
  if (acceptKw(Kw::kIGNORE)) {
    n->raiseKind = RaiseKind::Ignore;
  } else {
    if (acceptKw(Kw::kROLLBACK)) {
      n->raiseKind = RaiseKind::Rollback;
    } else if (acceptKw(Kw::kABORT)) {
      n->raiseKind = RaiseKind::Abort;
    } else if (acceptKw(Kw::kFAIL)) {
      n->raiseKind = RaiseKind::Fail;
    } else {
      fail();
      return n;
    }
    if (expect(Tok::Comma)) n->message = parseExpr();
  }
  if (!failed()) expect(Tok::RParen);
  n->span.end = lastEnd();
  return n;
}

OrderingTermPtr Parser::parseOrderingTerm() {
  auto n = node<OrderingTerm>(cur().begin);
  n->expr = parseExpr();
  if (failed()) return n;
  if (acceptKw(Kw::kASC)) {
    n->order = SortOrder::Asc;
  } else if (acceptKw(Kw::kDESC)) {
    n->order = SortOrder::Desc;
  }
  if (atKw(Kw::kNULLS)) {
    advance();
    if (acceptKw(Kw::kFIRST)) {
      n->nulls = NullsOrder::First;
    } else if (expectKw(Kw::kLAST)) {
      n->nulls = NullsOrder::Last;
    }
  } else {
    note("NULLS");
  }
  n->span.end = lastEnd();
  return n;
}

void Parser::parseOrderBy(std::vector<OrderingTermPtr>& out) {
  do {
    out.push_back(parseOrderingTerm());
    if (failed()) return;
  } while (accept(Tok::Comma));
}

bool Parser::parseFrameBound(FrameBound& bound) {
  if (atKw(Kw::kUNBOUNDED)) {
    advance();
    if (acceptKw(Kw::kPRECEDING)) {
      bound.kind = FrameBoundKind::UnboundedPreceding;
      return true;
    }
    if (expectKw(Kw::kFOLLOWING)) bound.kind = FrameBoundKind::UnboundedFollowing;
    return !failed();
  }
  if (atKw(Kw::kCURRENT) && atKw(Kw::kROW, 1)) {
    advance();
    advance();
    bound.kind = FrameBoundKind::CurrentRow;
    return true;
  }
  bound.expr = parseExpr();
  if (failed()) return false;
  if (acceptKw(Kw::kPRECEDING)) {
    bound.kind = FrameBoundKind::Preceding;
    return true;
  }
  if (expectKw(Kw::kFOLLOWING)) bound.kind = FrameBoundKind::Following;
  return !failed();
}

WindowSpecPtr Parser::parseWindowSpec() {
  auto n = node<WindowSpec>(cur().begin);
  DepthGuard guard(*this);
  if (!guard.ok() || !expect(Tok::LParen)) return n;
  auto kwHere = [&] { return cur().tok == Tok::Ident ? cur().kw : Kw::None; };
  Kw k = kwHere();
  if (atName(false, false) && k != Kw::kPARTITION && k != Kw::kORDER && k != Kw::kRANGE && k != Kw::kROWS &&
      k != Kw::kGROUPS) {
    n->baseName = takeName();
  }
  if (atKw(Kw::kPARTITION)) {
    advance();
    if (!expectKw(Kw::kBY)) return n;
    parseExprList(n->partitionBy);
    if (failed()) return n;
  }
  if (atKw(Kw::kORDER)) {
    advance();
    if (!expectKw(Kw::kBY)) return n;
    parseOrderBy(n->orderBy);
    if (failed()) return n;
  }
  k = kwHere();
  if (k == Kw::kROWS || k == Kw::kRANGE || k == Kw::kGROUPS) {
    FrameSpec f;
    f.span.begin = cur().begin;
    f.unit = k == Kw::kROWS ? FrameUnit::Rows : k == Kw::kRANGE ? FrameUnit::Range : FrameUnit::Groups;
    advance();
    bool ok;
    if (atKw(Kw::kBETWEEN)) {
      advance();
      f.between = true;
      ok = parseFrameBound(f.start) && expectKw(Kw::kAND) && parseFrameBound(f.end);
    } else {
      ok = parseFrameBound(f.start);
    }
    if (ok && atKw(Kw::kEXCLUDE)) {
      advance();
      if (atKw(Kw::kNO) && atKw(Kw::kOTHERS, 1)) {
        advance();
        advance();
        f.exclude = FrameExclude::NoOthers;
      } else if (atKw(Kw::kCURRENT) && atKw(Kw::kROW, 1)) {
        advance();
        advance();
        f.exclude = FrameExclude::CurrentRow;
      } else if (acceptKw(Kw::kGROUP)) {
        f.exclude = FrameExclude::Group;
      } else if (expectKw(Kw::kTIES)) {
        f.exclude = FrameExclude::Ties;
      }
    }
    f.span.end = lastEnd();
    n->frame = std::move(f);
    if (failed()) return n;
  }
  expect(Tok::RParen);
  n->span.end = lastEnd();
  return n;
}

}  // namespace hs::sql::detail
