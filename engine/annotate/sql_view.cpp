// Building the annotators' SQL view from engine/sql: tokens, SELECT blocks and their clauses.
#include "engine/annotate/sql_view.h"

#include <algorithm>

#include "engine/annotate/sql_view_build.h"
#include "engine/core/text.h"
#include "engine/sql/lexer.h"
#include "engine/sql/parser.h"

namespace hs::annotate {

const char* clauseName(int clause) {
  static const char* names[] = {"SELECT", "FROM",     "WHERE", "GROUP BY",
                                "HAVING", "ORDER BY", "LIMIT", "OFFSET"};
  return clause >= 0 && clause < kClauseCount ? names[clause] : "?";
}

bool isSqlKeyword(std::string_view word) {
  return sql::keywordOf(word) != sql::Kw::None;
}

std::size_t matchingParen(const SqlView& v, std::size_t open) {
  int d = 0;
  for (std::size_t i = open; i < v.tokens.size(); ++i) {
    if (v.tokens[i].kind == TokKind::LParen) ++d;
    if (v.tokens[i].kind == TokKind::RParen && --d == 0) return i;
  }
  return v.tokens.size();
}

namespace detail {

std::size_t ViewBuilder::tokenAt(std::size_t byte) const {
  return byte < firstTokenAt.size() ? firstTokenAt[byte] : v.tokens.size();
}

Range ViewBuilder::rangeOf(sql::Span s) const {
  Range r{tokenAt(s.begin), tokenAt(s.end)};
  if (r.last < r.first) r.last = r.first;
  return r;
}

Range ViewBuilder::exprRange(const sql::Expr& e) const {
  Range r = rangeOf(e.span);
  for (int k = 0; k < e.parens && r.first > 0 && r.last < v.tokens.size(); ++k) {
    if (v.tokens[r.first - 1].kind != TokKind::LParen || v.tokens[r.last].kind != TokKind::RParen) break;
    --r.first;
    ++r.last;
  }
  return r;
}

}  // namespace detail

namespace {

using detail::ViewBuilder;

TokKind kindOf(sql::Tok tok, std::string_view raw) {
  using T = sql::Tok;
  switch (tok) {
    case T::Ident:
      return TokKind::Word;
    case T::QuotedIdent:
      return raw.front() == '`'   ? TokKind::Backtick
             : raw.front() == '[' ? TokKind::Bracket
                                  : TokKind::QuotedId;
    case T::String:
      return TokKind::String;
    case T::Integer:
    case T::Float:
      return TokKind::Number;
    case T::LParen:
      return TokKind::LParen;
    case T::RParen:
      return TokKind::RParen;
    case T::Comma:
      return TokKind::Comma;
    case T::Dot:
      return TokKind::Dot;
    case T::Semicolon:
      return TokKind::Semi;
    case T::Blob:
    case T::Param:
    case T::End:
      return TokKind::Other;
    default:
      return TokKind::Op;
  }
}

// The view's token: words lower case, quoted names and strings unquoted, the rest as written.
Token convert(const sql::Token& st, std::string_view src, int depth) {
  Token t;
  t.begin = st.begin;
  t.end = st.end;
  t.depth = depth;
  t.kw = st.kw;
  const std::string_view raw = st.text(src);
  t.kind = kindOf(st.tok, raw);
  if (t.kind == TokKind::Word)
    t.text = hs::asciiLower(raw);
  else if (st.tok == sql::Tok::QuotedIdent || st.tok == sql::Tok::String)
    t.text = sql::unquote(raw);
  else
    t.text = std::string(raw);
  return t;
}

void addTokens(SqlView& v, const std::vector<sql::Token>& toks, std::size_t endByte) {
  int depth = 0;
  v.tokens.reserve(toks.size());
  for (const sql::Token& st : toks) {
    if (st.tok == sql::Tok::End || st.begin >= endByte) break;
    if (st.tok == sql::Tok::RParen && depth > 0) --depth;
    v.tokens.push_back(convert(st, v.text, depth));
    if (st.tok == sql::Tok::LParen) ++depth;
  }
}

void flatten(const sql::QueryBody* body, std::vector<const sql::SelectCore*>& out,
             std::vector<const sql::CompoundSelect*>* ops) {
  if (!body) return;
  if (const auto* c = body->as<sql::SelectCore>()) {
    out.push_back(c);
  } else if (const auto* k = body->as<sql::CompoundSelect>()) {
    flatten(k->left.get(), out, ops);
    if (ops) ops->push_back(k);
    flatten(k->right.get(), out, ops);
  }
}

void visitStmt(ViewBuilder& b, const sql::SelectStmt& s, int parent, const std::string* cte);

// Blocks of the statements nested in n (subqueries, derived tables), with parent block `parent`.
void visitNested(ViewBuilder& b, const sql::Node& n, int parent) {
  sql::walk(n, [&](const sql::Node& x) {
    if (const auto* st = x.as<sql::SelectStmt>(); st && &x != &n) {
      visitStmt(b, *st, parent, nullptr);
      return false;
    }
    return true;
  });
}

void visitStmt(ViewBuilder& b, const sql::SelectStmt& s, int parent, const std::string* cte) {
  SqlView& v = b.v;
  if (s.with)
    for (const auto& c : s.with->ctes)
      if (c && c->query) {
        const std::string name = hs::asciiLower(c->name.name);
        visitStmt(b, *c->query, -1, &name);
      }
  std::vector<const sql::SelectCore*> cores;
  std::vector<const sql::CompoundSelect*> ops;
  flatten(s.body.get(), cores, &ops);
  const bool top = parent < 0 && !cte;
  for (std::size_t i = 0; i < cores.size(); ++i) {
    const bool last = i + 1 == cores.size();
    SelectBlock blk;
    blk.parent = cte ? -1 : parent;
    blk.isCte = cte != nullptr;
    if (cte) blk.cteName = *cte;
    blk.tokens.first = b.tokenAt(cores[i]->span.begin);
    blk.tokens.last = std::max(blk.tokens.first, b.tokenAt(last ? s.span.end : cores[i]->span.end));
    if (blk.tokens.first >= v.tokens.size()) continue;
    blk.depth = v.tokens[blk.tokens.first].depth;
    const int idx = static_cast<int>(v.blocks.size());
    v.blocks.push_back(std::move(blk));
    b.cores.push_back(cores[i]);
    b.tail.push_back(last ? &s : nullptr);
    if (top) v.topLevel.push_back(idx);
    if (!b.firstBlock.count(&s)) b.firstBlock[&s] = idx;
    if (cte && !b.cteBlock.count(*cte)) b.cteBlock[*cte] = idx;
    visitNested(b, *cores[i], idx);
  }
  for (const sql::CompoundSelect* k : ops) {
    if (!k->left) continue;
    const std::size_t t = b.tokenAt(k->left->span.end);
    if (t >= v.tokens.size()) continue;
    std::size_t e = v.tokens[t].end;
    if (k->op == sql::CompoundOp::UnionAll && t + 1 < v.tokens.size()) e = v.tokens[t + 1].end;
    (top ? v.setOps : v.innerSetOps)
        .push_back({hs::asciiLower(sql::toString(k->op)), {v.tokens[t].begin, e}});
  }
  if (v.blocks.empty() || cores.empty()) return;
  const int lastBlock = static_cast<int>(v.blocks.size()) - 1;
  for (const auto& o : s.orderBy)
    if (o) visitNested(b, *o, lastBlock);
  if (s.limit) visitNested(b, *s.limit, lastBlock);
}

// The keyword token before token `first` (skipping opening parentheses), when it is `kw`.
std::size_t keywordBefore(const SqlView& v, std::size_t first, sql::Kw kw) {
  std::size_t t = first;
  while (t > 0 && t <= v.tokens.size() && v.tokens[t - 1].kind == TokKind::LParen) --t;
  if (t == 0 || t > v.tokens.size() || v.tokens[t - 1].kw != kw) return v.tokens.size();
  return t - 1;
}

// Clause keywords of block bi from the tree; each clause runs to the next keyword.
void assignClauses(ViewBuilder& b, int bi) {
  SqlView& v = b.v;
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(bi)];
  const sql::SelectCore& c = *b.cores[static_cast<std::size_t>(bi)];
  const std::size_t n = v.tokens.size();
  struct Kw {
    int clause;
    std::size_t first, last;  // keyword tokens
    std::size_t content;      // first token of the clause's content
  };
  std::vector<Kw> kws;
  std::size_t start = blk.tokens.first + 1;
  if (c.quantifier != sql::Quantifier::None && start < n) {
    blk.distinct = c.quantifier == sql::Quantifier::Distinct;
    blk.distinctBegin = v.tokens[start].begin;
    blk.distinctEnd = v.tokens[start].end;
    ++start;  // DISTINCT / ALL is not part of the SELECT list
  }
  kws.push_back({kSelect, blk.tokens.first, blk.tokens.first, start});
  auto add = [&](int clause, std::size_t first, sql::Kw kw, sql::Kw before = sql::Kw::None) {
    std::size_t k = keywordBefore(v, first, kw);
    if (k >= n) return;
    std::size_t k0 = k;
    if (before != sql::Kw::None) {
      if (k == 0 || v.tokens[k - 1].kw != before) return;
      k0 = k - 1;
    }
    kws.push_back({clause, k0, k, k + 1});
  };
  if (c.from) add(kFrom, b.rangeOf(c.from->span).first, sql::Kw::kFROM);
  if (c.where) add(kWhere, b.exprRange(*c.where).first, sql::Kw::kWHERE);
  if (!c.groupBy.empty() && c.groupBy.front())
    add(kGroupBy, b.exprRange(*c.groupBy.front()).first, sql::Kw::kBY, sql::Kw::kGROUP);
  if (c.having) add(kHaving, b.exprRange(*c.having).first, sql::Kw::kHAVING);
  if (const sql::SelectStmt* s = b.tail[static_cast<std::size_t>(bi)]) {
    if (!s->orderBy.empty() && s->orderBy.front() && s->orderBy.front()->expr)
      add(kOrderBy, b.exprRange(*s->orderBy.front()->expr).first, sql::Kw::kBY, sql::Kw::kORDER);
    if (s->limit) {
      std::size_t first = n;
      if (s->limit->count) first = std::min(first, b.exprRange(*s->limit->count).first);
      if (s->limit->offset) first = std::min(first, b.exprRange(*s->limit->offset).first);
      add(kLimit, first, sql::Kw::kLIMIT);
      if (s->limit->offset && !s->limit->commaForm)
        add(kOffset, b.exprRange(*s->limit->offset).first, sql::Kw::kOFFSET);
    }
  }
  std::sort(kws.begin(), kws.end(), [](const Kw& x, const Kw& y) { return x.first < y.first; });
  for (std::size_t k = 0; k < kws.size(); ++k) {
    const std::size_t end = k + 1 < kws.size() ? kws[k + 1].first : blk.tokens.last;
    const auto clause = static_cast<std::size_t>(kws[k].clause);
    blk.clauses[clause] = {std::min(kws[k].content, end), end};
    blk.keywordBegin[clause] = v.tokens[kws[k].first].begin;
    blk.keywordEnd[clause] = v.tokens[kws[k].last].end;
    for (std::size_t i = k == 0 ? kws[k].content : kws[k].first; i < end; ++i)
      if (v.tokens[i].owner == bi) v.clauseAtToken[i] = kws[k].clause;
  }
}

void markCastTypes(SqlView& v, const ViewBuilder& b, const sql::SelectStmt& root) {
  sql::walk(root, [&](const sql::Node& x) {
    if (const auto* c = x.as<sql::Cast>()) {
      Range r = b.rangeOf(c->typeSpan);
      for (std::size_t i = r.first; i < r.last; ++i)
        if (v.tokens[i].kind == TokKind::Word) v.tokens[i].role = TokRole::Type;
    }
    return true;
  });
}

}  // namespace

SqlView analyse(std::string_view sql, const db::Schema& schema) {
  SqlView v;
  v.text = std::string(sql);
  sql::LexResult lexed;  // the parser's tokens are the view's tokens too
  sql::ParseResult parsed = sql::parse(sql, {}, lexed);
  std::size_t endByte = sql.size();
  const sql::SelectStmt* root = nullptr;
  if (!parsed.statements.empty()) {
    const sql::Statement& st = parsed.statements.front();
    root = st.select.get();
    if (parsed.statements.size() > 1 && !parsed.error) {
      endByte = st.span.end;
      v.error = "more than one statement";
      v.errorOffset = parsed.statements[1].span.begin;
    }
  }
  if (parsed.error) {
    v.error = parsed.error->message;
    v.errorOffset = std::min(parsed.error->offset, sql.size());
    v.errorEnd = std::min(std::max(parsed.error->end, v.errorOffset + 1), sql.size());
    v.syntaxError = true;
    root = nullptr;
  } else if (!root && v.error.empty()) {
    v.error = "no SELECT found";
  }
  addTokens(v, lexed.tokens, endByte);
  v.clauseAtToken.assign(v.tokens.size(), -1);
  v.columnAtToken.assign(v.tokens.size(), -1);
  v.literalToken.assign(v.tokens.size(), false);
  for (std::size_t i = 0; i < v.tokens.size(); ++i)
    v.literalToken[i] = v.tokens[i].kind == TokKind::String || v.tokens[i].kind == TokKind::Number;
  if (!root) return v;
  const sql::Resolution res = sql::resolve(*root, schema, sql);
  ViewBuilder b{v, schema, res, {}, {}, {}, {}, {}, {}};
  b.firstTokenAt.resize(v.text.size() + 1);
  for (std::size_t byte = 0, t = 0; byte < b.firstTokenAt.size(); ++byte) {
    while (t < v.tokens.size() && v.tokens[t].begin < byte) ++t;
    b.firstTokenAt[byte] = t;
  }
  v.hasCte = root->with != nullptr;
  visitStmt(b, *root, -1, nullptr);
  if (v.blocks.empty()) {
    if (v.error.empty()) v.error = "no SELECT found";
    return v;
  }
  for (std::size_t bi = 0; bi < v.blocks.size(); ++bi)
    for (std::size_t i = v.blocks[bi].tokens.first; i < v.blocks[bi].tokens.last; ++i)
      v.tokens[i].owner = static_cast<int>(bi);
  const int nb = static_cast<int>(v.blocks.size());
  for (int bi = 0; bi < nb; ++bi) assignClauses(b, bi);
  for (int bi = 0; bi < nb; ++bi) detail::buildTables(b, bi);
  for (int bi = 0; bi < nb; ++bi) detail::buildItems(b, bi);
  markCastTypes(v, b, *root);
  detail::buildAggregates(b, *root);
  detail::buildColumns(b, *root);
  for (int bi = 0; bi < nb; ++bi) detail::buildPredicates(b, bi);
  v.tree = std::move(parsed.statements.front().select);
  return v;
}

bool rangeIsLiteral(const SqlView& v, Range r) {
  if (r.empty()) return false;
  for (std::size_t i = r.first; i < r.last; ++i) {
    const Token& t = v.tokens[i];
    if (v.literalToken[i] || t.kind == TokKind::LParen || t.kind == TokKind::RParen ||
        t.kind == TokKind::Comma || (t.kind == TokKind::Op && t.text == "-"))
      continue;
    return false;
  }
  return true;
}

bool rangeHasSelect(const SqlView& v, Range r) {
  for (std::size_t i = r.first; i < r.last; ++i)
    if (v.tokens[i].kind == TokKind::Word && v.tokens[i].text == "select") return true;
  return false;
}

int columnAt(const SqlView& v, std::size_t begin) {
  auto it = std::lower_bound(v.tokens.begin(), v.tokens.end(), begin,
                             [](const Token& t, std::size_t b) { return t.begin < b; });
  if (it == v.tokens.end() || it->begin != begin) return -1;
  return v.columnAtToken[static_cast<std::size_t>(it - v.tokens.begin())];
}

}  // namespace hs::annotate
