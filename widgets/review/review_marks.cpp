// ReviewMarks: the review state of each case, read from the workspace.
#include "widgets/review/review_marks.h"

#include <QLocale>

#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/review_progress.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/final_label.h"

namespace hs::ui {

// Annotations and the last human verdict per case; disputes as the adjudication view sees them
// (engine/workspace/reviewer_labels.h); the adjudicated final label.
std::map<qint64, CaseListModel::ReviewMark> ReviewMarks::read(const hs::ws::Workspace& ws, qint64 runId) {
  std::map<qint64, CaseListModel::ReviewMark> marks;
  if (auto rows = hs::ws::annotationsOfTaxonomies(ws, {"mrsqlgen", "tasql", "human", ""}, runId))
    for (const auto& a : *rows) {
      auto& m = marks[a.caseId];
      ++m.annotations;
      if (a.verdict == "correct" || a.verdict == "incorrect" || a.verdict == "unsure")
        m.human = QString::fromStdString(a.verdict);
    }
  if (auto reviews = hs::ws::caseReviews(ws, hs::ws::LabelScope{runId, {"mrsqlgen", "tasql"}}))
    for (const auto& c : *reviews)
      if (c.disputed) marks[c.caseId].disputed = true;
  if (auto done = hs::ws::adjudications(ws, runId))
    for (const auto& j : *done) marks[j.caseId].final = finalLabelText(j);
  // Reviewed or not is the engine's one definition, which the reports count too.
  if (auto reviewed = hs::ws::reviewedCases(ws, runId))
    for (const std::int64_t id : *reviewed) marks[id].reviewed = true;
  return marks;
}

QString ReviewMarks::progressText(const CaseListModel& model) {
  if (model.rowCount() == 0) return {};
  return tr("%1 of %2 reviewed")
      .arg(QLocale().toString(model.reviewedCount()), QLocale().toString(model.rowCount()));
}

}  // namespace hs::ui
