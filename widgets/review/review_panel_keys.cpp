// ReviewPanel: the review actions and their keys (active only while the panel is shown, so they
// never clash with the Query tab's Ctrl+Enter or the editor's Ctrl+Z), the keyboard sheet, the
// queue (next / previous case, next / previous unreviewed case) and the review progress.
#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QTableView>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/review_progress.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/final_label.h"
#include "widgets/review/review_panel.h"

namespace hs::ui {

namespace {

// The Reviewed column: annotations and the last human verdict per case; disputes as the
// adjudication view sees them (engine/workspace/reviewer_labels.h); the adjudicated final label.
std::map<qint64, CaseListModel::ReviewMark> marksOf(const hs::ws::Workspace& ws, qint64 runId) {
  std::map<qint64, CaseListModel::ReviewMark> marks;
  if (auto rows = hs::ws::annotationsOfTaxonomies(ws, {"mrsqlgen", "tasql", "human", ""}, runId))
    for (const auto& a : *rows) {
      auto& m = marks[a.caseId];
      ++m.annotations;
      if (a.verdict == "correct" || a.verdict == "incorrect" || a.verdict == "unsure")
        m.human = QString::fromStdString(a.verdict);
    }
  if (auto reviews = hs::ws::caseReviews(ws, hs::ws::LabelScope{runId, {"mrsqlgen", "tasql"}}))
    for (const auto& c : *reviews)
      if (c.disputed) marks[c.caseId].disputed = true;
  if (auto done = hs::ws::adjudications(ws, runId))
    for (const auto& j : *done) marks[j.caseId].final = finalLabelText(j);
  // Reviewed or not is the engine's one definition, which the reports count too.
  if (auto reviewed = hs::ws::reviewedCases(ws, runId))
    for (const std::int64_t id : *reviewed) marks[id].reviewed = true;
  return marks;
}

}  // namespace

QAction* ReviewPanel::addKeyAction(const QList<QKeySequence>& keys, std::function<void()> run) {
  auto* action = new QAction(this);
  action->setShortcuts(keys);
  action->setShortcutContext(Qt::WindowShortcut);
  action->setEnabled(false);  // enabled while the panel is shown
  connect(action, &QAction::triggered, this, std::move(run));
  addAction(action);
  keyActions_.push_back(action);
  return action;
}

void ReviewPanel::buildActions() {
  AnnotationBar* bar = annotations_;
  using K = QKeySequence;
  confirmAction_ =
      addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_Return), K(Qt::CTRL | Qt::SHIFT | Qt::Key_Enter)},
                   [bar] { bar->confirmFinding(); });
  rejectAction_ = addKeyAction({K(Qt::CTRL | Qt::Key_Backspace)}, [bar] { bar->rejectFinding(); });
  correctAction_ = addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_C)}, [bar] { bar->markCorrect(); });
  incorrectAction_ = addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_X)}, [bar] { bar->markIncorrect(); });
  unsureAction_ = addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_U)}, [bar] { bar->markUnsure(); });
  chooseLabelAction_ = addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_L)}, [bar] { bar->focusCategory(); });
  addLabelAction_ = addKeyAction({K(Qt::CTRL | Qt::Key_L)}, [bar] { bar->addLabel(); });
  noteAction_ = addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_N)}, [bar] { bar->askNote(); });
  spanAction_ = addKeyAction({K(Qt::CTRL | Qt::ALT | Qt::Key_L)}, [bar] { bar->labelSpan(); });
  nextFindingAction_ = addKeyAction({K(Qt::ALT | Qt::Key_Right)}, [this] { stepFinding(1); });
  prevFindingAction_ = addKeyAction({K(Qt::ALT | Qt::Key_Left)}, [this] { stepFinding(-1); });
  nextAction_ = addKeyAction({K(Qt::ALT | Qt::Key_Down)}, [this] { stepCase(1, false); });
  prevAction_ = addKeyAction({K(Qt::ALT | Qt::Key_Up)}, [this] { stepCase(-1, false); });
  nextUnreviewedAction_ = addKeyAction({K(Qt::Key_F8)}, [this] { stepCase(1, true); });
  prevUnreviewedAction_ = addKeyAction({K(Qt::SHIFT | Qt::Key_F8)}, [this] { stepCase(-1, true); });
  undoAction_ = addKeyAction({K(Qt::CTRL | Qt::Key_Z)}, [bar] { bar->undo(); });
  redoAction_ =
      addKeyAction({K(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), K(Qt::CTRL | Qt::Key_Y)}, [bar] { bar->redo(); });
  const auto key = [](QAction* a) { return a->shortcut().toString(QKeySequence::NativeText); };
  bar->setKeyHints(key(confirmAction_), key(rejectAction_), key(addLabelAction_), key(correctAction_),
                   key(undoAction_), key(spanAction_));
  bar->setSpanSource([this] { return selectedSpan(); });
  connect(bar, &AnnotationBar::spanLabelsChanged, this, [this](qint64 id) {
    if (id == shownCaseId_) refreshShownCase();
  });
  shortcutsAction_ = new QAction(this);
  connect(shortcutsAction_, &QAction::triggered, this, [this] { showShortcutSheet(); });
  connect(bar, &AnnotationBar::annotated, this, [this](qint64) { reloadReviewMarks(); });
  connect(bar, &AnnotationBar::changeReverted, this, &ReviewPanel::onChangeReverted);
}

int ReviewPanel::caseNumber(qint64 caseId) const {
  const int row = caseId >= 0 ? model_->rowOfCase(caseId) : -1;
  return row >= 0 ? static_cast<int>(model_->row(row).summary.position) + 1 : 0;
}

void ReviewPanel::updateUndoTexts() {
  const AnnotationBar::Change undo = annotations_->nextUndo();
  const AnnotationBar::Change redo = annotations_->nextRedo();
  const int undoCase = caseNumber(undo.caseId), redoCase = caseNumber(redo.caseId);
  undoAction_->setText(undo.caseId < 0 ? tr("Undo the last annotation")
                       : undoCase > 0  ? tr("Undo: %1 (case #%2)").arg(undo.text).arg(undoCase)
                                       : tr("Undo: %1 (a case of another run)").arg(undo.text));
  redoAction_->setText(redo.caseId < 0 ? tr("Redo")
                       : redoCase > 0  ? tr("Redo: %1 (case #%2)").arg(redo.text).arg(redoCase)
                                       : tr("Redo: %1 (a case of another run)").arg(redo.text));
  for (QAction* a : {undoAction_, redoAction_})
    a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
}

void ReviewPanel::onChangeReverted(qint64 caseId, const QString& change, bool redone) {
  const int number = caseNumber(caseId);
  if (number > 0 && caseId != shownCaseId_) {  // shown where it happened, unless a filter hides it
    const QModelIndex at = proxy_->mapFromSource(model_->index(model_->rowOfCase(caseId), 0));
    if (at.isValid()) selectCaseRow(at.row());
  }
  QString text;
  if (number > 0)
    text = (redone ? tr("Redone on case #%1: %2") : tr("Undone on case #%1: %2")).arg(number).arg(change);
  else
    text = (redone ? tr("Redone on a case of another run: %1") : tr("Undone on a case of another run: %1"))
               .arg(change);
  emit message(text);
}

void ReviewPanel::retranslateActions() {
  confirmAction_->setText(tr("Confirm the selected finding"));
  rejectAction_->setText(tr("Reject the selected finding"));
  correctAction_->setText(tr("Mark the prediction correct"));
  incorrectAction_->setText(tr("Mark the prediction incorrect"));
  unsureAction_->setText(tr("Mark the case unsure"));
  chooseLabelAction_->setText(tr("Choose a label (then Up / Down)"));
  addLabelAction_->setText(tr("Add the chosen label (C1..C10, TA-SQL)"));
  noteAction_->setText(tr("Note for the next annotation…"));
  spanAction_->setText(tr("Label the selected SQL span with the chosen type"));
  nextFindingAction_->setText(tr("Next finding"));
  prevFindingAction_->setText(tr("Previous finding"));
  nextAction_->setText(tr("Next case"));
  prevAction_->setText(tr("Previous case"));
  nextUnreviewedAction_->setText(tr("Next unreviewed case"));
  prevUnreviewedAction_->setText(tr("Previous unreviewed case"));
  // The keyboard sheet lists what the key does in general; the text names the next change.
  undoAction_->setStatusTip(tr("Undo the last annotation"));
  redoAction_->setStatusTip(tr("Redo"));
  shortcutsAction_->setText(tr("&Keyboard Shortcuts…"));
  for (QAction* a : keyActions_)
    a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
  updateUndoTexts();
}

void ReviewPanel::setKeysActive(bool active) {
  for (QAction* a : keyActions_) a->setEnabled(active);
}

namespace {

// One row per action: its text without the mnemonic, all its keys.
QList<QPair<QString, QString>> shortcutRows(const std::vector<QAction*>& actions) {
  QList<QPair<QString, QString>> rows;
  for (QAction* a : actions) {
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) {
      if (k[0].key() == Qt::Key_Backtab) continue;  // Shift+Tab's alias
      // Return and the keypad's Enter share one name in some languages (Chinese: 回车): once.
      const QString text = k.toString(QKeySequence::NativeText);
      if (!keys.contains(text)) keys << text;
    }
    // Without the mnemonic: "&Run", and Chinese "运行(&R)".
    static const QRegularExpression mnemonic(QStringLiteral("\\(&\\w\\)|&(?=\\S)"));
    const QString shown = a->statusTip().isEmpty() ? a->text() : a->statusTip();
    if (!keys.isEmpty()) rows.append({QString(shown).remove(mnemonic), keys.join(QStringLiteral(", "))});
  }
  return rows;
}

}  // namespace

QList<QPair<QString, QString>> ReviewPanel::shortcutList() const {
  return shortcutRows(keyActions_);
}

QList<QPair<QString, QString>> ReviewPanel::generalShortcutList() const {
  return generalActions_ ? shortcutRows(generalActions_()) : QList<QPair<QString, QString>>{};
}

void ReviewPanel::showShortcutSheet() {
  QDialog dialog(window());
  dialog.setObjectName(QStringLiteral("reviewShortcutSheet"));
  dialog.setWindowTitle(tr("Keyboard Shortcuts"));
  // The window's keys first (if handed over), then the Review tab's, each under its heading.
  QList<QPair<QString, QList<QPair<QString, QString>>>> sections;
  if (const auto general = generalShortcutList(); !general.isEmpty())
    sections.append({tr("Anywhere in the window:"), general});
  sections.append({tr("In the Review tab:"), shortcutList()});
  int count = 0;
  for (const auto& section : sections) count += 1 + static_cast<int>(section.second.size());
  auto* table = new QTableWidget(count, 2);
  table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionMode(QAbstractItemView::NoSelection);
  int r = 0;
  for (const auto& [heading, rows] : sections) {
    auto* head = new QTableWidgetItem(heading);
    QFont bold = head->font();
    bold.setBold(true);
    head->setFont(bold);
    table->setItem(r, 0, head);
    table->setSpan(r++, 0, 1, 2);
    for (const auto& row : rows) {
      table->setItem(r, 0, new QTableWidgetItem(row.first));
      table->setItem(r++, 1, new QTableWidgetItem(row.second));
    }
  }
  table->resizeColumnsToContents();
  table->resizeRowsToContents();
  table->horizontalHeader()->setStretchLastSection(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto* layout = new QVBoxLayout(&dialog);
  layout->addWidget(table, 1);
  layout->addWidget(buttons);
  dialog.resize(std::max(560, table->horizontalHeader()->length() + 60), 600);  // every key readable
  dialog.exec();
}

bool ReviewPanel::stepCase(int delta, bool unreviewedOnly) {
  const int n = proxy_->rowCount();
  const QModelIndex current = list_->currentIndex();
  int r = current.isValid() ? current.row() : (delta > 0 ? -1 : n);
  for (r += delta; r >= 0 && r < n; r += delta) {
    if (unreviewedOnly) {
      const int source = proxy_->mapToSource(proxy_->index(r, 0)).row();
      if (model_->row(source).reviewed) continue;
    }
    return selectCaseRow(r);
  }
  return false;
}

bool ReviewPanel::stepFinding(int delta) {
  QTreeWidget* findings = view_->caseView() ? view_->caseView()->findingList() : nullptr;
  if (!findings || findings->topLevelItemCount() == 0) return false;
  const int current = findings->currentItem() ? findings->indexOfTopLevelItem(findings->currentItem()) : -1;
  const int next =
      std::clamp(current < 0 ? (delta > 0 ? 0 : findings->topLevelItemCount() - 1) : current + delta, 0,
                 findings->topLevelItemCount() - 1);
  findings->setCurrentItem(findings->topLevelItem(next));
  return true;
}

void ReviewPanel::reloadReviewMarks() {
  std::map<qint64, CaseListModel::ReviewMark> marks;
  if (hasWorkspace() && currentRunId() > 0) marks = marksOf(*ws_, currentRunId());
  model_->setReviewMarks(marks);
  reviewProgress_->setText(progressText());
  updateUndoTexts();  // every write and undo passes here
}

QString ReviewPanel::progressText() const {
  if (model_->rowCount() == 0) return {};
  return tr("%1 of %2 reviewed")
      .arg(QLocale().toString(model_->reviewedCount()), QLocale().toString(model_->rowCount()));
}

}  // namespace hs::ui
