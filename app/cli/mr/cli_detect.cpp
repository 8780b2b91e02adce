// hallusql-cli detect: SQLHD's two-stage metamorphic hallucination detection (seed 000).
//   detect --db DB --question Q [--evidence E] [--sql S] [--workspace W] [--mrs LIST] [--early-stop K]
//          [--order-from S.json] [--vote-threshold F] [llm options]
//   detect --cases F --db-root DIR --out OUT.jsonl [--summary S.json] [...]   (labelled set)
#include <nlohmann/json.hpp>

#include <optional>

#include "app/cli/command.h"
#include "app/cli/llm/llm_options.h"
#include "app/cli/mr/detect_cases.h"
#include "engine/mr/detect_json.h"
#include "engine/mr/followup_store.h"
#include "engine/mr/pipeline.h"
#include "engine/workspace/workspace.h"

namespace hs::cli {
namespace {

int runSingle(const Args& args, const LlmSetup& setup, const mr::DetectOptions& options) {
  auto dbPath = args.require("db");
  if (!dbPath) return fail(dbPath.error());
  auto question = args.require("question");
  if (!question) return fail(question.error());
  mr::DetectInput input;
  input.dbPath = dbPath.value();
  input.question = question.value();
  input.evidence = args.getOr("evidence", "");
  if (auto sql = args.get("sql")) input.sourceSql = *sql;
  // The workspace keeps the per-MR rows for the follow-up explorer; opened (or refused, untouched)
  // before any model call. It is never the database being queried.
  std::optional<ws::Workspace> workspace;
  if (auto path = args.get("workspace")) {
    if (auto s = ws::refuseReadInputs(*path, {input.dbPath}, "--workspace"); !s) return fail(s.error());
    auto opened = ws::Workspace::open(*path);
    if (!opened) return fail(opened.error());
    workspace = std::move(opened.value());
  }
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  auto result = mr::detect(input, *client.value(), options);
  if (!result) return fail(result.error());
  auto out = mr::detectJson(result.value());
  if (workspace) {
    auto ids = mr::saveFollowups(*workspace, result.value());
    if (!ids) return fail(ids.error());
    out["followup_ids"] = ids.value();
  }
  print(out);
  return kOk;
}

int runDetect(const Args& args) {
  auto setup = parseLlmOptions(args);
  if (!setup) return fail(setup.error());
  auto options = detectOptionsFromArgs(args, setup.value());
  if (!options) return fail(options.error());
  if (args.has("cases")) return runDetectCases(args, setup.value(), options.value());
  return runSingle(args, setup.value(), options.value());
}

const CommandRegistration kDetect(Command{
    "detect",
    "detect (--db DB --question Q [--evidence E] [--sql S] [--workspace W] | --cases F [--format ...] "
    "--db-root DIR "
    "--out OUT.jsonl [--summary S.json] [--limit N]) [--mrs LIST] [--early-stop K] [--order-from S.json] "
    "[--vote-threshold F] " +
        llmUsage(),
    llmFlags(),
    runDetect,
    {"hallusql-cli detect --db concert_singer.sqlite --question \"How many singers are there?\" --sql "
     "\"SELECT count(*) FROM singer\" --base-url http://127.0.0.1:11434/v1 --model llama3"}});

}  // namespace
}  // namespace hs::cli
