// hallusql-cli drilldown stats --in RUN.jsonl [--csv OUT.csv]
// Recurrence / emergence statistics (engine/drilldown/stats.h) of a `drilldown run` output.
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/drilldown/stats.h"

namespace hs::cli {
namespace {

int runStats(const Args& args) {
  auto in = args.require("in");
  if (!in) return fail(in.error());
  auto rows = drilldown::readOutcomes(in.value());
  if (!rows) return fail(rows.error());
  drilldown::Statistics stats = drilldown::computeStatistics(rows.value());
  if (auto csv = args.get("csv")) {
    std::ofstream out(*csv, std::ios::binary | std::ios::trunc);
    out << drilldown::statisticsCsv(stats);
    if (!out) {
      Error e = makeError(ErrorKind::BadInput, "io", "cannot write the CSV file");
      e.where = *csv;
      return fail(e);
    }
  }
  nlohmann::json j = drilldown::statisticsJson(stats);
  j["rows"] = rows->size();
  print(j);
  return kOk;
}

const CommandRegistration kStats{
    Command{"drilldown stats",
            "drilldown stats --in RUN.jsonl [--csv OUT.csv]   recurrent / emergent "
            "statistics per model, history mode and TA-SQL category",
            {},
            runStats}};

}  // namespace
}  // namespace hs::cli
