#include "widgets/review/evaluation_controller.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

#include "engine/annotate/eval_annotator.h"
#include "engine/eval/runner.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/job_runner.h"

namespace hs::ui {

namespace {

QString errorText(const hs::Error& e) {
  return QString::fromStdString(e.describe());
}

// Evaluates the cases of one run batch by batch; saves each complete batch in one transaction.
EvaluationResult evaluateRun(const std::string& path, qint64 runId, std::string dbRoot, int jobs,
                             int batchSize, const std::atomic<bool>& cancel, JobContext& ctx) {
  EvaluationResult res;
  res.runId = runId;
  QElapsedTimer timer;
  timer.start();
  auto ws = hs::ws::Workspace::open(path);
  if (!ws) {
    res.error = errorText(ws.error());
    return res;
  }
  if (dbRoot.empty()) {
    auto run = ws->run(runId);
    if (!run) {
      res.error = errorText(run.error());
      return res;
    }
    dbRoot = runDbRoot(run->info.settingsJson).toStdString();
    if (dbRoot.empty()) dbRoot = QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
  }
  auto records = ws->cases(runId);
  if (!records) {
    res.error = errorText(records.error());
    return res;
  }
  const std::size_t total = records->size();
  res.total = static_cast<int>(total);
  ctx.setProgress(0, res.total);
  hs::annotate::RuleAnnotator rules;
  std::atomic<int> doneAll{0};
  const int step = std::max(1, res.total / 200);
  for (std::size_t start = 0; start < total; start += static_cast<std::size_t>(batchSize)) {
    if (cancel.load()) break;
    const std::size_t end = std::min(total, start + static_cast<std::size_t>(batchSize));
    std::vector<hs::Case> cases;
    cases.reserve(end - start);
    for (std::size_t i = start; i < end; ++i) cases.push_back((*records)[i].kase);
    std::atomic<std::size_t> batchDone{0};
    hs::eval::EvalOptions opts;
    opts.dbRoot = dbRoot;
    opts.jobs = jobs;
    opts.keepRows = true;  // the case view shows both result sets
    opts.annotator = &rules;
    opts.cancel = &cancel;
    opts.progress = [&](std::size_t, std::size_t) {
      batchDone.fetch_add(1);
      const int d = doneAll.fetch_add(1) + 1;
      if (d % step == 0 || d == res.total) ctx.setProgress(d, res.total);
    };
    const auto outcomes = hs::eval::evaluateCases(cases, opts);
    if (batchDone.load() != cases.size()) break;  // cut short by cancel: dropped, never half-written
    std::vector<hs::ws::StoredOutcome> items;
    items.reserve(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) items.push_back({(*records)[start + i].id, &outcomes[i]});
    if (auto s = hs::ws::saveOutcomes(*ws, items); !s) {
      res.error = errorText(s.error());
      break;
    }
    res.saved += static_cast<int>(items.size());
  }
  res.cancelled = cancel.load() && res.saved < res.total;
  res.elapsedMs = timer.elapsed();
  return res;
}

ImportResult storeRun(const std::string& path, const hs::ws::RunInfo& info,
                      const std::vector<hs::Case>& cases) {
  ImportResult res;
  auto ws = hs::ws::Workspace::open(path);
  if (!ws) {
    res.error = errorText(ws.error());
    return res;
  }
  auto runId = ws->createRun(info);
  if (!runId) {
    res.error = errorText(runId.error());
    return res;
  }
  auto ids = ws->insertCases(*runId, cases);
  if (!ids) {
    (void)ws->deleteRun(*runId);  // no empty run left behind
    res.error = errorText(ids.error());
    return res;
  }
  res.runId = *runId;
  res.cases = static_cast<int>(ids->size());
  return res;
}

}  // namespace

QString runDbRoot(const std::string& settingsJson) {
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(settingsJson));
  return doc.isObject() ? doc.object().value(QStringLiteral("db_root")).toString() : QString();
}

EvaluationController::EvaluationController(QObject* parent) : QObject(parent), runner_(new JobRunner(this)) {
  connect(runner_, &JobRunner::busyChanged, this, &EvaluationController::busyChanged);
  connect(runner_, &JobRunner::progress, this,
          [this](int value, int maximum, const QString&) { emit progress(value, maximum); });
}

EvaluationController::~EvaluationController() {
  if (runner_->isBusy()) {
    cancel();
    runner_->waitForIdle(30000);
  }
}

bool EvaluationController::isBusy() const {
  return runner_->isBusy();
}

void EvaluationController::cancel() {
  runner_->cancel();
}

bool EvaluationController::evaluate(const QString& workspacePath, qint64 runId, const QString& dbRoot) {
  if (runner_->isBusy()) return false;
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  const std::string path = workspacePath.toStdString();
  const std::string root = dbRoot.toStdString();
  const int jobs = jobs_;
  const int batch = batchSize_;
  return runner_->start<EvaluationResult>(
      tr("Evaluating"),
      [=](JobContext& ctx) { return evaluateRun(path, runId, root, jobs, batch, *cancel, ctx); },
      [this](EvaluationResult r) { emit finished(r); }, [cancel]() { cancel->store(true); });
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
