#pragma once
// The review panel's annotation bar (issue 6, MRSQLGen mode): under the case view, Confirm and
// Reject for the selected automatic finding, a label (C1..C10, the six TA-SQL categories) with
// "Add label", "Label span", "Mark correct", "Remove last", the case's annotations, and what the
// hallucination knowledge base (HKB) suggests for the case. The bar holds the shown case and its
// buttons; its parts are classes of their own: the reviewer (reviewer_identity.h), the HKB
// (hkb_loader.h, hkb_suggestion.h), the writes (annotation_writer.h), undo and redo through the
// workspace's undo log (annotation_history.h), the label chooser (label_choice.h), the list
// (annotation_list.h) and the marks on the case view's findings (finding_marks.h). The keys are
// the review panel's (review_keys.h).
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/core/finding.h"
#include "widgets/review/annotation_history.h"
#include "widgets/review/annotation_writer.h"

namespace hs::ws {
struct AnnotationRecord;
}

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace hs::ui {

class AnnotationList;
class HkbLoader;
class HkbSuggestion;
class LabelChoice;
class ReviewerIdentity;

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

  QString annotator() const;
  // Sets the annotator for this session (no question asked). Without it, the first annotation
  // asks for the reviewer's name and e-mail (reviewer_dialog.h) unless the settings have them.
  void setAnnotator(const QString& name);  // "" = the OS user ($USER / $USERNAME)
  bool ensureReviewer();                   // false when the reviewer declined to give a name
  // The reviewer as known without asking: whose undo log the undo and redo keys walk.
  QString undoOwner() const;

  // The actions (the buttons and keys call these). False, with the reason in statusText(), when
  // nothing was written.
  bool confirmFinding();
  bool rejectFinding();
  bool addLabel();  // the label chooser's choice
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
  // What undo / redo would change next, for the Undo and Redo commands to name it.
  using Change = AnnotationChange;
  Change nextUndo() const;
  Change nextRedo() const;
  // A note kept with the next annotation written (askNote: a dialog for it, on the Note key).
  void setNote(const QString& note);
  QString note() const { return note_; }
  bool askNote();
  // Puts the focus on the label chooser (Up/Down then choose the label to add).
  void focusCategory();
  // Shows the key of an action in the tooltip of its button ("Confirm": the panel's key text).
  void setKeyHints(const QString& confirm, const QString& reject, const QString& add, const QString& correct,
                   const QString& undo, const QString& span = QString());

  bool isHkbReady() const;
  bool waitForHkb(int timeoutMs);  // processes events; for tests
  int hkbSize() const;             // entries, -1 before the HKB is loaded
  // The shown suggestions, best first: {"C4", ...}, and the line as shown.
  QStringList suggestedTypes() const;
  QString suggestionText() const;
  QString statusText() const;
  int annotationCount() const;  // rows of the shown case's list

  QComboBox* categoryCombo() const;
  QTreeWidget* annotationList() const;
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
  void buildUi();
  void retranslate();
  void refreshList();
  void refreshSuggestions();
  void updateEnabled();
  int selectedFinding() const;
  bool writeFindingVerdict(const char* verdict);
  bool writeLabel(const QString& taxonomy, const QString& category, const char* verdict, qint64 findingId,
                  const QString& subcategory, bool throughHkb);
  bool finishWrite(bool ok, const QString& error);
  bool afterRevert(const hs::Result<std::optional<hs::ws::AnnotationRecord>>& reverted, bool redone);
  void setStatus(const QString& text);

  ReviewerIdentity* identity_;
  HkbLoader* hkb_;
  AnnotationWriter writer_;
  AnnotationHistory history_;
  qint64 caseId_ = -1;
  bool caseCorrect_ = false;  // EX set matches: the HKB suggestion line stays hidden
  std::vector<hs::Finding> findings_;
  std::vector<std::int64_t> findingIds_;
  std::vector<hs::ws::AnnotationRecord> annotations_;
  // A span label about to be written (labelSpan) travels here.
  std::optional<hs::FindingSpan> pendingSpan_;
  std::function<std::optional<hs::FindingSpan>()> spanSource_;
  QPointer<QTreeWidget> findingList_;
  QPushButton* confirm_ = nullptr;
  QPushButton* reject_ = nullptr;
  LabelChoice* category_ = nullptr;
  QPushButton* add_ = nullptr;
  QPushButton* correct_ = nullptr;
  QPushButton* undo_ = nullptr;
  QPushButton* span_ = nullptr;
  HkbSuggestion* suggest_ = nullptr;
  QLabel* status_ = nullptr;
  AnnotationList* list_ = nullptr;
  QStringList keyHints_;
  QString note_;
};

}  // namespace hs::ui
