#pragma once
// Canonical SQL from an AST: keywords upper case, single spaces, identifiers bare when safe and
// double-quoted otherwise (names written with "..." stay so), parentheses exactly where precedence needs
// them. SQLite accepts the output and reads it with the same meaning as the input. Null children (partial
// trees) print "?".
#include <optional>
#include <string>
#include <vector>

#include "engine/sql/ast.h"

namespace hs::sql {

std::string print(const Node& node);
std::string print(const Statement& statement);  // "SELECT ...", or "<kind>" for unmodelled ones

// An identifier as the printer writes it: bare when it is a plain name and not a keyword.
std::string printName(std::string_view name);

// Where a node or name of the source text stands in printed text.
struct PrintedSpan {
  Span source;   // byte range in the text the tree was parsed from
  Span printed;  // byte range in the printed text
};

// The canonical text laid out for reading: SELECT, FROM, each JOIN, WHERE, GROUP BY, HAVING,
// ORDER BY, LIMIT and compound operators start a line; a subquery's clauses are indented two
// spaces per level. Same tokens as print(), so SQLite reads it the same way.
struct PrettySql {
  std::string text;
  std::vector<PrintedSpan> spans;  // every printed expression, table reference and name

  // The printed range of a source range: the node printed from exactly that range, else the
  // smallest one containing it; nullopt when no printed node covers it (e.g. a keyword alone).
  std::optional<Span> map(const Span& source) const;
};
PrettySql printPretty(const SelectStmt& select);

}  // namespace hs::sql
