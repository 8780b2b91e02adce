// Canonical expression text for the annotators (see normalise.h).
#include "engine/annotate/normalise.h"

#include <cstdio>
#include <cstdlib>

#include "engine/core/text.h"

namespace hs::annotate {

void KeyMap::unite(const std::string& a, const std::string& b) {
  std::string ra = rep(a), rb = rep(b);
  if (ra == rb) return;
  if (rb < ra) std::swap(ra, rb);
  parent_[rb] = ra;
}

std::string KeyMap::rep(const std::string& key) const {
  auto it = parent_.find(key);
  if (it == parent_.end() || it->second == key) return key;
  std::string r = rep(it->second);
  parent_[key] = r;
  return r;
}

void KeyMap::addEqualities(const SqlView& v) {
  for (const auto& [a, b] : v.joinEqualities) unite(a, b);
}

namespace {

std::string canonicalNumber(const std::string& s) {
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str()) return s;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", d);
  return buf;
}

std::string normRange(const NormContext& c, Range r, int guard);

std::string columnText(const NormContext& c, const ColumnRef& col, int guard) {
  if (col.status == ColStatus::OutputAlias && guard < 3) {
    for (const SelectBlock& b : c.view.blocks)
      for (std::size_t k = 0; k < b.itemAliases.size(); ++k)
        if ("@" + b.itemAliases[k] == col.key) return normRange(c, b.items[k], guard + 1);
  }
  if (!col.key.empty()) return c.keys.rep(col.key);
  return (col.qualifier.empty() ? "" : col.qualifier + ".") + col.column;
}

std::string normRange(const NormContext& c, Range r, int guard) {
  const SqlView& v = c.view;
  std::string out;
  for (std::size_t i = r.first; i < r.last && i < v.tokens.size(); ++i) {
    const Token& t = v.tokens[i];
    const bool separated = !out.empty();
    if (separated) out.push_back(' ');
    const std::size_t mark = out.size();
    int col = v.columnAtToken[i];
    if (col >= 0) {
      const ColumnRef& cr = v.columns[static_cast<std::size_t>(col)];
      out += columnText(c, cr, guard);
      i = cr.tok;
      continue;
    }
    // COUNT(col) on a key or NOT NULL column counts rows: COUNT(*).
    if (isWord(t, "count") && i + 3 < v.tokens.size() && v.tokens[i + 1].kind == TokKind::LParen) {
      int inner = v.columnAtToken[i + 2];
      if (inner >= 0) {
        const ColumnRef& cr = v.columns[static_cast<std::size_t>(inner)];
        std::size_t after = cr.tok + 1;
        // COUNT(col) differs from COUNT(*) only on NULLs: not a cause a reviewer names.
        if (after < v.tokens.size() && v.tokens[after].kind == TokKind::RParen) {
          out += "count ( * )";
          i = after;
          continue;
        }
      }
    }
    switch (t.kind) {
      case TokKind::String:
      case TokKind::QuotedId: {
        // '2014' and 2014 compare equal under SQLite's numeric affinity.
        char* end = nullptr;
        std::strtod(t.text.c_str(), &end);
        bool numeric = !t.text.empty() && end == t.text.c_str() + t.text.size();
        out += numeric ? canonicalNumber(t.text) : "'" + t.text + "'";
        break;
      }
      case TokKind::Number:
        out += canonicalNumber(t.text);
        break;
      case TokKind::Op:
        out += t.text == "==" ? "=" : t.text == "<>" ? "!=" : t.text;
        break;
      case TokKind::Word:
        // Aliases are names, not meaning: `count(*) AS n` and `count(*)` agree. Table and type
        // names keep their spelling, quotes included.
        if (isWord(t, "as") && i + 1 < r.last && v.tokens[i + 1].role == TokRole::Alias) {
          ++i;
        } else if (t.role == TokRole::Alias) {
        } else if (t.role != TokRole::Plain) {
          out += hs::asciiLower(v.slice(t.begin, t.end));
        } else if (t.text != "inner") {
          out += t.text;
        }
        break;
      default:
        out += hs::asciiLower(t.text);
    }
    // A dropped word leaves no separator behind: `x AS n FROM t` -> "x from t".
    if (separated && out.size() == mark) out.pop_back();
  }
  return out;
}

std::string flip(const std::string& op) {
  if (op == "<") return ">";
  if (op == ">") return "<";
  if (op == "<=") return ">=";
  if (op == ">=") return "<=";
  return op;
}

}  // namespace

std::string normExpr(const NormContext& c, Range r) {
  return normRange(c, r, 0);
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

NormPredicate normPredicate(const NormContext& c, const Predicate& p) {
  NormPredicate n;
  n.op = p.op;
  n.lhs = normExpr(c, p.lhs);
  n.rhs = normExpr(c, p.rhs);
  bool lLit = rangeIsLiteral(c.view, p.lhs), rLit = rangeIsLiteral(c.view, p.rhs);
  bool comparison = p.op == "=" || p.op == "!=" || p.op == "<" || p.op == ">" || p.op == "<=" || p.op == ">=";
  if (comparison && ((lLit && !rLit) ||
                     (!lLit && !rLit && (p.op == "=" || p.op == "!=" || n.rhs < n.lhs) && n.rhs < n.lhs))) {
    std::swap(n.lhs, n.rhs);
    n.op = flip(n.op);
  }
  return n;
}

std::string withoutArithmetic(std::string norm) {
  for (char& c : norm)
    if (c == '+' || c == '-' || c == '*' || c == '/' || c == '%') c = '~';
  return norm;
}

}  // namespace hs::annotate
