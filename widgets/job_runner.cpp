#include "widgets/job_runner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QMetaObject>
#include <QPointer>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

namespace hs::ui {

void JobContext::setProgress(int value, int maximum, const QString& text) {
  QPointer<JobRunner> runner = runner_;
  if (!runner) return;
  QMetaObject::invokeMethod(
      runner,
      [runner, value, maximum, text]() {
        if (runner) emit runner->progress(value, maximum, text);
      },
      Qt::QueuedConnection);
}

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<void>::finished, this, &JobRunner::onFinished);
}

JobRunner::~JobRunner() {
  if (busy_) {
    cancel();
    watcher_.waitForFinished();
  }
}

bool JobRunner::startErased(const QString& label, std::function<void(JobContext&)> work,
                            std::function<void()> done, std::function<void()> onCancel) {
  if (busy_) return false;
  ctx_ = std::make_shared<JobContext>();
  ctx_->runner_ = this;
  done_ = std::move(done);
  onCancel_ = std::move(onCancel);
  label_ = label;
  busy_ = true;
  timer_.start();
  auto ctx = ctx_;
  watcher_.setFuture(QtConcurrent::run([work = std::move(work), ctx]() { work(*ctx); }));
  emit started(label_);
  emit busyChanged(true);
  return true;
}

void JobRunner::cancel() {
  if (!busy_ || !ctx_ || ctx_->cancelled_.load()) return;
  ctx_->cancelled_.store(true);
  if (onCancel_) onCancel_();
  emit cancelRequested();
}

void JobRunner::onFinished() {
  lastElapsedMs_ = timer_.elapsed();
  const bool cancelled = ctx_ && ctx_->cancelled_.load();
  auto done = std::move(done_);
  done_ = nullptr;
  onCancel_ = nullptr;
  ctx_.reset();
  busy_ = false;
  const QString label = label_;
  // done() may start the next job (e.g. a fetch), so the runner is idle before it runs.
  emit busyChanged(false);
  if (done) done();
  emit finished(label, lastElapsedMs_, cancelled);
}

void JobRunner::abandon() {
  if (!busy_) return;
  cancel();
  done_ = nullptr;
  watcher_.waitForFinished();
}

bool JobRunner::waitForIdle(int timeoutMs) {
  QDeadlineTimer deadline(timeoutMs);
  while (busy_ && !deadline.hasExpired()) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(1);
  }
  return !busy_;
}

}  // namespace hs::ui
