#include "widgets/llm/generation_controller.h"

#include <QDir>
#include <QPointer>
#include <QStandardPaths>

#include "engine/annotate/database_checks.h"
#include "engine/llm/call_store.h"
#include "engine/llm/client.h"
#include "engine/workflow/abstain_generate.h"
#include "engine/workflow/generate.h"
#include "engine/workspace/llm_calls.h"
#include "widgets/job_runner.h"
#include "widgets/llm/abstain_preferences.h"
#include "widgets/llm/abstain_text.h"
#include "widgets/llm/endpoint_help.h"
#include "widgets/llm/key_store.h"

namespace hs::ui {
namespace {

struct GenerationWork {
  GenerationOutcome outcome;
  std::optional<LlmLogEntry> log;
};

// The generate workflow's step names, translated at run time (listed here for lupdate).
[[maybe_unused]] constexpr const char* kWorkflowSteps[] = {
    QT_TRANSLATE_NOOP("hs::ui::GenerationController", "Checking the question"),
    QT_TRANSLATE_NOOP("hs::ui::GenerationController", "Judging the answer"),
    QT_TRANSLATE_NOOP("hs::ui::GenerationController", "Reading the schema"),
    QT_TRANSLATE_NOOP("hs::ui::GenerationController", "Waiting for the model"),
    QT_TRANSLATE_NOOP("hs::ui::GenerationController", "Checking the SQL"),
    QT_TRANSLATE_NOOP("hs::ui::GenerationController", "Done")};

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

}  // namespace

void fillFindings(GenerationOutcome& out, const annotate::DatabaseAnnotation& checked) {
  for (const auto& f : checked.annotation.findings) {
    for (const auto& span : f.spans) {
      if (span.side != "pred") continue;
      out.findings.push_back(
          {qs(f.taxonomy), qs(f.category), qs(f.message), int(span.begin), int(span.end), f});
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

std::shared_ptr<llm::Client> GenerationController::clientFor(const QString& key, QString* error) {
  const LlmProfile profile = ProfileSettings::active();
  if (!client_ || clientProfile_.endpoint.name != profile.endpoint.name || !key.isEmpty()) {
    llm::ClientOptions options;
    options.profile = profile.endpoint;
    options.store = store();
    options.apiKey = key.toStdString();
    auto created = llm::Client::create(std::move(options));
    if (!created) {
      *error = explainLlmError(created.error(), qs(profile.endpoint.baseUrl), qs(profile.endpoint.model));
      return nullptr;
    }
    client_ = std::move(created.value());
    clientProfile_ = profile;
  }
  return client_;
}

void GenerationController::withClient(ClientReady ready) {
  const LlmProfile profile = ProfileSettings::active();
  auto create = [this, ready](const QString& key) {
    QString error;
    auto client = clientFor(key, &error);
    ready(client, error);
  };
  if (!profile.keyInKeychain) return create({});
  QPointer<GenerationController> self(this);
  keys_->read(qs(profile.endpoint.name), [self, ready, create](QString key, QString error) {
    if (!self) return;
    if (key.isEmpty())
      return ready(nullptr, tr("The API key could not be read from the system keychain: %1").arg(error));
    create(key);
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
  QString clientError;
  auto client = clientFor(key, &clientError);
  if (!client) {
    GenerationOutcome out;
    out.error = clientError;
    emit finished(out);
    return;
  }
  workflow::CancelToken cancel;
  const std::string dbPath = databasePath.toStdString();
  const workflow::Question q{question.toStdString(), evidence.toStdString()};
  workflow::GenerateOptions options;
  options.promptTemplate = tmpl.value();

  const bool abstain = AbstainPreferences::enabled();
  const workflow::AbstainSettings abstainSettings = AbstainPreferences::settings();

  // The steps are the engine's workflows (generate, or generate with abstention as
  // `generate --abstain` runs it); this only turns their outcome into words.
  auto work = [client, cancel, dbPath, q, options, baseUrl, model, abstain,
               abstainSettings](JobContext& ctx) {
    GenerationWork w;
    auto progress = [&ctx](const workflow::Progress& p) {
      ctx.setProgress(int(p.done), int(p.total), tr(p.step.c_str()));
    };
    workflow::AbstainingGeneration run;
    if (abstain) {
      run = workflow::generateWithAbstention(*client, dbPath, q, options, abstainSettings, progress, cancel);
      w.outcome.abstained = run.verdict.abstained;
      w.outcome.abstentionWords = [verdict = run.verdict] { return AbstainText::headline(verdict); };
      w.outcome.abstention = w.outcome.abstentionWords();
      w.outcome.abstainChecks = AbstainText::checks(run.verdict);
      if (run.verdict.abstained && !run.generated()) {  // before generation: no SQL, no call
        w.outcome.ok = true;
        return w;
      }
    } else {
      run.generation = workflow::generateQuestion(*client, dbPath, q, options, progress, cancel);
    }
    const workflow::GenerateOutcome& outcome = run.generation;
    if (auto call = outcome.callResult())
      w.log = LlmLogEntry::from(tr("generate"), *outcome.request, *call, model);
    const QString why = qs(outcome.error.describe());
    auto fail = [&w](std::function<QString()> words) {
      w.outcome.errorWords = std::move(words);
      w.outcome.error = w.outcome.errorWords();
      return w;
    };
    switch (outcome.failedAt) {
      case workflow::GenerateStep::Database:
        return fail([why] { return tr("Cannot open the database: %1").arg(why); });
      case workflow::GenerateStep::Schema:
        return fail([why] { return tr("Cannot read the schema: %1").arg(why); });
      case workflow::GenerateStep::Prompt:
        return fail([why] { return tr("Cannot build the prompt: %1").arg(why); });
      case workflow::GenerateStep::Call:
      case workflow::GenerateStep::Extract:
        return fail([e = outcome.error, baseUrl, model] { return explainLlmError(e, baseUrl, model); });
      case workflow::GenerateStep::Done:
        break;
    }
    w.outcome.ok = true;
    w.outcome.sql = qs(outcome.generation->extraction->sql);
    w.outcome.extractionNote = qs(outcome.generation->extraction->note);
    if (outcome.annotation && outcome.annotation->ok()) fillFindings(w.outcome, outcome.annotation->value());
    return w;
  };
  QPointer<GenerationController> self(this);
  auto done = [self](GenerationWork w) {
    if (!self) return;
    if (w.log) self->log_->append(*w.log);
    emit self->finished(w.outcome);
  };
  auto onCancel = [cancel]() { cancel.cancel(); };
  runner_->start<GenerationWork>(tr("Generating SQL"), work, done, onCancel);
}

void GenerationController::cancel() {
  runner_->cancel();
}

}  // namespace hs::ui
