#pragma once
// Internal to the tree repairs (causes_repair.cpp): finding the nodes of a parsed query that a
// finding's byte spans cover, in the predicted tree (to edit) and in the gold's (to copy), and the
// small edits of a predicted tree those nodes need.
#include <algorithm>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/annotate/sql_view.h"
#include "engine/sql/ast.h"
#include "engine/sql/normalise_rewrite.h"

namespace hs::annotate::repair {

inline bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Nodes whose span is exactly [b, e), outermost first; a part written in parentheses that only
// group it, (a OR b), is the node inside them.
template <class N>
std::vector<N*> nodesAt(N& root, std::string_view text, std::size_t b, std::size_t e) {
  std::vector<N*> out;
  for (;;) {
    sql::walk(root, [&](N& n) {
      if (n.span.begin == b && n.span.end == e) out.push_back(&n);
      return true;
    });
    if (!out.empty() || e < b + 2 || e > text.size() || text[b] != '(' || text[e - 1] != ')') return out;
    int depth = 0;
    for (std::size_t i = b; i + 1 < e; ++i) {
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
      if (depth == 0) return out;  // (a) AND (b): the first parenthesis closes early
    }
    ++b;
    --e;
    while (b < e && isSpace(text[b])) ++b;
    while (e > b && isSpace(text[e - 1])) --e;
  }
}

// The core a view's main block is: the first operand of a top-level set operation.
template <class Stmt>
auto leftmostCore(Stmt& stmt) {
  auto* body = stmt.body.get();
  while (body && body->template is<sql::CompoundSelect>())
    body = body->template as<sql::CompoundSelect>()->left.get();
  return body ? body->template as<sql::SelectCore>() : nullptr;
}

// The innermost node of type T whose span contains [b, e).
template <class T, class Root>
T* innermost(Root& root, std::size_t b, std::size_t e) {
  using N = std::conditional_t<std::is_const_v<Root>, const sql::Node, sql::Node>;
  T* found = nullptr;
  sql::walk(static_cast<N&>(root), [&](N& n) {
    if (n.span.begin > b || e > n.span.end) return false;
    if (auto* t = n.template as<std::remove_const_t<T>>()) found = t;
    return true;
  });
  return found;
}

// The binary operator whose operator alone [b, e) is (>= in count(*) >= 10).
template <class Root>
auto binaryAtOperator(Root& root, std::size_t b, std::size_t e) {
  using N = std::conditional_t<std::is_const_v<Root>, const sql::Node, sql::Node>;
  decltype(static_cast<N&>(root).template as<sql::Binary>()) found = nullptr;
  sql::walk(static_cast<N&>(root), [&](N& n) {
    if (auto* bin = n.template as<sql::Binary>();
        bin && bin->left && bin->right && bin->left->span.end <= b && e <= bin->right->span.begin)
      found = bin;
    return true;
  });
  return found;
}

template <class T, class N>
T* firstOf(const std::vector<N*>& nodes) {
  for (N* n : nodes)
    if (auto* t = n->template as<T>()) return t;
  return nullptr;
}

inline sql::Expr* firstExpr(const std::vector<sql::Node*>& nodes) {
  for (sql::Node* n : nodes)
    if (sql::isExprKind(n->kind())) return static_cast<sql::Expr*>(n);
  return nullptr;
}
inline const sql::Expr* firstExpr(const std::vector<const sql::Node*>& nodes) {
  for (const sql::Node* n : nodes)
    if (sql::isExprKind(n->kind())) return static_cast<const sql::Expr*>(n);
  return nullptr;
}

// The slot that owns `target` and the node that holds the slot.
inline sql::ExprPtr* slotOf(sql::Node& root, const sql::Expr* target, sql::Node** holder) {
  sql::ExprPtr* found = nullptr;
  sql::walk(root, [&](sql::Node& n) {
    if (found) return false;
    sql::detail::forEachExprSlot(n, [&](sql::ExprPtr& s) {
      if (!found && s.get() == target) {
        found = &s;
        *holder = &n;
      }
    });
    return !found;
  });
  return found;
}

// The clauses of one SELECT that a span starting at a clause keyword covers (GROUP BY a HAVING
// count(*) > 1 covers the grouping and the HAVING). ORDER BY and LIMIT belong to the statement.
template <class Core, class Stmt>
struct Clauses {
  Core* core = nullptr;
  Stmt* stmt = nullptr;
  bool where = false, groupBy = false, having = false, orderBy = false, limit = false;
  bool any() const { return where || groupBy || having || orderBy || limit; }
};

inline bool inside(const sql::Span& s, std::size_t b, std::size_t e) {
  return b <= s.begin && s.end <= e;
}

// The SELECT block of a view one of whose clause keywords (WHERE ... LIMIT) begins at `b`.
inline const SelectBlock* blockAtKeyword(const SqlView& v, std::size_t b) {
  for (const SelectBlock& blk : v.blocks)
    for (int c = kWhere; c < kClauseCount; ++c)
      if (!blk.clauses[static_cast<std::size_t>(c)].empty() &&
          blk.keywordBegin[static_cast<std::size_t>(c)] == b)
        return &blk;
  return nullptr;
}

template <class Root>
auto clausesAt(Root& root, const SqlView& v, std::size_t b, std::size_t e) {
  using Core = std::conditional_t<std::is_const_v<Root>, const sql::SelectCore, sql::SelectCore>;
  using Stmt = std::conditional_t<std::is_const_v<Root>, const sql::SelectStmt, sql::SelectStmt>;
  using N = std::conditional_t<std::is_const_v<Root>, const sql::Node, sql::Node>;
  Clauses<Core, Stmt> out;
  const SelectBlock* blk = blockAtKeyword(v, b);
  if (!blk || blk->tokens.empty()) return out;
  const std::size_t select = v.tokens[blk->tokens.first].begin;
  // The core that starts at the block's SELECT, and the smallest statement around it.
  sql::walk(root, [&](N& n) {
    if (auto* c = n.template as<sql::SelectCore>(); c && c->span.begin == select) out.core = c;
    if (auto* s = n.template as<sql::SelectStmt>(); s && s->body && s->span.begin <= select)
      if (!out.stmt || s->span.begin >= out.stmt->span.begin) out.stmt = s;
    return true;
  });
  if (!out.core || !out.stmt) return out;
  // The statement must end the block (its ORDER BY / LIMIT follow the core), else it is an outer one.
  if (out.stmt->span.end < out.core->span.end) return out;
  out.where = out.core->where && inside(out.core->where->span, b, e);
  out.groupBy = !out.core->groupBy.empty() && inside(out.core->groupBy.front()->span, b, e) &&
                inside(out.core->groupBy.back()->span, b, e);
  out.having = out.core->having && inside(out.core->having->span, b, e);
  if (out.stmt->body.get() == out.core || out.stmt->body->span.end == out.core->span.end) {
    out.orderBy = !out.stmt->orderBy.empty() && inside(out.stmt->orderBy.front()->span, b, e);
    out.limit = out.stmt->limit && inside(out.stmt->limit->span, b, e);
  }
  return out;
}

// Whether a query requires conditions together anywhere: an AND, or an INTERSECT of two blocks.
inline bool joinsWithAnd(const sql::Node& root) {
  bool found = false;
  sql::walk(root, [&](const sql::Node& n) {
    if (const auto* bin = n.as<sql::Binary>(); bin && bin->op == sql::BinaryOp::And) found = true;
    if (const auto* c = n.as<sql::CompoundSelect>(); c && c->op == sql::CompoundOp::Intersect) found = true;
    return !found;
  });
  return found;
}

// The statement's ORDER BY terms that name `alias` bare (ORDER BY cnt for COUNT(*) AS cnt) made to
// name `expr` itself, the copies given `span`.
inline void aliasAsExpr(sql::SelectStmt& stmt, const sql::Identifier& alias, const sql::Expr& expr,
                        sql::Span span) {
  for (auto& term : stmt.orderBy) {
    if (!term) continue;
    sql::walk(static_cast<sql::Node&>(*term), [&](sql::Node& x) {
      if (x.span.begin == span.begin && x.span.end == span.end) return false;  // a copy made here
      sql::detail::forEachExprSlot(x, [&](sql::ExprPtr& e) {
        auto* col = e ? e->as<sql::ColumnRef>() : nullptr;
        if (!col || col->table || !sql::sameName(col->column, alias)) return;
        auto copy = sql::clone(expr);
        sql::detail::setSpans(*copy, span);
        e = std::move(copy);
      });
      return true;
    });
  }
}

// A value: a literal, or a double-quoted name that names no column ("Milk", which SQLite reads as
// a string).
inline bool isValue(const SqlView& v, const sql::Node& n) {
  if (n.is<sql::Literal>()) return true;
  const auto* col = n.as<sql::ColumnRef>();
  if (!col || col->table || col->column.quote != sql::QuoteStyle::Double) return false;
  return std::none_of(v.columns.begin(), v.columns.end(), [&](const ColumnRef& c) {
    return c.begin == col->span.begin && c.end == col->span.end && c.status == ColStatus::Resolved;
  });
}

// The slots of the values inside [b, e) of a tree (to edit), in text order.
inline std::vector<sql::ExprPtr*> valueSlots(sql::Node& root, const SqlView& v, std::size_t b,
                                             std::size_t e) {
  std::vector<sql::ExprPtr*> out;
  sql::walk(root, [&](sql::Node& n) {
    sql::detail::forEachExprSlot(n, [&](sql::ExprPtr& x) {
      if (x && inside(x->span, b, e) && isValue(v, *x)) out.push_back(&x);
    });
    return true;
  });
  std::sort(out.begin(), out.end(),
            [](const sql::ExprPtr* l, const sql::ExprPtr* r) { return (*l)->span.begin < (*r)->span.begin; });
  return out;
}

// The values inside [b, e) of a tree (to copy), in text order.
inline std::vector<const sql::Expr*> valuesIn(const sql::Node& root, const SqlView& v, std::size_t b,
                                              std::size_t e) {
  std::vector<const sql::Expr*> out;
  sql::walk(root, [&](const sql::Node& n) {
    if (sql::isExprKind(n.kind()) && inside(n.span, b, e) && isValue(v, n))
      out.push_back(static_cast<const sql::Expr*>(&n));
    return true;
  });
  std::sort(out.begin(), out.end(),
            [](const sql::Expr* l, const sql::Expr* r) { return l->span.begin < r->span.begin; });
  return out;
}

}  // namespace hs::annotate::repair
