#include "widgets/llm/generation_controller.h"

#include <QDir>
#include <QPointer>
#include <QStandardPaths>

#include <mutex>

#include "engine/annotate/database_checks.h"
#include "engine/db/database.h"
#include "engine/llm/call_store.h"
#include "engine/llm/client.h"
#include "engine/llm/generate.h"
#include "engine/llm/schema_prompt.h"
#include "engine/workspace/llm_calls.h"
#include "widgets/job_runner.h"
#include "widgets/llm/endpoint_help.h"
#include "widgets/llm/key_store.h"

namespace hs::ui {
namespace {

struct GenerationWork {
  GenerationOutcome outcome;
  std::optional<LlmLogEntry> log;
};

// Lets Cancel reach the database of the running job.
struct CancelState {
  std::mutex mutex;
  std::shared_ptr<db::Interrupter> interrupter;
};

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

void fillFindings(GenerationOutcome& out, const annotate::DatabaseAnnotation& checked) {
  for (const auto& f : checked.annotation.findings) {
    for (const auto& span : f.spans) {
      if (span.side != "pred") continue;
      out.findings.push_back({qs(f.taxonomy), qs(f.category), qs(f.message), int(span.begin), int(span.end)});
    }
  }
  out.risk = checked.annotation.risk.score;
  for (const auto& r : checked.annotation.risk.reasons) out.riskReasons << qs(r);
  if (checked.predResult && checked.predResult->ok()) {
    out.resultRows = qint64(checked.predResult->value().rows.size());
  } else if (checked.predResult) {
    out.executionError = qs(checked.predResult->error().describe());
  }
}

}  // namespace

GenerationController::GenerationController(LlmLogModel* log, QObject* parent)
    : QObject(parent), log_(log), keys_(new KeyStore(this)), runner_(new JobRunner(this)) {
  connect(runner_, &JobRunner::busyChanged, this, &GenerationController::busyChanged);
}

GenerationController::~GenerationController() {
  if (client_) client_->cancelAll();
}

void GenerationController::setWorkspacePath(const QString& path) {
  if (path == workspacePath_) return;
  workspacePath_ = path;
  store_.reset();
  client_.reset();
}

void GenerationController::reloadSettings() {
  client_.reset();
}

bool GenerationController::isBusy() const {
  return runner_->isBusy();
}

std::shared_ptr<llm::CallStore> GenerationController::store() {
  if (store_) return store_;
  if (!workspacePath_.isEmpty()) {
    auto ws = hs::ws::WorkspaceCallStore::open(workspacePath_.toStdString());
    if (ws) store_ = std::move(ws.value());
  }
  if (!store_) {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    // A workspace of its own (llm-cache.sqlite of older builds is left alone).
    auto file =
        hs::ws::WorkspaceCallStore::openOrCreate(QDir(dir).filePath("llm-cache.hallusql").toStdString());
    if (file) {
      store_ = std::move(file.value());
    } else {
      store_ = std::make_shared<llm::MemoryCallStore>();  // still a cache for this session
    }
  }
  return store_;
}

void GenerationController::generate(const QString& databasePath, const QString& question,
                                    const QString& evidence) {
  if (runner_->isBusy()) return;
  const LlmProfile profile = ProfileSettings::active();
  if (!profile.keyInKeychain) {
    startWithKey(databasePath, question, evidence, {});
    return;
  }
  QPointer<GenerationController> self(this);
  keys_->read(qs(profile.endpoint.name),
              [self, databasePath, question, evidence](QString key, QString error) {
                if (!self) return;
                if (key.isEmpty()) {
                  GenerationOutcome out;
                  out.error = tr("The API key could not be read from the system keychain: %1").arg(error);
                  emit self->finished(out);
                  return;
                }
                self->startWithKey(databasePath, question, evidence, key);
              });
}

void GenerationController::startWithKey(const QString& databasePath, const QString& question,
                                        const QString& evidence, const QString& key) {
  const LlmProfile profile = ProfileSettings::active();
  auto tmpl = ProfileSettings::promptTemplate(QStringLiteral("text_to_sql"));
  const QString baseUrl = qs(profile.endpoint.baseUrl);
  const QString model = qs(profile.endpoint.model);
  if (!tmpl) {
    GenerationOutcome out;
    out.error = tr("The text-to-SQL prompt template is invalid: %1").arg(qs(tmpl.error().describe()));
    emit finished(out);
    return;
  }
  if (!client_ || clientProfile_.endpoint.name != profile.endpoint.name || !key.isEmpty()) {
    llm::ClientOptions options;
    options.profile = profile.endpoint;
    options.store = store();
    options.apiKey = key.toStdString();
    auto created = llm::Client::create(std::move(options));
    if (!created) {
      GenerationOutcome out;
      out.error = explainLlmError(created.error(), baseUrl, model);
      emit finished(out);
      return;
    }
    client_ = std::move(created.value());
    clientProfile_ = profile;
  }

  auto client = client_;
  auto cancelState = std::make_shared<CancelState>();
  const std::string dbPath = databasePath.toStdString();
  const std::string q = question.toStdString();
  const std::string ev = evidence.toStdString();
  const llm::PromptTemplate promptTemplate = tmpl.value();

  auto work = [client, cancelState, dbPath, q, ev, promptTemplate, baseUrl, model](JobContext& ctx) {
    GenerationWork w;
    auto opened = db::Database::openReadOnly(dbPath);
    if (!opened) {
      w.outcome.error = tr("Cannot open the database: %1").arg(qs(opened.error().describe()));
      return w;
    }
    auto& database = *opened.value();
    {
      std::lock_guard lock(cancelState->mutex);
      cancelState->interrupter = database.interrupter();
    }
    ctx.setProgress(0, 3, tr("Reading the schema"));
    auto schemaText = llm::serialiseSchema(database);
    if (!schemaText) {
      w.outcome.error = tr("Cannot read the schema: %1").arg(qs(schemaText.error().describe()));
      return w;
    }
    llm::SamplingParams params;
    params.temperature = 0.0;
    params.maxTokens = 768;
    auto request = llm::textToSqlRequest(promptTemplate, {schemaText.value(), q, ev, "SQLite"}, params);
    if (!request) {
      w.outcome.error = tr("Cannot build the prompt: %1").arg(qs(request.error().describe()));
      return w;
    }
    ctx.setProgress(1, 3, tr("Waiting for the model"));
    auto result = client->call(request.value());
    w.log = LlmLogEntry::from(tr("generate"), request.value(), result, model);
    if (!result) {
      w.outcome.error = explainLlmError(result.error(), baseUrl, model);
      return w;
    }
    auto generation = llm::interpretResponse(result.value());
    if (!generation.extraction) {
      w.outcome.error = explainLlmError(generation.extraction.error(), baseUrl, model);
      return w;
    }
    w.outcome.ok = true;
    w.outcome.sql = qs(generation.extraction->sql);
    w.outcome.extractionNote = qs(generation.extraction->note);
    if (ctx.isCancelled()) return w;
    ctx.setProgress(2, 3, tr("Checking the SQL"));
    auto checked = annotate::annotateWithDatabase(database, q, generation.extraction->sql);
    if (checked) fillFindings(w.outcome, checked.value());
    return w;
  };
  QPointer<GenerationController> self(this);
  auto done = [self](GenerationWork w) {
    if (!self) return;
    if (w.log) self->log_->append(*w.log);
    emit self->finished(w.outcome);
  };
  auto onCancel = [client, cancelState]() {
    client->cancelAll();
    std::lock_guard lock(cancelState->mutex);
    if (cancelState->interrupter) cancelState->interrupter->interrupt();
  };
  runner_->start<GenerationWork>(tr("Generating SQL"), work, done, onCancel);
}

void GenerationController::cancel() {
  runner_->cancel();
}

}  // namespace hs::ui
