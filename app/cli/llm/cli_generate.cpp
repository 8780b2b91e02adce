// hallusql-cli generate: question -> SQL through an OpenAI-compatible endpoint.
//   generate --db DB --question Q [--evidence E] [llm options]
//   generate --cases F [--format ...] --db-root DIR --out OUT.jsonl [llm options]
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/abstain/abstain_hook.h"
#include "app/cli/command.h"
#include "app/cli/llm/generate_cases.h"
#include "app/cli/llm/llm_options.h"
#include "engine/workflow/generate.h"
#include "engine/workflow/generate_json.h"

namespace hs::cli {

namespace {

int runSingle(const Args& args, LlmSetup setup) {
  auto dbPath = args.require("db");
  if (!dbPath) return fail(dbPath.error());
  auto question = args.require("question");
  if (!question) return fail(question.error());
  AbstainHook abstain(args, "");  // generate --abstain: an infeasible question makes no LLM call
  Case item;
  item.dbId = dbPath.value();
  item.question = question.value();
  if (auto no = abstain.before(item)) {
    nlohmann::json out = {
        {"question", item.question}, {"db", dbPath.value()}, {"sql", nullptr}, {"llm_calls", 0}};
    AbstainHook::write(*no, out);
    print(out);
    return kOk;
  }
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  workflow::GenerateOptions options;
  options.params = setup.params;
  const workflow::Question q{question.value(), args.getOr("evidence", "")};
  auto outcome = workflow::generateQuestion(*client.value(), dbPath.value(), q, options);
  if (!outcome.generation) return fail(outcome.error);  // exit 2 bad input, 3 the endpoint failed
  nlohmann::json out = workflow::generationJson(outcome);
  out["question"] = q.question;
  out["evidence"] = q.evidence;
  out["db"] = dbPath.value();
  out["endpoint"] = llm::toJson(setup.options.profile)["base_url"];
  if (out.contains("sql") && out["sql"].is_string()) item.predSql = out["sql"].get<std::string>();
  abstain.after(item, out);
  print(out);
  if (!outcome.generation->extraction) {  // an empty or SQL-less answer is the endpoint's failure (exit 3)
    Error e = outcome.generation->extraction.error();
    e.kind = ErrorKind::External;
    e.message = "the model's answer holds no SQL: " + e.message;
    return fail(e);
  }
  if (out.contains("warning")) {
    std::cerr << nlohmann::json{{"warning", {{"code", "not_a_query"}, {"message", out["warning"]}}}}.dump()
              << "\n";
  }
  return kOk;
}

int runGenerate(const Args& args) {
  auto setup = parseLlmOptions(args);
  if (!setup) return fail(setup.error());
  if (args.has("cases")) return runGenerateCases(args, std::move(setup.value()));
  return runSingle(args, std::move(setup.value()));
}

std::vector<std::string> generateFlags() {
  auto flags = llmFlags();
  flags.push_back(abstainFlag());
  return flags;
}

const CommandRegistration kGenerate(Command{
    "generate",
    "generate (--db DB --question Q [--evidence E] | --cases F "
    "[--format auto|jsonl|spider|bird|csv|drilldown|"
    "mrsqlgen] --db-root DIR --out OUT.jsonl) [--abstain [--infeasible-threshold T] "
    "[--risk-threshold T]] " +
        llmUsage(),
    generateFlags(), runGenerate});

}  // namespace

}  // namespace hs::cli
