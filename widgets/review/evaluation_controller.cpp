#include "widgets/review/evaluation_controller.h"

#include <QJsonDocument>
#include <QJsonObject>

#include "engine/workflow/evaluate_run.h"
#include "engine/workflow/import_run.h"
#include "engine/workspace/workspace.h"
#include "widgets/app_settings.h"
#include "widgets/job_runner.h"

namespace hs::ui {

namespace {

QString errorText(const hs::Error& e) {
  return QString::fromStdString(e.describe());
}

// The engine's evaluate-a-run workflow, its result in the controller's terms.
EvaluationResult evaluateRun(const std::string& path, qint64 runId, const std::string& dbRoot, int jobs,
                             int batchSize, annotate::CheckNames disabled,
                             const workflow::CancelToken& cancel, JobContext& ctx) {
  workflow::EvaluateRunOptions options;
  options.dbRoot = dbRoot;
  options.jobs = jobs;
  options.batchSize = batchSize;
  options.disabledChecks = std::move(disabled);
  auto progress = [&ctx](const workflow::Progress& p) { ctx.setProgress(int(p.done), int(p.total)); };
  const auto r = workflow::evaluateRun(path, runId, options, progress, cancel);
  EvaluationResult res;
  res.runId = r.runId;
  res.total = int(r.total);
  res.saved = int(r.saved);
  res.cancelled = r.cancelled;
  if (r.error) res.error = errorText(*r.error);
  res.elapsedMs = qint64(r.elapsedMs);
  return res;
}

ImportResult storeRun(const std::string& path, const hs::ws::RunInfo& info,
                      const std::vector<hs::Case>& cases) {
  ImportResult res;
  auto imported = workflow::importRun(path, info, cases);
  if (!imported) {
    res.error = errorText(imported.error());
    return res;
  }
  res.runId = imported->runId;
  res.cases = static_cast<int>(imported->cases);
  return res;
}

}  // namespace

QString runDbRoot(const std::string& settingsJson) {
  return QString::fromStdString(workflow::runDbRoot(settingsJson));
}

EvaluationController::EvaluationController(QObject* parent) : QObject(parent), runner_(new JobRunner(this)) {
  connect(runner_, &JobRunner::busyChanged, this, &EvaluationController::busyChanged);
  connect(runner_, &JobRunner::progress, this,
          [this](int value, int maximum, const QString&) { emit progress(value, maximum); });
}

EvaluationController::~EvaluationController() {
  runner_->abandon();  // batches saved so far stay; the cancelled run's callback has no one to tell
}

bool EvaluationController::isBusy() const {
  return runner_->isBusy();
}

void EvaluationController::cancel() {
  runner_->cancel();
}

bool EvaluationController::evaluate(const QString& workspacePath, qint64 runId, const QString& dbRoot) {
  if (runner_->isBusy()) return false;
  workflow::CancelToken cancel;
  const std::string path = workspacePath.toStdString();
  const std::string root = dbRoot.toStdString();
  const int jobs = jobs_;
  const int batch = batchSize_;
  const annotate::CheckNames disabled = AppSettings::disabledChecks();  // read on the UI thread
  return runner_->start<EvaluationResult>(
      tr("Evaluating"),
      [=](JobContext& ctx) { return evaluateRun(path, runId, root, jobs, batch, disabled, cancel, ctx); },
      [this](EvaluationResult r) { emit finished(r); }, [cancel]() { cancel.cancel(); });
}

bool EvaluationController::importRun(const QString& workspacePath, hs::ws::import::ImportReport report,
                                     const QString& runName, const QString& model, const QString& sourceFile,
                                     const QString& dbRoot) {
  if (runner_->isBusy()) return false;
  QJsonObject settings{
      {QStringLiteral("db_root"), dbRoot},
      {QStringLiteral("format"), QString::fromLatin1(hs::ws::import::toString(report.format))}};
  hs::ws::RunInfo info{runName.toStdString(), model.toStdString(), sourceFile.toStdString(),
                       QJsonDocument(settings).toJson(QJsonDocument::Compact).toStdString()};
  auto cases = std::make_shared<std::vector<hs::Case>>(std::move(report.cases));
  const std::string path = workspacePath.toStdString();
  return runner_->start<ImportResult>(
      tr("Importing"), [=](JobContext&) { return storeRun(path, info, *cases); },
      [this](ImportResult r) { emit imported(r); });
}

}  // namespace hs::ui
