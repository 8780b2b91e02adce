#include "widgets/review/review_controller.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QWidget>

#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_dialog.h"
#include "widgets/review/report_dialog.h"
#include "widgets/review/review_panel.h"
#include "widgets/review/review_team_actions.h"
#include "widgets/review/run_actions.h"

namespace hs::ui {

namespace {

ReviewController::DuplicateChoice askDuplicateBox(QWidget* parent, const QString& name) {
  QMessageBox box(QMessageBox::Question, ReviewController::tr("Import Benchmark Run"),
                  ReviewController::tr("The workspace already has a run named “%1”.").arg(name),
                  QMessageBox::NoButton, parent);
  box.setInformativeText(ReviewController::tr(
      "Replace it (its results and annotations are deleted), or keep both and name the new run with a "
      "number?"));
  QPushButton* replace = box.addButton(ReviewController::tr("Replace"), QMessageBox::DestructiveRole);
  QPushButton* keep = box.addButton(ReviewController::tr("Keep Both"), QMessageBox::AcceptRole);
  box.addButton(QMessageBox::Cancel);
  box.setDefaultButton(keep);
  box.exec();
  if (box.clickedButton() == replace) return ReviewController::DuplicateChoice::Replace;
  if (box.clickedButton() == keep) return ReviewController::DuplicateChoice::KeepBoth;
  return ReviewController::DuplicateChoice::Cancel;
}

}  // namespace

ReviewController::ReviewController(QWidget* window)
    : QObject(window),
      window_(window),
      evaluation_(new EvaluationController(this)),
      panel_(new ReviewPanel(evaluation_)),
      runActions_(new RunActions(panel_, evaluation_, window, this)) {
  connect(runActions_, &RunActions::message, this, &ReviewController::message);
  connect(panel_, &ReviewPanel::message, this, &ReviewController::message);
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

QString ReviewController::savePath(const QString& title, const QString& suggested) {
  if (askSavePath) return askSavePath(title, suggested);
  QString path =
      QFileDialog::getSaveFileName(window_, title, suggested, tr("HalluSQL workspaces (*.hallusql)"));
  if (!path.isEmpty() && !path.endsWith(QLatin1String(hs::ws::kWorkspaceExtension)))
    path += QLatin1String(hs::ws::kWorkspaceExtension);
  return path;
}

bool ReviewController::chooseNewWorkspace(const QString& title) {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  const QString path = savePath(title, dir + QStringLiteral("/review.hallusql"));
  if (path.isEmpty()) return false;
  if (QFileInfo::exists(path)) {
    // A new workspace never replaces a file (Workspace::create refuses too): say so plainly.
    emit message(tr("%1 already exists; open it with File ▸ Open Workspace… or choose another name.")
                     .arg(QDir::toNativeSeparators(path)));
    return false;
  }
  return openWorkspace(path, true);
}

bool ReviewController::ensureWorkspace() {
  if (panel_->hasWorkspace() && !isDemoWorkspace()) return true;
  // No workspace, or the bundled demo: the run gets a workspace of its own (the demo stays as it is).
  return chooseNewWorkspace(panel_->hasWorkspace()
                                ? tr("New Workspace for the Import (the demo stays unchanged)")
                                : tr("New Workspace"));
}

bool ReviewController::isDemoWorkspace() const {
  if (!panel_->hasWorkspace()) return false;
  auto ws = hs::ws::Workspace::open(workspacePath().toStdString());
  return ws && hs::ws::isDemoWorkspace(*ws);
}

void ReviewController::newWorkspace() {
  if (evaluation_->isBusy()) {
    emit message(tr("An evaluation is running; cancel it or wait before switching workspaces."));
    return;
  }
  chooseNewWorkspace(tr("New Workspace"));
}

void ReviewController::saveWorkspaceAs() {
  if (!panel_->hasWorkspace()) {
    emit message(tr("No workspace is open."));
    return;
  }
  if (evaluation_->isBusy()) {
    emit message(tr("An evaluation is running; cancel it or wait before saving a copy."));
    return;
  }
  const QFileInfo current(workspacePath());
  const QString suggested = current.absolutePath() + QLatin1Char('/') +
                            tr("%1 copy").arg(current.completeBaseName()) +
                            QLatin1String(hs::ws::kWorkspaceExtension);
  const QString path = savePath(tr("Save Workspace As"), suggested);
  if (path.isEmpty()) return;
  saveWorkspaceAs(path, QFileInfo::exists(path));  // the file dialog asked before replacing
}

bool ReviewController::saveWorkspaceAs(const QString& path, bool replace) {
  auto ws = hs::ws::Workspace::open(workspacePath().toStdString());
  if (!ws) {
    emit message(QString::fromStdString(ws.error().describe()));
    return false;
  }
  if (auto saved = ws->saveCopy(path.toStdString(), replace); !saved) {
    emit message(
        tr("Could not save the workspace: %1").arg(QString::fromStdString(saved.error().describe())));
    return false;
  }
  if (hs::ws::isDemoWorkspace(*ws)) {  // the copy is the user's own workspace, not the demo
    auto copy = hs::ws::Workspace::open(path.toStdString());
    if (copy) (void)hs::ws::unmarkDemo(*copy);
  }
  ws->close();
  const qint64 run = panel_->currentRunId();
  if (!openWorkspace(path)) return false;
  panel_->selectRun(run);  // run ids are the same in the copy
  emit message(tr("Saved a copy as %1; you are now working in it.").arg(QDir::toNativeSeparators(path)));
  return true;
}

void ReviewController::exportReport() {
  if (!panel_->hasWorkspace()) {
    emit message(tr("No workspace is open: open or import a run first."));
    return;
  }
  ReportDialog dialog(workspacePath(), panel_->currentRunId(), window_);
  dialog.exec();
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
  QString name = dialog.runName();
  replaceRunId_ = 0;
  {
    auto ws = hs::ws::Workspace::open(workspacePath().toStdString());
    if (!ws) return false;
    auto existing = ws->findRun(name.toStdString());
    if (existing && *existing) {
      const DuplicateChoice choice = askDuplicate ? askDuplicate(name) : askDuplicateBox(window_, name);
      if (choice == DuplicateChoice::Cancel) return false;
      if (choice == DuplicateChoice::Replace) {
        replaceRunId_ = (*existing)->id;  // removed once the new run is stored
      } else {
        auto unused = ws->unusedRunName(name.toStdString());
        if (unused) name = QString::fromStdString(*unused);
      }
    }
  }
  evaluateNext_ = dialog.evaluateAfterImport();
  pendingDbRoot_ = dialog.databaseRoot();
  const QString source = QString::fromStdString(dialog.options().casesPath);
  const bool started = evaluation_->importRun(workspacePath(), dialog.takeReport(), name, dialog.model(),
                                              source, pendingDbRoot_);
  if (!started) evaluateNext_ = false;
  return started;
}

void ReviewController::onImported(const ImportResult& result) {
  if (!result.error.isEmpty()) {
    evaluateNext_ = false;
    replaceRunId_ = 0;  // the old run stays when the new one could not be stored
    emit message(tr("Import failed: %1").arg(result.error));
    emit settled();
    return;
  }
  if (replaceRunId_ > 0) {
    // The new run is stored: only now does the one it replaces go (with its results and annotations).
    auto ws = hs::ws::Workspace::open(workspacePath().toStdString());
    if (ws) (void)ws->deleteRun(replaceRunId_);
    replaceRunId_ = 0;
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
