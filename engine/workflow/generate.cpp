#include "engine/workflow/generate.h"

#include "engine/llm/schema_prompt.h"
#include "engine/workflow/annotate_query.h"

namespace hs::workflow {

const char* toString(GenerateStep step) {
  switch (step) {
    case GenerateStep::Database:
      return "database";
    case GenerateStep::Schema:
      return "schema";
    case GenerateStep::Prompt:
      return "prompt";
    case GenerateStep::Call:
      return "call";
    case GenerateStep::Extract:
      return "extract";
    case GenerateStep::Done:
      return "done";
  }
  return "done";
}

std::optional<llm::ChatResult> GenerateOutcome::callResult() const {
  if (generation) return llm::ChatResult(generation->response);
  if (failedAt == GenerateStep::Call) return llm::ChatResult(error);
  return std::nullopt;
}

Result<llm::PromptTemplate> promptTemplate(const GenerateOptions& options) {
  if (options.promptTemplate) return *options.promptTemplate;
  return llm::builtinTemplate("text_to_sql");
}

llm::SamplingParams samplingParams(const GenerateOptions& options) {
  llm::SamplingParams p = options.params;
  if (!p.temperature) p.temperature = kDefaultTemperature;
  if (!p.maxTokens) p.maxTokens = kDefaultMaxTokens;
  return p;
}

GenerateOutcome prepareRequest(db::Database& database, const Question& question,
                               const llm::PromptTemplate& tmpl, const GenerateOptions& options) {
  GenerateOutcome out;
  auto schema = llm::serialiseSchema(database);
  if (!schema) {
    out.failedAt = GenerateStep::Schema;
    out.error = schema.error();
    return out;
  }
  llm::TextToSqlInput input{schema.value(), question.question, question.evidence, "SQLite"};
  auto request = llm::textToSqlRequest(tmpl, input, samplingParams(options));
  if (!request) {
    out.failedAt = GenerateStep::Prompt;
    out.error = request.error();
    return out;
  }
  out.request = std::move(request.value());
  return out;
}

void finishGeneration(GenerateOutcome& outcome, const llm::ChatResult& answer, db::Database* database,
                      const Question& question, const GenerateOptions& options, const CancelToken& cancel) {
  if (!answer) {
    outcome.failedAt = GenerateStep::Call;
    outcome.error = answer.error();
    return;
  }
  outcome.generation = llm::interpretResponse(answer.value());
  const auto& extraction = outcome.generation->extraction;
  if (!extraction) {
    outcome.failedAt = GenerateStep::Extract;
    outcome.error = extraction.error();
    return;
  }
  if (!options.annotate || database == nullptr || cancel.cancelled()) return;
  outcome.annotation =
      annotateQuery(*database, {question.question, extraction->sql, std::nullopt, {}}, cancel);
}

GenerateOutcome generateQuestion(llm::Client& client, const std::string& dbPath, const Question& question,
                                 const GenerateOptions& options, const ProgressFn& progress,
                                 const CancelToken& cancel) {
  GenerateOutcome out;
  auto tmpl = promptTemplate(options);
  if (!tmpl) {
    out.failedAt = GenerateStep::Prompt;
    out.error = tmpl.error();
    return out;
  }
  auto opened = db::Database::openReadOnly(dbPath);
  if (!opened) {
    out.failedAt = GenerateStep::Database;
    out.error = opened.error();
    return out;
  }
  db::Database& database = *opened.value();
  report(progress, 0, 3, "Reading the schema");
  out = prepareRequest(database, question, tmpl.value(), options);
  if (!out.request) return out;
  report(progress, 1, 3, "Waiting for the model");
  const llm::BatchId batch = client.newBatch();
  llm::ChatResult answer = Error{};
  {
    auto hook = cancel.onCancel([&client, batch] { client.cancelBatch(batch); });
    answer = client.submitFuture(*out.request, batch).get();
  }
  if (answer && !cancel.cancelled()) report(progress, 2, 3, "Checking the SQL");
  finishGeneration(out, answer, &database, question, options, cancel);
  report(progress, 3, 3, "Done");
  return out;
}

}  // namespace hs::workflow
