#pragma once
// The Review tab: a run selector with Evaluate / Cancel and a progress bar, a filter bar, the case
// list (left) and the case view (right) in a splitter. Reads the workspace through its own
// connection; the evaluation writes through the EvaluationController's job.
#include <QKeySequence>
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
class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;

namespace hs::ui {

class AnnotationBar;
class CaseFilterProxy;
class CaseListModel;
class CaseViewHost;
class DetectorSummary;
class EvaluationController;
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
  QToolButton* runMenuButton() const { return runMenuButton_; }
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
  QAction* shortcutsAction() const { return shortcutsAction_; }
  QList<QPair<QString, QString>> shortcutList() const;
  // The window's own keys (Run, Cancel, tabs, panes...), listed first on the sheet: asked of the
  // window (Shell::generalShortcuts) each time, so keys of features attached later are listed too.
  void setGeneralShortcuts(std::function<std::vector<QAction*>()> actions) {
    generalActions_ = std::move(actions);
  }
  QList<QPair<QString, QString>> generalShortcutList() const;
  void showShortcutSheet();
  QComboBox* reviewCombo() const { return review_; }
  // The text selected in the case view's gold or predicted SQL, as a byte span (span labels).
  std::optional<hs::FindingSpan> selectedSpan() const;
  void refreshShownCase();  // shows the selected case again (after its span labels changed)

  CaseListModel* caseModel() const { return model_; }
  CaseFilterProxy* proxy() const { return proxy_; }
  QTableView* caseList() const { return list_; }
  CaseViewHost* caseView() const { return view_; }
  AnnotationBar* annotationBar() const { return annotations_; }
  QComboBox* runCombo() const { return runs_; }
  QComboBox* verdictCombo() const { return verdict_; }
  QComboBox* categoryCombo() const { return category_; }
  QComboBox* modelCombo() const { return modelFilter_; }
  QComboBox* difficultyCombo() const { return difficulty_; }
  QLineEdit* searchField() const { return search_; }
  QProgressBar* progressBar() const { return progress_; }
  QPushButton* evaluateButton() const { return evaluate_; }
  QPushButton* cancelButton() const { return cancel_; }
  QString statsText() const;
  DetectorSummary* detectorSummary() const { return detectors_; }
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
  void buildActions();
  QAction* addKeyAction(const QList<QKeySequence>& keys, std::function<void()> run);
  void retranslate();
  void retranslateActions();
  void retranslateRuns();  // the run chooser's items: "name (n cases)" in the current language
  void setKeysActive(bool active);
  // Undo and Redo name what they would change and its case ("Undo: mark incorrect (case #4)").
  void updateUndoTexts();
  // After an undo or redo: shows the case it changed and says so in the status line.
  void onChangeReverted(qint64 caseId, const QString& change, bool redone);
  int caseNumber(qint64 caseId) const;  // the list's # of a case of the shown run, 0 when not in it
  void fillFilterCombos();
  void applyFilters();
  void updateStats();
  void updateReliability();
  void showCase(qint64 caseId);
  std::vector<hs::Finding> spanLabelFindings(qint64 caseId) const;
  void onEvaluationFinished(const EvaluationResult& result);
  void setEvaluating(bool busy);

  EvaluationController* evaluation_;
  std::unique_ptr<hs::ws::Workspace> ws_;
  QString path_;
  CaseListModel* model_;
  CaseFilterProxy* proxy_;
  QComboBox* runs_ = nullptr;
  QToolButton* runMenuButton_ = nullptr;
  QPushButton* evaluate_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* runLabel_ = nullptr;
  QLabel* stats_ = nullptr;
  DetectorSummary* detectors_ = nullptr;  // the detector bench of the shown run
  QLabel* reliability_ = nullptr;         // RS(c) of a run generated with abstention
  qint64 benchedRun_ = 0;
  int benchedEvaluated_ = -1;
  QComboBox* verdict_ = nullptr;
  QComboBox* category_ = nullptr;
  QComboBox* modelFilter_ = nullptr;
  QComboBox* difficulty_ = nullptr;
  QLineEdit* search_ = nullptr;
  QLabel* shown_ = nullptr;
  QComboBox* review_ = nullptr;
  QLabel* reviewProgress_ = nullptr;
  std::vector<QAction*> keyActions_;
  QAction *confirmAction_ = nullptr, *rejectAction_ = nullptr, *correctAction_ = nullptr,
          *incorrectAction_ = nullptr, *unsureAction_ = nullptr, *chooseLabelAction_ = nullptr,
          *addLabelAction_ = nullptr, *nextFindingAction_ = nullptr, *prevFindingAction_ = nullptr,
          *nextAction_ = nullptr, *prevAction_ = nullptr, *nextUnreviewedAction_ = nullptr,
          *prevUnreviewedAction_ = nullptr, *undoAction_ = nullptr, *redoAction_ = nullptr,
          *noteAction_ = nullptr, *spanAction_ = nullptr, *shortcutsAction_ = nullptr;
  std::function<std::vector<QAction*>()> generalActions_;
  QSplitter* splitter_ = nullptr;
  QTableView* list_ = nullptr;
  CaseViewHost* view_ = nullptr;
  AnnotationBar* annotations_ = nullptr;
  qint64 shownCaseId_ = -1;
  double lastLoadMs_ = 0.0;
  bool filling_ = false;
  bool splitSet_ = false;
};

}  // namespace hs::ui
