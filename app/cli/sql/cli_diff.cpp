// hallusql-cli diff --gold SQL --pred SQL [--db DB]: the edit script between a gold and a predicted
// query, {equivalent, edits: [{kind, clause, path, description, gold: {begin, end, text} | null,
// pred: ...}], gold_canonical, pred_canonical}. --db resolves names against that database's schema
// before comparing. A syntax error fails with its byte offset and side (where = gold / pred, exit 2).
#include <optional>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/db/database.h"
#include "engine/sql/diff.h"

namespace hs::cli {
namespace {

int runDiff(const Args& args) {
  auto gold = args.require("gold");
  if (!gold) return fail(gold.error());
  auto pred = args.require("pred");
  if (!pred) return fail(pred.error());
  std::optional<db::Schema> schema;
  if (auto path = args.get("db")) {
    auto db = db::Database::openReadOnly(*path);
    if (!db) return fail(db.error());
    auto s = (*db)->schema();
    if (!s) return fail(s.error());
    schema = std::move(*s);
  }
  sql::DiffOptions options;
  options.schema = schema ? &*schema : nullptr;
  auto result = sql::diffSql(*gold, *pred, options);
  if (!result) return fail(result.error());
  print(sql::diffToJson(*result));
  return kOk;
}

const CommandRegistration kDiff{
    {"diff",
     "diff --gold SQL --pred SQL [--db DB]   edit script with spans on both sides",
     {},
     runDiff,
     {"hallusql-cli diff --gold \"SELECT name FROM singer WHERE age > 30\" --pred \"SELECT name FROM singer "
      "WHERE age >= 30\""}}};

}  // namespace
}  // namespace hs::cli
