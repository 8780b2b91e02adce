#pragma once
// Runs the evaluation of a workspace run in the background through the engine's workflow
// (hs::workflow::evaluateRun: in batches, each complete batch saved in one transaction; a batch
// cut short by Cancel is dropped). Also imports a benchmark file as a run.
#include <QObject>
#include <QString>

#include "engine/workspace/import/import.h"

namespace hs::ui {

class JobRunner;

struct EvaluationResult {
  qint64 runId = 0;
  int total = 0;
  int saved = 0;
  bool cancelled = false;
  QString error;  // non-empty when the evaluation could not run or a save failed
  qint64 elapsedMs = 0;
};

struct ImportResult {
  qint64 runId = 0;
  int cases = 0;
  QString error;
};

class EvaluationController : public QObject {
  Q_OBJECT
 public:
  explicit EvaluationController(QObject* parent = nullptr);
  ~EvaluationController() override;

  JobRunner* runner() const { return runner_; }
  bool isBusy() const;

  void setJobs(int jobs) { jobs_ = jobs < 1 ? 1 : jobs; }
  void setBatchSize(int cases) { batchSize_ = cases < 1 ? 1 : cases; }

  // Evaluates every case of the run (replacing earlier results). The databases are looked up
  // under `dbRoot`; when empty, under the run's "db_root" setting, else next to the workspace.
  // Returns false when a job runs.
  bool evaluate(const QString& workspacePath, qint64 runId, const QString& dbRoot = {});
  // Stores already imported cases as a new run (settings remember the db root). Then emits
  // imported(); the caller decides whether to evaluate.
  bool importRun(const QString& workspacePath, hs::ws::import::ImportReport report, const QString& runName,
                 const QString& model, const QString& sourceFile, const QString& dbRoot);

 public slots:
  void cancel();

 signals:
  void progress(int done, int total);
  void finished(const hs::ui::EvaluationResult& result);
  void imported(const hs::ui::ImportResult& result);
  void busyChanged(bool busy);

 private:
  JobRunner* runner_;
  int jobs_ = 2;
  int batchSize_ = 100;
};

// The run's "db_root" setting (settings_json), or "" when absent.
QString runDbRoot(const std::string& settingsJson);

}  // namespace hs::ui

Q_DECLARE_METATYPE(hs::ui::EvaluationResult)
Q_DECLARE_METATYPE(hs::ui::ImportResult)
