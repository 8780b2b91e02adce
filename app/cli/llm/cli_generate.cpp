// hallusql-cli generate: question -> SQL through an OpenAI-compatible endpoint.
//   generate --db DB --question Q [--evidence E] [llm options]
//   generate --cases F [--format ...] --db-root DIR --out OUT.jsonl [llm options]
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/abstain/abstain_hook.h"
#include "app/cli/command.h"
#include "app/cli/llm/generate_cases.h"
#include "app/cli/llm/llm_options.h"
#include "engine/workflow/abstain_generate.h"
#include "engine/workflow/generate.h"
#include "engine/workflow/generate_json.h"

namespace hs::cli {

namespace {

int runSingle(const Args& args, LlmSetup setup) {
  auto dbPath = args.require("db");
  if (!dbPath) return fail(dbPath.error());
  auto question = args.require("question");
  if (!question) return fail(question.error());
  AbstainHook abstain(args, "");  // generate --abstain: an infeasible question makes no text-to-SQL call
  if (abstain.error()) return fail(*abstain.error());
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  workflow::GenerateOptions options;
  options.params = setup.params;
  const workflow::Question q{question.value(), args.getOr("evidence", "")};
  workflow::AbstainingGeneration run;
  if (abstain.enabled()) {
    workflow::AbstainSettings settings = abstain.settings();
    settings.params.maxTokens = setup.params.maxTokens;
    run = workflow::generateWithAbstention(*client.value(), dbPath.value(), q, options, settings);
    if (run.verdict.abstained && !run.generated()) {
      nlohmann::json out = {{"question", q.question},
                            {"db", dbPath.value()},
                            {"sql", nullptr},
                            {"llm_calls", run.verdict.llmCalls}};
      workflow::writeAbstainJson(run.verdict, out);
      print(out);
      return kOk;
    }
  } else {
    run.generation = workflow::generateQuestion(*client.value(), dbPath.value(), q, options);
  }
  const workflow::GenerateOutcome& outcome = run.generation;
  if (!outcome.generation) return fail(outcome.error);  // exit 2 bad input, 3 the endpoint failed
  nlohmann::json out = workflow::generationJson(outcome);
  out["question"] = q.question;
  out["evidence"] = q.evidence;
  out["db"] = dbPath.value();
  out["endpoint"] = llm::toJson(setup.options.profile)["base_url"];
  if (abstain.enabled()) workflow::writeAbstainJson(run.verdict, out);
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
  for (auto f : abstainFlags()) flags.push_back(f);
  return flags;
}

const CommandRegistration kGenerate(Command{
    "generate",
    "generate (--db DB --question Q [--evidence E] | --cases F "
    "[--format auto|jsonl|spider|bird|csv|drilldown|"
    "mrsqlgen] --db-root DIR --out OUT.jsonl) " +
        std::string(abstainUsage()) + " " + llmUsage(),
    generateFlags(),
    runGenerate,
    {"hallusql-cli generate --db concert_singer.sqlite --question \"How many singers are there?\" --base-url "
     "http://127.0.0.1:11434/v1 --model llama3",
     "hallusql-cli generate --cases dev.jsonl --db-root spider/database --out pred.jsonl --abstain "
     "--base-url http://127.0.0.1:8080/v1 --model m"}});

}  // namespace

}  // namespace hs::cli
