#pragma once
// The Review tab: the run header (run chooser, Evaluate / Cancel, progress, the run's figures), a
// filter bar, the case list (left) and the case view with the annotation bar (right) in a
// splitter. Reads the workspace through its own connection; the evaluation writes through the
// EvaluationController's job. The parts are classes of their own (run_header.h, run_summary.h,
// case_filter_bar.h, case_table.h, case_queue.h, review_marks.h, review_keys.h, shortcut_sheet.h,
// span_labels.h); the panel holds the shown run and case and wires the parts together.
#include <QList>
#include <QPair>
#include <QString>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace hs {
struct Finding;
struct FindingSpan;
namespace ws {
class Workspace;
}
}  // namespace hs

class QAction;
class QComboBox;
class QLineEdit;
class QMenu;
class QToolButton;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;

namespace hs::ui {

class AnnotationBar;
class CaseFilterBar;
class CaseFilterProxy;
class CaseListModel;
class CaseQueue;
class CaseTable;
class CaseViewHost;
class DetectorSummary;
class EvaluationController;
class ReviewKeys;
class RunHeader;
class RunSummary;
struct EvaluationResult;

class ReviewPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ReviewPanel(EvaluationController* evaluation, QWidget* parent = nullptr);
  ~ReviewPanel() override;

  // Opens `path` for reading and lists its runs (the newest selected). Returns false with a
  // message in the panel when it cannot be opened. An empty path closes.
  bool setWorkspace(const QString& path, QString* error = nullptr);
  QString workspacePath() const { return path_; }
  bool hasWorkspace() const;
  // What the case view says while no workspace is open: how to open or make one.
  QString noWorkspaceText() const;

  void reloadRuns(qint64 selectRunId = 0);
  bool selectRun(qint64 runId);
  // The run's menu (rename, delete, database folder, ...): behind a button beside the run chooser
  // and as the chooser's context menu.
  void setRunMenu(QMenu* menu);
  QToolButton* runMenuButton() const;
  qint64 currentRunId() const;
  void reloadCases();  // the current run's summary rows, keeping the selected case

  // Selects the case shown as number n (1-based position in its run). False when absent or hidden.
  bool selectCaseNumber(int n);
  bool selectCaseRow(int proxyRow);
  qint64 selectedCaseId() const { return shownCaseId_; }
  void evaluateCurrentRun();

  // The queue: the next / previous listed case (only unreviewed ones when asked). False at the end.
  bool stepCase(int delta, bool unreviewedOnly);
  bool stepFinding(int delta);   // moves the selected finding in the case view
  void reloadReviewMarks();      // the Reviewed column and the progress, from the workspace
  QString progressText() const;  // "212 of 1,034 reviewed"
  // Help > Keyboard Shortcuts (the main window puts it in its Help menu); the sheet's rows.
  QAction* shortcutsAction() const;
  QList<QPair<QString, QString>> shortcutList() const;
  // The window's own keys (Run, Cancel, tabs, panes...), listed first on the sheet: asked of the
  // window (Shell::generalShortcuts) each time, so keys of features attached later are listed too.
  void setGeneralShortcuts(std::function<std::vector<QAction*>()> actions) {
    generalActions_ = std::move(actions);
  }
  QList<QPair<QString, QString>> generalShortcutList() const;
  void showShortcutSheet();
  QComboBox* reviewCombo() const;
  // The text selected in the case view's gold or predicted SQL, as a byte span (span labels).
  std::optional<hs::FindingSpan> selectedSpan() const;
  void refreshShownCase();  // shows the selected case again (after its span labels changed)

  CaseListModel* caseModel() const { return model_; }
  CaseFilterProxy* proxy() const { return proxy_; }
  QTableView* caseList() const;
  CaseViewHost* caseView() const { return view_; }
  AnnotationBar* annotationBar() const { return annotations_; }
  QComboBox* runCombo() const;
  QComboBox* verdictCombo() const;
  QComboBox* categoryCombo() const;
  QComboBox* modelCombo() const;
  QComboBox* difficultyCombo() const;
  QLineEdit* searchField() const;
  QProgressBar* progressBar() const;
  QPushButton* evaluateButton() const;
  QPushButton* cancelButton() const;
  QString statsText() const;
  DetectorSummary* detectorSummary() const;
  QString reliabilityText() const;  // the RS(c) line ("" when the run had no abstention)
  double lastLoadMs() const { return lastLoadMs_; }

 signals:
  void caseShown(qint64 caseId);
  void casesReloaded(int rows);
  // A line for the window's status bar ("Undone on case #4: marked incorrect").
  void message(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  void buildUi();
  void connectParts();
  void retranslate();
  void updateUndoTexts();
  // After an undo or redo: shows the case it changed and says so in the status line.
  void onChangeReverted(qint64 caseId, const QString& change, bool redone);
  void fillFilterCombos();
  void applyFilters();
  void updateStats();
  void showCase(qint64 caseId);
  void onEvaluationFinished(const EvaluationResult& result);
  void setEvaluating(bool busy);
  const hs::ws::Workspace* workspace() const;  // nullptr while none is open
  CaseQueue queue() const;

  EvaluationController* evaluation_;
  std::unique_ptr<hs::ws::Workspace> ws_;
  QString path_;
  CaseListModel* model_;
  CaseFilterProxy* proxy_;
  RunHeader* header_ = nullptr;
  RunSummary* summary_ = nullptr;
  CaseFilterBar* filters_ = nullptr;
  CaseTable* list_ = nullptr;
  CaseViewHost* view_ = nullptr;
  AnnotationBar* annotations_ = nullptr;
  ReviewKeys* keys_ = nullptr;
  QSplitter* splitter_ = nullptr;
  std::function<std::vector<QAction*>()> generalActions_;
  qint64 shownCaseId_ = -1;
  double lastLoadMs_ = 0.0;
  bool splitSet_ = false;
};

}  // namespace hs::ui
