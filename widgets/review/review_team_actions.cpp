#include "widgets/review/review_team_actions.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QVBoxLayout>

#include "engine/workspace/annotation_exchange.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/adjudication_view.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/review_panel.h"
#include "widgets/shell.h"

namespace hs::ui {

ReviewTeamActions::ReviewTeamActions(Shell& shell, ReviewPanel* panel, QObject* parent)
    : QObject(parent),
      shell_(shell),
      panel_(panel),
      export_(new QAction(this)),
      import_(new QAction(this)),
      adjudicate_(new QAction(this)) {
  export_->setObjectName(QStringLiteral("exportAnnotationsAction"));
  import_->setObjectName(QStringLiteral("importAnnotationsAction"));
  adjudicate_->setObjectName(QStringLiteral("adjudicateAction"));
  connect(export_, &QAction::triggered, this, &ReviewTeamActions::exportAnnotations);
  connect(import_, &QAction::triggered, this, &ReviewTeamActions::importAnnotations);
  connect(adjudicate_, &QAction::triggered, this, &ReviewTeamActions::openAdjudication);
  shell_.addMenuSeparator(Shell::Menu::File);
  shell_.addMenuAction(Shell::Menu::File, export_);
  shell_.addMenuAction(Shell::Menu::File, import_);
  shell_.addMenuAction(Shell::Menu::View, adjudicate_);
  connect(panel_, &ReviewPanel::casesReloaded, this, &ReviewTeamActions::updateEnabled);
  panel_->installEventFilter(this);
  retranslate();
  updateEnabled();
}

bool ReviewTeamActions::eventFilter(QObject* watched, QEvent* event) {
  if (watched == panel_ && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

void ReviewTeamActions::retranslate() {
  export_->setText(tr("Export &My Annotations…"));
  export_->setToolTip(
      tr("Write your annotations of this workspace to a JSON Lines file for another reviewer"));
  import_->setText(tr("Import Re&viewer's Annotations…"));
  import_->setToolTip(tr("Add another reviewer's exported annotations to this workspace (nothing twice)"));
  adjudicate_->setText(tr("A&djudicate Disagreements…"));
  adjudicate_->setToolTip(tr("The cases where reviewers disagree, side by side, and their final labels"));
}

void ReviewTeamActions::updateEnabled() {
  const bool open = panel_->hasWorkspace();
  export_->setEnabled(open);
  import_->setEnabled(open && panel_->currentRunId() > 0);
  adjudicate_->setEnabled(open && panel_->currentRunId() > 0);
}

bool ReviewTeamActions::exportTo(const QString& file, QString* summary) {
  if (!panel_->hasWorkspace()) return false;
  AnnotationBar* bar = panel_->annotationBar();
  if (!bar->ensureReviewer()) return false;
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  QString text;
  bool ok = false;
  if (!ws) {
    text = QString::fromStdString(ws.error().describe());
  } else {
    auto n = hs::ws::exportAnnotationsToFile(*ws, bar->annotator().toStdString(), std::nullopt,
                                             QFile::encodeName(file).toStdString());
    ok = static_cast<bool>(n);
    text = ok ? tr("%n annotation(s) of %1 written to %2", nullptr, static_cast<int>(*n))
                    .arg(bar->annotator(), file)
              : QString::fromStdString(n.error().describe());
  }
  if (summary) *summary = text;
  return ok;
}

bool ReviewTeamActions::importFrom(const QString& file, QString* summary) {
  if (!panel_->hasWorkspace() || panel_->currentRunId() <= 0) return false;
  auto ws = hs::ws::Workspace::open(panel_->workspacePath().toStdString());
  QString text;
  bool ok = false;
  if (!ws) {
    text = QString::fromStdString(ws.error().describe());
  } else if (auto r = hs::ws::importAnnotations(*ws, QFile::encodeName(file).toStdString(),
                                                panel_->currentRunId())) {
    ok = true;
    QStringList who;
    for (const auto& name : r->reviewers) who << QString::fromStdString(name);
    text = tr("%n annotation(s) added", nullptr, static_cast<int>(r->added)) + QStringLiteral(" (") +
           who.join(QStringLiteral(", ")) + QStringLiteral("); ") +
           tr("%n already present", nullptr, static_cast<int>(r->duplicates));
    if (r->unmatchedCases > 0)
      text += QStringLiteral("; ") +
              tr("%n for cases not in this run", nullptr, static_cast<int>(r->unmatchedCases));
    panel_->reloadReviewMarks();
    if (view_) view_->reload();
  } else {
    text = QString::fromStdString(r.error().describe());
  }
  if (summary) *summary = text;
  return ok;
}

bool ReviewTeamActions::exportAnnotations() {
  const QString file = QFileDialog::getSaveFileName(shell_.dialogParent(), tr("Export My Annotations"),
                                                    QStringLiteral("annotations.jsonl"),
                                                    tr("JSON Lines (*.jsonl);;All files (*)"));
  if (file.isEmpty()) return false;
  QString summary;
  const bool ok = exportTo(file, &summary);
  if (ok)
    QMessageBox::information(shell_.dialogParent(), tr("Export My Annotations"), summary);
  else if (!summary.isEmpty())
    QMessageBox::warning(shell_.dialogParent(), tr("Export My Annotations"), summary);
  return ok;
}

bool ReviewTeamActions::importAnnotations() {
  const QString file =
      QFileDialog::getOpenFileName(shell_.dialogParent(), tr("Import Reviewer's Annotations"), QString(),
                                   tr("JSON Lines (*.jsonl);;All files (*)"));
  if (file.isEmpty()) return false;
  QString summary;
  const bool ok = importFrom(file, &summary);
  if (ok)
    QMessageBox::information(shell_.dialogParent(), tr("Import Reviewer's Annotations"), summary);
  else
    QMessageBox::warning(shell_.dialogParent(), tr("Import Reviewer's Annotations"), summary);
  return ok;
}

QDialog* ReviewTeamActions::openAdjudication() {
  if (!panel_->hasWorkspace() || panel_->currentRunId() <= 0) return nullptr;
  if (!dialog_) {
    dialog_ = new QDialog(shell_.dialogParent());
    dialog_->setObjectName(QStringLiteral("adjudicationDialog"));
    dialog_->setAttribute(Qt::WA_DeleteOnClose);
    view_ = new AdjudicationView;
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, dialog_, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog_);
    layout->addWidget(view_, 1);
    layout->addWidget(buttons);
    dialog_->resize(1100, 620);
    connect(view_, &AdjudicationView::adjudicated, panel_, [this] { panel_->reloadReviewMarks(); });
  }
  view_->setAdjudicator(panel_->annotationBar()->undoOwner());
  view_->setRun(panel_->workspacePath(), panel_->currentRunId());
  view_->selectCaseId(panel_->selectedCaseId());  // the case on screen, when reviewers disagree on it
  dialog_->setWindowTitle(tr("Adjudication"));
  dialog_->show();
  dialog_->raise();
  return dialog_;
}

AdjudicationView* ReviewTeamActions::adjudicationView() const {
  return view_;
}

}  // namespace hs::ui
