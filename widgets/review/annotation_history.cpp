// AnnotationHistory: undo and redo of annotations, and their changes in words.
#include "widgets/review/annotation_history.h"

#include "engine/mr/hkb.h"
#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/annotations.h"
#include "widgets/case_finding_styles.h"
#include "widgets/review/annotation_writer.h"

namespace hs::ui {

AnnotationHistory::AnnotationHistory(AnnotationWriter* writer) : writer_(writer) {}

// An annotation as a change: "mark incorrect" (past: "marked incorrect"), "confirm C8 ...".
QString AnnotationHistory::changeText(const hs::ws::AnnotationRecord& a, bool past) {
  const QString category = hs::mr::typeIndex(a.category) > 0
                               ? FindingStyles::categoryLabel("mrsqlgen", a.category)
                               : FindingStyles::categoryLabel(a.taxonomy, a.category);
  const std::string& v = a.verdict;
  if (v == "correct") return past ? tr("marked correct") : tr("mark correct");
  if (v == "incorrect") return past ? tr("marked incorrect") : tr("mark incorrect");
  if (v == "unsure") return past ? tr("marked unsure") : tr("mark unsure");
  if (v == "confirmed") return (past ? tr("confirmed %1") : tr("confirm %1")).arg(category);
  if (v == "rejected") return (past ? tr("rejected %1") : tr("reject %1")).arg(category);
  if (a.span) return (past ? tr("labelled a span %1") : tr("label a span %1")).arg(category);
  return (past ? tr("added the label %1") : tr("add the label %1")).arg(category);
}

bool AnnotationHistory::canUndo(const QString& owner) const {
  if (!writer_->workspace()) return false;
  auto depth = hs::ws::undoDepth(*writer_->workspace(), owner.toStdString());
  return depth && depth->undo > 0;
}

bool AnnotationHistory::canRedo(const QString& owner) const {
  if (!writer_->workspace()) return false;
  auto depth = hs::ws::undoDepth(*writer_->workspace(), owner.toStdString());
  return depth && depth->redo > 0;
}

AnnotationChange AnnotationHistory::nextUndo(const QString& owner) const {
  if (!writer_->workspace()) return {};
  auto next = hs::ws::nextUndo(*writer_->workspace(), owner.toStdString());
  if (!next || !*next) return {};
  return AnnotationChange{(*next)->caseId, changeText(**next, false)};
}

AnnotationChange AnnotationHistory::nextRedo(const QString& owner) const {
  if (!writer_->workspace()) return {};
  auto next = hs::ws::nextRedo(*writer_->workspace(), owner.toStdString());
  if (!next || !*next) return {};
  return AnnotationChange{(*next)->caseId, changeText(**next, false)};
}

hs::Result<std::optional<hs::ws::AnnotationRecord>> AnnotationHistory::undo(const QString& owner) {
  return hs::ws::undoAnnotation(*writer_->workspace(), owner.toStdString());
}

hs::Result<std::optional<hs::ws::AnnotationRecord>> AnnotationHistory::redo(const QString& owner) {
  AnnotationWriter* writer = writer_;
  return hs::ws::redoAnnotation(*writer->workspace(), owner.toStdString(),
                                [writer](const hs::ws::AnnotationRecord& r) { return writer->rewrite(r); });
}

}  // namespace hs::ui
