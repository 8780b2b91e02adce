#pragma once
// Canonical text of the parts of a query the annotators compare (a SELECT item, a condition, a
// GROUP BY key): engine/sql's expression normaliser, with every column named by what it resolves
// to through the query's join equalities. `T1.name` and `singer.name` agree; so do `count(T1.id)
// AS n` and `COUNT(*)`, and `age > 20` and `20 < T2.age` as conditions.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/annotate/column_keys.h"
#include "engine/annotate/sql_view.h"

namespace hs::annotate {

struct NormPredicate;

// One side of a comparison. It remembers the text of each part it has normalised: the
// annotators ask for the same condition and item many times (the keys must not change meanwhile).
struct NormContext {
  NormContext(const SqlView& v, const KeyMap& k, const db::Schema& s) : view(v), keys(k), schema(s) {}
  const SqlView& view;
  const KeyMap& keys;
  const db::Schema& schema;
  struct Part {
    std::string text;
    bool constant = false;  // a literal once normalised (an unresolvable "x" is the string 'x')
  };
  mutable std::unordered_map<const sql::Node*, Part> parts;
  mutable std::unordered_map<const Predicate*, std::shared_ptr<const NormPredicate>> predicates;
};

// The normalised tree of an expression, and its text ("" for a null expression).
sql::ExprPtr normTree(const NormContext& c, const sql::Expr& e);
std::string normExpr(const NormContext& c, const sql::Expr* e);
// The LIMIT (and OFFSET) of a block, "" when it has none.
std::string normLimit(const NormContext& c, const SelectBlock& b);
// A column by the key it resolves to (or as written when it resolves to none).
std::string normColumn(const NormContext& c, const ColumnRef& col);

// "lhs op rhs" with the sides in the comparisons pass's order (a constant on the right, otherwise
// the texts ascending); the sides of IN, BETWEEN, LIKE and IS as written.
struct NormPredicate {
  std::string lhs, op, rhs;
  std::vector<std::string> parts;  // the values of an IN list, the bounds of a BETWEEN
  std::string text() const { return lhs + " " + op + " " + rhs; }
};
NormPredicate normPredicate(const NormContext& c, const Predicate& p);
// A normalised expression with its arithmetic operators blanked ("a - b" and "a + b" agree).
std::string withoutArithmetic(std::string norm);

}  // namespace hs::annotate
