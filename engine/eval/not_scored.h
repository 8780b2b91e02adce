#pragma once
// Which cases of a run cannot be scored and why, counted before (or without) an evaluation: the
// import dialog, `hallusql-cli evaluate` and the Review tab's run header say it once for the run
// instead of leaving the reason on each case's Results tab.
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/case.h"

namespace hs::eval {

struct NotScored {
  // Cases whose database file is not under the database folder (resolveDatabase finds none), and
  // the db_ids they name, distinct and sorted ("" for a case that names none).
  std::size_t databaseMissing = 0;
  std::vector<std::string> missingDatabases;
  // Cases with a database but no gold SQL: execution accuracy needs the gold's result.
  std::size_t noGold = 0;
  std::size_t total() const { return databaseMissing + noGold; }
};

// Looks up each distinct db_id once under `dbRoot`.
NotScored notScoredCases(const std::vector<Case>& cases, const std::string& dbRoot);

// {"cases": N, "database_missing": {"cases": n, "databases": ["x.sqlite", ...]}, "no_gold": {"cases": n}}
nlohmann::json toJson(const NotScored& notScored);

}  // namespace hs::eval
