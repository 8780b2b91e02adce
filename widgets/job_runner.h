#pragma once
// One job runner for every long job of a widget: runs work off the UI thread (QtConcurrent +
// QFutureWatcher), reports progress, and cancels through a callback (e.g. Database::interrupt()).
// One job at a time; start() refuses a second job while one runs.
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace hs::ui {

// Handed to the work function on the worker thread.
class JobContext {
 public:
  bool isCancelled() const { return cancelled_.load(); }
  // Thread-safe; delivered to the UI thread as JobRunner::progress().
  void setProgress(int value, int maximum, const QString& text = {});

 private:
  friend class JobRunner;
  std::atomic<bool> cancelled_{false};
  class JobRunner* runner_ = nullptr;
};

class JobRunner : public QObject {
  Q_OBJECT
 public:
  explicit JobRunner(QObject* parent = nullptr);
  ~JobRunner() override;

  bool isBusy() const { return busy_; }
  QString currentLabel() const { return label_; }
  qint64 elapsedMs() const { return busy_ ? timer_.elapsed() : lastElapsedMs_; }

  // Runs work(ctx) on a pool thread, then done(result) on the UI thread. onCancel runs on the UI
  // thread when cancel() is called (use it to interrupt the engine). Returns false when busy.
  template <class R>
  bool start(const QString& label, std::function<R(JobContext&)> work, std::function<void(R)> done,
             std::function<void()> onCancel = {}) {
    auto slot = std::make_shared<std::optional<R>>();
    return startErased(
        label, [work = std::move(work), slot](JobContext& ctx) { slot->emplace(work(ctx)); },
        [done = std::move(done), slot]() {
          if (done && slot->has_value()) done(std::move(**slot));
        },
        std::move(onCancel));
  }

  // Blocks (processing events) until the runner is idle or timeoutMs passes; for tests and tools.
  bool waitForIdle(int timeoutMs);

  // Cancels a running job and blocks until its worker returns, WITHOUT processing events and
  // without running its done callback: for destructors. Processing events there (waitForIdle)
  // runs callbacks that reach the owner's half-destroyed parent (a panel closed mid-load).
  void abandon();

 public slots:
  void cancel();

 signals:
  void busyChanged(bool busy);
  void started(const QString& label);
  void progress(int value, int maximum, const QString& text);
  void cancelRequested();
  void finished(const QString& label, qint64 elapsedMs, bool cancelled);

 private:
  bool startErased(const QString& label, std::function<void(JobContext&)> work, std::function<void()> done,
                   std::function<void()> onCancel);
  void onFinished();

  QFutureWatcher<void> watcher_;
  std::shared_ptr<JobContext> ctx_;
  std::function<void()> done_;
  std::function<void()> onCancel_;
  QElapsedTimer timer_;
  QString label_;
  qint64 lastElapsedMs_ = 0;
  bool busy_ = false;
};

}  // namespace hs::ui
