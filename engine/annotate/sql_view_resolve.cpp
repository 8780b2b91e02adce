// Column resolution (through aliases, CTEs and derived tables) and predicates of the SQL view.
#include <algorithm>

#include "engine/annotate/sql_view_detail.h"
#include "engine/core/text.h"

namespace hs::annotate::detail {

namespace {

// Output column names of a derived block (alias, else the column name of a bare column item).
std::vector<std::string> outputNames(const SqlView& v, int b) {
  std::vector<std::string> out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  for (std::size_t k = 0; k < blk.items.size(); ++k) {
    if (!blk.itemAliases[k].empty()) {
      out.push_back(blk.itemAliases[k]);
    } else if (!blk.items[k].empty()) {
      const Token& t = v.tokens[blk.items[k].last - 1];
      out.push_back(hs::asciiLower(t.text));
    }
  }
  return out;
}

bool hasStarItem(const SqlView& v, int b) {
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  for (const Range& r : blk.items)
    if (r.last - r.first == 1 && v.tokens[r.first].text == "*") return true;
  return false;
}

struct Hit {
  const TableRef* ref = nullptr;
  int level = 0;
};

// Whether table ref t offers column c; key receives the resolved key.
bool offers(const SqlView& v, const TableRef& t, const std::string& c, std::string& key) {
  if (t.info) {
    const db::ColumnInfo* ci = t.info->findColumn(c);
    if (!ci) return false;
    key = hs::asciiLower(t.info->name) + "." + hs::asciiLower(ci->name);
    return true;
  }
  if (t.derivedSelect >= 0) {
    auto names = outputNames(v, t.derivedSelect);
    auto it = std::find(names.begin(), names.end(), c);
    if (it != names.end() || hasStarItem(v, t.derivedSelect)) {
      key = (t.alias.empty() ? t.name : t.alias) + "." + c;
      // A derived column that is a bare column of its block stands for that column.
      if (it != names.end()) {
        const SelectBlock& d = v.blocks[static_cast<std::size_t>(t.derivedSelect)];
        const Range& r = d.items[static_cast<std::size_t>(it - names.begin())];
        int col = r.empty() ? -1 : v.columnAtToken[r.last - 1];
        if (col >= 0 && v.columnAtToken[r.first] == col &&
            !v.columns[static_cast<std::size_t>(col)].key.empty())
          key = v.columns[static_cast<std::size_t>(col)].key;
      }
      return true;
    }
  }
  return false;
}

void resolveOne(SqlView& v, ColumnRef& c, int b, const db::Schema& schema) {
  if (!c.qualifier.empty()) {
    for (int s = b; s >= 0; s = v.blocks[static_cast<std::size_t>(s)].parent) {
      for (const TableRef& t : v.blocks[static_cast<std::size_t>(s)].tables) {
        if (t.alias == c.qualifier || (t.alias.empty() && t.name == c.qualifier) ||
            (!t.alias.empty() && t.name == c.qualifier && t.info)) {
          if (c.column == "*") {
            c.status = ColStatus::Star;
            return;
          }
          if (offers(v, t, c.column, c.key)) {
            c.status = t.info ? ColStatus::Resolved : ColStatus::Derived;
          } else {
            c.status = (t.info || t.derivedSelect >= 0) ? ColStatus::UnknownColumn : ColStatus::Derived;
          }
          return;
        }
      }
    }
    c.status = ColStatus::UnknownQualifier;
    return;
  }
  for (int s = b; s >= 0; s = v.blocks[static_cast<std::size_t>(s)].parent) {
    int hits = 0;
    std::string first;
    bool derived = false;
    for (const TableRef& t : v.blocks[static_cast<std::size_t>(s)].tables) {
      std::string key;
      if (offers(v, t, c.column, key)) {
        if (hits == 0) {
          first = key;
          derived = !t.info;
        } else if (key == first) {
          continue;  // the same table twice without aliases
        }
        ++hits;
      }
    }
    if (hits > 0) {
      c.key = first;
      c.status = hits > 1 ? ColStatus::Ambiguous : derived ? ColStatus::Derived : ColStatus::Resolved;
      return;
    }
    const SelectBlock& blk = v.blocks[static_cast<std::size_t>(s)];
    if (std::find(blk.itemAliases.begin(), blk.itemAliases.end(), c.column) != blk.itemAliases.end()) {
      c.status = ColStatus::OutputAlias;
      c.key = "@" + c.column;
      return;
    }
    for (const TableRef& t : blk.tables)
      if (!t.known) {
        // Maybe a column of the unknown table: only a name no schema table has is unknown.
        bool anywhere = false;
        for (const db::TableInfo& st : schema.tables) anywhere = anywhere || st.findColumn(c.column);
        c.status = anywhere ? ColStatus::Derived : ColStatus::UnknownColumn;
        return;
      }
  }
  for (const db::TableInfo& t : schema.tables)
    if (t.findColumn(c.column)) {
      c.status = ColStatus::NotInFrom;
      c.key = hs::asciiLower(t.name) + "." + c.column;
      return;
    }
  c.status = ColStatus::UnknownColumn;
}

bool isIdentTok(const Token& t) {
  return (t.kind == TokKind::Word && !t.text.empty() && t.text[0] != '\x01' && !isSqlKeyword(t.text)) ||
         t.kind == TokKind::QuotedId || t.kind == TokKind::Backtick || t.kind == TokKind::Bracket;
}

}  // namespace

void resolveColumns(SqlView& v, const db::Schema& schema) {
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    Token& t = v.tokens[i];
    if (t.owner < 0 || !isIdentTok(t)) continue;
    if (i + 1 < v.tokens.size() && v.tokens[i + 1].kind == TokKind::LParen && t.kind == TokKind::Word)
      continue;                                                   // function call
    if (i > 0 && v.tokens[i - 1].kind == TokKind::Dot) continue;  // handled with its qualifier
    ColumnRef c;
    c.begin = t.begin;
    c.clause = v.clauseAtToken[i];
    c.backtick = t.kind == TokKind::Backtick;
    std::size_t colTok = i;
    if (i + 2 < v.tokens.size() && v.tokens[i + 1].kind == TokKind::Dot &&
        (isIdentTok(v.tokens[i + 2]) || v.tokens[i + 2].text == "*")) {
      c.qualifier = hs::asciiLower(t.text);
      colTok = i + 2;
      c.backtick = c.backtick || v.tokens[colTok].kind == TokKind::Backtick;
    }
    c.column = hs::asciiLower(v.tokens[colTok].text);
    c.end = v.tokens[colTok].end;
    c.tok = colTok;
    resolveOne(v, c, t.owner, schema);
    if (t.kind == TokKind::QuotedId && c.qualifier.empty() && c.status != ColStatus::Resolved &&
        c.status != ColStatus::Ambiguous && c.status != ColStatus::Derived &&
        c.status != ColStatus::OutputAlias) {
      t.kind = TokKind::String;  // SQLite reads an unresolvable "x" as a string literal
      v.literalToken[i] = true;
      continue;
    }
    if (c.backtick) v.backticks.push_back(colTok);
    int idx = static_cast<int>(v.columns.size());
    v.columnAtToken[colTok] = idx;
    if (colTok != i) v.columnAtToken[i] = idx;
    v.blocks[static_cast<std::size_t>(t.owner)].columns.push_back(idx);
    v.columns.push_back(std::move(c));
  }
}

namespace {

void splitConjuncts(SqlView& v, int b, Range r, int clause, bool record) {
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  std::size_t start = r.first;
  bool between = false;
  bool afterOr = false;
  auto emit = [&](std::size_t last) {
    if (last <= start) return;
    Predicate p;
    p.clause = clause;
    p.afterOr = afterOr;
    p.begin = v.tokens[start].begin;
    p.end = v.tokens[last - 1].end;
    Range whole{start, last};
    std::size_t s = start;
    if (v.tokens[s].kind == TokKind::LParen && matchingParen(v, s) == last - 1) {
      p.op = "group";
      p.lhs = whole;
      blk.predicates.push_back(p);
      return;
    }
    for (std::size_t i = s; i < last; ++i) {
      const Token& t = v.tokens[i];
      if (t.owner != b || t.depth != blk.depth) continue;
      std::string op;
      std::size_t opEnd = i + 1;
      std::size_t opStart = i;
      if (t.kind == TokKind::Op && (t.text == "=" || t.text == "==" || t.text == "!=" || t.text == "<>" ||
                                    t.text == "<" || t.text == ">" || t.text == "<=" || t.text == ">=")) {
        op = t.text == "==" ? "=" : t.text == "<>" ? "!=" : t.text;
      } else if (t.kind == TokKind::Word && (t.text == "like" || t.text == "glob" || t.text == "in" ||
                                             t.text == "between" || t.text == "is" || t.text == "exists")) {
        op = t.text;
        if (i > s && isWord(v, i - 1, "not")) {
          op = "not " + op;
          opStart = i - 1;
        }
        if (t.text == "is" && isWord(v, i + 1, "not")) {
          op = "is not";
          opEnd = i + 2;
        }
      }
      if (op.empty()) continue;
      p.op = op;
      p.lhs = {s, opStart};
      p.rhs = {opEnd, last};
      p.opBegin = v.tokens[opStart].begin;
      p.opEnd = v.tokens[opEnd - 1].end;
      blk.predicates.push_back(p);
      return;
    }
    p.op = "other";
    p.lhs = whole;
    blk.predicates.push_back(p);
  };
  for (std::size_t i = r.first; i < r.last; ++i) {
    const Token& t = v.tokens[i];
    if (t.owner != b || t.depth != blk.depth || t.kind != TokKind::Word) continue;
    if (t.text == "between") between = true;
    if (t.text == "and" && between) {
      between = false;
      continue;
    }
    if (t.text == "and" || t.text == "or") {
      emit(i);
      afterOr = t.text == "or";
      if (record) blk.connectives.push_back({t.text, {t.begin, t.end}});
      start = i + 1;
    }
  }
  emit(r.last);
}

}  // namespace

void parsePredicates(SqlView& v, int b) {
  SelectBlock& blk = v.blocks[static_cast<std::size_t>(b)];
  // ON conditions in FROM.
  Range from = blk.clauses[kFrom];
  for (std::size_t i = from.first; i < from.last; ++i) {
    if (!(v.tokens[i].owner == b && v.tokens[i].depth == blk.depth && isWord(v, i, "on"))) continue;
    std::size_t e = i + 1;
    while (e < from.last) {
      const Token& t = v.tokens[e];
      if (t.owner == b && t.depth == blk.depth &&
          (t.kind == TokKind::Comma ||
           (t.kind == TokKind::Word && (t.text == "join" || t.text == "left" || t.text == "inner" ||
                                        t.text == "cross" || t.text == "natural" || t.text == "right"))))
        break;
      ++e;
    }
    splitConjuncts(v, b, {i + 1, e}, kFrom, false);
    i = e - 1;
  }
  splitConjuncts(v, b, blk.clauses[kWhere], kWhere, true);
  splitConjuncts(v, b, blk.clauses[kHaving], kHaving, true);
  for (const Predicate& p : blk.predicates) {
    // x IN (SELECT y ...) links x and y like a join.
    if ((p.op == "in" || p.op == "not in") && !p.lhs.empty() && p.rhs.last - p.rhs.first > 2 &&
        isWord(v, p.rhs.first + 1, "select")) {
      int a = v.columnAtToken[p.lhs.last - 1];
      std::size_t first = p.rhs.first + 2 + (isWord(v, p.rhs.first + 2, "distinct") ? 1 : 0);
      int c = first < v.tokens.size() ? v.columnAtToken[first] : -1;
      if (a >= 0 && c >= 0 && !v.columns[static_cast<std::size_t>(a)].key.empty() &&
          !v.columns[static_cast<std::size_t>(c)].key.empty() &&
          v.columns[static_cast<std::size_t>(a)].key != v.columns[static_cast<std::size_t>(c)].key)
        v.joinEqualities.push_back(
            {v.columns[static_cast<std::size_t>(a)].key, v.columns[static_cast<std::size_t>(c)].key});
    }
    if (p.op != "=" || p.lhs.last - p.lhs.first == 0 || p.rhs.last - p.rhs.first == 0) continue;
    int a = v.columnAtToken[p.lhs.last - 1];
    int c = v.columnAtToken[p.rhs.last - 1];
    bool lhsCol = a >= 0 && v.columnAtToken[p.lhs.first] == a;
    bool rhsCol = c >= 0 && v.columnAtToken[p.rhs.first] == c;
    if (lhsCol && rhsCol && p.clause != kHaving) {
      const ColumnRef& x = v.columns[static_cast<std::size_t>(a)];
      const ColumnRef& y = v.columns[static_cast<std::size_t>(c)];
      if (!x.key.empty() && !y.key.empty()) v.joinEqualities.push_back({x.key, y.key});
    }
  }
}

}  // namespace hs::annotate::detail
