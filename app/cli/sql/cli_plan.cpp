// hallusql-cli plan --db DB --sql SQL: the logical plan of a query, resolved against the database's
// schema: {plan (tree with spans), text (EXPLAIN-like), diagnostics (unresolved / ambiguous names
// with spans), reads (base columns read)}. A syntax error fails with its byte offset (exit 2).
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/db/database.h"
#include "engine/sql/parser.h"
#include "engine/sql/plan.h"
#include "engine/sql/resolver.h"

namespace hs::cli {
namespace {

int runPlan(const Args& args) {
  auto path = args.require("db");
  if (!path) return fail(path.error());
  auto sql = args.require("sql");
  if (!sql) return fail(sql.error());
  auto db = db::Database::openReadOnly(*path);
  if (!db) return fail(db.error());
  auto schema = (*db)->schema();
  if (!schema) return fail(schema.error());
  auto tree = sql::parseSelect(*sql);
  if (!tree) return fail(tree.error());
  sql::Resolution res = sql::resolve(**tree, *schema, *sql);
  auto plan = sql::buildPlan(**tree, &res);
  nlohmann::json diags = nlohmann::json::array();
  for (const auto& d : res.diagnostics)
    diags.push_back({{"code", d.code},
                     {"message", d.message},
                     {"severity", d.warning ? "warning" : "error"},
                     {"begin", d.span.begin},
                     {"end", d.span.end},
                     {"text", std::string(d.span.in(*sql))}});
  nlohmann::json reads = nlohmann::json::array();
  for (const auto& r : res.reads) reads.push_back({{"table", r.table}, {"column", r.column}});
  print({{"plan", sql::planToJson(*plan)},
         {"text", sql::renderPlanText(*plan)},
         {"diagnostics", diags},
         {"reads", reads}});
  return kOk;
}

const CommandRegistration kPlan{
    {"plan",
     "plan --db DB --sql SQL   logical plan with spans, resolved against the schema",
     {},
     runPlan,
     {"hallusql-cli plan --db concert_singer.sqlite --sql \"SELECT name FROM singer WHERE age > 30\""}}};

}  // namespace
}  // namespace hs::cli
