#pragma once
// The Drill-down tab: opens a drill-down run (`hallusql-cli drilldown run` JSON Lines or seed
// 001's evaluation JSON) off the UI thread, lists its cases, and shows the selected case's ladder
// and the run's charts. Reading and the statistics run through the widget's own JobRunner
// (progress, cancel); the UI never blocks.
#include <QWidget>

#include <vector>

#include "engine/drilldown/outcome.h"

class QLabel;
class QListWidget;
class QPushButton;
class QTabWidget;

namespace hs::ui {

class DrilldownChartsView;
class DrilldownLadderView;
class JobRunner;

class DrilldownPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DrilldownPanel(QWidget* parent = nullptr);

  // Starts reading `path` in the background; false when a job is already running.
  bool openRunFile(const QString& path);
  // Shows rows directly (e.g. from a workspace run).
  void setRows(std::vector<drilldown::StepOutcome> rows);
  JobRunner* runner() const { return runner_; }
  DrilldownLadderView* ladder() const { return ladder_; }
  DrilldownChartsView* charts() const { return charts_; }
  QListWidget* caseList() const { return cases_; }
  QString status() const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void showCase(int row);
  void retranslate();

  std::vector<drilldown::StepOutcome> rows_;
  std::vector<std::string> caseIds_;
  JobRunner* runner_ = nullptr;
  QPushButton* open_ = nullptr;
  QLabel* status_ = nullptr;
  QListWidget* cases_ = nullptr;
  QTabWidget* views_ = nullptr;
  DrilldownLadderView* ladder_ = nullptr;
  DrilldownChartsView* charts_ = nullptr;
};

}  // namespace hs::ui
