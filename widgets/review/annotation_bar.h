#pragma once
// The review panel's annotation bar (issue 6, MRSQLGen mode): under the case view, Confirm and
// Reject for the selected automatic finding, a category (C1..C10, the six TA-SQL categories) with
// "Add label", "Mark correct", "Remove last" (undo), the case's manual annotations, and what the
// hallucination knowledge base (HKB) suggests for the case. MRSQLGen annotations go through
// hs::mr::addAnnotation (the workspace's annotations table) so the HKB grows with each one; the
// HKB is loaded once per workspace off the UI thread (again after an undo). TA-SQL annotations
// are stored too but are no HKB knowledge. The keys are the review panel's actions
// (review_panel_keys.cpp); undo and redo take back the reviewer's annotations in order, whatever
// the case, through the workspace's undo log, so they survive a restart. "Label span" attaches the
// chosen category to the SQL text selected in the case view.
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace hs {
struct Finding;
struct FindingSpan;
namespace ws {
struct AnnotationRecord;
}
}  // namespace hs

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace hs::ui {

class AnnotationBar : public QWidget {
  Q_OBJECT
 public:
  explicit AnnotationBar(QWidget* parent = nullptr);
  ~AnnotationBar() override;

  // Opens its own connection to the workspace and loads the HKB in the background. "" closes.
  void setWorkspace(const QString& path);
  // Loads the HKB again (after an evaluation replaced the automatic findings).
  void reloadKnowledgeBase();
  // The case shown (its evaluation findings, in the order of the case view's list); -1 for none.
  // `correct`: its prediction matches the gold answer (EX set); then no HKB suggestion is shown.
  void setCase(qint64 caseId, const std::vector<hs::Finding>& findings, bool correct = false);
  // The list whose current row is "the selected finding" (the case view's Findings list).
  void setFindingList(QTreeWidget* list);

  QString annotator() const { return annotator_; }
  // Sets the annotator for this session (no question asked). Without it, the first annotation
  // asks for the reviewer's name and e-mail (reviewer_dialog.h) unless the settings have them.
  void setAnnotator(const QString& name);  // "" = the OS user ($USER / $USERNAME)
  bool ensureReviewer();                   // false when the reviewer declined to give a name
  // The reviewer as known without asking (chosen, else the stored profile, else the OS user):
  // whose undo log the undo and redo keys walk.
  QString undoOwner() const;

  // The actions (the buttons and keys call these). False, with the reason in statusText(), when
  // nothing was written.
  bool confirmFinding();
  bool rejectFinding();
  bool addLabel();  // the category combo's choice
  bool markCorrect();
  bool markIncorrect();  // human verdict "incorrect" (taxonomy "human")
  bool markUnsure();     // human verdict "unsure" (taxonomy "human")
  bool removeLast();
  // Labels the span the case view has selected (`source`, see setSpanSource) with the chosen
  // category. False with the reason in statusText() when nothing is selected.
  bool labelSpan();
  void setSpanSource(std::function<std::optional<hs::FindingSpan>()> source);
  // The session's last annotation (of any case) is removed / the last undone one written again.
  bool undo();
  bool redo();
  bool canUndo() const;
  bool canRedo() const;
  // What undo / redo would change next: its case (-1 when nothing) and the change in words ("mark
  // incorrect"), for the Undo and Redo commands to name it.
  struct Change {
    qint64 caseId = -1;
    QString text;
  };
  Change nextUndo() const;
  Change nextRedo() const;
  // A note kept with the next annotation written (askNote: a dialog for it, on the Note key).
  void setNote(const QString& note);
  QString note() const { return note_; }
  bool askNote();
  // Puts the focus on the category combo (Up/Down then choose the label to add).
  void focusCategory();
  // Shows the key of an action in the tooltip of its button ("Confirm": the panel's key text).
  void setKeyHints(const QString& confirm, const QString& reject, const QString& add, const QString& correct,
                   const QString& undo, const QString& span = QString());

  bool isHkbReady() const;
  bool waitForHkb(int timeoutMs);  // processes events; for tests
  int hkbSize() const;             // entries, -1 before the HKB is loaded
  // The shown suggestions, best first: {"C4", ...}, and the line as shown.
  QStringList suggestedTypes() const { return suggested_; }
  QString suggestionText() const;
  QString statusText() const;
  int annotationCount() const;  // rows of the shown case's list

  QComboBox* categoryCombo() const { return category_; }
  QTreeWidget* annotationList() const { return list_; }
  QPushButton* confirmButton() const { return confirm_; }
  QPushButton* rejectButton() const { return reject_; }
  QPushButton* spanButton() const { return span_; }

 signals:
  void annotated(qint64 caseId);          // after every write or undo
  void spanLabelsChanged(qint64 caseId);  // a span label was written or taken back
  void hkbLoaded(int entries);
  void reviewerChanged(const QString& annotator);
  // After an undo (redone false) or a redo: the case it changed and what ("marked incorrect").
  void changeReverted(qint64 caseId, const QString& change, bool redone);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  struct Loaded;
  void buildUi();
  void retranslate();
  void fillCategories();
  void startLoad();
  void onLoaded(const std::shared_ptr<Loaded>& loaded);
  void refreshList();
  void refreshSuggestions();
  void updateEnabled();
  int selectedFinding() const;
  bool writeFindingVerdict(const char* verdict);
  bool writeMr(const QString& category, const char* verdict, qint64 findingId, const QString& subcategory);
  bool writeOther(const QString& taxonomy, const QString& category, const char* verdict, qint64 findingId);
  bool finishWrite(bool ok, const QString& error);
  bool writeRecord(const hs::ws::AnnotationRecord& record);  // mrsqlgen through the HKB, others direct
  void markFindingRows();  // "✓ confirmed" / "✗ rejected" on the case view's finding rows
  void setStatus(const QString& text);

  struct State;
  std::unique_ptr<State> s_;
  QString annotator_;
  QStringList suggested_;
  QPointer<QTreeWidget> findingList_;
  QPushButton* confirm_ = nullptr;
  QPushButton* reject_ = nullptr;
  QComboBox* category_ = nullptr;
  QPushButton* add_ = nullptr;
  QPushButton* correct_ = nullptr;
  QPushButton* undo_ = nullptr;
  QPushButton* span_ = nullptr;
  QLabel* suggest_ = nullptr;
  QLabel* status_ = nullptr;
  QTreeWidget* list_ = nullptr;
  QStringList keyHints_;
  bool annotatorChosen_ = false;
  QString note_;
};

}  // namespace hs::ui
