#pragma once
// Runs the editor's query through the job runner (off the UI thread), feeds the result grid,
// marks SQL errors in the editor and reports time and rows. Cancel interrupts the engine.
#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace hs::ui {

class DatabaseController;
class JobRunner;
class ResultModel;
class SqlEditor;

class QueryController : public QObject {
  Q_OBJECT
 public:
  QueryController(JobRunner* runner, DatabaseController* databases, SqlEditor* editor, ResultModel* model,
                  QObject* parent = nullptr);

  // Runs what the editor says to run (selection, statement under the cursor, or all).
  bool run();
  // Runs `sql`, whose first byte is at editorOffset in the editor text (for error marks).
  bool runSql(const QByteArray& sql, int editorOffset);
  void cancel();
  bool isRunning() const { return running_; }
  QString lastStatus() const { return lastStatus_; }
  QString lastError() const { return lastError_; }
  int lastElapsedMs() const { return lastElapsedMs_; }
  // What the last run() started: the editor's bytes and the offset of the first one in its text.
  const QByteArray& lastRunSql() const { return lastRunSql_; }
  int lastRunOffset() const { return lastRunOffset_; }

  // "1,024 rows (more available)" and the like, in the current language.
  static QString rowsText(int rows, bool more);

 signals:
  void queryStarted();
  // ok: the query ran (rows may follow lazily); message: the error or the rows text.
  void queryFinished(bool ok, const QString& message, int elapsedMs);
  void statusChanged(const QString& text);

 private:
  void onRowsFetched(int rows, bool more);

  JobRunner* runner_;
  DatabaseController* databases_;
  SqlEditor* editor_;
  ResultModel* model_;
  bool running_ = false;
  QString lastStatus_;
  QString lastError_;
  int lastElapsedMs_ = 0;
  QByteArray lastRunSql_;
  int lastRunOffset_ = 0;
};

}  // namespace hs::ui
