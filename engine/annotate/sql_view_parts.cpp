// FROM tables, SELECT items, GROUP BY / ORDER BY / LIMIT and predicates of a SELECT block.
#include <algorithm>

#include "engine/annotate/sql_view_detail.h"
#include "engine/core/text.h"

namespace hs::annotate::detail {

namespace {

bool isComma(const SqlView& v, std::size_t i) {
  return v.tokens[i].kind == TokKind::Comma;
}

bool isIdent(const Token& t) {
  return (t.kind == TokKind::Word && !isSqlKeyword(t.text)) || t.kind == TokKind::QuotedId ||
         t.kind == TokKind::Backtick || t.kind == TokKind::Bracket;
}

bool isJoinWord(std::string_view w) {
  return w == "join" || w == "left" || w == "right" || w == "inner" || w == "outer" || w == "cross" ||
         w == "natural" || w == "full";
}

}  // namespace

void parseFrom(SqlView& v, int b, const db::Schema& schema) {
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  Range r = blk.clauses[kFrom];
  bool expectTable = true;
  std::string pendingJoin;
  std::size_t joinBegin = 0;
  bool inOn = false;
  for (std::size_t i = r.first; i < r.last; ++i) {
    Token& t = v.tokens[i];
    if (t.depth != blk.depth) continue;
    if (t.kind == TokKind::Comma && t.owner == b) {
      blk.joinKinds.push_back(",");
      blk.joinSpans.push_back({t.begin, t.end});
      expectTable = true;
      inOn = false;
      continue;
    }
    if (t.owner != b && t.kind != TokKind::LParen) continue;
    if (t.kind == TokKind::Word && isJoinWord(t.text)) {
      if (pendingJoin.empty()) joinBegin = t.begin;
      pendingJoin += pendingJoin.empty() ? t.text : " " + t.text;
      if (t.text == "join") {
        std::string kind = pendingJoin;
        if (kind == "inner join") kind = "join";
        blk.joinKinds.push_back(kind);
        blk.joinSpans.push_back({joinBegin, t.end});
        pendingJoin.clear();
        expectTable = true;
        inOn = false;
      }
      continue;
    }
    if (t.kind == TokKind::Word && (t.text == "on" || t.text == "using")) {
      ++blk.onConditions;
      inOn = t.text == "on";
      continue;
    }
    if (inOn || !expectTable) continue;
    TableRef ref;
    std::size_t next = i + 1;
    if (t.kind == TokKind::LParen) {
      std::size_t close = matchingParen(v, i);
      ref.begin = t.begin;
      ref.end = close < v.tokens.size() ? v.tokens[close].end : v.text.size();
      for (std::size_t k = 0; k < v.blocks.size(); ++k)
        if (v.blocks[k].tokens.first == i + 1) ref.derivedSelect = static_cast<int>(k);
      next = close + 1;
      i = close;
    } else if (isIdent(t)) {
      std::size_t nameTok = i;
      if (next + 1 < r.last && v.tokens[next].kind == TokKind::Dot && isIdent(v.tokens[next + 1])) {
        nameTok = next + 1;  // schema.table
        next += 2;
      }
      ref.name = hs::asciiLower(v.tokens[nameTok].text);
      ref.begin = v.tokens[nameTok].begin;
      ref.end = v.tokens[nameTok].end;
      if (v.tokens[nameTok].kind == TokKind::Backtick) v.backticks.push_back(nameTok);
      v.tokens[nameTok].kind = TokKind::Word;  // consumed: not a column
      v.tokens[nameTok].text =
          "\x01"
          "table";
      ref.info = schema.findTable(ref.name);
      if (!ref.info) {
        ref.known = false;
        for (const SelectBlock& cb : v.blocks)
          if (cb.isCte && cb.cteName == ref.name) ref.known = true;
        for (std::size_t k = 0; k < v.blocks.size(); ++k)
          if (v.blocks[k].isCte && v.blocks[k].cteName == ref.name) ref.derivedSelect = static_cast<int>(k);
      }
      i = next - 1;
    } else {
      continue;
    }
    std::size_t a = next;
    if (isWord(v, a, "as")) ++a;
    if (a < r.last && isIdent(v.tokens[a]) && v.tokens[a].depth == blk.depth) {
      ref.alias = hs::asciiLower(v.tokens[a].text);
      v.tokens[a].kind = TokKind::Word;
      v.tokens[a].text =
          "\x01"
          "alias";
      i = a;
    } else if (a > next) {
      i = a;
    }
    blk.tables.push_back(std::move(ref));
    expectTable = false;
  }
}

void parseItems(SqlView& v, int b) {
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  for (Range item : splitTopAt(v, b, blk.clauses[kSelect], isComma)) {
    std::string alias;
    if (item.last - item.first >= 2) {
      std::size_t l = item.last - 1;
      const Token& last = v.tokens[l];
      const Token& prev = v.tokens[l - 1];
      bool aliasTok = last.depth == blk.depth && (isIdent(last) || last.kind == TokKind::String);
      if (aliasTok && prev.kind == TokKind::Word && prev.text == "as") {
        alias = hs::asciiLower(last.text);
        item.last = l - 1;
      } else if (aliasTok && last.kind != TokKind::String && prev.kind != TokKind::Dot &&
                 prev.kind != TokKind::Op && prev.kind != TokKind::Comma &&
                 !(prev.kind == TokKind::Word && isSqlKeyword(prev.text))) {
        alias = hs::asciiLower(last.text);
        item.last = l;
      }
      if (!alias.empty()) {
        v.tokens[l].kind = TokKind::Word;
        v.tokens[l].text =
            "\x01"
            "alias";
        v.literalToken[l] = false;
      }
    }
    blk.items.push_back(item);
    blk.itemAliases.push_back(alias);
  }
  for (Range g : splitTopAt(v, b, blk.clauses[kGroupBy], isComma)) blk.groupBy.push_back(g);
  for (Range o : splitTopAt(v, b, blk.clauses[kOrderBy], isComma)) {
    OrderItem it;
    if (o.last > o.first && (isWord(v, o.last - 1, "asc") || isWord(v, o.last - 1, "desc"))) {
      it.desc = isWord(v, o.last - 1, "desc");
      --o.last;
    }
    it.expr = o;
    it.begin = v.beginOf(o);
    it.end = v.endOf(o);
    blk.orderBy.push_back(it);
  }
  blk.limit = blk.clauses[kLimit];
  // "cast(x AS type)": the type name is not a column.
  for (std::size_t i = blk.tokens.first; i + 1 < blk.tokens.last; ++i)
    if (v.tokens[i].owner == b && isWord(v, i, "as") && v.tokens[i + 1].kind == TokKind::Word &&
        v.tokens[i].depth > blk.depth) {
      v.tokens[i + 1].text =
          "\x01"
          "type";
    }
  // Aggregates.
  for (std::size_t i = blk.tokens.first; i + 1 < blk.tokens.last; ++i) {
    const Token& t = v.tokens[i];
    if (t.owner != b || t.kind != TokKind::Word || v.tokens[i + 1].kind != TokKind::LParen) continue;
    if (t.text != "count" && t.text != "sum" && t.text != "avg" && t.text != "min" && t.text != "max")
      continue;
    Aggregate a;
    a.func = t.text;
    std::size_t close = matchingParen(v, i + 1);
    a.arg = {i + 2, close};
    if (isWord(v, i + 2, "distinct")) {
      a.distinct = true;
      a.arg.first = i + 3;
    }
    a.begin = t.begin;
    a.end = close < v.tokens.size() ? v.tokens[close].end : v.text.size();
    a.clause = v.clauseAtToken[i];
    blk.aggregates.push_back(a);
  }
}

}  // namespace hs::annotate::detail
