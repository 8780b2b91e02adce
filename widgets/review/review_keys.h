#pragma once
// The Review tab's keys: one action per review step (confirm, reject, label, verdicts, note, span,
// next / previous finding and case, undo, redo), window shortcuts enabled only while the tab is
// shown, so they never clash with the Query tab's Ctrl+Enter or the editor's Ctrl+Z; and the
// Keyboard Shortcuts command that lists them.
#include <QKeySequence>
#include <QList>
#include <QObject>

#include <functional>
#include <vector>

class QAction;
class QWidget;

namespace hs::ui {

class AnnotationBar;
struct AnnotationChange;

class ReviewKeys : public QObject {
  Q_OBJECT
 public:
  // Adds the actions to `host` (disabled until setActive); the annotation keys call `bar`, and
  // the bar's buttons name their keys in their tooltips.
  ReviewKeys(QWidget* host, AnnotationBar* bar);

  void setActive(bool active);
  void retranslate();
  // Undo and Redo name what they would change and its case ("Undo: mark incorrect (case #4)");
  // a case number of 0: a case of another run.
  void setUndoTexts(const AnnotationChange& undo, int undoCase, const AnnotationChange& redo, int redoCase);

  const std::vector<QAction*>& actions() const { return keyActions_; }
  QAction* shortcutsAction() const { return shortcutsAction_; }  // Help > Keyboard Shortcuts…

 signals:
  void stepFinding(int delta);
  void stepCase(int delta, bool unreviewedOnly);
  void shortcutSheetRequested();

 private:
  QAction* add(const QList<QKeySequence>& keys, std::function<void()> run);

  QWidget* host_;
  std::vector<QAction*> keyActions_;
  QAction *confirm_ = nullptr, *reject_ = nullptr, *correct_ = nullptr, *incorrect_ = nullptr,
          *unsure_ = nullptr, *chooseLabel_ = nullptr, *addLabel_ = nullptr, *nextFinding_ = nullptr,
          *prevFinding_ = nullptr, *next_ = nullptr, *prev_ = nullptr, *nextUnreviewed_ = nullptr,
          *prevUnreviewed_ = nullptr, *undo_ = nullptr, *redo_ = nullptr, *note_ = nullptr, *span_ = nullptr,
          *shortcutsAction_ = nullptr;
};

}  // namespace hs::ui
