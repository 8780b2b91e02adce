#include "widgets/review/run_actions.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>

#include <nlohmann/json.hpp>

#include "engine/eval/runner.h"
#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_panel.h"

namespace hs::ui {

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

RunActions::RunActions(ReviewPanel* panel, EvaluationController* evaluation, QWidget* dialogParent,
                       QObject* parent)
    : QObject(parent),
      panel_(panel),
      evaluation_(evaluation),
      dialogParent_(dialogParent),
      menu_(new QMenu(panel)),
      rename_(menu_->addAction(QString())),
      delete_(menu_->addAction(QString())),
      folder_(nullptr),
      ignoreOrder_(nullptr),
      learned_(nullptr) {
  menu_->addSeparator();
  folder_ = menu_->addAction(QString());
  ignoreOrder_ = menu_->addAction(QString());
  ignoreOrder_->setCheckable(true);
  learned_ = menu_->addAction(QString());
  learned_->setCheckable(true);
  menu_->setObjectName(QStringLiteral("reviewRunMenu"));
  retranslate();
  panel_->setRunMenu(menu_);
  panel_->installEventFilter(this);  // LanguageChange

  askName = [this](const QString& current) {
    bool ok = false;
    const QString name = QInputDialog::getText(dialogParent_, tr("Rename Run"), tr("New name of the run:"),
                                               QLineEdit::Normal, current, &ok);
    return ok ? name : QString();
  };
  askDelete = [this](const QString& name, int cases) {
    return QMessageBox::warning(
               dialogParent_, tr("Delete Run"),
               tr("Delete the run “%1” with its %n case(s), their results, findings and annotations?",
                  nullptr, cases)
                   .arg(name),
               QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
  };
  askFolder = [this](const QString& current) {
    return QFileDialog::getExistingDirectory(dialogParent_, tr("Database Folder of the Run"), current);
  };

  connect(rename_, &QAction::triggered, this, [this]() {
    const qint64 id = panel_->currentRunId();
    if (id <= 0) return;
    auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
    const QString current = ws && ws->run(id) ? qs(ws->run(id)->info.name) : QString();
    const QString name = askName(current);
    if (!name.trimmed().isEmpty() && name != current) renameRun(id, name);
  });
  connect(delete_, &QAction::triggered, this, [this]() {
    const qint64 id = panel_->currentRunId();
    if (id <= 0) return;
    auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
    if (!ws || !ws->run(id)) return;
    const auto count = ws->caseCount(id);
    if (askDelete(qs(ws->run(id)->info.name), count ? static_cast<int>(*count) : 0)) deleteRun(id);
  });
  connect(folder_, &QAction::triggered, this, [this]() {
    const qint64 id = panel_->currentRunId();
    if (id <= 0) return;
    const QString dir = askFolder(databaseFolder(id));
    if (!dir.isEmpty()) setDatabaseFolder(id, dir);
  });
  connect(ignoreOrder_, &QAction::toggled, this, [this](bool on) {
    const qint64 id = panel_->currentRunId();
    if (id > 0 && on != ignoresColumnOrder(id)) setIgnoreColumnOrder(id, on);
  });
  connect(learned_, &QAction::toggled, this, [this](bool on) {
    const qint64 id = panel_->currentRunId();
    if (id > 0 && on != usesLearnedTypes(id)) setLearnedTypes(id, on);
  });
  connect(panel_, &ReviewPanel::casesReloaded, this, &RunActions::updateState);
  connect(evaluation_, &EvaluationController::busyChanged, this, &RunActions::updateState);
  updateState();
}

bool RunActions::eventFilter(QObject* watched, QEvent* event) {
  if (watched == panel_ && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

void RunActions::retranslate() {
  menu_->setTitle(tr("Run"));
  rename_->setText(tr("&Rename Run…"));
  delete_->setText(tr("&Delete Run…"));
  folder_->setText(tr("Set &Database Folder…"));
  folder_->setToolTip(
      tr("The folder with the run's SQLite databases (<db_id>/<db_id>.sqlite or "
         "<db_id>.sqlite); Evaluate looks there"));
  ignoreOrder_->setText(tr("Compare Results &Ignoring Column Order"));
  ignoreOrder_->setToolTip(
      tr("Evaluate also scores EX (set) with the predicted columns in any order, "
         "shown beside the three EX semantics"));
  learned_->setText(tr("&Learned C1..C10 Labels"));
  learned_->setToolTip(
      tr("Evaluate gives the C1..C10 types of a model fitted on people's labels (MRSQLGen) instead of "
         "the rules' alone; each learned type keeps its span and reason"));
}

void RunActions::updateState() {
  const qint64 id = panel_->currentRunId();
  const bool idle = !evaluation_->isBusy();
  for (QAction* a : {rename_, delete_, folder_, ignoreOrder_, learned_}) a->setEnabled(id > 0 && idle);
  const std::string settings = id > 0 ? runSettings(id) : std::string();
  const QSignalBlocker blockOrder(ignoreOrder_);
  ignoreOrder_->setChecked(id > 0 && hs::workflow::runIgnoresColumnOrder(settings));
  const QSignalBlocker blockLearned(learned_);
  learned_->setChecked(id > 0 && hs::workflow::runUsesLearnedTypes(settings));
}

std::string RunActions::runSettings(qint64 runId) const {
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  if (!ws) return {};
  auto run = ws->run(runId);
  return run ? run->info.settingsJson : std::string();
}

QString RunActions::databaseFolder(qint64 runId) const {
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  if (!ws) return {};
  auto run = ws->run(runId);
  return run ? qs(hs::workflow::runDbRoot(run->info.settingsJson)) : QString();
}

bool RunActions::ignoresColumnOrder(qint64 runId) const {
  return hs::workflow::runIgnoresColumnOrder(runSettings(runId));
}

bool RunActions::usesLearnedTypes(qint64 runId) const {
  return hs::workflow::runUsesLearnedTypes(runSettings(runId));
}

bool RunActions::renameRun(qint64 runId, const QString& name) {
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  Status done = ws ? ws->renameRun(runId, name.toStdString()) : Status(ws.error());
  if (!done) {
    emit message(tr("Could not rename the run: %1").arg(qs(done.error().describe())));
    return false;
  }
  panel_->reloadRuns(runId);
  emit message(tr("Run renamed to “%1”.").arg(name.trimmed()));
  return true;
}

bool RunActions::deleteRun(qint64 runId) {
  if (evaluation_->isBusy()) {
    emit message(tr("An evaluation is running; cancel it or wait before deleting a run."));
    return false;
  }
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  Status done = ws ? ws->deleteRun(runId) : Status(ws.error());
  if (!done) {
    emit message(tr("Could not delete the run: %1").arg(qs(done.error().describe())));
    return false;
  }
  panel_->reloadRuns();
  emit message(tr("Run deleted."));
  return true;
}

bool RunActions::setDatabaseFolder(qint64 runId, const QString& dir) {
  const QString absolute = QFileInfo(dir).absoluteFilePath();
  if (!QFileInfo(absolute).isDir()) {
    emit message(tr("%1 is not a folder.").arg(QDir::toNativeSeparators(dir)));
    return false;
  }
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  if (!ws) {
    emit message(qs(ws.error().describe()));
    return false;
  }
  const std::string root = absolute.toStdString();
  if (auto s = ws->setRunSetting(runId, "db_root", nlohmann::json(root).dump()); !s) {
    emit message(tr("Could not set the database folder: %1").arg(qs(s.error().describe())));
    return false;
  }
  // Tell at once how many cases find their database there (Evaluate needs them).
  int found = 0, total = 0;
  if (auto cases = ws->cases(runId)) {
    for (const auto& c : *cases) {
      ++total;
      if (hs::eval::resolveDatabase(root, c.kase.dbId)) ++found;
    }
  }
  emit message(
      tr("Database folder set to %1: databases found for %2 of %3 cases. Evaluate to score the run.")
          .arg(QDir::toNativeSeparators(absolute), QLocale().toString(found), QLocale().toString(total)));
  updateState();
  return true;
}

bool RunActions::setIgnoreColumnOrder(qint64 runId, bool on) {
  return setRunFlag(runId, "ignore_column_order", on ? "true" : "",
                    on ? tr("Evaluate the run again to compare results ignoring column order.")
                       : tr("Evaluate the run again to drop the comparison ignoring column order."));
}

// Stored either way: a run without the setting uses the learned labels (the default).
bool RunActions::setLearnedTypes(qint64 runId, bool on) {
  return setRunFlag(runId, "learned_types", on ? "true" : "false",
                    on ? tr("Evaluate the run again to label it with the learned C1..C10 types.")
                       : tr("Evaluate the run again to label it with the rules' C1..C10 types."));
}

bool RunActions::setRunFlag(qint64 runId, const char* key, const char* jsonValue, const QString& done) {
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  Status stored = ws ? ws->setRunSetting(runId, key, jsonValue) : Status(ws.error());
  if (!stored) {
    emit message(tr("Could not change the run setting: %1").arg(qs(stored.error().describe())));
    return false;
  }
  emit message(done);
  updateState();
  return true;
}

}  // namespace hs::ui
