// hallusql-cli drilldown run --cases F [--format ...] --db-root DIR --history off|on|both
//   --out RUN.jsonl [--limit N] [--jobs N] [llm options]
// The drill-down workflow (engine/drilldown/run.h): one JSON object per case, history mode and
// step in RUN.jsonl; a summary with the statistics on stdout.
#include <chrono>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cases_input.h"
#include "app/cli/command.h"
#include "app/cli/llm/llm_options.h"
#include "engine/core/output_file.h"
#include "engine/drilldown/run.h"
#include "engine/drilldown/seed_json.h"
#include "engine/drilldown/stats.h"
#include "engine/workspace/drilldown_store.h"

namespace hs::cli {
namespace {

int runDrilldownRun(const Args& args) {
  auto setup = parseLlmOptions(args);
  if (!setup) return fail(setup.error());
  auto dbRoot = args.require("db-root");
  if (!dbRoot) return fail(dbRoot.error());
  auto outPath = args.require("out");
  if (!outPath) return fail(outPath.error());
  auto limit = args.getInt("limit", 0);
  if (!limit) return fail(limit.error());
  auto jobs = args.getInt("jobs", 2);
  if (!jobs) return fail(jobs.error());
  drilldown::RunOptions options;
  const std::string history = args.getOr("history", "off");
  if (history == "off")
    options.modes = {drilldown::History::Off};
  else if (history == "on")
    options.modes = {drilldown::History::On};
  else if (history == "both")
    options.modes = {drilldown::History::Off, drilldown::History::On};
  else
    return fail(makeError(ErrorKind::BadInput, "usage", "--history must be off, on or both"));
  auto imported = importCasesOption(args, setup->options.profile.model);
  if (!imported) return fail(imported.error());
  std::vector<Case> cases = imported->cases;
  if (limit.value() > 0 && cases.size() > static_cast<std::size_t>(limit.value()))
    cases.resize(static_cast<std::size_t>(limit.value()));
  options.dbRoot = dbRoot.value();
  options.params = setup->params;
  options.evalJobs = static_cast<int>(std::max(1LL, jobs.value()));
  options.progress = [](const workflow::Progress& p) {
    if (p.done % 50 == 0 || p.done == p.total)
      std::cerr << "\rdrilldown: " << p.done << "/" << p.total << " " << p.step << "   " << std::flush;
  };
  auto outFile = OutputFile::create(outPath.value());
  if (!outFile) return fail(outFile.error());
  std::ostream& out = outFile->stream();
  auto client = llm::Client::create(setup->options);
  if (!client) return fail(client.error());
  auto start = std::chrono::steady_clock::now();
  auto result = drilldown::runDrilldown(*client.value(), cases, options);
  std::cerr << "\n";
  if (!result) return fail(result.error());
  double elapsedMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  for (const auto& row : result->rows)
    out << drilldown::outcomeJson(row).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (auto st = outFile->commit(); !st) return fail(st.error());
  if (auto seedPath = args.get("seed-json")) {
    const std::string seed =
        drilldown::toSeedJson(result->rows).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
        "\n";
    if (auto st = writeOutputFile(*seedPath, seed, "the seed JSON file"); !st) return fail(st.error());
  }
  nlohmann::json stored = nullptr;
  if (auto wsPath = args.get("workspace")) {
    auto w = ws::Workspace::open(*wsPath);
    if (!w) return fail(w.error());
    const std::string name = args.getOr("run-name", "drilldown " + setup->options.profile.model);
    auto runId = ws::saveDrilldownRun(w.value(), name, args.getOr("cases", ""), result->rows);
    if (!runId) return fail(runId.error());
    stored = {{"workspace", *wsPath}, {"run_id", runId.value()}, {"run_name", name}};
  }
  nlohmann::json problems = nlohmann::json::array();
  for (const Error& e : result->problems)
    if (problems.size() < 50) problems.push_back({{"id", e.where}, {"code", e.code}, {"message", e.message}});
  nlohmann::json summary = drilldown::statisticsJson(drilldown::computeStatistics(result->rows));
  summary["out"] = outPath.value();
  summary["cases"] = result->cases;
  summary["skipped"] = result->skipped;
  summary["problems"] = problems;
  summary["rows"] = result->rows.size();
  summary["stored"] = stored;
  summary["llm_calls"] = result->llmCalls;
  summary["cache_hits"] = result->cacheHits;
  summary["failed_calls"] = result->failedCalls;
  summary["cancelled"] = result->cancelled;
  summary["elapsed_ms"] = elapsedMs;
  print(summary);
  return kOk;
}

std::vector<std::string> runFlags() {
  return llmFlags();
}

const CommandRegistration kRun{Command{
    "drilldown run",
    "drilldown run --cases F [--format ...] --db-root DIR --history off|on|both --out RUN.jsonl [--limit N] "
    "[--jobs N] " +
        llmUsage() + "   sub-questions, per-step SQL and annotation of every drill-down step",
    runFlags(),
    runDrilldownRun,
    {"hallusql-cli drilldown run --cases dev.json --db-root spider/database --history both --out run.jsonl "
     "--limit 20 --base-url http://127.0.0.1:11434/v1 --model llama3"}}};

}  // namespace
}  // namespace hs::cli
