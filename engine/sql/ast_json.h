#pragma once
// JSON dump of an AST (used by `hallusql-cli parse --tree`, `plan`, `diff`):
//   {"kind": "ColumnRef", "span": [b, e], ...fields..., "children": [...]}
// Names appear as {"name": unquoted, "quote": "none"|"double"|..., "span": [b, e]}.
#include <nlohmann/json.hpp>

#include "engine/sql/ast.h"
#include "engine/sql/parser.h"

namespace hs::sql {

nlohmann::json toJson(const Node& node);
nlohmann::json toJson(const Identifier& name);
nlohmann::json toJson(const Span& span);
nlohmann::json toJson(const SyntaxError& error);

}  // namespace hs::sql
