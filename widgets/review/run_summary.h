#pragma once
// The shown run in figures: the summary line ("1,034 cases · evaluated 1,034 · EX (set) 74.4% ..."),
// the detector bench under it and the RS(c) line of a run generated with abstention. The panel
// places the three widgets; this class words them from the case list.
#include <QObject>
#include <QString>

class QLabel;

namespace hs::ws {
class Workspace;
}

namespace hs::ui {

class CaseListModel;
class DetectorSummary;
struct EvaluationResult;

class RunSummary : public QObject {
  Q_OBJECT
 public:
  explicit RunSummary(QObject* parent = nullptr);

  QLabel* line() const { return stats_; }
  DetectorSummary* detectors() const { return detectors_; }
  QLabel* reliabilityLine() const { return reliability_; }

  // Words the figures of run `runId` (its cases in `model`); the bench starts again in the
  // background when the run or its evaluated count changed. `ws` may be nullptr (no workspace).
  void update(const CaseListModel& model, const hs::ws::Workspace* ws, const QString& path, qint64 runId);
  // After an evaluation: its failure, or where it was cancelled, after the figures.
  void noteEvaluation(const EvaluationResult& result);
  QString text() const;
  QString reliabilityText() const;  // "" when the run had no abstention

 private:
  void updateReliability(const CaseListModel& model);

  QLabel* stats_;
  DetectorSummary* detectors_;  // the detector bench of the shown run
  QLabel* reliability_;         // RS(c) of a run generated with abstention
  qint64 benchedRun_ = 0;
  int benchedEvaluated_ = -1;
};

}  // namespace hs::ui
