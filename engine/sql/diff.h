#pragma once
// Edit script between a gold and a predicted query, aligned clause by clause (WITH, DISTINCT,
// select list, FROM tables, join types and conditions, WHERE conjuncts, GROUP BY, HAVING
// conjuncts, ORDER BY, LIMIT/OFFSET, set operations; recursively into subqueries). Both queries
// are normalised first (normalise.h), so equivalent spellings give no edit; spans point into the
// ORIGINAL texts (the normaliser keeps every node's span).
//
// Edit kinds: insert (only in pred), remove (only in gold), update (a gold item replaced by a
// predicted one), move (the same item at another position of an ordered list: select list,
// ORDER BY). A renamed result alias is no edit.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/error.h"
#include "engine/db/schema.h"
#include "engine/sql/ast.h"

namespace hs::sql {

enum class EditKind { Insert, Remove, Update, Move };
const char* toString(EditKind kind);

struct Edit {
  EditKind kind = EditKind::Update;
  // "with", "distinct", "select", "from", "join", "join_condition", "where", "group_by", "having",
  // "order_by", "limit", "offset", "set_op", "values"
  std::string clause;
  std::string path;  // where in the query: "" top level, "where.in", "from.d1", "with.x", ...
  std::string description;
  std::optional<Span> gold;  // span in the gold text
  std::optional<Span> pred;  // span in the predicted text
  std::string goldText;
  std::string predText;
};

struct DiffResult {
  std::vector<Edit> edits;
  std::string goldCanonical;
  std::string predCanonical;
  bool equivalent() const { return edits.empty(); }
};

struct DiffOptions {
  const hs::db::Schema* schema = nullptr;  // resolution-aware normalisation
};

DiffResult diffQueries(const SelectStmt& gold, std::string_view goldText, const SelectStmt& pred,
                       std::string_view predText, const DiffOptions& options = {});

// Parses both texts; a syntax error names the side ("gold" / "pred" in Error::where).
hs::Result<DiffResult> diffSql(std::string_view gold, std::string_view pred, const DiffOptions& options = {});

nlohmann::json diffToJson(const DiffResult& result);

}  // namespace hs::sql
