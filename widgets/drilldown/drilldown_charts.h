#pragma once
// Charts view of drill-down statistics (QtCharts): recurrent / emergent probability, P(final) and
// P(earlier) per TA-SQL category as grouped bars with one series per model and history mode,
// "same category" or "exact same hallucination", and EX / Soft-F1 by difficulty. Hovering a bar
// shows the counts behind it; every chart exports as PNG and SVG and its data as CSV.
#include <QWidget>

#include "engine/drilldown/stats.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
QT_FORWARD_DECLARE_CLASS(QChartView)

namespace hs::ui {

class DrilldownChartsView : public QWidget {
  Q_OBJECT
 public:
  enum class Measure { Recurrent, Emergent, InFinal, InEarlier, ExByDifficulty };
  explicit DrilldownChartsView(QWidget* parent = nullptr);

  void setStatistics(drilldown::Statistics stats);
  const drilldown::Statistics& statistics() const { return stats_; }
  void setMeasure(Measure m);
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

 signals:
  void barHovered(const QString& text);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void rebuild();
  void retranslate();
  void exportWithDialog(int kind);

  drilldown::Statistics stats_;
  QComboBox* measureBox_ = nullptr;
  QCheckBox* exactBox_ = nullptr;
  QLabel* hover_ = nullptr;
  QChartView* view_ = nullptr;
  QPushButton* pngButton_ = nullptr;
  QPushButton* svgButton_ = nullptr;
  QPushButton* csvButton_ = nullptr;
};

}  // namespace hs::ui
