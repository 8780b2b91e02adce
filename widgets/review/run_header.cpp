// RunHeader: the run chooser row of the Review tab.
#include "widgets/review/run_header.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/workspace.h"

namespace hs::ui {

namespace {

// The run chooser's items keep the run's name and case count, to be worded again in another language.
constexpr int kRunNameRole = Qt::UserRole + 1;
constexpr int kRunCasesRole = Qt::UserRole + 2;

}  // namespace

RunHeader::RunHeader(QWidget* parent) : QWidget(parent) {
  runLabel_ = new QLabel;
  runs_ = new QComboBox;
  runs_->setObjectName(QStringLiteral("reviewRunCombo"));
  runs_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  runs_->setMinimumContentsLength(24);
  runMenuButton_ = new QToolButton;
  runMenuButton_->setObjectName(QStringLiteral("reviewRunMenuButton"));
  runMenuButton_->setPopupMode(QToolButton::InstantPopup);
  runMenuButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  runMenuButton_->hide();  // until a menu is set
  evaluate_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), QString());
  cancel_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), QString());
  cancel_->setEnabled(false);
  progress_ = new QProgressBar;
  progress_->setMaximumWidth(220);
  progress_->setFormat(QStringLiteral("%v / %m"));
  progress_->hide();

  row_ = new QHBoxLayout(this);
  row_->setContentsMargins(0, 0, 0, 0);
  row_->addWidget(runLabel_);
  row_->addWidget(runs_);
  row_->addWidget(runMenuButton_);
  row_->addWidget(evaluate_);
  row_->addWidget(cancel_);
  row_->addWidget(progress_);

  connect(runs_, &QComboBox::currentIndexChanged, this, [this]() {
    if (!filling_) emit runChanged();
  });
}

void RunHeader::addSummary(QWidget* summary) {
  row_->addSpacing(12);
  row_->addWidget(summary, 1);
}

void RunHeader::clear() {
  const QSignalBlocker block(runs_);
  runs_->clear();
}

void RunHeader::fill(const hs::ws::Workspace* ws, qint64 selectRunId) {
  filling_ = true;
  const qint64 previous = selectRunId ? selectRunId : currentRunId();
  runs_->clear();
  if (ws) {
    if (auto runs = ws->runs()) {
      for (const auto& r : *runs) {
        // A drill-down run (gold sub-queries, no prediction to review) is the Drill-down tab's.
        if (hs::ws::isDrilldownRun(r)) continue;
        auto n = ws->caseCount(r.id);
        runs_->addItem(QString(), QVariant::fromValue(static_cast<qint64>(r.id)));
        runs_->setItemData(runs_->count() - 1, QString::fromStdString(r.info.name), kRunNameRole);
        runs_->setItemData(runs_->count() - 1, n ? static_cast<int>(*n) : 0, kRunCasesRole);
      }
    }
  }
  retranslateRuns();
  int index = runs_->findData(QVariant::fromValue(previous));
  if (index < 0) index = runs_->count() - 1;  // the newest
  runs_->setCurrentIndex(index);
  filling_ = false;
  runs_->setEnabled(runs_->count() > 0);
}

void RunHeader::retranslateRuns() {
  for (int i = 0; i < runs_->count(); ++i)
    runs_->setItemText(i, tr("%1 (%n case(s))", nullptr, runs_->itemData(i, kRunCasesRole).toInt())
                              .arg(runs_->itemData(i, kRunNameRole).toString()));
}

qint64 RunHeader::currentRunId() const {
  return runs_->currentIndex() < 0 ? 0 : runs_->currentData().value<qint64>();
}

bool RunHeader::selectRun(qint64 runId) {
  const int index = runs_->findData(QVariant::fromValue(runId));
  if (index < 0) return false;
  runs_->setCurrentIndex(index);
  return true;
}

void RunHeader::setRunMenu(QMenu* menu) {
  runMenuButton_->setMenu(menu);
  runMenuButton_->setVisible(menu != nullptr);
  runs_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(runs_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    if (QMenu* m = runMenuButton_->menu()) m->exec(runs_->mapToGlobal(at));
  });
}

void RunHeader::setEvaluating(bool busy, bool haveCases) {
  progress_->setVisible(busy);
  if (busy) progress_->setRange(0, 0);
  cancel_->setEnabled(busy);
  evaluate_->setEnabled(!busy && haveCases);
}

void RunHeader::setProgress(int done, int total) {
  progress_->setRange(0, total);
  progress_->setValue(done);
}

void RunHeader::retranslate() {
  runLabel_->setText(tr("&Run:"));  // Alt+R: the run chooser, Alt+M its menu, Alt+E Evaluate
  runLabel_->setBuddy(runs_);
  runMenuButton_->setText(tr("&Manage Run"));  // QToolButton draws the menu arrow itself
  // ... in the bottom-right corner, over the end of the text, and leaves it no room: add the room.
  runMenuButton_->setMinimumWidth(runMenuButton_->sizeHint().width() +
                                  runMenuButton_->style()->pixelMetric(QStyle::PM_MenuButtonIndicator));
  runMenuButton_->setToolTip(tr("Rename or delete the run, set its database folder, comparison settings"));
  evaluate_->setText(tr("&Evaluate"));
  evaluate_->setToolTip(tr("Execute gold and predicted SQL read-only, score and annotate every case"));
  cancel_->setText(tr("Cancel"));
  retranslateRuns();
}

}  // namespace hs::ui
