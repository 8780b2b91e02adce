#include "widgets/main_status.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>

#include "widgets/job_runner.h"

namespace hs::ui {

MainStatus::MainStatus(QStatusBar* bar, JobRunner* runner, QObject* parent)
    : QObject(parent),
      bar_(bar),
      runner_(runner),
      message_(new QLabel(bar)),
      job_(new QLabel(bar)),
      busyBar_(new QProgressBar(bar)),
      elapsed_(new QLabel(bar)),
      rows_(new QLabel(bar)),
      time_(new QLabel(bar)),
      database_(new QLabel(bar)),
      workspace_(new QLabel(bar)),
      ticker_(new QTimer(this)) {
  message_->setObjectName(QStringLiteral("statusMessage"));
  elapsed_->setObjectName(QStringLiteral("statusElapsed"));
  rows_->setObjectName(QStringLiteral("statusRows"));
  time_->setObjectName(QStringLiteral("statusTime"));
  database_->setObjectName(QStringLiteral("statusDatabase"));
  workspace_->setObjectName(QStringLiteral("statusWorkspace"));
  database_->hide();
  workspace_->hide();
  busyBar_->setRange(0, 0);
  busyBar_->setMaximumWidth(120);
  busyBar_->setMaximumHeight(14);
  busyBar_->setTextVisible(false);
  busyBar_->hide();
  job_->hide();
  elapsed_->hide();
  // The elapsed time changes width as it ticks: keep room for "00:00.0" so nothing jumps.
  elapsed_->setMinimumWidth(elapsed_->fontMetrics().horizontalAdvance(QStringLiteral("000:00.0 ")));
  elapsed_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  bar_->addWidget(message_, 1);
  bar_->addPermanentWidget(job_);
  bar_->addPermanentWidget(busyBar_);
  bar_->addPermanentWidget(elapsed_);
  bar_->addPermanentWidget(rows_);
  bar_->addPermanentWidget(time_);
  bar_->addPermanentWidget(database_);
  bar_->addPermanentWidget(workspace_);
  ticker_->setInterval(100);
  connect(ticker_, &QTimer::timeout, this, &MainStatus::tick);
  connect(runner_, &JobRunner::busyChanged, this, &MainStatus::setBusy);
  retranslate();
}

void MainStatus::setMessage(const QString& text) {
  messageText_ = {};
  message_->setText(text);
}
void MainStatus::setTranslatedMessage(std::function<QString()> text) {
  messageText_ = std::move(text);
  message_->setText(messageText_ ? messageText_() : QString());
}
void MainStatus::setRows(const QString& text) {
  rows_->setText(text);
}
void MainStatus::setTime(const QString& text) {
  timeText_ = {};
  time_->setText(text);
}
void MainStatus::setTranslatedTime(std::function<QString()> text) {
  timeText_ = std::move(text);
  time_->setText(timeText_ ? timeText_() : QString());
}
QString MainStatus::rows() const {
  return rows_->text();
}
QString MainStatus::elapsedText() const {
  return elapsed_->isHidden() ? QString() : elapsed_->text();
}

void MainStatus::clear() {
  messageText_ = {};
  message_->clear();
  rows_->clear();
  timeText_ = {};
  time_->clear();
}

void MainStatus::addItem(QWidget* item) {
  // Permanent widgets are laid out in insertion order: re-add the fixed ones after the new item.
  const QList<QWidget*> fixed{job_, busyBar_, elapsed_, rows_, time_, database_, workspace_};
  for (QWidget* w : fixed) bar_->removeWidget(w);
  bar_->addPermanentWidget(item);
  for (QWidget* w : fixed) {
    bar_->addPermanentWidget(w);
    w->setVisible(w == rows_ || w == time_ ? queryFigures_ : runner_->isBusy());
  }
  showPlaces();
}

void MainStatus::setPlaces(const QString& databasePath, const QString& workspacePath) {
  databasePath_ = databasePath;
  workspacePath_ = workspacePath;
  showPlaces();
}

void MainStatus::showPlaces() {
  const QList<std::pair<QLabel*, QString>> places{
      {database_,
       databasePath_.isEmpty() ? QString() : tr("Database: %1").arg(QFileInfo(databasePath_).fileName())},
      {workspace_,
       workspacePath_.isEmpty() ? QString() : tr("Workspace: %1").arg(QFileInfo(workspacePath_).fileName())}};
  for (const auto& [label, text] : places) {
    label->setText(text);
    label->setToolTip(QDir::toNativeSeparators(label == database_ ? databasePath_ : workspacePath_));
    label->setVisible(!text.isEmpty());
  }
}

void MainStatus::setQueryFiguresShown(bool shown) {
  queryFigures_ = shown;
  rows_->setVisible(shown);
  time_->setVisible(shown);
}

void MainStatus::setBusy(bool busy) {
  busyBar_->setVisible(busy);
  job_->setText(busy ? runner_->currentLabel() + QStringLiteral("…") : QString());
  job_->setVisible(busy);
  elapsed_->setVisible(busy);
  if (busy) {
    tick();
    ticker_->start();
  } else {
    ticker_->stop();
  }
}

void MainStatus::tick() {
  const qint64 ms = runner_->elapsedMs();
  const qint64 tenths = (ms / 100) % 10;
  const qint64 seconds = (ms / 1000) % 60;
  const qint64 minutes = ms / 60000;
  elapsed_->setText(
      QStringLiteral("%1:%2.%3").arg(minutes).arg(seconds, 2, 10, QLatin1Char('0')).arg(tenths));
}

void MainStatus::retranslate() {
  busyBar_->setToolTip(tr("Working… press Esc to cancel"));
  elapsed_->setToolTip(tr("Time since the job started"));
  if (messageText_) message_->setText(messageText_());
  if (timeText_) time_->setText(timeText_());
  showPlaces();
}

}  // namespace hs::ui
