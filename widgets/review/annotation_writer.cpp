// AnnotationWriter: the annotation bar's writes to the workspace.
#include "widgets/review/annotation_writer.h"

#include <utility>

#include "engine/mr/hkb_annotations.h"
#include "engine/mr/hkb_workspace.h"
#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/hkb_loader.h"

namespace hs::ui {

AnnotationWriter::AnnotationWriter(HkbLoader* hkb) : hkb_(hkb) {}

AnnotationWriter::~AnnotationWriter() = default;

std::optional<QString> AnnotationWriter::open(const QString& path) {
  ws_.reset();
  if (path.isEmpty()) return std::nullopt;
  auto opened = hs::ws::Workspace::open(path.toStdString());
  if (!opened) return QString::fromStdString(opened.error().describe());
  ws_ = std::make_unique<hs::ws::Workspace>(std::move(*opened));
  return std::nullopt;
}

hs::Result<std::int64_t> AnnotationWriter::addMr(const AnnotationDraft& draft) {
  hs::mr::ManualAnnotation a;
  a.note = draft.note.toStdString();
  a.caseId = draft.caseId;
  a.category = draft.category.toStdString();
  a.annotator = draft.annotator.toStdString();
  a.verdict = draft.verdict;
  a.subcategory = draft.subcategory.toStdString();
  if (draft.findingId >= 0) a.findingId = draft.findingId;
  a.span = draft.span;
  return hs::mr::addAnnotation(*ws_, *hkb_->hkb(), hkb_->vocabularies(), a);
}

hs::Result<std::int64_t> AnnotationWriter::addOther(const AnnotationDraft& draft) {
  hs::mr::AnnotationRecord a;
  a.note = draft.note.toStdString();
  a.caseId = draft.caseId;
  a.taxonomy = draft.taxonomy.toStdString();
  a.category = draft.category.toStdString();
  a.annotator = draft.annotator.toStdString();
  a.verdict = draft.verdict;
  if (draft.findingId >= 0) a.findingId = draft.findingId;
  a.span = draft.span;
  return hs::mr::addOtherAnnotation(*ws_, a);
}

hs::Result<std::int64_t> AnnotationWriter::rewrite(const hs::ws::AnnotationRecord& r) {
  if (!r.taxonomy.empty() && r.taxonomy != "mrsqlgen")
    return hs::ws::insertAnnotation(*ws_, r, hs::ws::UndoLog::Skip);
  // MRSQLGen annotations are written again through the HKB, which learns them at once.
  hs::mr::ManualAnnotation a;
  a.caseId = r.caseId;
  a.category = r.category;
  a.annotator = r.annotator;
  a.verdict = r.verdict;
  a.subcategory = r.subcategory;
  a.note = r.note;
  a.findingId = r.findingId;
  a.span = r.span;
  a.log = hs::ws::UndoLog::Skip;
  return hs::mr::addAnnotation(*ws_, *hkb_->hkb(), hkb_->vocabularies(), a);
}

hs::Status AnnotationWriter::remove(std::int64_t annotationId) {
  return hs::mr::removeAnnotation(*ws_, annotationId);
}

}  // namespace hs::ui
