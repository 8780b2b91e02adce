#pragma once
// The annotation bar's own connection to the workspace and the annotations written through it:
// MRSQLGen types through the HKB (hs::mr::addAnnotation), so that it learns each at once; other
// taxonomies (TA-SQL, the human verdicts) directly. A redo writes the undone row again.
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/core/finding.h"

namespace hs::ws {
class Workspace;
struct AnnotationRecord;
}  // namespace hs::ws

namespace hs::ui {

class HkbLoader;

// One annotation about to be written.
struct AnnotationDraft {
  qint64 caseId = -1;
  QString taxonomy;       // addOther() only; addMr() writes "mrsqlgen"
  QString category;       // "C4", "Join Redundancy"; "" with the verdicts correct, incorrect, unsure
  const char* verdict;    // "added", "confirmed", "rejected", "correct", "incorrect", "unsure"
  qint64 findingId = -1;  // the automatic finding confirmed or rejected, -1 for none
  QString subcategory;    // addMr() only
  QString annotator;
  QString note;
  std::optional<hs::FindingSpan> span;  // a label on exactly this span of the SQL
};

class AnnotationWriter {
 public:
  explicit AnnotationWriter(HkbLoader* hkb);
  ~AnnotationWriter();

  // Opens its own connection (the previous one closed). The error in words when it cannot; "" closes.
  std::optional<QString> open(const QString& path);
  hs::ws::Workspace* workspace() const { return ws_.get(); }  // nullptr while none is open

  hs::Result<std::int64_t> addMr(const AnnotationDraft& draft);     // needs the HKB loaded
  hs::Result<std::int64_t> addOther(const AnnotationDraft& draft);  // the draft's taxonomy
  // An undone annotation written again (a redo): its undo log entry is there already.
  hs::Result<std::int64_t> rewrite(const hs::ws::AnnotationRecord& record);
  hs::Status remove(std::int64_t annotationId);

 private:
  HkbLoader* hkb_;
  std::unique_ptr<hs::ws::Workspace> ws_;
};

}  // namespace hs::ui
