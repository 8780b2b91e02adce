// The UI thread's longest stall while a long query runs and is cancelled.
// A QTimer ticks every 5 ms on the UI thread and records the gaps between ticks while the main
// window runs a query that would take far longer than 10 s (a triple cartesian product); the
// query is cancelled after --run-ms (default 2000). Also scrolls the result grid of a 200k-row
// table to its end while blocks are fetched. Prints one JSON object.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "widgets/database_controller.h"
#include "widgets/gui_test_db.h"
#include "widgets/job_runner.h"
#include "widgets/main_window.h"
#include "widgets/query_controller.h"
#include "widgets/result_model.h"
#include "widgets/sql_editor.h"

namespace {

struct GapStats {
  double maxMs = 0;
  double p99Ms = 0;
  double p50Ms = 0;
  std::size_t ticks = 0;
};

GapStats stats(std::vector<double> gaps) {
  GapStats s;
  if (gaps.empty()) return s;
  std::sort(gaps.begin(), gaps.end());
  s.ticks = gaps.size();
  s.maxMs = gaps.back();
  s.p99Ms =
      gaps[std::min(gaps.size() - 1, static_cast<std::size_t>(0.99 * static_cast<double>(gaps.size())))];
  s.p50Ms = gaps[gaps.size() / 2];
  return s;
}

// Records the gaps between 5 ms ticks while `active` says so.
class GapMeter {
 public:
  GapMeter() {
    timer_.setTimerType(Qt::PreciseTimer);
    timer_.setInterval(5);
    QObject::connect(&timer_, &QTimer::timeout, [this]() {
      const double now = static_cast<double>(clock_.nsecsElapsed()) / 1e6;
      if (last_ >= 0) gaps_.push_back(now - last_);
      last_ = now;
    });
  }
  void start() {
    gaps_.clear();
    last_ = -1;
    clock_.start();
    timer_.start();
  }
  std::vector<double> stop() {
    timer_.stop();
    return gaps_;
  }

 private:
  QTimer timer_;
  QElapsedTimer clock_;
  std::vector<double> gaps_;
  double last_ = -1;
};

void waitFor(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!done() && t.elapsed() < timeoutMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  QCommandLineParser parser;
  QCommandLineOption runMs(QStringLiteral("run-ms"), QStringLiteral("Cancel after this many ms."),
                           QStringLiteral("ms"), QStringLiteral("2000"));
  QCommandLineOption bigRows(QStringLiteral("rows"), QStringLiteral("Rows of the scrolled table."),
                             QStringLiteral("n"), QStringLiteral("200000"));
  parser.addOptions({runMs, bigRows});
  parser.process(app);
  const int cancelAfter = parser.value(runMs).toInt();
  const int rows = parser.value(bigRows).toInt();

  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bench.sqlite"));
  if (!hs::test::createGuiTestDb(path, rows)) {
    std::fprintf(stderr, "could not create %s\n", qPrintable(path));
    return 1;
  }
  hs::ui::MainWindow w;
  w.show();
  w.openDatabase(path);
  waitFor([&]() { return w.databases()->isOpen(); }, 30000);
  if (!w.databases()->isOpen()) {
    std::fprintf(stderr, "could not open %s\n", qPrintable(path));
    return 1;
  }

  // 0. Baseline: the same timer with the window idle (shows the machine's own scheduling noise).
  GapMeter meter;
  meter.start();
  waitFor([]() { return false; }, 1000);
  const GapStats idle = stats(meter.stop());

  // 1. A query that would run for minutes, cancelled after cancelAfter ms.
  w.editor()->setText(QString::fromLatin1(hs::test::longQuery()));
  meter.start();
  QElapsedTimer total;
  total.start();
  w.runQuery();
  waitFor([]() { return false; }, cancelAfter);
  const bool stillRunning = w.jobRunner()->isBusy();
  QElapsedTimer cancelClock;
  cancelClock.start();
  w.actions().cancel->trigger();
  waitFor([&]() { return !w.jobRunner()->isBusy(); }, 30000);
  const double cancelToIdleMs = static_cast<double>(cancelClock.nsecsElapsed()) / 1e6;
  const GapStats run = stats(meter.stop());
  const QString cancelMessage = w.queries()->lastError();

  // 2. Scrolling a large table to its end while blocks are fetched lazily.
  w.editor()->setText(QStringLiteral("SELECT n, label FROM big"));
  meter.start();
  QElapsedTimer scrollClock;
  scrollClock.start();
  w.runQuery();
  waitFor([&]() { return !w.jobRunner()->isBusy(); }, 30000);
  const double firstBlockMs = static_cast<double>(scrollClock.nsecsElapsed()) / 1e6;
  QTableView* grid = w.findChild<QTableView*>(QStringLiteral("resultGrid"));
  int target = 20000;
  while (w.resultModel()->rowCount() < target && scrollClock.elapsed() < 60000) {
    grid->verticalScrollBar()->setValue(grid->verticalScrollBar()->maximum());
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  }
  const double scrollMs = static_cast<double>(scrollClock.nsecsElapsed()) / 1e6;
  const GapStats scroll = stats(meter.stop());

  std::printf(
      "{\"benchmark\":\"gui_ui_stall\",\"idle\":{\"ui_ticks\":%zu,\"max_gap_ms\":%.2f,\"p99_gap_ms\":%.2f,"
      "\"p50_gap_ms\":%.2f},\"long_query\":{\"cancel_after_ms\":%d,\"still_running_at_cancel\":%s,"
      "\"ui_ticks\":%zu,\"max_gap_ms\":%.2f,\"p99_gap_ms\":%.2f,\"p50_gap_ms\":%.2f,\"cancel_to_idle_ms\":%."
      "2f,"
      "\"total_ms\":%.1f,\"message\":\"%s\"},"
      "\"scroll\":{\"table_rows\":%d,\"first_block_ms\":%.2f,\"rows_loaded\":%d,\"time_to_rows_ms\":%.1f,"
      "\"max_gap_ms\":%.2f,\"p99_gap_ms\":%.2f}}\n",
      idle.ticks, idle.maxMs, idle.p99Ms, idle.p50Ms, cancelAfter, stillRunning ? "true" : "false", run.ticks,
      run.maxMs, run.p99Ms, run.p50Ms, cancelToIdleMs, static_cast<double>(total.nsecsElapsed()) / 1e6,
      qPrintable(cancelMessage), rows, firstBlockMs, w.resultModel()->rowCount(), scrollMs, scroll.maxMs,
      scroll.p99Ms);
  return stillRunning ? 0 : 1;
}
