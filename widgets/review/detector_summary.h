#pragma once
// The Review tab's detector bench, compact: for the shown run, the detectors of engine/bench
// (the same code `hallusql-cli bench-detectors` runs) labelled by EX, computed in the background,
// on one line ("Detectors by EX, 972 cases: risk score AUROC 0.76 [0.73, 0.80] ..."), with the
// details (AUPRC, best RS(c) thresholds for c = 0, 10, N) in the tooltip.
#include <QLabel>
#include <QString>

#include <memory>

#include <nlohmann/json_fwd.hpp>

namespace hs::ui {

class JobRunner;

class DetectorSummary : public QLabel {
  Q_OBJECT
 public:
  explicit DetectorSummary(QWidget* parent = nullptr);
  ~DetectorSummary() override;

  // Starts the bench of the run (a running one is cancelled; the newest request wins).
  void compute(const QString& workspacePath, qint64 runId);
  void clearSummary();
  bool isBusy() const;
  JobRunner* runner() const { return runner_; }
  // The line and the tooltip for a bench-detectors summary (public for tests).
  static QString line(const nlohmann::json& summary);
  static QString details(const nlohmann::json& summary);

 signals:
  void computed(bool ok);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void startPending();
  void showSummary();

  std::shared_ptr<const nlohmann::json> summary_;  // the last bench shown (retranslated in place)

  JobRunner* runner_;
  QString pendingPath_;
  qint64 pendingRun_ = 0;
  bool hasPending_ = false;
};

}  // namespace hs::ui
