// hallusql-cli query --db DB --sql SQL [--timeout-ms N] [--max-rows N] [--max-bytes N]
//   [--max-memory-mb N] [--max-value-mb N] [--max-output-mb N]:
// runs one read-only statement and prints {columns, rows, row_count, truncated, elapsed_ms, reads}
// (with "truncated_by": "max_rows" | "output_bytes" when cut). The time and memory limits hold
// during prepare and step (engine/db/run_guard.h); --max-output-mb caps the printed cells.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/db/database.h"
#include "engine/db/value_json.h"

namespace hs::cli {
namespace {

constexpr long long kDefaultOutputMb = 16;  // cells printed at most (blobs count as their hex)

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
  constexpr long long kMaxMb = 1LL << 20;  // 1 TB: larger is a typo
  auto memoryMb = nonNegative(args, "max-memory-mb", limits.maxMemoryBytes >> 20);
  if (!memoryMb) return fail(memoryMb.error());
  auto valueMb = nonNegative(args, "max-value-mb", limits.maxValueBytes >> 20);
  if (!valueMb) return fail(valueMb.error());
  auto outputMb = nonNegative(args, "max-output-mb", kDefaultOutputMb);
  if (!outputMb) return fail(outputMb.error());
  for (auto [name, v] :
       {std::pair{"max-memory-mb", *memoryMb}, {"max-value-mb", *valueMb}, {"max-output-mb", *outputMb}}) {
    if (v > kMaxMb)
      return fail(
          makeError(ErrorKind::BadInput, "usage", std::string("option --") + name + " is larger than 1 TB"));
  }
  if (*valueMb >= 2048) {
    return fail(makeError(ErrorKind::BadInput, "usage",
                          "option --max-value-mb must be below 2048 (SQLite's own maximum)"));
  }
  if (*timeout > 24LL * 3600 * 1000) {
    return fail(makeError(ErrorKind::BadInput, "usage", "option --timeout-ms is larger than a day"));
  }
  limits.timeoutMs = static_cast<int>(*timeout);
  limits.maxRows = static_cast<std::size_t>(*maxRows);
  limits.maxResultBytes = *maxBytes;
  limits.maxMemoryBytes = *memoryMb << 20;
  limits.maxValueBytes = *valueMb << 20;

  auto db = db::Database::openReadOnly(*path);
  if (!db) return fail(db.error());
  auto result = (*db)->query(*sql, limits);
  if (!result) {
    // The engine names the limit; this command names its option.
    Error e = result.error();
    auto has = [&e](const char* s) { return e.message.find(s) != std::string::npos; };
    if (e.code == "timeout") e.message += " (raise it with --timeout-ms)";
    if (has("per-query memory limit")) e.message += " (raise it with --max-memory-mb)";
    if (has("per-value limit")) e.message += " (raise it with --max-value-mb)";
    if (has("exceeds the memory limit")) e.message += " (raise it with --max-bytes)";
    return fail(e);
  }
  print(db::toJson(*result, *outputMb << 20));
  return kOk;
}

const CommandRegistration kQuery{
    {"query",
     "query --db DB --sql SQL [--timeout-ms N] [--max-rows N] [--max-bytes N] [--max-memory-mb N] "
     "[--max-value-mb N] [--max-output-mb N]   run one read-only query (0 = no limit)",
     {},
     runQuery,
     {"hallusql-cli query --db concert_singer.sqlite --sql \"SELECT name, age FROM singer ORDER BY age\" "
      "--max-rows 10"}}};

}  // namespace
}  // namespace hs::cli
