// hallusql-cli drilldown decompose --cases F [--format ...] [--db-root DIR] --out OUT.jsonl
//   [--max-failures N] [--timeout-ms N]
// Every gold query of a case file -> its drill-down path (no LLM), one JSON object per case in
// OUT.jsonl; a summary on stdout: steps, execution share, final-equals-original, failures, the
// distribution of steps per query.
#include <chrono>
#include <fstream>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/cli/cases_input.h"
#include "app/cli/command.h"
#include "engine/core/output_file.h"
#include "engine/drilldown/decompose.h"
#include "engine/drilldown/path_json.h"
#include "engine/eval/runner.h"

namespace hs::cli {
namespace {

int runDecompose(const Args& args) {
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto maxFailures = args.getInt("max-failures", 50);
  if (!maxFailures) return fail(maxFailures.error());
  auto timeoutMs = args.getInt("timeout-ms", 10000);
  if (!timeoutMs) return fail(timeoutMs.error());
  if (*timeoutMs < 1 || *timeoutMs > 86400000)
    return fail(
        makeError(ErrorKind::BadInput, "usage", "--timeout-ms must be between 1 and 86400000 (a day)"));
  drilldown::DecomposeOptions options;  // one time limit per case, for all its statements
  options.timeoutMs = static_cast<int>(*timeoutMs);
  options.limits.timeoutMs = options.timeoutMs;
  auto imported = importCasesOption(args, "");
  if (!imported) return fail(imported.error());
  const std::string dbRoot = args.getOr("db-root", "");
  auto outFile = OutputFile::create(outPath.value());
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();
  auto start = std::chrono::steady_clock::now();
  std::map<std::string, std::unique_ptr<db::Database>> databases;  // null: not found
  std::size_t cases = 0, decomposed = 0, noGold = 0, withDb = 0, steps = 0, stepsRan = 0, stepsOk = 0;
  std::size_t mergedSteps = 0, finalEqual = 0, finalChecked = 0, staticOk = 0, finalFails = 0,
              timeLimited = 0;
  std::map<std::size_t, std::size_t> histogram;
  nlohmann::json failures = nlohmann::json::array();
  std::size_t failureCount = 0;
  auto addFailure = [&](const Case& c, const std::string& what, const std::string& reason) {
    ++failureCount;
    if (failures.size() < static_cast<std::size_t>(maxFailures.value()))
      failures.push_back({{"id", c.id}, {"db_id", c.dbId}, {"what", what}, {"reason", reason}});
  };
  for (const Case& c : imported->cases) {
    ++cases;
    nlohmann::json line{{"id", c.id}, {"db_id", c.dbId}, {"sql", c.goldSql ? *c.goldSql : ""}};
    if (!c.goldSql) {
      ++noGold;
      line["error"] = {{"code", "no_gold"}, {"message", "the case has no gold SQL"}};
      out << line.dump() << "\n";
      continue;
    }
    db::Database* database = nullptr;
    if (!dbRoot.empty()) {
      auto it = databases.find(c.dbId);
      if (it == databases.end()) {
        std::unique_ptr<db::Database> opened;
        if (auto path = eval::resolveDatabase(dbRoot, c.dbId))
          if (auto d = db::Database::openReadOnly(*path)) opened = std::move(d.value());
        it = databases.emplace(c.dbId, std::move(opened)).first;
      }
      database = it->second.get();
    }
    auto path = drilldown::decompose(*c.goldSql, database, options);
    if (!path) {
      line["error"] = {{"code", path.error().code}, {"message", path.error().message}};
      addFailure(c, "parse", path.error().message);
      out << line.dump() << "\n";
      continue;
    }
    ++decomposed;
    withDb += database ? 1 : 0;
    nlohmann::json j = drilldown::pathJson(path.value());
    for (auto& [k, v] : j.items()) line[k] = v;
    out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    const drilldown::Path& p = path.value();
    steps += p.steps.size();
    mergedSteps += p.merged.size();
    ++histogram[p.steps.size()];
    staticOk += p.stepsReparse && p.finalTreeEqualsOriginal ? 1 : 0;
    if (!p.stepsReparse) addFailure(c, "reparse", "a step does not parse again");
    if (!p.finalTreeEqualsOriginal)
      addFailure(c, "final_tree", "the last step's tree differs from the original");
    for (const auto& s : p.steps) {
      stepsRan += (s.exec.ran ? 1 : 0);
      stepsOk += (s.exec.ok ? 1 : 0);
    }
    for (const auto& m : p.merged) addFailure(c, "merged_step", m.reason + " [" + m.sql + "]");
    if (p.timeLimit) {
      ++timeLimited;
      addFailure(c, "time_limit", p.timeLimit->message);
    }
    if (p.finalEqualsOriginal) {
      ++finalChecked;
      finalEqual += *p.finalEqualsOriginal ? 1 : 0;
      if (!*p.finalEqualsOriginal) {
        ++finalFails;
        addFailure(c, "final", p.finalCheckError);
      }
    }
  }
  double elapsedMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::size_t candidates = steps + mergedSteps;
  nlohmann::json dist = nlohmann::json::object();
  for (const auto& [k, v] : histogram) dist[std::to_string(k)] = v;
  if (auto st = outFile->commit(); !st) return fail(st.error());
  print({{"out", outPath.value()},
         {"cases", cases},
         {"decomposed", decomposed},
         {"no_gold", noGold},
         {"with_database", withDb},
         {"steps", steps},
         {"candidate_steps", candidates},
         {"merged_steps", mergedSteps},
         {"steps_executed", stepsRan},
         {"steps_ok", stepsOk},
         {"candidate_exec_share",
          stepsRan + mergedSteps > 0
              ? nlohmann::json(static_cast<double>(stepsOk) / static_cast<double>(stepsRan + mergedSteps))
              : nlohmann::json(nullptr)},
         {"final_checked", finalChecked},
         {"final_equals_original", finalEqual},
         {"final_not_equal", finalFails},
         {"static_ok", staticOk},
         {"time_limited", timeLimited},
         {"steps_per_query", decomposed ? static_cast<double>(steps) / static_cast<double>(decomposed) : 0.0},
         {"steps_histogram", dist},
         {"failure_count", failureCount},
         {"failures", failures},
         {"elapsed_ms", elapsedMs}});
  return kOk;
}

const CommandRegistration kDecompose{
    Command{"drilldown decompose",
            "drilldown decompose --cases F [--format ...] [--db-root DIR] --out OUT.jsonl [--max-failures N] "
            "[--timeout-ms N (per case, all its statements; default 10000)]   "
            "gold queries -> executable drill-down paths (no LLM)",
            {},
            runDecompose,
            {"hallusql-cli drilldown decompose --cases dev.json --format spider --db-root spider/database "
             "--out paths.jsonl --timeout-ms 5000"}}};

}  // namespace
}  // namespace hs::cli
