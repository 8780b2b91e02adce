#include "widgets/query_controller.h"

#include <QLocale>

#include "widgets/app_settings.h"
#include "widgets/database_controller.h"
#include "widgets/error_text.h"
#include "widgets/job_runner.h"
#include "widgets/result_model.h"
#include "widgets/sql_editor.h"

namespace hs::ui {

namespace {
struct Ran {
  std::shared_ptr<hs::db::Cursor> cursor;
  std::vector<hs::db::Row> rows;
  bool atEnd = true;
  std::optional<hs::Error> error;
};
}  // namespace

QueryController::QueryController(JobRunner* runner, DatabaseController* databases, SqlEditor* editor,
                                 ResultModel* model, QObject* parent)
    : QObject(parent), runner_(runner), databases_(databases), editor_(editor), model_(model) {
  connect(model_, &ResultModel::rowsFetched, this, &QueryController::onRowsFetched);
  connect(model_, &ResultModel::fetchFailed, this, [this](const QString& message) {
    lastError_ = message;
    emit statusChanged(tr("Fetching rows failed: %1").arg(message));
  });
}

QString QueryController::rowsText(int rows, bool more) {
  const QString n = QLocale().toString(rows);
  if (more) return tr("%1 rows (more available)").arg(n);
  return rows == 1 ? tr("1 row") : tr("%1 rows").arg(n);
}

bool QueryController::run() {
  if (editor_->isListActive()) editor_->cancelList();  // a completion list open while typing is done with
  const ByteRange range = editor_->rangeToRun();
  const QByteArray bytes = editor_->textBytes();
  if (range.isEmpty()) {
    emit statusChanged(tr("Nothing to run: the editor is empty."));
    return false;
  }
  const QByteArray sql = bytes.mid(range.begin, range.end - range.begin);
  if (!runSql(sql, range.begin)) return false;
  lastRunSql_ = sql;
  lastRunOffset_ = range.begin;
  return true;
}

bool QueryController::runSql(const QByteArray& sql, int editorOffset) {
  auto db = databases_->database();
  if (!db) {
    emit statusChanged(tr("Open a database first (File > Open)."));
    return false;
  }
  if (runner_->isBusy()) return false;
  editor_->clearError();
  model_->clearResult();
  const hs::db::Limits limits = AppSettings::queryLimits();
  const auto block = static_cast<std::size_t>(model_->blockSize());
  const std::string text = sql.toStdString();
  auto interrupter = db->interrupter();
  std::function<void()> interrupt = [interrupter]() { interrupter->interrupt(); };
  const bool started = runner_->start<Ran>(
      tr("Running query"),
      [db, text, limits, block](JobContext& ctx) {
        Ran out;
        auto cursor = db->openCursor(text, limits);
        if (!cursor.ok()) {
          out.error = cursor.error();
          return out;
        }
        out.cursor = std::shared_ptr<hs::db::Cursor>(std::move(cursor.value()));
        if (ctx.isCancelled()) {
          out.error = hs::makeError(hs::ErrorKind::Cancelled, "cancelled", "cancelled");
          out.cursor.reset();
          return out;
        }
        auto rows = out.cursor->fetch(block);
        if (!rows.ok()) {
          out.error = rows.error();
          out.cursor.reset();
          return out;
        }
        out.rows = std::move(rows.value());
        out.atEnd = out.cursor->atEnd();
        return out;
      },
      [this, editorOffset, interrupt, editorText = editor_->textBytes()](Ran r) {
        running_ = false;
        lastElapsedMs_ = static_cast<int>(runner_->elapsedMs());
        if (r.error) {
          const hs::Error& e = *r.error;
          QString message = ErrorText::sqliteMessage(QString::fromStdString(e.message));
          if (e.kind == hs::ErrorKind::Cancelled)
            message = tr("Query cancelled.");
          else if (e.kind == hs::ErrorKind::Timeout)
            message = tr("Query stopped at the time limit: %1").arg(message);
          if (e.offset) {
            const int begin = editorOffset + static_cast<int>(*e.offset);
            const int end = e.end ? editorOffset + static_cast<int>(*e.end) : begin;
            editor_->showError(begin, end, message);
            message += QStringLiteral(" (") + ErrorText::position(editorText, begin) + QLatin1Char(')');
          }
          lastError_ = message;
          lastStatus_ = message;
          emit statusChanged(message);
          emit queryFinished(false, message, lastElapsedMs_);
          return;
        }
        lastError_.clear();
        const int n = static_cast<int>(r.rows.size());
        const bool more = !r.atEnd;
        model_->setResult(std::move(r.cursor), std::move(r.rows), !more, interrupt);
        lastStatus_ = rowsText(n, more);
        emit statusChanged(lastStatus_);
        emit queryFinished(true, lastStatus_, lastElapsedMs_);
      },
      interrupt);
  if (!started) return false;
  running_ = true;
  lastError_.clear();
  emit queryStarted();
  emit statusChanged(QString());  // the status bar's job indicator says "Running query…" and ticks
  return true;
}

void QueryController::cancel() {
  runner_->cancel();
}

void QueryController::onRowsFetched(int rows, bool more) {
  lastStatus_ = rowsText(rows, more);
  emit statusChanged(lastStatus_);
}

}  // namespace hs::ui
