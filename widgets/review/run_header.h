#pragma once
// The Review tab's first row: the run chooser ("spider_dev (1,034 cases)"), its Manage Run menu,
// Evaluate / Cancel and the evaluation's progress bar; room at the end for the run's summary line.
#include <QString>
#include <QWidget>

namespace hs::ws {
class Workspace;
}

class QComboBox;
class QHBoxLayout;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace hs::ui {

class RunHeader : public QWidget {
  Q_OBJECT
 public:
  explicit RunHeader(QWidget* parent = nullptr);

  // Appends the summary line after the buttons; it takes the rest of the row.
  void addSummary(QWidget* summary);
  // Lists the runs of `ws` (nullptr: none) to review: drill-down runs are the Drill-down tab's.
  // Keeps `selectRunId` (0: the current run) selected when listed, else the newest. No runChanged.
  void fill(const hs::ws::Workspace* ws, qint64 selectRunId = 0);
  void clear();  // without runChanged: run ids of one workspace mean nothing in the next
  qint64 currentRunId() const;
  bool selectRun(qint64 runId);  // false when not listed
  void setRunMenu(QMenu* menu);
  // Busy: the progress bar shows (indeterminate until setProgress) and only Cancel is enabled.
  void setEvaluating(bool busy, bool haveCases);
  void setProgress(int done, int total);
  void retranslate();

  QComboBox* runCombo() const { return runs_; }
  QToolButton* runMenuButton() const { return runMenuButton_; }
  QPushButton* evaluateButton() const { return evaluate_; }
  QPushButton* cancelButton() const { return cancel_; }
  QProgressBar* progressBar() const { return progress_; }

 signals:
  void runChanged();  // the reviewer chose another run (not sent while fill() lists them)

 private:
  void retranslateRuns();  // "name (n cases)" in the current language

  QHBoxLayout* row_ = nullptr;
  QLabel* runLabel_ = nullptr;
  QComboBox* runs_ = nullptr;
  QToolButton* runMenuButton_ = nullptr;
  QPushButton* evaluate_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  bool filling_ = false;
};

}  // namespace hs::ui
