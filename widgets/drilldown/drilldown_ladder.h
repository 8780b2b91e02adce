#pragma once
// The drill-down view of one case: its path as a ladder of steps. Each rung shows the
// sub-question, the gold query with the part this step adds highlighted (what earlier steps added
// plain, what is still to come greyed), and per history mode the model's SQL with its findings
// highlighted in the case view's styles, EX and Soft-F1, and markers where a hallucination
// category first appears and whether it recurs in the final step. Without and with history side
// by side when both were run.
#include <QWidget>

#include <vector>

#include "engine/drilldown/outcome.h"

class QLabel;
class QTableWidget;

namespace hs::ui {

class DrilldownLadderView : public QWidget {
  Q_OBJECT
 public:
  explicit DrilldownLadderView(QWidget* parent = nullptr);

  // The rows of one case (any order; one or both history modes). Rows of other cases are ignored.
  void setPath(std::vector<drilldown::StepOutcome> rows);
  QTableWidget* table() const { return table_; }

  // Markers of one mode, per step (1-based index -> categories): first appearance and recurrence.
  struct Markers {
    std::vector<std::vector<std::string>> first;  // [step - 1]
    std::vector<std::string> recurring;           // categories of the final step seen earlier
  };
  static Markers markers(const std::vector<const drilldown::StepOutcome*>& steps);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void rebuild();
  std::vector<drilldown::StepOutcome> rows_;
  QLabel* title_ = nullptr;
  QTableWidget* table_ = nullptr;
};

}  // namespace hs::ui
