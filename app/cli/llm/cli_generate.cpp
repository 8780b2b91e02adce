// hallusql-cli generate: question -> SQL through an OpenAI-compatible endpoint.
//   generate --db DB --question Q [--evidence E] [llm options]
//   generate --cases F [--format ...] --db-root DIR --out OUT.jsonl [llm options]
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "app/cli/llm/generate_cases.h"
#include "app/cli/llm/llm_options.h"
#include "engine/db/database.h"
#include "engine/llm/generate.h"
#include "engine/llm/schema_prompt.h"

namespace hs::cli {

namespace {

int runSingle(const Args& args, LlmSetup setup) {
  auto dbPath = args.require("db");
  if (!dbPath) return fail(dbPath.error());
  auto question = args.require("question");
  if (!question) return fail(question.error());
  auto database = db::Database::openReadOnly(dbPath.value());
  if (!database) return fail(database.error());
  auto schema = llm::serialiseSchema(*database.value());
  if (!schema) return fail(schema.error());
  auto tmpl = llm::builtinTemplate("text_to_sql");
  if (!tmpl) return fail(tmpl.error());
  llm::TextToSqlInput input;
  input.schema = schema.value();
  input.question = question.value();
  input.evidence = args.getOr("evidence", "");
  auto request = llm::textToSqlRequest(tmpl.value(), input, setup.params);
  if (!request) return fail(request.error());
  auto client = llm::Client::create(setup.options);
  if (!client) return fail(client.error());
  auto result = client.value()->call(request.value());
  if (!result) return fail(result.error());  // exit 3: the endpoint failed
  auto generation = llm::interpretResponse(std::move(result.value()));
  nlohmann::json out = llm::generationJson(generation, request.value());
  out["question"] = input.question;
  out["evidence"] = input.evidence;
  out["db"] = dbPath.value();
  out["endpoint"] = llm::toJson(setup.options.profile)["base_url"];
  print(out);
  if (!generation.extraction) {  // an empty or SQL-less answer is the endpoint's failure (exit 3)
    Error e = generation.extraction.error();
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
