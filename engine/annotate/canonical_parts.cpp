// Canonical text of query parts for the annotators (see canonical_parts.h).
#include "engine/annotate/canonical_parts.h"

#include "engine/sql/normalise.h"
#include "engine/sql/printer.h"

namespace hs::annotate {

namespace {

// How deep a result alias may stand for an expression that names another alias.
constexpr int kAliasDepth = 3;

sql::ExprPtr normalised(const NormContext& c, const sql::Expr& e, int depth);

sql::ExprPtr columnNode(const std::string& key, sql::Span span) {
  auto ref = std::make_unique<sql::ColumnRef>();
  const auto dot = key.find('.');
  if (dot != std::string::npos && dot > 0) ref->table = sql::Identifier{key.substr(0, dot), span};
  // A column of an unnamed derived table keeps its key (".medium"): it is not the bare `medium`.
  ref->column = sql::Identifier{dot == std::string::npos || dot == 0 ? key : key.substr(dot + 1), span};
  ref->span = span;
  return ref;
}

// What a column reference of the view stands for: its key's representative, the expression of the
// result alias it names, or the string SQLite reads an unresolvable "x" as.
sql::ExprPtr standFor(const NormContext& c, const sql::ColumnRef& ref, int depth) {
  const SqlView& v = c.view;
  const int idx = columnAt(v, ref.column.span.begin);
  if (idx < 0) {
    if (ref.table || ref.column.quote != sql::QuoteStyle::Double) return nullptr;
    auto it = std::lower_bound(v.tokens.begin(), v.tokens.end(), ref.column.span.begin,
                               [](const Token& t, std::size_t b) { return t.begin < b; });
    if (it == v.tokens.end() || it->kind != TokKind::String) return nullptr;
    auto lit = std::make_unique<sql::Literal>();
    lit->literalKind = sql::LiteralKind::String;
    lit->value = it->text;
    lit->text = "'" + it->text + "'";
    lit->span = ref.span;
    return lit;
  }
  const ColumnRef& col = v.columns[static_cast<std::size_t>(idx)];
  if (col.status == ColStatus::OutputAlias && depth < kAliasDepth)
    for (const SelectBlock& b : v.blocks)
      for (std::size_t k = 0; k < b.itemAliases.size() && k < b.itemNodes.size(); ++k)
        if ("@" + b.itemAliases[k] == col.key && b.itemNodes[k])
          return normalised(c, *b.itemNodes[k], depth + 1);
  if (col.key.empty()) return nullptr;
  return columnNode(c.keys.rep(col.key), ref.span);
}

sql::ExprPtr normalised(const NormContext& c, const sql::Expr& e, int depth) {
  sql::ExprNormaliseOptions o;
  o.column = [&](const sql::ColumnRef& ref) { return standFor(c, ref, depth); };
  return sql::normaliseExpr(e, o);
}

// A bare column of the view that stands for itself (not a result alias): most parts are one, and
// their name is their key, with no tree to copy and rewrite.
const ColumnRef* plainColumn(const NormContext& c, const sql::Expr& e) {
  const auto* ref = e.as<sql::ColumnRef>();
  if (!ref || e.parens != 0) return nullptr;
  const int idx = columnAt(c.view, ref->column.span.begin);
  const ColumnRef* col = idx >= 0 ? &c.view.columns[static_cast<std::size_t>(idx)] : nullptr;
  return col && col->status != ColStatus::OutputAlias ? col : nullptr;
}

// A node of the view's tree, normalised (remembered by the context).
const NormContext::Part& part(const NormContext& c, const sql::Expr& e) {
  auto [it, added] = c.parts.try_emplace(&e);
  if (!added) return it->second;
  if (const ColumnRef* col = plainColumn(c, e)) {
    it->second.text = normColumn(c, *col);
  } else {
    const sql::ExprPtr tree = normalised(c, e, 0);
    it->second = {sql::print(*tree), sql::isConstant(*tree)};
  }
  return it->second;
}

std::string text(const NormContext& c, const sql::Expr* e) {
  return e ? part(c, *e).text : std::string();
}

// `(SELECT ...)` of an IN or EXISTS.
std::string subquery(const NormContext& c, const sql::SelectStmt* q) {
  if (!q) return {};
  auto [it, added] = c.parts.try_emplace(q);
  if (added) {
    sql::SubqueryExpr s;
    s.query = sql::clone(*q);
    s.span = q->span;
    it->second.text = sql::print(*normalised(c, s, 0));
  }
  return it->second.text;
}

bool isComparison(const std::string& op) {
  return op == "=" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=";
}

}  // namespace

sql::ExprPtr normTree(const NormContext& c, const sql::Expr& e) {
  return normalised(c, e, 0);
}

std::string normExpr(const NormContext& c, const sql::Expr* e) {
  return text(c, e);
}

std::string normLimit(const NormContext& c, const SelectBlock& b) {
  if (!b.limitNode) return {};
  std::string out = text(c, b.limitNode->count.get());
  if (b.limitNode->offset) out += " offset " + text(c, b.limitNode->offset.get());
  return out;
}

std::string normColumn(const NormContext& c, const ColumnRef& col) {
  if (!col.key.empty()) return sql::print(*columnNode(c.keys.rep(col.key), {}));
  sql::ColumnRef ref;
  if (!col.qualifier.empty()) ref.table = sql::Identifier{col.qualifier, {}};
  ref.column = sql::Identifier{col.column, {}};
  return sql::print(ref);
}

namespace {

NormPredicate predicateOf(const NormContext& c, const Predicate& p) {
  NormPredicate n;
  n.op = p.op;
  const sql::Expr* e = p.node;
  if (!e) return n;
  if (const auto* u = e->as<sql::Unary>(); u && p.op == "not exists") e = u->operand.get();
  if (isComparison(p.op)) {
    const auto* b = e->as<sql::Binary>();
    if (!b || !b->left || !b->right) return n;
    const NormContext::Part &l = part(c, *b->left), &r = part(c, *b->right);
    n.lhs = l.text;
    n.rhs = r.text;
    if (sql::swapsOperands(l.constant, l.text, r.constant, r.text)) {
      std::swap(n.lhs, n.rhs);
      const sql::BinaryOp m = sql::mirrored(b->op);
      n.op = m == sql::BinaryOp::Ne ? "!=" : sql::toString(m);
    }
  } else if (const auto* like = e->as<sql::Like>(); like && !p.rhs.empty()) {
    n.lhs = text(c, like->expr.get());
    n.rhs = text(c, like->pattern.get());
  } else if (const auto* bt = e->as<sql::Between>(); bt && !p.rhs.empty()) {
    n.lhs = text(c, bt->expr.get());
    n.parts = {text(c, bt->low.get()), text(c, bt->high.get())};
    n.rhs = n.parts[0] + " and " + n.parts[1];
  } else if (const auto* in = e->as<sql::InList>(); in && !p.rhs.empty()) {
    n.lhs = text(c, in->expr.get());
    for (const auto& item : in->list) n.parts.push_back(text(c, item.get()));
    n.rhs = "(";
    for (std::size_t k = 0; k < n.parts.size(); ++k) n.rhs += (k ? ", " : "") + n.parts[k];
    n.rhs += ")";
  } else if (const auto* iq = e->as<sql::InSubquery>(); iq && !p.rhs.empty()) {
    n.lhs = text(c, iq->expr.get());
    n.rhs = subquery(c, iq->query.get());
  } else if (const auto* it = e->as<sql::InTable>(); it && !p.rhs.empty()) {
    n.lhs = text(c, it->expr.get());
    n.rhs = sql::printName(it->table.name);
  } else if (const auto* isn = e->as<sql::IsNull>(); isn && !p.rhs.empty()) {
    n.lhs = text(c, isn->expr.get());
    n.rhs = "NULL";
  } else if (const auto* is = e->as<sql::IsExpr>(); is && !p.rhs.empty()) {
    n.lhs = text(c, is->left.get());
    n.rhs = text(c, is->right.get());
  } else if (const auto* ex = e->as<sql::Exists>(); ex && !p.rhs.empty()) {
    n.rhs = subquery(c, ex->query.get());
  } else {
    n.lhs = text(c, p.node);
  }
  return n;
}

}  // namespace

NormPredicate normPredicate(const NormContext& c, const Predicate& p) {
  auto [at, added] = c.predicates.try_emplace(&p);
  if (added) at->second = std::make_shared<const NormPredicate>(predicateOf(c, p));
  return *at->second;
}

std::string withoutArithmetic(std::string norm) {
  for (char& c : norm)
    if (c == '+' || c == '-' || c == '*' || c == '/' || c == '%') c = '~';
  return norm;
}

}  // namespace hs::annotate
