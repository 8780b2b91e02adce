// RunSummary: the figures of the shown run, its detector bench and its RS(c) line.
#include "widgets/review/run_summary.h"

#include <QLabel>
#include <QLocale>

#include <vector>

#include <nlohmann/json.hpp>

#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/detector_summary.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_preview.h"
#include "widgets/review/reliability_line.h"

namespace hs::ui {

namespace {

QString percent(int part, int whole) {
  return whole > 0 ? QLocale().toString(100.0 * part / whole, 'f', 1) : QStringLiteral("–");
}

}  // namespace

RunSummary::RunSummary(QObject* parent)
    : QObject(parent), stats_(new QLabel), detectors_(new DetectorSummary), reliability_(new QLabel) {
  stats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  stats_->setWordWrap(true);  // a long summary wraps instead of widening the window past the screen
  reliability_->setObjectName(QStringLiteral("reviewReliability"));
  reliability_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  reliability_->hide();
}

QString RunSummary::text() const {
  return stats_->text();
}

QString RunSummary::reliabilityText() const {
  return reliability_->isHidden() ? QString() : reliability_->text();
}

void RunSummary::updateReliability(const CaseListModel& model) {
  bool any = false;  // a run without abstention (most runs) costs one scan
  for (int r = 0; r < model.rowCount() && !any; ++r) any = model.row(r).summary.abstention.has_value();
  if (!any) {
    reliability_->clear();
    reliability_->setToolTip({});
    reliability_->hide();
    return;
  }
  std::vector<hs::ws::CaseSummary> rows;
  rows.reserve(static_cast<std::size_t>(model.rowCount()));
  for (int r = 0; r < model.rowCount(); ++r) rows.push_back(model.row(r).summary);
  const nlohmann::json reliability = hs::ws::runReliability(rows);
  reliability_->setText(ReliabilityLine::text(reliability));
  reliability_->setToolTip(ReliabilityLine::tooltip(reliability));
  reliability_->setVisible(reliability.is_object());
}

void RunSummary::update(const CaseListModel& model, const hs::ws::Workspace* ws, const QString& path,
                        qint64 runId) {
  const int n = model.rowCount();
  const int evaluated = n == 0 ? 0 : model.evaluatedCount();
  // The detector bench follows the shown run and its evaluation (in the background).
  if (evaluated == 0) {
    detectors_->clearSummary();
    benchedRun_ = 0;
    benchedEvaluated_ = -1;
  } else if (benchedRun_ != runId || benchedEvaluated_ != evaluated) {
    benchedRun_ = runId;
    benchedEvaluated_ = evaluated;
    detectors_->compute(path, benchedRun_);
  }
  updateReliability(model);
  if (n == 0) {
    stats_->clear();
    return;
  }
  // The cases that cannot be scored, counted by the engine against the run's database folder and
  // said once here (before, only each case's Results tab gave the reason).
  QString notScored;
  if (ws)
    if (auto counted = hs::workflow::notScoredOfRun(*ws, runId); counted && counted->total() > 0)
      notScored =
          QStringLiteral(" · ") + notScoredText(*counted) +
          (counted->databaseMissing > 0 ? QStringLiteral(" · ") + tr("Manage Run ▸ Set Database Folder…")
                                        : QString());
  if (evaluated == 0) {
    stats_->setText(tr("%n case(s), not evaluated yet", nullptr, n) + notScored);
    return;
  }
  const int decided = model.correctCount() + model.wrongCount();
  QString text =
      tr("%1 cases · evaluated %2 · EX (set) %3% (%4 correct, %5 wrong)")
          .arg(QLocale().toString(n), QLocale().toString(evaluated), percent(model.correctCount(), decided),
               QLocale().toString(model.correctCount()), QLocale().toString(model.wrongCount()));
  // The other semantics beside it: bag, ordered (cases whose gold orders), and set ignoring the
  // column order when the run asked for it.
  int bag[2] = {0, 0}, ordered[2] = {0, 0}, anyOrder[2] = {0, 0};
  for (int r = 0; r < n; ++r) {
    const auto& s = model.row(r).summary;
    if (s.exBag) ++bag[*s.exBag ? 0 : 1];
    if (s.exOrdered) ++ordered[*s.exOrdered ? 0 : 1];
    if (s.exSetAnyOrder) ++anyOrder[*s.exSetAnyOrder ? 0 : 1];
  }
  text += QStringLiteral(" · ") + tr("bag %1%").arg(percent(bag[0], bag[0] + bag[1]));
  if (ordered[0] + ordered[1] > 0)
    text += QStringLiteral(" · ") + tr("ordered %1% of %2")
                                        .arg(percent(ordered[0], ordered[0] + ordered[1]),
                                             QLocale().toString(ordered[0] + ordered[1]));
  if (anyOrder[0] + anyOrder[1] > 0)
    text += QStringLiteral(" · ") +
            tr("set ignoring column order %1%").arg(percent(anyOrder[0], anyOrder[0] + anyOrder[1]));
  stats_->setText(text + notScored);
  stats_->setToolTip(
      tr("EX: execution accuracy. Set compares the rows as sets, bag counts duplicates, "
         "ordered also compares the order (only where the gold query orders)."));
}

void RunSummary::noteEvaluation(const EvaluationResult& result) {
  if (!result.error.isEmpty())
    stats_->setText(tr("Evaluation failed: %1").arg(result.error));
  else if (result.cancelled)
    stats_->setText(stats_->text() + QStringLiteral(" · ") +
                    tr("cancelled after %1 of %2 cases").arg(result.saved).arg(result.total));
}

}  // namespace hs::ui
