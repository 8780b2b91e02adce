// generateCases: the batch form of the generate workflow (see generate.h).
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>

#include "engine/eval/runner.h"
#include "engine/workflow/generate.h"

namespace hs::workflow {

namespace {

// A case's database, opened once for its schema and again for the checks of each answer.
struct OpenDatabase {
  std::unique_ptr<db::Database> database;
  Error error;
};

OpenDatabase openCaseDatabase(const std::string& dbRoot, const std::string& dbId) {
  OpenDatabase d;
  auto path = eval::resolveDatabase(dbRoot, dbId);
  if (!path) {
    d.error =
        makeError(ErrorKind::BadInput, "no_database", "database '" + dbId + "' not found under the db root");
    d.error.where = dbRoot;
    return d;
  }
  auto opened = db::Database::openReadOnly(*path);
  if (!opened) {
    d.error = opened.error();
    return d;
  }
  d.database = std::move(opened.value());
  return d;
}

// What the client's callbacks share with the calling thread; they keep it alive themselves.
struct Answers {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::optional<llm::ChatResult>> results;
  std::size_t answered = 0;
};

}  // namespace

void generateCases(llm::Client& client, const std::vector<Case>& cases, const std::string& dbRoot,
                   const GenerateOptions& options, const CaseResultFn& onResult, const ProgressFn& progress,
                   const CancelToken& cancel) {
  const std::size_t total = cases.size();
  std::vector<GenerateOutcome> outcomes(total);
  std::map<std::string, OpenDatabase> databases;
  auto tmpl = promptTemplate(options);
  auto answers = std::make_shared<Answers>();
  answers->results.resize(total);
  std::size_t notSubmitted = 0;

  // Prompts first (each schema is read once per database), then every request is queued.
  std::vector<bool> submitted(total, false);
  for (std::size_t i = 0; i < total; ++i) {
    const Case& c = cases[i];
    GenerateOutcome& out = outcomes[i];
    if (!tmpl) {
      out.failedAt = GenerateStep::Prompt;
      out.error = tmpl.error();
      ++notSubmitted;
      continue;
    }
    auto it = databases.find(c.dbId);
    if (it == databases.end()) it = databases.emplace(c.dbId, openCaseDatabase(dbRoot, c.dbId)).first;
    if (!it->second.database) {
      out.failedAt = GenerateStep::Database;
      out.error = it->second.error;
      ++notSubmitted;
      continue;
    }
    out = prepareRequest(*it->second.database, {c.question, c.evidence}, tmpl.value(), options);
    if (!out.request) {
      ++notSubmitted;
      continue;
    }
    submitted[i] = true;
  }
  const llm::BatchId batch = client.newBatch();
  auto hook = cancel.onCancel([&client, batch] { client.cancelBatch(batch); });
  for (std::size_t i = 0; i < total; ++i) {
    if (!submitted[i]) continue;
    client.submit(
        *outcomes[i].request,
        [answers, i](llm::RequestId, const llm::ChatResult& r) {
          std::lock_guard lock(answers->mutex);
          answers->results[i] = r;
          ++answers->answered;
          answers->changed.notify_all();
        },
        batch);
  }

  // Results in input order, on this thread; the checks run here while later calls are in flight.
  std::size_t next = 0;
  std::size_t reported = static_cast<std::size_t>(-1);
  while (next < total) {
    std::optional<llm::ChatResult> answer;
    std::size_t answered = 0;
    if (submitted[next]) {
      std::unique_lock lock(answers->mutex);
      answers->changed.wait_for(lock, std::chrono::milliseconds(250),
                                [&] { return answers->results[next].has_value(); });
      answered = answers->answered;
      if (answers->results[next]) answer = std::move(answers->results[next]);
    } else {
      std::lock_guard lock(answers->mutex);
      answered = answers->answered;
    }
    const std::size_t done = answered + notSubmitted;
    if (done != reported) {
      reported = done;
      report(progress, done, total, "Waiting for the model");
    }
    if (submitted[next] && !answer) continue;
    GenerateOutcome& out = outcomes[next];
    if (answer) {
      db::Database* database = databases[cases[next].dbId].database.get();
      finishGeneration(out, *answer, database, {cases[next].question, cases[next].evidence}, options, cancel);
    }
    if (onResult) onResult(next, std::move(out));
    out = GenerateOutcome{};  // the request and answer are not kept
    ++next;
  }
  report(progress, total, total, "Done");
}

}  // namespace hs::workflow
