#pragma once
// The adjudication view (issue 12): the cases of a run where reviewers disagree, each reviewer's
// verdict and labels side by side, and the final label an adjudicator records for the case
// (engine/workspace/adjudications.h). It is handed what it works on (the workspace file, the run,
// the adjudicator's name) and opens its own connection; it knows nothing of the main window.
// Recording and clearing can be taken back in order (Undo, Ctrl+Z) while the view has its run.
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

#include "engine/workspace/adjudications.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace hs::ws {
class Workspace;
struct CaseReview;
}  // namespace hs::ws

namespace hs::ui {

class AdjudicationView : public QWidget {
  Q_OBJECT
 public:
  explicit AdjudicationView(QWidget* parent = nullptr);
  ~AdjudicationView() override;

  // Opens `workspacePath` and lists the disputed cases of run `runId`. False with the reason shown
  // in the view when it cannot be opened.
  bool setRun(const QString& workspacePath, qint64 runId);
  void setAdjudicator(const QString& name) { adjudicator_ = name; }
  QString adjudicator() const { return adjudicator_; }
  void reload();  // the disputes again (after an import of another reviewer's annotations)

  int disputedCount() const;
  int adjudicatedCount() const;
  bool selectCase(int row);          // row of the list
  bool selectCaseId(qint64 caseId);  // false when the case is not disputed
  qint64 currentCaseId() const { return caseId_; }
  // Records the final label chosen in the form for the current case (false with the reason in
  // statusText()). The form: the verdict combo and the checked labels.
  bool recordFinal();
  bool clearFinal();
  // Puts back the case's final label as it was before the last record or clear of this view
  // (removes it when there was none) and shows that case; false when there is nothing to undo.
  bool undoLast();
  bool canUndo() const { return !undo_.empty(); }
  // The form, for tests and keyboard users.
  void chooseFinal(const QString& verdict, const QStringList& labels, const QString& note = QString());

  QString statusText() const;
  QTreeWidget* caseList() const { return cases_; }
  QTableWidget* reviewerTable() const { return reviewers_; }
  QComboBox* verdictCombo() const { return verdict_; }
  QListWidget* labelList() const { return labels_; }

 signals:
  void adjudicated(qint64 caseId);  // after a final label was recorded or cleared

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void buildUi();
  void retranslate();
  void fillList();
  void showCase(int index);
  void setStatus(const QString& text);
  QString labelText(const std::string& label) const;
  void rememberBefore();  // the current case's final label, for undoLast()
  void updateUndo();

  struct UndoStep {
    qint64 caseId = -1;
    std::optional<hs::ws::Adjudication> before;  // nullopt: the case had no final label
  };
  std::vector<UndoStep> undo_;

  std::unique_ptr<hs::ws::Workspace> ws_;
  qint64 runId_ = -1;
  qint64 caseId_ = -1;
  QString adjudicator_;
  std::vector<hs::ws::CaseReview> disputes_;
  QLabel* summary_ = nullptr;
  QTreeWidget* cases_ = nullptr;
  QLabel* question_ = nullptr;
  QPlainTextEdit* sql_ = nullptr;
  QTableWidget* reviewers_ = nullptr;
  QLabel* finalTitle_ = nullptr;
  QComboBox* verdict_ = nullptr;
  QListWidget* labels_ = nullptr;
  QLineEdit* note_ = nullptr;
  QPushButton* record_ = nullptr;
  QPushButton* clear_ = nullptr;
  QPushButton* undoButton_ = nullptr;
  QLabel* status_ = nullptr;
};

}  // namespace hs::ui
