#pragma once
// The Drill-down tab: opens a drill-down run (`hallusql-cli drilldown run` JSON Lines or seed
// 001's evaluation JSON) off the UI thread, lists its cases, and shows the selected case's ladder
// and the run's charts. Reading and the statistics run through the widget's own JobRunner
// (progress, cancel); the UI never blocks.
#include <QWidget>

#include <memory>
#include <vector>

#include "engine/drilldown/outcome.h"
#include "engine/drilldown/stats.h"
#include "widgets/drilldown/drilldown_run_dialog.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTabWidget;

namespace hs::llm {
class Client;
}

namespace hs::ui {

class DrilldownChartsView;
class DrilldownLadderView;
class GenerationController;
class JobRunner;
class Session;
class SessionManager;

class DrilldownPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DrilldownPanel(QWidget* parent = nullptr);

  // Starts reading `path` in the background; false when a job is already running.
  bool openRunFile(const QString& path);
  // Gives the tab what "Run Drill-down…" needs: the session (workspace, database) and the LLM
  // client of the active profile. Without it the run button stays disabled.
  void attach(SessionManager* sessions, GenerationController* llm);
  // Asks for the run's inputs, then startRun().
  void runWithDialog();
  // Runs the drill-down workflow in the background with the active LLM profile; the rows are
  // stored in the session's workspace (when one is open) and shown when done. False when busy.
  bool startRun(const DrilldownRunRequest& request);
  // Shows the Charts view with the findings per category of the session workspace's first review
  // run (the page's --charts brings the tab to the front first).
  void showFindingsChart();
  QPushButton* runButton() const { return run_; }
  QPushButton* cancelButton() const { return cancel_; }
  QProgressBar* progressBar() const { return progress_; }
  // Shows rows directly (e.g. from a workspace run).
  void setRows(std::vector<drilldown::StepOutcome> rows);
  JobRunner* runner() const { return runner_; }
  DrilldownLadderView* ladder() const { return ladder_; }
  DrilldownChartsView* charts() const { return charts_; }
  QListWidget* caseList() const { return cases_; }
  // What the left side shows while no run is open: what to do to get one.
  QLabel* emptyHint() const { return emptyHint_; }
  QString status() const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void showCase(int row);
  void showRows(std::vector<drilldown::StepOutcome> rows, drilldown::Statistics stats);
  void startRunWithClient(const DrilldownRunRequest& request, const QString& workspacePath,
                          std::shared_ptr<llm::Client> client);
  void onSessionChanged(const Session& now);
  // Shows the newest drill-down run stored in the workspace, read in the background (none: the
  // empty state).
  void openWorkspaceRun(const QString& workspacePath);
  void fillCaseList();
  QString sizeText() const;  // "12 cases, 30 steps" of the rows shown
  void clearRows();
  void retranslate();

  std::vector<drilldown::StepOutcome> rows_;
  std::vector<std::string> caseIds_;
  JobRunner* runner_ = nullptr;
  QPushButton* open_ = nullptr;
  QPushButton* run_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  SessionManager* sessions_ = nullptr;
  GenerationController* llm_ = nullptr;
  DrilldownRunRequest lastRequest_;
  QLabel* status_ = nullptr;
  QListWidget* cases_ = nullptr;
  QLabel* emptyHint_ = nullptr;
  QStackedWidget* left_ = nullptr;
  QString workspace_;  // the session's workspace whose stored run is shown
  QTabWidget* views_ = nullptr;
  DrilldownLadderView* ladder_ = nullptr;
  DrilldownChartsView* charts_ = nullptr;
};

}  // namespace hs::ui
