// hallusql-cli query --db DB --sql SQL [--timeout-ms N] [--max-rows N] [--max-bytes N]:
// runs one read-only statement and prints {columns, rows, row_count, truncated, elapsed_ms, reads}.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/db/database.h"
#include "engine/db/value_json.h"

namespace hs::cli {
namespace {

Result<long long> nonNegative(const Args& args, const std::string& name, long long fallback) {
  auto v = args.getInt(name, fallback);
  if (v && *v < 0) {
    return makeError(ErrorKind::BadInput, "usage", "option --" + name + " must be >= 0 (0 means no limit)");
  }
  return v;
}

int runQuery(const Args& args) {
  auto path = args.require("db");
  if (!path) return fail(path.error());
  auto sql = args.require("sql");
  if (!sql) return fail(sql.error());
  db::Limits limits;
  auto timeout = nonNegative(args, "timeout-ms", limits.timeoutMs);
  if (!timeout) return fail(timeout.error());
  auto maxRows = nonNegative(args, "max-rows", static_cast<long long>(limits.maxRows));
  if (!maxRows) return fail(maxRows.error());
  auto maxBytes = nonNegative(args, "max-bytes", limits.maxResultBytes);
  if (!maxBytes) return fail(maxBytes.error());
  if (*timeout > 24LL * 3600 * 1000) {
    return fail(makeError(ErrorKind::BadInput, "usage", "option --timeout-ms is larger than a day"));
  }
  limits.timeoutMs = static_cast<int>(*timeout);
  limits.maxRows = static_cast<std::size_t>(*maxRows);
  limits.maxResultBytes = *maxBytes;

  auto db = db::Database::openReadOnly(*path);
  if (!db) return fail(db.error());
  auto result = (*db)->query(*sql, limits);
  if (!result) return fail(result.error());
  print(db::toJson(*result));
  return kOk;
}

const CommandRegistration kQuery{
    {"query",
     "query --db DB --sql SQL [--timeout-ms N] [--max-rows N] [--max-bytes N]   run one read-only query",
     {},
     runQuery}};

}  // namespace
}  // namespace hs::cli
