#include "widgets/review/review_controller.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QWidget>

#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/review_panel.h"
#include "widgets/review/review_team_actions.h"

namespace hs::ui {

ReviewController::ReviewController(QWidget* window)
    : QObject(window),
      window_(window),
      evaluation_(new EvaluationController(this)),
      panel_(new ReviewPanel(evaluation_)) {
  connect(evaluation_, &EvaluationController::imported, this, &ReviewController::onImported);
  connect(evaluation_, &EvaluationController::finished, this, &ReviewController::onEvaluated);
}

ReviewController::~ReviewController() = default;

QString ReviewController::lastWorkspaceSetting() {
  return QSettings().value(QStringLiteral("review/lastWorkspace")).toString();
}

QString ReviewController::workspacePath() const {
  return panel_->workspacePath();
}

bool ReviewController::openWorkspace(const QString& path, bool create) {
  if (create && !QFileInfo::exists(path)) {
    auto made = hs::ws::Workspace::create(path.toStdString());
    if (!made) {
      emit message(QString::fromStdString(made.error().describe()));
      return false;
    }
  }
  QString error;
  if (!panel_->setWorkspace(path, &error)) {
    emit message(tr("Could not open the workspace: %1").arg(error));
    return false;
  }
  QSettings().setValue(QStringLiteral("review/lastWorkspace"), panel_->workspacePath());
  emit workspaceChanged(panel_->workspacePath());
  return true;
}

bool ReviewController::restoreLastWorkspace() {
  const QString last = lastWorkspaceSetting();
  if (last.isEmpty() || !QFileInfo::exists(last)) return false;
  return openWorkspace(last);
}

bool ReviewController::openDemoWorkspace(const QString& path) {
  if (!openWorkspace(path)) return false;
  auto ws = hs::ws::Workspace::open(path.toStdString());
  if (!ws) return false;
  auto run = ws->findRun(hs::ws::kDemoRunName);
  if (!run || !run.value()) return true;
  const qint64 runId = run.value()->id;
  panel_->selectRun(runId);
  auto done = hs::ws::evaluatedCount(*ws, runId);
  if (done && *done == 0)
    evaluation_->evaluate(panel_->workspacePath(), runId);  // first time: in the background
  return true;
}

bool ReviewController::isSettled() const {
  return !evaluation_->isBusy() && !evaluateNext_;
}

bool ReviewController::ensureWorkspace() {
  if (panel_->hasWorkspace()) return true;
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  QString path = QFileDialog::getSaveFileName(
      window_, tr("New Workspace"), dir + QStringLiteral("/review.hallusql"),
      tr("HalluSQL workspaces (*.hallusql)"), nullptr, QFileDialog::DontConfirmOverwrite);
  if (path.isEmpty()) return false;
  if (!path.endsWith(QLatin1String(hs::ws::kWorkspaceExtension)))
    path += QLatin1String(hs::ws::kWorkspaceExtension);
  return openWorkspace(path, true);
}

void ReviewController::chooseWorkspace() {
  const QString path =
      QFileDialog::getOpenFileName(window_, tr("Open Workspace"), QFileInfo(workspacePath()).absolutePath(),
                                   tr("HalluSQL workspaces (*.hallusql);;All files (*)"));
  if (!path.isEmpty() && !openWorkspace(path))
    QMessageBox::warning(window_, tr("Open Workspace"), tr("%1 is not a HalluSQL workspace.").arg(path));
}

void ReviewController::importBenchmark() {
  if (evaluation_->isBusy()) {
    emit message(tr("An evaluation is running; cancel it or wait before importing."));
    return;
  }
  if (!ensureWorkspace()) return;
  ImportDialog dialog(window_);
  if (dialog.exec() != QDialog::Accepted) return;
  dialog.waitForPreview(60000);
  importFromDialog(dialog);
}

bool ReviewController::importFromDialog(ImportDialog& dialog) {
  if (!panel_->hasWorkspace() || !dialog.canImport()) return false;
  evaluateNext_ = dialog.evaluateAfterImport();
  pendingDbRoot_ = dialog.databaseRoot();
  const QString source = QString::fromStdString(dialog.options().casesPath);
  const bool started = evaluation_->importRun(workspacePath(), dialog.takeReport(), dialog.runName(),
                                              dialog.model(), source, pendingDbRoot_);
  if (!started) evaluateNext_ = false;
  return started;
}

void ReviewController::onImported(const ImportResult& result) {
  if (!result.error.isEmpty()) {
    evaluateNext_ = false;
    emit message(tr("Import failed: %1").arg(result.error));
    emit settled();
    return;
  }
  panel_->reloadRuns(result.runId);
  emit message(tr("Imported %n case(s)", nullptr, result.cases));
  if (evaluateNext_) {
    // The import job's runner is still winding down; start on the next turn of the event loop.
    QTimer::singleShot(0, this, [this, runId = result.runId]() {
      evaluateNext_ = false;
      if (!evaluation_->evaluate(workspacePath(), runId, pendingDbRoot_)) emit settled();
    });
    return;
  }
  emit settled();
}

void ReviewController::onEvaluated(const EvaluationResult& result) {
  evaluateNext_ = false;
  if (!result.error.isEmpty()) emit message(tr("Evaluation failed: %1").arg(result.error));
  emit settled();
}

void ReviewController::attachTeam(Shell& shell) {
  if (!team_) team_ = new ReviewTeamActions(shell, panel_, this);
}

}  // namespace hs::ui
