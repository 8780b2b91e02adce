// Charts view of drill-down statistics.
#include "widgets/drilldown/drilldown_charts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFontMetrics>
#include <QGraphicsTextItem>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTextDocument>
#include <QToolTip>
#include <QVBoxLayout>

#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "engine/core/csv.h"
#include "engine/core/output_file.h"
#include "widgets/case_finding_styles.h"
#include "widgets/difficulty_text.h"
#include "widgets/job_runner.h"

namespace hs::ui {

namespace {

QString seriesName(const std::string& model, const std::string& history) {
  const QString m = QString::fromStdString(model);
  return history == "on" ? DrilldownChartsView::tr("%1 (+ history)").arg(m) : m;
}

const drilldown::Ratio& pick(const drilldown::FourRatios& f, DrilldownChartsView::Measure m) {
  switch (m) {
    case DrilldownChartsView::Measure::Recurrent:
      return f.recurrent;
    case DrilldownChartsView::Measure::Emergent:
      return f.emergent;
    case DrilldownChartsView::Measure::InFinal:
      return f.inFinal;
    default:
      return f.inEarlier;
  }
}

// A text cell of the CSV export, written by the engine's one CSV field writer.
QString csvText(const QString& s) {
  return QString::fromStdString(hs::csvField(s.toStdString(), hs::CsvCell::Text));
}

}  // namespace

DrilldownChartsView::DrilldownChartsView(QWidget* parent) : QWidget(parent) {
  measureBox_ = new QComboBox(this);
  measureBox_->setObjectName(QStringLiteral("measure"));
  for (int i = 0; i < 6; ++i) measureBox_->addItem(QString());
  runBox_ = new QComboBox(this);
  runBox_->setObjectName(QStringLiteral("reviewRun"));
  runBox_->setMinimumContentsLength(24);
  runner_ = new JobRunner(this);
  exactBox_ = new QCheckBox(this);
  exactBox_->setObjectName(QStringLiteral("exact"));
  exportButton_ = new QPushButton(this);
  exportButton_->setObjectName(QStringLiteral("chartExport"));
  auto* exportMenu = new QMenu(exportButton_);
  pngAction_ = exportMenu->addAction(QString(), this, [this] { exportWithDialog(0); });
  svgAction_ = exportMenu->addAction(QString(), this, [this] { exportWithDialog(1); });
  csvAction_ = exportMenu->addAction(QString(), this, [this] { exportWithDialog(2); });
  exportButton_->setMenu(exportMenu);
  hover_ = new QLabel(this);
  hover_->setObjectName(QStringLiteral("hover"));
  view_ = new QChartView(new QChart(), this);
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setMinimumSize(420, 240);  // the window must fit a 1366x768 screen
  connect(view_->chart(), &QChart::plotAreaChanged, this, [this] { fitCategoryLabels(); });

  auto* bar = new QHBoxLayout;
  bar->addWidget(measureBox_);
  bar->addWidget(exactBox_);
  bar->addWidget(runBox_);
  bar->addStretch(1);
  bar->addWidget(exportButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(view_, 1);
  layout->addWidget(hover_);

  connect(measureBox_, &QComboBox::currentIndexChanged, this, [this] {
    if (measure() == Measure::ReviewFindings && review_.empty() && runBox_->currentIndex() >= 0)
      showReviewRun(runBox_->currentData().toLongLong());
    rebuild();
  });
  connect(measureBox_, &QComboBox::activated, this, [this] { autoReview_ = false; });
  connect(exactBox_, &QCheckBox::toggled, this, [this] { rebuild(); });
  connect(runBox_, &QComboBox::activated, this,
          [this](int i) { showReviewRun(runBox_->itemData(i).toLongLong()); });
  connect(this, &DrilldownChartsView::barHovered, hover_, &QLabel::setText);
  retranslate();
}

void DrilldownChartsView::setStatistics(drilldown::Statistics stats) {
  stats_ = std::move(stats);
  rebuild();
  openOnData();
}

void DrilldownChartsView::setMeasure(Measure m) {
  measureBox_->setCurrentIndex(static_cast<int>(m));
}

void DrilldownChartsView::setExact(bool exact) {
  exactBox_->setChecked(exact);
}

DrilldownChartsView::Measure DrilldownChartsView::measure() const {
  return static_cast<Measure>(std::max(0, measureBox_->currentIndex()));
}

QList<DrilldownChartsView::Bar> DrilldownChartsView::bars() const {
  QList<Bar> out;
  const Measure m = measure();
  if (m == Measure::ReviewFindings) {
    for (const CategoryCount& c : review_)
      out.push_back({FindingStyles::taxonomyLabel(QString::fromStdString(c.taxonomy)),
                     categoryName(c.taxonomy, c.category), double(c.findings), c.cases, reviewCases_});
    return out;
  }
  if (m == Measure::ExByDifficulty) {
    for (const auto& r : stats_.byDifficulty)
      out.push_back({seriesName(r.model, r.history), difficultyText(r.difficulty), r.ex,
                     static_cast<std::size_t>(r.ex * static_cast<double>(r.count) + 0.5), r.count});
    return out;
  }
  for (const auto& g : stats_.groups)
    for (const auto& c : g.categories) {
      const drilldown::Ratio& r = pick(exactBox_->isChecked() ? c.exact : c.same, m);
      out.push_back(
          {seriesName(g.model, g.history), categoryName("tasql", c.category), r.p().value_or(0.0), r.n, r.N});
    }
  return out;
}

void DrilldownChartsView::rebuild() {
  QChart* chart = view_->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* a : chart->axes()) {
    chart->removeAxis(a);
    delete a;
  }
  const Measure m = measure();
  const bool review = m == Measure::ReviewFindings;
  exactBox_->setVisible(!review && m != Measure::ExByDifficulty);
  runBox_->setVisible(review);
  const QList<Bar> shown = bars();
  QStringList categories, series;
  double highest = 0.0;
  for (const Bar& b : shown) {
    if (!categories.contains(b.category)) categories.push_back(b.category);
    if (!series.contains(b.series)) series.push_back(b.series);
    highest = std::max(highest, b.value);
  }
  // A review run: one horizontal bar per category (long names stay readable, the first on top),
  // coloured by its taxonomy (stacked sets, one non-zero per category).
  if (review) std::reverse(categories.begin(), categories.end());
  QAbstractBarSeries* bs = review ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                                  : static_cast<QAbstractBarSeries*>(new QBarSeries);
  for (const QString& s : series) {
    auto* set = new QBarSet(s);
    QList<Bar> mine;
    for (const QString& c : categories) {
      Bar found{s, c, 0.0, 0, 0};
      for (const Bar& b : shown)
        if (b.series == s && b.category == c) found = b;
      *set << found.value;
      mine.push_back(found);
    }
    connect(set, &QBarSet::hovered, this, [this, mine, review](bool on, int index) {
      if (!on || index < 0 || index >= mine.size()) return;
      const Bar& b = mine[index];
      if (review && b.value == 0.0) return;
      QString text = review ? tr("%1 — %2: %3 findings in %4 of %5 cases")
                                  .arg(b.series, b.category)
                                  .arg(qint64(b.value))
                                  .arg(b.n)
                                  .arg(b.N)
                            : tr("%1 — %2: %3 (n = %4, N = %5)")
                                  .arg(b.series, b.category, QString::number(b.value, 'f', 3))
                                  .arg(b.n)
                                  .arg(b.N);
      QToolTip::showText(QCursor::pos(), text);
      emit barHovered(text);
    });
    bs->append(set);
  }
  chart->addSeries(bs);
  auto* x = new QBarCategoryAxis;
  x->append(categories);
  x->setTitleText(m == Measure::ExByDifficulty ? tr("Difficulty") : tr("Category"));
  if (review) {
    // Up to ~40 category names on the side, never truncated to "…" (fitCategoryLabels sizes them).
    x->setTruncateLabels(false);
    x->setTitleVisible(false);
    bs->setBarWidth(0.75);
  }
  chart->addAxis(x, review ? Qt::AlignLeft : Qt::AlignBottom);
  bs->attachAxis(x);
  auto* y = new QValueAxis;
  if (review) {
    // Whole counts at whole ticks: at most 8 steps of 1, 2, 5, 10, 20, ... (nice numbers put ticks
    // at 0.25 and labelled them "0 0 0 0 1" when no category had more than one finding).
    double step = 1.0;
    for (int k = 0; std::ceil(highest / step) > 8.0; ++k) step *= k % 3 == 1 ? 2.5 : 2.0;
    y->setRange(0.0, std::max(1.0, std::ceil(highest / step)) * step);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0.0);
    y->setTickInterval(step);
    y->setLabelFormat(QStringLiteral("%d"));
    y->setTitleText(tr("Findings"));
  } else {
    y->setRange(0.0, 1.0);
    y->setTickCount(6);
    y->setLabelFormat(QStringLiteral("%.1f"));
    y->setTitleText(m == Measure::ExByDifficulty ? tr("Execution accuracy (EX)") : tr("Probability"));
  }
  chart->addAxis(y, review ? Qt::AlignBottom : Qt::AlignLeft);
  bs->attachAxis(y);
  if (review)
    chart->setTitle(tr("Findings per category: %1").arg(runBox_->currentText()));
  else
    chart->setTitle(measureBox_->currentText() + (exactBox_->isChecked() && m != Measure::ExByDifficulty
                                                      ? tr(" (exact same hallucination)")
                                                      : QString()));
  // The findings chart needs its height for the category names: the legend goes to the side.
  chart->legend()->setAlignment(review ? Qt::AlignRight : Qt::AlignBottom);
  chart->setMargins(review ? QMargins(4, 4, 4, 4) : QMargins(20, 20, 20, 20));
  if (review && shown.isEmpty())
    hover_->setText(workspace_.isEmpty() ? tr("Open a workspace to chart the findings of its review runs.")
                                         : tr("No findings in this run."));
  else
    hover_->setText(tr("Hover a bar for the counts behind it."));
  fitCategoryLabels();
}

void DrilldownChartsView::fitCategoryLabels() {
  // QtCharts hides a category name that would touch its neighbour: with 30+ categories every
  // other bar lost its name. The names get the largest type (up to the window's) whose label, laid
  // out as QtCharts lays it out (a text item with a half-pixel margin), fits the height of one bar;
  // never below 6 px. Measured on the names themselves: Chinese ones are set in a fallback font
  // taller than the window's font says (every other name was still hidden under a Chinese window,
  // where 33 names at 1366x768 need 6 px; Latin ones fit at 7 px or more).
  const QList<QAbstractAxis*> vertical = view_->chart()->axes(Qt::Vertical);
  auto* axis = qobject_cast<QBarCategoryAxis*>(vertical.isEmpty() ? nullptr : vertical.first());
  if (!axis || axis->count() == 0) return;
  const qreal plot = view_->chart()->plotArea().height();
  const qreal room = (plot > 0 ? plot : view_->height() - 120) / axis->count();
  QGraphicsTextItem probe;
  probe.document()->setDocumentMargin(0.5);
  const QStringList names = axis->categories();
  auto fits = [&](const QFont& f) {
    probe.setFont(f);
    for (const QString& name : names) {
      probe.setPlainText(name);
      if (probe.boundingRect().height() > room) return false;
    }
    return true;
  };
  QFont f = font();
  int pixels = std::max(7, QFontMetrics(f).ascent());
  for (f.setPixelSize(pixels); pixels > 6 && !fits(f); f.setPixelSize(--pixels)) {
  }
  if (axis->labelsFont().pixelSize() != pixels) axis->setLabelsFont(f);
}

// Through hs::writeOutputFile: a temporary beside the target, renamed when whole, and never over
// a SQLite database (the open workspace or database picked by mistake in the Save dialog).
QString DrilldownChartsView::writeExport(const QString& path, const QByteArray& bytes) const {
  auto st = hs::writeOutputFile(QFile::encodeName(path).toStdString(),
                                std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                                "the chart file");
  return st ? QString() : QString::fromStdString(st.error().message);
}

QString DrilldownChartsView::exportPng(const QString& path) const {
  QPixmap pm = view_->grab();
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  if (!pm.save(&buffer, "PNG")) return tr("Cannot write %1").arg(path);
  return writeExport(path, png);
}

QString DrilldownChartsView::exportSvg(const QString& path) const {
  // Qt SVG is not a dependency: the SVG holds the rendered chart as an embedded PNG image.
  QPixmap pm = view_->grab();
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  pm.save(&buffer, "PNG");
  const QString svg =
      QStringLiteral(
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 %2\">"
          "<title>%3</title><image width=\"%1\" height=\"%2\" href=\"data:image/png;base64,%4\"/></svg>\n")
          .arg(pm.width())
          .arg(pm.height())
          .arg(view_->chart()->title().toHtmlEscaped(), QString::fromLatin1(png.toBase64()));
  return writeExport(path, svg.toUtf8());
}

QString DrilldownChartsView::exportCsv(const QString& path) const {
  QString out = QStringLiteral("series,category,value,n,N\n");
  for (const Bar& b : bars())
    out += csvText(b.series) + ',' + csvText(b.category) + ',' + QString::number(b.value, 'f', 6) + ',' +
           QString::number(b.n) + ',' + QString::number(b.N) + '\n';
  return writeExport(path, out.toUtf8());
}

void DrilldownChartsView::exportWithDialog(int kind) {
  static const char* filters[] = {"PNG (*.png)", "SVG (*.svg)", "CSV (*.csv)"};
  QString path =
      QFileDialog::getSaveFileName(this, tr("Export chart"), QString(), QString::fromLatin1(filters[kind]));
  if (path.isEmpty()) return;
  QString error = kind == 0 ? exportPng(path) : kind == 1 ? exportSvg(path) : exportCsv(path);
  hover_->setText(error.isEmpty() ? tr("Exported to %1").arg(path) : error);
}

void DrilldownChartsView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void DrilldownChartsView::retranslate() {
  measureBox_->setItemText(0, tr("Recurrent: P(in final step | occurs earlier)"));
  measureBox_->setItemText(1, tr("Emergent: P(in final step | not earlier)"));
  measureBox_->setItemText(2, tr("P(in final step)"));
  measureBox_->setItemText(3, tr("P(occurs in earlier steps)"));
  measureBox_->setItemText(4, tr("EX by difficulty"));
  measureBox_->setItemText(5, tr("Findings per category (review run)"));
  runBox_->setToolTip(tr("The review run of the open workspace whose findings are charted"));
  exactBox_->setText(tr("Exact same hallucination"));
  exportButton_->setText(tr("Export"));
  exportButton_->setToolTip(tr("Save the chart as a PNG or SVG image, or its numbers as CSV"));
  pngAction_->setText(tr("PNG Image…"));
  svgAction_->setText(tr("SVG Image…"));
  csvAction_->setText(tr("CSV Data…"));
  rebuild();
}

}  // namespace hs::ui
