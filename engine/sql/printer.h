#pragma once
// Canonical SQL from an AST: keywords upper case, single spaces, identifiers bare when safe and
// double-quoted otherwise (names written with "..." stay so), parentheses exactly where precedence needs
// them. SQLite accepts the output and reads it with the same meaning as the input. Null children (partial
// trees) print "?".
#include <string>

#include "engine/sql/ast.h"

namespace hs::sql {

std::string print(const Node& node);
std::string print(const Statement& statement);  // "SELECT ...", or "<kind>" for unmodelled ones

// An identifier as the printer writes it: bare when it is a plain name and not a keyword.
std::string printName(std::string_view name);

}  // namespace hs::sql
