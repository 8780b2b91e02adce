// Queries: WITH, compound selects, SELECT cores, VALUES, FROM clauses, ORDER BY, LIMIT.
#include <utility>

#include "engine/sql/parser_impl.h"

namespace hs::sql::detail {

SelectPtr Parser::parseSelectStmt() {
  auto n = node<SelectStmt>(cur().begin);
  DepthGuard guard(*this);
  if (!guard.ok()) return n;
  if (atKw(Kw::kWITH)) {
    n->with = parseWith();
    if (failed()) {
      n->span.end = lastEnd();
      return n;
    }
  }
  n->body = parseQueryBody();
  if (!failed() && atKw(Kw::kORDER)) {
    advance();
    if (expectKw(Kw::kBY)) parseOrderBy(n->orderBy);
  } else if (!failed()) {
    note("ORDER BY");
  }
  if (!failed() && atKw(Kw::kLIMIT)) {
    n->limit = parseLimit();
  } else if (!failed()) {
    note("LIMIT");
  }
  n->span.end = lastEnd();
  return n;
}

WithClausePtr Parser::parseWith() {
  auto n = node<WithClause>(cur().begin);
  advance();
  n->recursive = acceptKw(Kw::kRECURSIVE);
  do {
    auto cte = node<CommonTableExpr>(cur().begin);
    bool ok = parseName(cte->name, true, true, "a table name");
    if (ok && accept(Tok::LParen)) {
      do {
        Identifier col;
        if (!parseName(col, true, true, "a column name")) break;
        cte->columns.push_back(std::move(col));
      } while (accept(Tok::Comma));
      if (!failed()) expect(Tok::RParen);
    }
    if (!failed() && expectKw(Kw::kAS)) {
      if (atKw(Kw::kNOT) && atKw(Kw::kMATERIALIZED, 1)) {
        advance();
        advance();
        cte->materialization = Materialization::NotMaterialized;
      } else if (acceptKw(Kw::kMATERIALIZED)) {
        cte->materialization = Materialization::Materialized;
      }
      if (expect(Tok::LParen)) {
        cte->query = parseSelectStmt();
        if (!failed()) expect(Tok::RParen);
      }
    }
    cte->span.end = lastEnd();
    n->ctes.push_back(std::move(cte));
    if (failed()) break;
  } while (accept(Tok::Comma));
  n->span.end = lastEnd();
  return n;
}

QueryBodyPtr Parser::parseQueryBody() {
  std::size_t begin = cur().begin;
  if (!atKw(Kw::kVALUES)) note("VALUES");
  ChainHeight chain(*this);
  QueryBodyPtr left = atKw(Kw::kVALUES) ? parseValues() : parseSelectCore();
  chain.first();
  while (!failed()) {
    chain.beginLink();
    CompoundOp op;
    if (atKw(Kw::kUNION)) {
      advance();
      op = acceptKw(Kw::kALL) ? CompoundOp::UnionAll : CompoundOp::Union;
    } else if (atKw(Kw::kINTERSECT)) {
      advance();
      op = CompoundOp::Intersect;
    } else if (atKw(Kw::kEXCEPT)) {
      advance();
      op = CompoundOp::Except;
    } else {
      note("UNION");
      note("INTERSECT");
      note("EXCEPT");
      break;
    }
    auto n = node<CompoundSelect>(begin);
    n->op = op;
    n->left = std::move(left);
    if (!atKw(Kw::kVALUES)) note("VALUES");
    n->right = atKw(Kw::kVALUES) ? parseValues() : parseSelectCore();
    n->span.end = lastEnd();
    left = std::move(n);
    if (!chain.endLink()) break;
  }
  return left;
}

QueryBodyPtr Parser::parseValues() {
  auto n = node<ValuesClause>(cur().begin);
  advance();
  do {
    ExprList row;
    if (!expect(Tok::LParen)) break;
    parseExprList(row);
    n->rows.push_back(std::move(row));
    if (failed() || !expect(Tok::RParen)) break;
  } while (accept(Tok::Comma));
  n->span.end = lastEnd();
  return n;
}

QueryBodyPtr Parser::parseSelectCore() {
  auto n = node<SelectCore>(cur().begin);
  if (!expectKw(Kw::kSELECT)) return n;
  if (acceptKw(Kw::kDISTINCT)) {
    n->quantifier = Quantifier::Distinct;
  } else if (acceptKw(Kw::kALL)) {
    n->quantifier = Quantifier::All;
  }
  auto done = [&]() -> QueryBodyPtr {
    n->span.end = lastEnd();
    return std::move(n);
  };
  do {
    n->columns.push_back(parseResultColumn());
    if (failed()) return done();
  } while (accept(Tok::Comma));
  if (acceptKw(Kw::kFROM)) {
    n->from = parseFrom();
    if (failed()) return done();
  }
  if (acceptKw(Kw::kWHERE)) {
    n->where = parseExpr();
    if (failed()) return done();
  }
  if (atKw(Kw::kGROUP)) {
    advance();
    if (!expectKw(Kw::kBY)) return done();
    parseExprList(n->groupBy);
    if (failed()) return done();
  } else {
    note("GROUP BY");
  }
  if (acceptKw(Kw::kHAVING)) {
    n->having = parseExpr();
    if (failed()) return done();
  }
  if (atKw(Kw::kWINDOW)) {
    advance();
    do {
      auto w = node<NamedWindow>(cur().begin);
      if (parseName(w->name, false, false, "a window name") && expectKw(Kw::kAS)) w->spec = parseWindowSpec();
      w->span.end = lastEnd();
      n->windows.push_back(std::move(w));
      if (failed()) return done();
    } while (accept(Tok::Comma));
  } else {
    note("WINDOW");
  }
  return done();
}

ResultColumnPtr Parser::parseResultColumn() {
  auto n = node<ResultColumn>(cur().begin);
  if (at(Tok::Star)) {
    auto s = node<Star>(cur().begin);
    advance();
    s->span.end = lastEnd();
    n->expr = std::move(s);
    n->span.end = lastEnd();
    return n;
  }
  // t.* and s.t.*
  std::size_t stars = 0;
  if (atName(true, true) && peek(1).tok == Tok::Dot) {
    if (peek(2).tok == Tok::Star) {
      stars = 2;
    } else if (peek(3).tok == Tok::Dot && peek(4).tok == Tok::Star) {
      stars = 4;
    }
  }
  if (stars > 0) {
    auto s = node<TableStar>(cur().begin);
    s->table = takeName();
    advance();
    if (stars == 4) {
      s->schema = std::move(s->table);
      s->table = takeName();
      advance();
    }
    advance();  // *
    s->span.end = lastEnd();
    n->expr = std::move(s);
    n->span.end = lastEnd();
    return n;
  }
  n->expr = parseExpr();
  if (failed()) {
    n->span.end = lastEnd();
    return n;
  }
  if (acceptKw(Kw::kAS)) {
    n->hasAs = true;
    Identifier alias;
    if (parseName(alias, true, true, "an alias")) n->alias = std::move(alias);
  } else if (atAlias()) {
    n->alias = takeName();
  } else {
    note("an alias");
  }
  n->span.end = lastEnd();
  return n;
}

void Parser::parseTableAlias(std::optional<Identifier>& alias, bool& hasAs) {
  if (acceptKw(Kw::kAS)) {
    hasAs = true;
    Identifier a;
    if (parseName(a, true, true, "an alias")) alias = std::move(a);
  } else if (atAlias()) {
    alias = takeName();
  } else {
    note("an alias");
  }
}

TableRefPtr Parser::parseFrom() {
  std::size_t begin = cur().begin;
  ChainHeight chain(*this);
  TableRefPtr left = parseTableOrSubquery();
  chain.first();
  while (!failed()) {
    chain.beginLink();
    JoinType type;
    bool natural = false, outer = false, inner = false;
    if (accept(Tok::Comma)) {
      type = JoinType::Comma;
    } else {
      std::size_t save = pos_;
      if (acceptKw(Kw::kNATURAL)) natural = true;
      type = JoinType::Inner;
      if (acceptKw(Kw::kLEFT)) {
        type = JoinType::Left;
      } else if (acceptKw(Kw::kRIGHT)) {
        type = JoinType::Right;
      } else if (acceptKw(Kw::kFULL)) {
        type = JoinType::Full;
      } else if (acceptKw(Kw::kINNER)) {
        inner = true;
      } else if (acceptKw(Kw::kCROSS)) {
        type = JoinType::Cross;
      }
      if (type == JoinType::Left || type == JoinType::Right || type == JoinType::Full)
        outer = acceptKw(Kw::kOUTER);
      if (!atKw(Kw::kJOIN)) {
        if (pos_ != save) {
          expectKw(Kw::kJOIN);
          break;
        }
        note("JOIN");
        note("','");
        break;
      }
      advance();
    }
    auto j = node<JoinClause>(begin);
    j->type = type;
    j->natural = natural;
    j->outerKeyword = outer;
    j->innerKeyword = inner;
    j->left = std::move(left);
    j->right = parseTableOrSubquery();
    if (!failed()) {
      if (acceptKw(Kw::kON)) {
        j->on = parseExpr();
      } else if (acceptKw(Kw::kUSING)) {
        j->hasUsing = true;
        if (expect(Tok::LParen)) {
          do {
            Identifier col;
            if (!parseName(col, true, true, "a column name")) break;
            j->using_.push_back(std::move(col));
          } while (accept(Tok::Comma));
          if (!failed()) expect(Tok::RParen);
        }
      }
    }
    j->span.end = lastEnd();
    left = std::move(j);
    if (!chain.endLink()) break;
  }
  return left;
}

TableRefPtr Parser::parseTableOrSubquery() {
  std::size_t begin = cur().begin;
  DepthGuard guard(*this);
  if (!guard.ok()) return nullptr;
  if (at(Tok::LParen)) {
    if (atQueryStart(1)) {
      advance();
      auto n = node<SubqueryTable>(begin);
      n->query = parseSelectStmt();
      if (failed() || !expect(Tok::RParen)) {
        n->span.end = lastEnd();
        return n;
      }
      parseTableAlias(n->alias, n->hasAs);
      n->span.end = lastEnd();
      return n;
    }
    advance();
    TableRefPtr inner = parseFrom();
    if (failed()) return inner;
    expect(Tok::RParen);
    if (inner && inner->parens < 255) ++inner->parens;
    return inner;
  }
  Identifier name;
  if (!parseName(name, true, true, "a table name")) return nullptr;
  std::optional<Identifier> schema;
  if (accept(Tok::Dot)) {
    schema = std::move(name);
    if (!parseName(name, true, true, "a table name")) {
      auto n = node<NamedTable>(begin);
      n->schema = std::move(schema);
      n->span.end = lastEnd();
      return n;
    }
  }
  if (at(Tok::LParen)) {
    auto n = node<TableFunction>(begin);
    n->schema = std::move(schema);
    n->name = std::move(name);
    advance();
    if (!accept(Tok::RParen)) {
      parseExprList(n->args);
      if (!failed()) expect(Tok::RParen);
    }
    if (!failed()) parseTableAlias(n->alias, n->hasAs);
    n->span.end = lastEnd();
    return n;
  }
  auto n = node<NamedTable>(begin);
  n->schema = std::move(schema);
  n->name = std::move(name);
  parseTableAlias(n->alias, n->hasAs);
  if (!failed()) {
    if (atKw(Kw::kINDEXED) && atKw(Kw::kBY, 1)) {
      advance();
      advance();
      Identifier idx;
      if (parseName(idx, true, true, "an index name")) n->indexedBy = std::move(idx);
    } else if (atKw(Kw::kNOT) && atKw(Kw::kINDEXED, 1)) {
      advance();
      advance();
      n->notIndexed = true;
    }
  }
  n->span.end = lastEnd();
  return n;
}

std::unique_ptr<Limit> Parser::parseLimit() {
  auto n = node<Limit>(cur().begin);
  advance();
  n->count = parseExpr();
  if (!failed()) {
    if (acceptKw(Kw::kOFFSET)) {
      n->offset = parseExpr();
    } else if (accept(Tok::Comma)) {
      n->commaForm = true;
      n->offset = std::move(n->count);
      n->count = parseExpr();
    }
  }
  n->span.end = lastEnd();
  return n;
}

}  // namespace hs::sql::detail
