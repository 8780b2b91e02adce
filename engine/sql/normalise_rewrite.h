#pragma once
// Tree-rewriting helpers of the normaliser: the owning expression slots of a node, and a
// post-order rewrite that lets a function replace any expression in place.
#include <functional>
#include <string>
#include <string_view>

#include "engine/sql/ast.h"
#include "engine/sql/normalise.h"

namespace hs::sql::detail {

// Calls fn on every non-null ExprPtr a node owns directly (not on its descendants').
void forEachExprSlot(Node& node, const std::function<void(ExprPtr&)>& fn);

// Post-order: children are rewritten before the slot that holds them is offered to fn.
void rewriteExprs(Node& root, const std::function<void(ExprPtr&)>& fn);

// Every Identifier a node holds directly.
void forEachIdentifier(Node& node, const std::function<void(Identifier&)>& fn);

// Sets every span in the subtree to `span` (for nodes copied to a new place).
void setSpans(Node& root, Span span);

std::string lowerAscii(std::string_view s);  // defined with the resolver

// The ordering passes (normalise_order.cpp) and the expression passes (normalise_expr.cpp);
// normalise.h says what each does.
SelectPtr comparisons(SelectPtr s, const NormaliseOptions&);
SelectPtr andOr(SelectPtr s, const NormaliseOptions&);
void countRows(Node& n);
void dropAliases(Node& n);
void numericValues(Node& n);

}  // namespace hs::sql::detail
