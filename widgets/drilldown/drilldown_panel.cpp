// The Drill-down tab.
#include "widgets/drilldown/drilldown_panel.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

#include <set>

#include "engine/drilldown/seed_json.h"
#include "engine/drilldown/stats.h"
#include "widgets/drilldown/drilldown_charts.h"
#include "widgets/drilldown/drilldown_ladder.h"
#include "widgets/job_runner.h"

namespace hs::ui {

namespace {

struct Loaded {
  Result<std::vector<drilldown::StepOutcome>> rows = Error{};
  drilldown::Statistics stats;
};

}  // namespace

DrilldownPanel::DrilldownPanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("drilldownPanel"));
  runner_ = new JobRunner(this);
  open_ = new QPushButton(this);
  run_ = new QPushButton(this);
  run_->setObjectName(QStringLiteral("drilldownRun"));
  run_->setEnabled(false);
  cancel_ = new QPushButton(this);
  cancel_->setObjectName(QStringLiteral("drilldownCancel"));
  cancel_->setVisible(false);
  progress_ = new QProgressBar(this);
  progress_->setObjectName(QStringLiteral("drilldownProgress"));
  progress_->setVisible(false);
  progress_->setMaximumWidth(260);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("drilldownStatus"));
  status_->setWordWrap(true);  // a long status must not widen the window
  cases_ = new QListWidget(this);
  cases_->setObjectName(QStringLiteral("drilldownCases"));
  emptyHint_ = new QLabel(this);
  emptyHint_->setObjectName(QStringLiteral("drilldownEmptyHint"));
  emptyHint_->setWordWrap(true);
  emptyHint_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  emptyHint_->setMargin(8);
  emptyHint_->setFrameShape(QFrame::StyledPanel);
  emptyHint_->setAutoFillBackground(true);  // where the list would be, in its colours
  emptyHint_->setBackgroundRole(QPalette::Base);
  emptyHint_->setForegroundRole(QPalette::PlaceholderText);
  left_ = new QStackedWidget(this);
  left_->addWidget(emptyHint_);
  left_->addWidget(cases_);
  views_ = new QTabWidget(this);
  ladder_ = new DrilldownLadderView(views_);
  charts_ = new DrilldownChartsView(views_);
  views_->addTab(ladder_, QString());
  views_->addTab(charts_, QString());

  auto* top = new QHBoxLayout;
  top->addWidget(open_);
  top->addWidget(run_);
  top->addWidget(status_, 1);
  top->addWidget(progress_);
  top->addWidget(cancel_);
  auto* split = new QSplitter(this);
  split->addWidget(left_);
  split->addWidget(views_);
  split->setStretchFactor(1, 4);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(split, 1);

  connect(open_, &QPushButton::clicked, this, [this] {
    QString path = QFileDialog::getOpenFileName(this, tr("Open drill-down run"), QString(),
                                                tr("Drill-down runs (*.jsonl *.json);;All files (*)"));
    if (!path.isEmpty()) openRunFile(path);
  });
  connect(cases_, &QListWidget::currentRowChanged, this, &DrilldownPanel::showCase);
  connect(run_, &QPushButton::clicked, this, &DrilldownPanel::runWithDialog);
  connect(cancel_, &QPushButton::clicked, runner_, &JobRunner::cancel);
  connect(runner_, &JobRunner::progress, this, [this](int value, int maximum, const QString& text) {
    status_->setText(text);
    progress_->setRange(0, std::max(0, maximum));  // 0..0: busy indicator
    progress_->setValue(std::min(value, maximum));
  });
  connect(runner_, &JobRunner::busyChanged, this, [this](bool busy) {
    progress_->setVisible(busy);
    cancel_->setVisible(busy);
    cancel_->setEnabled(busy);
    open_->setEnabled(!busy);
    run_->setEnabled(!busy && llm_ != nullptr);
    if (busy) progress_->setRange(0, 0);
  });
  connect(runner_, &JobRunner::cancelRequested, this, [this] {
    cancel_->setEnabled(false);
    status_->setText(tr("Cancelling…"));
  });
  retranslate();
}

bool DrilldownPanel::openRunFile(const QString& path) {
  const std::string file = path.toStdString();
  return runner_->start<std::shared_ptr<Loaded>>(
      tr("Reading the drill-down run"),
      [file](JobContext& ctx) {
        auto out = std::make_shared<Loaded>();
        ctx.setProgress(0, 2, tr("Reading %1…").arg(QString::fromStdString(file)));
        out->rows = drilldown::readRunFile(file);
        if (out->rows && !ctx.isCancelled()) {
          ctx.setProgress(1, 2, tr("Counting…"));
          out->stats = drilldown::computeStatistics(out->rows.value());
        }
        return out;
      },
      [this, path](std::shared_ptr<Loaded> loaded) {
        if (!loaded->rows) {
          status_->setText(
              tr("Cannot read %1: %2").arg(path, QString::fromStdString(loaded->rows.error().message)));
          return;
        }
        charts_->setStatistics(std::move(loaded->stats));
        rows_ = std::move(loaded->rows.value());
        fillCaseList();
        status_->setText(tr("%1: %2", "file: case and step counts").arg(path, sizeText()));
      });
}

void DrilldownPanel::setRows(std::vector<drilldown::StepOutcome> rows) {
  drilldown::Statistics stats = drilldown::computeStatistics(rows);
  showRows(std::move(rows), std::move(stats));
}

void DrilldownPanel::showRows(std::vector<drilldown::StepOutcome> rows, drilldown::Statistics stats) {
  rows_ = std::move(rows);
  charts_->setStatistics(std::move(stats));
  fillCaseList();
  status_->setText(sizeText());
}

QString DrilldownPanel::sizeText() const {
  //: The drill-down status: "12 cases, 58 steps" (the separator follows the language).
  return tr("%1, %2", "case count, step count")
      .arg(tr("%n case(s)", nullptr, int(caseIds_.size())), tr("%n step(s)", nullptr, int(rows_.size())));
}

void DrilldownPanel::fillCaseList() {
  caseIds_.clear();
  cases_->clear();
  std::set<std::string> seen;
  for (const auto& r : rows_)
    if (seen.insert(r.caseId).second) {
      caseIds_.push_back(r.caseId);
      cases_->addItem(QString::fromStdString(r.caseId + "  " + r.originalQuestion));
      cases_->item(cases_->count() - 1)
          ->setToolTip(QString::fromStdString(r.originalQuestion));  // cut at the edge
    }
  left_->setCurrentWidget(caseIds_.empty() ? static_cast<QWidget*>(emptyHint_) : cases_);
  if (!caseIds_.empty()) cases_->setCurrentRow(0);
}

void DrilldownPanel::clearRows() {
  rows_.clear();
  charts_->setStatistics({});
  fillCaseList();
  ladder_->setPath({});
  if (!runner_->isBusy()) status_->clear();
}

void DrilldownPanel::showFindingsChart() {
  views_->setCurrentWidget(charts_);
  charts_->setMeasure(DrilldownChartsView::Measure::ReviewFindings);
}

QString DrilldownPanel::status() const {
  return status_->text();
}

void DrilldownPanel::showCase(int row) {
  if (row < 0 || row >= static_cast<int>(caseIds_.size())) return ladder_->setPath({});
  std::vector<drilldown::StepOutcome> mine;
  for (const auto& r : rows_)
    if (r.caseId == caseIds_[static_cast<std::size_t>(row)]) mine.push_back(r);
  ladder_->setPath(std::move(mine));
}

void DrilldownPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void DrilldownPanel::retranslate() {
  open_->setText(tr("Open run…"));
  open_->setToolTip(tr("A drill-down run: hallusql-cli drilldown run output, or seed 001's evaluation JSON"));
  run_->setText(tr("Run Drill-down…"));
  run_->setToolTip(
      tr("Decompose gold queries, ask the active LLM profile for each step and annotate the steps"));
  cancel_->setText(tr("Cancel"));
  views_->setTabText(0, tr("Path"));
  views_->setTabText(1, tr("Charts"));
  // The empty state says what to do where the cases would be (the status line is for the jobs).
  emptyHint_->setText(
      tr("No drill-down run open. Run Drill-down… decomposes the gold queries of a benchmark file step "
         "by step with the model; Open run… loads a saved run."));
}

}  // namespace hs::ui
