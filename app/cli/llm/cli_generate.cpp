// hallusql-cli generate: question -> SQL through an OpenAI-compatible endpoint.
//   generate --db DB --question Q [--evidence E] [llm options]
//   generate --cases F [--format ...] --db-root DIR --out OUT.jsonl [llm options]
#include <nlohmann/json.hpp>

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
  print(out);
  return kOk;
}

int runGenerate(const Args& args) {
  auto setup = parseLlmOptions(args);
  if (!setup) return fail(setup.error());
  if (args.has("cases")) return runGenerateCases(args, std::move(setup.value()));
  return runSingle(args, std::move(setup.value()));
}

std::vector<std::string> generateFlags() {
  return llmFlags();
}

const CommandRegistration kGenerate(Command{"generate",
                                            "generate (--db DB --question Q [--evidence E] | --cases F "
                                            "[--format auto|jsonl|spider|bird|csv|drilldown|"
                                            "mrsqlgen] --db-root DIR --out OUT.jsonl) " +
                                                llmUsage(),
                                            generateFlags(), runGenerate});

}  // namespace

}  // namespace hs::cli
