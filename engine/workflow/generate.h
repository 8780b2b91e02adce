#pragma once
// Question -> SQL, written once for every front end (hallusql-cli generate, generate --cases, the
// GUI's Generate): open the database read-only, serialise its schema, render the text-to-SQL
// prompt, call the model, extract the SQL, run it read-only and annotate it with the gold-free
// checks. The result is a value that says how far it got; the front ends only present it.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/annotate/database_checks.h"
#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/db/database.h"
#include "engine/llm/client.h"
#include "engine/llm/generate.h"
#include "engine/llm/template.h"
#include "engine/workflow/control.h"

namespace hs::workflow {

// Sampling used when the caller leaves it unset (the same in the CLI and the GUI).
inline constexpr double kDefaultTemperature = 0.0;
inline constexpr int kDefaultMaxTokens = 768;

struct GenerateOptions {
  std::optional<llm::PromptTemplate> promptTemplate;  // nullopt: builtinTemplate("text_to_sql")
  llm::SamplingParams params;                         // unset temperature / maxTokens take the defaults above
  bool annotate = true;                               // run the SQL and apply the gold-free checks
};

struct Question {
  std::string question;
  std::string evidence;  // may be empty
};

// The step a generation stopped at (Done: it did not stop).
enum class GenerateStep { Database, Schema, Prompt, Call, Extract, Done };
const char* toString(GenerateStep step);

struct GenerateOutcome {
  GenerateStep failedAt = GenerateStep::Done;
  Error error;                                // why, when failedAt != Done
  std::optional<llm::ChatRequest> request;    // once the prompt was built
  std::optional<llm::Generation> generation;  // once the model answered (extraction may fail)
  // The checks of the extracted SQL: nullopt when they did not run (no SQL, cancelled, disabled).
  std::optional<Result<annotate::DatabaseAnnotation>> annotation;

  bool ok() const { return failedAt == GenerateStep::Done; }
  // The client's result as the LLM log wants it (nullopt when no call was made).
  std::optional<llm::ChatResult> callResult() const;
};

// --- the steps, shared by the single and the batch workflow ---

// The builtin template unless options name one; temperature and max tokens defaulted.
Result<llm::PromptTemplate> promptTemplate(const GenerateOptions& options);
llm::SamplingParams samplingParams(const GenerateOptions& options);
// Schema -> prompt for one question on an open database; failedAt Schema or Prompt on error.
GenerateOutcome prepareRequest(db::Database& database, const Question& question,
                               const llm::PromptTemplate& tmpl, const GenerateOptions& options);
// Extracts the SQL from the model's answer and annotates it on `database` (may be nullptr: no
// checks). `outcome` holds the request from prepareRequest.
void finishGeneration(GenerateOutcome& outcome, const llm::ChatResult& answer, db::Database* database,
                      const Question& question, const GenerateOptions& options, const CancelToken& cancel);

// --- the workflows ---

// One question on the database at `dbPath`. Blocking (not for a UI thread); progress steps
// 0..3 of 3 from the calling thread; cancel aborts the model call and the running statement.
GenerateOutcome generateQuestion(llm::Client& client, const std::string& dbPath, const Question& question,
                                 const GenerateOptions& options, const ProgressFn& progress = {},
                                 const CancelToken& cancel = {});

// Every case through the model, at most the client's concurrency at once. The databases are
// <dbRoot>/<db_id>/<db_id>.sqlite or <dbRoot>/<db_id>.sqlite, each opened once. `onResult` runs
// on the calling thread, once per case, in input order, as soon as the cases before it are done
// (the checks also run there, while later calls are in flight). Progress counts answered calls.
using CaseResultFn = std::function<void(std::size_t index, GenerateOutcome outcome)>;
void generateCases(llm::Client& client, const std::vector<Case>& cases, const std::string& dbRoot,
                   const GenerateOptions& options, const CaseResultFn& onResult,
                   const ProgressFn& progress = {}, const CancelToken& cancel = {});

}  // namespace hs::workflow
