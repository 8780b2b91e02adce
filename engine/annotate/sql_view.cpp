// Building the annotators' SQL view: SELECT blocks, clauses, FROM tables, items and predicates.
#include "engine/annotate/sql_view.h"

#include <algorithm>

#include "engine/annotate/sql_lex.h"
#include "engine/annotate/sql_view_detail.h"

namespace hs::annotate {

const char* clauseName(int clause) {
  static const char* names[] = {"SELECT", "FROM",     "WHERE", "GROUP BY",
                                "HAVING", "ORDER BY", "LIMIT", "OFFSET"};
  return clause >= 0 && clause < kClauseCount ? names[clause] : "?";
}

namespace detail {

bool isWord(const SqlView& v, std::size_t i, std::string_view w) {
  return i < v.tokens.size() && v.tokens[i].kind == TokKind::Word && v.tokens[i].text == w;
}

std::size_t matchingParen(const SqlView& v, std::size_t open) {
  int d = 0;
  for (std::size_t i = open; i < v.tokens.size(); ++i) {
    if (v.tokens[i].kind == TokKind::LParen) ++d;
    if (v.tokens[i].kind == TokKind::RParen && --d == 0) return i;
  }
  return v.tokens.size();
}

std::vector<Range> splitTopAt(const SqlView& v, int b, Range r, bool (*sep)(const SqlView&, std::size_t)) {
  std::vector<Range> out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  std::size_t start = r.first;
  for (std::size_t i = r.first; i < r.last; ++i) {
    const Token& t = v.tokens[i];
    if (t.owner == b && t.depth == blk.depth && sep(v, i)) {
      if (i > start) out.push_back({start, i});
      start = i + 1;
    }
  }
  if (r.last > start) out.push_back({start, r.last});
  return out;
}

}  // namespace detail

namespace {
using detail::isWord;

void buildBlocks(SqlView& v) {
  std::vector<int> stack;
  bool inWithPrologue = !v.tokens.empty() && isWord(v, 0, "with");
  v.hasCte = inWithPrologue;
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    Token& t = v.tokens[i];
    while (!stack.empty() && t.depth < v.blocks[static_cast<std::size_t>(stack.back())].depth) {
      v.blocks[static_cast<std::size_t>(stack.back())].tokens.last = i;
      stack.pop_back();
    }
    if (t.kind == TokKind::Word && (t.text == "union" || t.text == "intersect" || t.text == "except") &&
        !stack.empty() && v.blocks[static_cast<std::size_t>(stack.back())].depth == t.depth) {
      int b = stack.back();
      v.blocks[static_cast<std::size_t>(b)].tokens.last = i;
      stack.pop_back();
      if (t.depth == 0) {
        std::size_t e = t.end;
        std::string op = t.text;
        if (isWord(v, i + 1, "all")) {
          op += " all";
          e = v.tokens[i + 1].end;
        }
        v.setOps.push_back({op, {t.begin, e}});
      }
      t.owner = stack.empty() ? -1 : stack.back();
      continue;
    }
    if (t.kind == TokKind::Semi && t.depth == 0) {
      while (!stack.empty()) {
        v.blocks[static_cast<std::size_t>(stack.back())].tokens.last = i;
        stack.pop_back();
      }
      if (!v.blocks.empty()) {
        // A second statement: the view covers the first one only.
        bool more = false;
        for (std::size_t j = i + 1; j < v.tokens.size(); ++j)
          if (v.tokens[j].kind != TokKind::Semi) more = true;
        if (more && v.error.empty()) {
          v.error = "more than one statement";
          v.errorOffset = v.tokens[i].begin;
        }
        v.tokens.resize(i);
        break;
      }
      continue;
    }
    if (t.kind == TokKind::Word && t.text == "select") {
      SelectBlock blk;
      blk.depth = t.depth;
      blk.parent = stack.empty() ? -1 : stack.back();
      blk.tokens.first = i;
      blk.tokens.last = v.tokens.size();
      if (t.depth == 0) inWithPrologue = false;
      if (inWithPrologue && i >= 3 && v.tokens[i - 1].kind == TokKind::LParen && isWord(v, i - 2, "as")) {
        std::size_t k = i - 3;
        if (v.tokens[k].kind == TokKind::RParen) {  // name(cols) AS (...)
          while (k > 0 && v.tokens[k].kind != TokKind::LParen) --k;
          if (k > 0) --k;
        }
        blk.isCte = true;
        blk.cteName = v.tokens[k].text;
        blk.parent = -1;
      }
      int b = static_cast<int>(v.blocks.size());
      if (blk.parent < 0 && !blk.isCte) v.topLevel.push_back(b);
      v.blocks.push_back(std::move(blk));
      stack.push_back(b);
    }
    t.owner = stack.empty() ? -1 : stack.back();
  }
  for (int b : stack) v.blocks[static_cast<std::size_t>(b)].tokens.last = v.tokens.size();
}

void assignClauses(SqlView& v, int b) {
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  int clause = kSelect;
  std::size_t start = blk.tokens.first + 1;
  blk.keywordBegin[kSelect] = v.tokens[blk.tokens.first].begin;
  blk.keywordEnd[kSelect] = v.tokens[blk.tokens.first].end;
  if (isWord(v, start, "distinct")) {
    blk.distinct = true;
    blk.distinctBegin = v.tokens[start].begin;
    blk.distinctEnd = v.tokens[start].end;
    ++start;
  } else if (isWord(v, start, "all")) {
    ++start;
  }
  auto close = [&](std::size_t at) { blk.clauses[static_cast<std::size_t>(clause)] = {start, at}; };
  for (std::size_t i = start; i < blk.tokens.last; ++i) {
    Token& t = v.tokens[i];
    if (t.owner == b) v.clauseAtToken[i] = clause;
    if (t.owner != b || t.depth != blk.depth || t.kind != TokKind::Word) continue;
    int next = -1;
    std::size_t kwEnd = t.end;
    std::size_t skip = 0;
    if (t.text == "from") next = kFrom;
    if (t.text == "where") next = kWhere;
    if (t.text == "having") next = kHaving;
    if (t.text == "limit") next = kLimit;
    if (t.text == "offset") next = kOffset;
    if ((t.text == "group" || t.text == "order") && isWord(v, i + 1, "by")) {
      next = t.text == "group" ? kGroupBy : kOrderBy;
      kwEnd = v.tokens[i + 1].end;
      skip = 1;
    }
    if (next < 0) continue;
    close(i);
    clause = next;
    blk.keywordBegin[static_cast<std::size_t>(clause)] = t.begin;
    blk.keywordEnd[static_cast<std::size_t>(clause)] = kwEnd;
    v.clauseAtToken[i] = clause;
    if (skip) v.clauseAtToken[i + 1] = clause;
    i += skip;
    start = i + 1;
  }
  close(blk.tokens.last);
}

}  // namespace

SqlView analyse(std::string_view sql, const db::Schema& schema) {
  SqlView v;
  v.text = std::string(sql);
  LexResult lx = lex(sql);
  v.tokens = std::move(lx.tokens);
  v.error = lx.error;
  v.errorOffset = lx.errorOffset;
  buildBlocks(v);
  v.clauseAtToken.assign(v.tokens.size(), -1);
  v.columnAtToken.assign(v.tokens.size(), -1);
  v.literalToken.assign(v.tokens.size(), false);
  for (std::size_t i = 0; i < v.tokens.size(); ++i)
    v.literalToken[i] = v.tokens[i].kind == TokKind::String || v.tokens[i].kind == TokKind::Number;
  if (v.blocks.empty()) {
    if (v.error.empty()) {
      v.error = "no SELECT found";
      v.errorOffset = 0;
    }
    return v;
  }
  for (std::size_t b = 0; b < v.blocks.size(); ++b) assignClauses(v, static_cast<int>(b));
  for (std::size_t b = 0; b < v.blocks.size(); ++b) detail::parseFrom(v, static_cast<int>(b), schema);
  for (std::size_t b = 0; b < v.blocks.size(); ++b) detail::parseItems(v, static_cast<int>(b));
  detail::resolveColumns(v, schema);
  for (std::size_t b = 0; b < v.blocks.size(); ++b) detail::parsePredicates(v, static_cast<int>(b));
  return v;
}

}  // namespace hs::annotate
