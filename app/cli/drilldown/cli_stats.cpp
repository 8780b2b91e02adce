// hallusql-cli drilldown stats --in RUN.jsonl [--csv OUT.csv]
// Recurrence / emergence statistics (engine/drilldown/stats.h) of a `drilldown run` output.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/core/output_file.h"
#include "engine/drilldown/seed_json.h"
#include "engine/drilldown/stats.h"
#include "engine/workspace/drilldown_store.h"

namespace hs::cli {
namespace {

int runStats(const Args& args) {
  Result<std::vector<drilldown::StepOutcome>> rows = Error{};
  if (auto wsPath = args.get("workspace")) {
    auto runId = args.getInt("run", 0);
    if (!runId) return fail(runId.error());
    auto w = ws::Workspace::open(*wsPath);
    if (!w) return fail(w.error());
    rows = ws::loadDrilldownRun(w.value(), runId.value());
  } else {
    auto in = args.require("in");
    if (!in) return fail(in.error());
    // Seed 001's JSON carries neither model nor history mode unless this program wrote it.
    rows = drilldown::readRunFile(in.value(), args.getOr("model", ""), args.getOr("history", "off"));
  }
  if (!rows) return fail(rows.error());
  drilldown::Statistics stats = drilldown::computeStatistics(rows.value());
  if (auto csv = args.get("csv")) {
    if (auto st = writeOutputFile(*csv, drilldown::statisticsCsv(stats), "the CSV file"); !st)
      return fail(st.error());
  }
  nlohmann::json j = drilldown::statisticsJson(stats);
  j["rows"] = rows->size();
  print(j);
  return kOk;
}

const CommandRegistration kStats{
    Command{"drilldown stats",
            "drilldown stats (--in RUN.jsonl|SEED.json | --workspace W --run R) [--csv OUT.csv] [--model M] "
            "[--history off|on]   recurrent / emergent "
            "statistics per model, history mode and TA-SQL category",
            {},
            runStats,
            {"hallusql-cli drilldown stats --in run.jsonl --csv stats.csv",
             "hallusql-cli drilldown stats --workspace review.hallusql --run 2"}}};

}  // namespace
}  // namespace hs::cli
