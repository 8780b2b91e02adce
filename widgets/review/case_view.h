#pragma once
// The case view of a benchmark review (issue 4 "Screens"): the question and verdicts, gold and
// predicted SQL side by side with the findings highlighted (one indicator style per category
// group, a legend of the styles present, the message as tooltip), the edit script between them,
// both result sets with missing and extra rows coloured, the list of findings (activating
// one selects its span), and the logical plans of both sides with the findings on their nodes.
#include <QStringList>
#include <QWidget>

#include <memory>

namespace hs {
struct Case;
namespace eval {
struct CaseOutcome;
}
}  // namespace hs

class QTabWidget;
class QTreeWidget;
class QTableView;

namespace hs::ui {

class SqlEditor;
class CasePlanView;

class CaseView : public QWidget {
  Q_OBJECT
 public:
  explicit CaseView(QWidget* parent = nullptr);
  ~CaseView() override;

  // Shows one case; everything of the previous case is replaced.
  void setCase(const hs::Case& kase, const hs::eval::CaseOutcome& outcome);
  void clear();

  // Selects the finding's span in the editor of its side and shows it, as a click in the list.
  void activateFinding(int index);
  // Selects the spans of an edit of the edit script in both editors.
  void activateEdit(int index);

  // The parts, for tests and tools.
  SqlEditor* goldEditor() const;
  SqlEditor* predEditor() const;
  QTreeWidget* findingList() const;
  QTreeWidget* editList() const;
  QTableView* goldTable() const;
  QTableView* predTable() const;
  QStringList legendEntries() const;  // the styles present, as the legend shows them
  QString headerText() const;         // plain text of the header
  QString goldResultMessage() const;  // what shows instead of a result table ("" when it shows)
  QString predResultMessage() const;
  QString resultSummary() const;     // the result diff line above the tables
  QString editScriptStatus() const;  // "3 edits", or why there is no edit script
  QTabWidget* tabs() const;
  CasePlanView* planView() const;  // the Plan tab

 signals:
  void findingActivated(int index);

 protected:
  void changeEvent(QEvent* event) override;  // re-shows the case in the new language

 private:
  void retranslate();

  struct Parts;
  std::unique_ptr<Parts> p_;
};

}  // namespace hs::ui
