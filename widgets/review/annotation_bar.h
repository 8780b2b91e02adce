#pragma once
// The review panel's annotation bar (issue 6, MRSQLGen mode): under the case view, Confirm and
// Reject for the selected automatic finding, a category (C1..C10, the six TA-SQL categories) with
// "Add label", "Mark correct", "Remove last" (undo), the case's manual annotations, and what the
// hallucination knowledge base (HKB) suggests for the case. MRSQLGen annotations go through
// hs::mr::addAnnotation (the workspace's annotations table) so the HKB grows with each one; the
// HKB is loaded once per workspace off the UI thread (again after an undo). TA-SQL annotations
// are stored too but are no HKB knowledge. Keys: Ctrl+Enter confirm, Ctrl+Backspace reject (in
// the scope given to installShortcuts), Ctrl+Z remove last (within the bar).
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

namespace hs {
struct Finding;
}

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
  void setCase(qint64 caseId, const std::vector<hs::Finding>& findings);
  // The list whose current row is "the selected finding" (the case view's Findings list).
  void setFindingList(QTreeWidget* list);
  // Ctrl+Enter and Ctrl+Backspace act while the focus is anywhere inside `scope`.
  void installShortcuts(QWidget* scope);

  QString annotator() const { return annotator_; }
  void setAnnotator(const QString& name);  // default: the OS user ($USER / $USERNAME)

  // The actions (the buttons and keys call these). False, with the reason in statusText(), when
  // nothing was written.
  bool confirmFinding();
  bool rejectFinding();
  bool addLabel();  // the category combo's choice
  bool markCorrect();
  bool removeLast();

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

 signals:
  void annotated(qint64 caseId);  // after every write or undo
  void hkbLoaded(int entries);

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
  QLabel* suggest_ = nullptr;
  QLabel* status_ = nullptr;
  QTreeWidget* list_ = nullptr;
};

}  // namespace hs::ui
