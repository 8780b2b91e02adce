// ReviewKeys: the review actions and their keys.
#include "widgets/review/review_keys.h"

#include <QAction>
#include <QWidget>

#include <utility>

#include "widgets/review/annotation_bar.h"
#include "widgets/review/annotation_history.h"

namespace hs::ui {

QAction* ReviewKeys::add(const QList<QKeySequence>& keys, std::function<void()> run) {
  auto* action = new QAction(host_);
  action->setShortcuts(keys);
  action->setShortcutContext(Qt::WindowShortcut);
  action->setEnabled(false);  // enabled while the panel is shown
  connect(action, &QAction::triggered, this, std::move(run));
  host_->addAction(action);
  keyActions_.push_back(action);
  return action;
}

ReviewKeys::ReviewKeys(QWidget* host, AnnotationBar* bar) : QObject(host), host_(host) {
  using K = QKeySequence;
  confirm_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_Return), K(Qt::CTRL | Qt::SHIFT | Qt::Key_Enter)},
                 [bar] { bar->confirmFinding(); });
  reject_ = add({K(Qt::CTRL | Qt::Key_Backspace)}, [bar] { bar->rejectFinding(); });
  correct_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_C)}, [bar] { bar->markCorrect(); });
  incorrect_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_X)}, [bar] { bar->markIncorrect(); });
  unsure_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_U)}, [bar] { bar->markUnsure(); });
  chooseLabel_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_L)}, [bar] { bar->focusCategory(); });
  addLabel_ = add({K(Qt::CTRL | Qt::Key_L)}, [bar] { bar->addLabel(); });
  note_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_N)}, [bar] { bar->askNote(); });
  span_ = add({K(Qt::CTRL | Qt::ALT | Qt::Key_L)}, [bar] { bar->labelSpan(); });
  nextFinding_ = add({K(Qt::ALT | Qt::Key_Right)}, [this] { emit stepFinding(1); });
  prevFinding_ = add({K(Qt::ALT | Qt::Key_Left)}, [this] { emit stepFinding(-1); });
  next_ = add({K(Qt::ALT | Qt::Key_Down)}, [this] { emit stepCase(1, false); });
  prev_ = add({K(Qt::ALT | Qt::Key_Up)}, [this] { emit stepCase(-1, false); });
  nextUnreviewed_ = add({K(Qt::Key_F8)}, [this] { emit stepCase(1, true); });
  prevUnreviewed_ = add({K(Qt::SHIFT | Qt::Key_F8)}, [this] { emit stepCase(-1, true); });
  undo_ = add({K(Qt::CTRL | Qt::Key_Z)}, [bar] { bar->undo(); });
  redo_ = add({K(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), K(Qt::CTRL | Qt::Key_Y)}, [bar] { bar->redo(); });
  const auto key = [](QAction* a) { return a->shortcut().toString(QKeySequence::NativeText); };
  bar->setKeyHints(key(confirm_), key(reject_), key(addLabel_), key(correct_), key(undo_), key(span_));
  shortcutsAction_ = new QAction(host);
  connect(shortcutsAction_, &QAction::triggered, this, &ReviewKeys::shortcutSheetRequested);
}

void ReviewKeys::setActive(bool active) {
  for (QAction* a : keyActions_) a->setEnabled(active);
}

void ReviewKeys::setUndoTexts(const AnnotationChange& undo, int undoCase, const AnnotationChange& redo,
                              int redoCase) {
  undo_->setText(undo.caseId < 0 ? tr("Undo the last annotation")
                 : undoCase > 0  ? tr("Undo: %1 (case #%2)").arg(undo.text).arg(undoCase)
                                 : tr("Undo: %1 (a case of another run)").arg(undo.text));
  redo_->setText(redo.caseId < 0 ? tr("Redo")
                 : redoCase > 0  ? tr("Redo: %1 (case #%2)").arg(redo.text).arg(redoCase)
                                 : tr("Redo: %1 (a case of another run)").arg(redo.text));
  for (QAction* a : {undo_, redo_})
    a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
}

void ReviewKeys::retranslate() {
  confirm_->setText(tr("Confirm the selected finding"));
  reject_->setText(tr("Reject the selected finding"));
  correct_->setText(tr("Mark the prediction correct"));
  incorrect_->setText(tr("Mark the prediction incorrect"));
  unsure_->setText(tr("Mark the case unsure"));
  chooseLabel_->setText(tr("Choose a label (then Up / Down)"));
  addLabel_->setText(tr("Add the chosen label (C1..C10, TA-SQL)"));
  note_->setText(tr("Note for the next annotation…"));
  span_->setText(tr("Label the selected SQL span with the chosen type"));
  nextFinding_->setText(tr("Next finding"));
  prevFinding_->setText(tr("Previous finding"));
  next_->setText(tr("Next case"));
  prev_->setText(tr("Previous case"));
  nextUnreviewed_->setText(tr("Next unreviewed case"));
  prevUnreviewed_->setText(tr("Previous unreviewed case"));
  // The keyboard sheet lists what the key does in general; the text names the next change.
  undo_->setStatusTip(tr("Undo the last annotation"));
  redo_->setStatusTip(tr("Redo"));
  shortcutsAction_->setText(tr("&Keyboard Shortcuts…"));
  for (QAction* a : keyActions_)
    a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
}

}  // namespace hs::ui
