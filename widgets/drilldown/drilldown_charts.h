#pragma once
// Charts view of drill-down statistics (QtCharts): recurrent / emergent probability, P(final) and
// P(earlier) per TA-SQL category as grouped bars with one series per model and history mode,
// "same category" or "exact same hallucination", and EX / Soft-F1 by difficulty. Hovering a bar
// shows the counts behind it; every chart exports as PNG and SVG and its data as CSV. The
// "findings per category" chart shows any review run of the open workspace: one bar per category
// of the run's findings, grouped (and coloured) by taxonomy.
#include <QWidget>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/drilldown/stats.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QAction;
class QPushButton;
QT_FORWARD_DECLARE_CLASS(QChartView)

namespace hs::ui {

class JobRunner;

class DrilldownChartsView : public QWidget {
  Q_OBJECT
 public:
  enum class Measure { Recurrent, Emergent, InFinal, InEarlier, ExByDifficulty, ReviewFindings };
  // Findings of one category of a review run (from engine/workspace).
  struct CategoryCount {
    std::string taxonomy;
    std::string category;
    std::size_t findings = 0;
    std::size_t cases = 0;  // cases with at least one finding of the category
  };
  explicit DrilldownChartsView(QWidget* parent = nullptr);

  void setStatistics(drilldown::Statistics stats);
  const drilldown::Statistics& statistics() const { return stats_; }
  void setMeasure(Measure m);
  // The workspace whose review runs the findings chart offers ("" = none); lists its runs.
  void setWorkspace(const QString& path);
  const QString& workspace() const { return workspace_; }
  // Loads the findings of review run `runId` of the workspace in the background.
  bool showReviewRun(std::int64_t runId);
  // Shows counts directly (tests, or data loaded elsewhere).
  void setReviewFindings(std::vector<CategoryCount> counts, std::size_t runCases);
  QComboBox* runBox() const { return runBox_; }
  JobRunner* runner() const { return runner_; }
  void setExact(bool exact);
  Measure measure() const;

  // Exports of the chart shown. Errors are returned as a message ("" on success).
  QString exportPng(const QString& path) const;
  QString exportSvg(const QString& path) const;
  QString exportCsv(const QString& path) const;
  // The data of the chart shown: one row per series and category (for CSV and tests).
  struct Bar {
    QString series;
    QString category;
    double value = 0.0;
    std::size_t n = 0;
    std::size_t N = 0;
  };
  QList<Bar> bars() const;
  QChartView* chartView() const { return view_; }
  QPushButton* exportButton() const { return exportButton_; }

 signals:
  void barHovered(const QString& text);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  QString writeExport(const QString& path, const QByteArray& bytes) const;
  void rebuild();
  void retranslate();
  void exportWithDialog(int kind);
  void rebuildReview();
  // The view opens on a chart that has data: the review run's findings when the drill-down
  // charts are empty and the workspace has a review run, back to the drill-down once it has data,
  // unless the user picked a chart.
  void openOnData();
  void fitCategoryLabels();  // the review chart's category names: the largest type that fits
  QString categoryName(const std::string& taxonomy, const std::string& category) const;

  drilldown::Statistics stats_;
  QString workspace_;
  std::vector<CategoryCount> review_;
  std::size_t reviewCases_ = 0;
  bool autoReview_ = false;  // the findings chart was chosen by openOnData, not by the user
  JobRunner* runner_ = nullptr;
  QComboBox* runBox_ = nullptr;
  QComboBox* measureBox_ = nullptr;
  QCheckBox* exactBox_ = nullptr;
  QLabel* hover_ = nullptr;
  QChartView* view_ = nullptr;
  // One Export button with a menu (PNG, SVG, CSV): three buttons set the window's minimum width.
  QPushButton* exportButton_ = nullptr;
  QAction* pngAction_ = nullptr;
  QAction* svgAction_ = nullptr;
  QAction* csvAction_ = nullptr;
};

}  // namespace hs::ui
