// hallusql-cli schema --db DB: tables, views, columns, types, keys and row estimates as JSON.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/db/database.h"
#include "engine/db/value_json.h"

namespace hs::cli {
namespace {

int runSchema(const Args& args) {
  auto path = args.require("db");
  if (!path) return fail(path.error());
  auto db = db::Database::openReadOnly(*path);
  if (!db) return fail(db.error());
  auto schema = (*db)->schema();
  if (!schema) return fail(schema.error());
  nlohmann::json out = db::toJson(*schema);
  out["db"] = *path;
  print(out);
  return kOk;
}

const CommandRegistration kSchema{
    {"schema",
     "schema --db DB                        tables, columns, types, keys, row estimates",
     {},
     runSchema,
     {"hallusql-cli schema --db concert_singer.sqlite"}}};

}  // namespace
}  // namespace hs::cli
