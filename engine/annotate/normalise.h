#pragma once
// Normal forms of the annotators: column keys unified through join equalities, canonical
// expression and predicate text (aliases, quoting, case, COUNT(pk) = COUNT(*), a > b = b < a).
#include <map>
#include <string>

#include "engine/annotate/sql_view.h"

namespace hs::annotate {

class KeyMap {
 public:
  void unite(const std::string& a, const std::string& b);
  std::string rep(const std::string& key) const;
  void addEqualities(const SqlView& v);

 private:
  mutable std::map<std::string, std::string> parent_;
};

struct NormContext {
  const SqlView& view;
  const KeyMap& keys;
  const db::Schema& schema;
};

std::string normExpr(const NormContext& c, Range r);
// "lhs op rhs" with the sides put in a canonical order (literal on the right, symmetric ops sorted).
struct NormPredicate {
  std::string lhs, op, rhs;
  std::string text() const { return lhs + " " + op + " " + rhs; }
};
NormPredicate normPredicate(const NormContext& c, const Predicate& p);
// A normalised expression with its arithmetic operators blanked ("a - b" and "a + b" agree).
std::string withoutArithmetic(std::string norm);
bool rangeIsLiteral(const SqlView& v, Range r);
bool rangeHasSelect(const SqlView& v, Range r);

}  // namespace hs::annotate
