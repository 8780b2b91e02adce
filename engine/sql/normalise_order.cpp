// The normaliser's passes that put operands in order: comparisons (a > b as b < a, = and + operands
// sorted) and and_or (AND / OR chains flattened, sorted, rebuilt left-deep), with the order they
// share with the annotators (swapsOperands).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/sql/normalise.h"
#include "engine/sql/normalise_rewrite.h"
#include "engine/sql/printer.h"

namespace hs::sql {

// A signed literal is a constant too: `-5 < x` and `x > -5` agree.
bool isConstant(const Expr& e) {
  if (const auto* u = e.as<Unary>(); u && (u->op == UnaryOp::Minus || u->op == UnaryOp::Plus))
    return u->operand && u->operand->is<Literal>();
  return e.is<Literal>() || e.is<Parameter>();
}

bool swapsOperands(bool leftConstant, std::string_view left, bool rightConstant, std::string_view right) {
  return leftConstant != rightConstant ? leftConstant : left > right;
}

bool swapsOperands(const Expr& left, const Expr& right) {
  return swapsOperands(isConstant(left), print(left), isConstant(right), print(right));
}

BinaryOp mirrored(BinaryOp op) {
  switch (op) {
    case BinaryOp::Lt:
      return BinaryOp::Gt;
    case BinaryOp::Le:
      return BinaryOp::Ge;
    case BinaryOp::Gt:
      return BinaryOp::Lt;
    case BinaryOp::Ge:
      return BinaryOp::Le;
    default:
      return op;
  }
}

namespace detail {

SelectPtr comparisons(SelectPtr s, const NormaliseOptions&) {
  detail::rewriteExprs(*s, [&](ExprPtr& e) {
    auto* b = e->as<Binary>();
    if (!b || !b->left || !b->right) return;
    bool ordered =
        b->op == BinaryOp::Lt || b->op == BinaryOp::Le || b->op == BinaryOp::Gt || b->op == BinaryOp::Ge;
    bool commutative = b->op == BinaryOp::Eq || b->op == BinaryOp::Ne || b->op == BinaryOp::Add ||
                       b->op == BinaryOp::Mul || b->op == BinaryOp::BitAnd || b->op == BinaryOp::BitOr;
    if (!ordered && !commutative) return;
    if (!swapsOperands(*b->left, *b->right)) return;
    std::swap(b->left, b->right);
    b->op = mirrored(b->op);
  });
  return s;
}

namespace {

void flatten(ExprPtr& e, BinaryOp op, std::vector<ExprPtr>& out) {
  if (auto* b = e->as<Binary>(); b && b->op == op && b->left && b->right) {
    flatten(b->left, op, out);
    flatten(b->right, op, out);
    return;
  }
  out.push_back(std::move(e));
}

// True when `e` is a link of an AND/OR chain held by `holder`, a link of the same chain: only the
// top of a chain is sorted (it takes all the links), so a chain of n terms costs n log n, not n^2.
bool innerLink(const Node& holder, const ExprPtr& e) {
  const auto* h = holder.as<Binary>();
  const auto* b = e->as<Binary>();
  return h && b && h->op == b->op && h->left && h->right;
}

void rewriteChainTops(Node& node, const std::function<void(ExprPtr&)>& fn) {
  node.forEachChild([&](Node& child) { rewriteChainTops(child, fn); });
  detail::forEachExprSlot(node, [&](ExprPtr& e) {
    if (!innerLink(node, e)) fn(e);
  });
}

}  // namespace

SelectPtr andOr(SelectPtr s, const NormaliseOptions&) {
  rewriteChainTops(*s, [&](ExprPtr& e) {
    auto* b = e->as<Binary>();
    if (!b || (b->op != BinaryOp::And && b->op != BinaryOp::Or) || !b->left || !b->right) return;
    BinaryOp op = b->op;
    Span top = e->span;
    std::vector<ExprPtr> items;
    flatten(e, op, items);
    std::vector<std::pair<std::string, ExprPtr>> keyed;
    for (auto& i : items) keyed.emplace_back(print(*i), std::move(i));
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& c) { return a.first < c.first; });
    ExprPtr acc = std::move(keyed[0].second);
    for (std::size_t i = 1; i < keyed.size(); ++i) {
      auto nb = std::make_unique<Binary>();
      nb->op = op;
      nb->span = Span{std::min(acc->span.begin, keyed[i].second->span.begin),
                      std::max(acc->span.end, keyed[i].second->span.end)};
      nb->left = std::move(acc);
      nb->right = std::move(keyed[i].second);
      acc = std::move(nb);
    }
    acc->span = top;
    e = std::move(acc);
  });
  return s;
}

}  // namespace detail

}  // namespace hs::sql
