#pragma once
// The HKB of a workspace, derived on load (no table of its own): every case with mrsqlgen labels
// (cases.labels_json), automatic mrsqlgen findings (findings table) and manual annotations
// (annotations table, applied in the order they were made). It grows with each manual annotation
// through addAnnotation(), which writes the annotations row and updates the in-memory HKB.
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/core/finding.h"
#include "engine/mr/hkb.h"
#include "engine/mr/hkb_build.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/workspace.h"

namespace hs::mr {

struct HkbLoadOptions {
  bool includeFindings = true;        // findings with taxonomy "mrsqlgen" (automatic, unconfirmed)
  std::optional<std::int64_t> runId;  // only this run's cases; all runs when empty
};

// Entry keys are "case:<row id>". Vocabularies come from the cases' attached databases (their
// paths are registered in `vocabularies`), else from whatever `vocabularies` resolves by db_id.
Result<Hkb> loadHkb(const ws::Workspace& workspace, VocabularyCache& vocabularies,
                    const HkbLoadOptions& options = {});

struct ManualAnnotation {
  std::int64_t caseId = 0;  // workspace case row id
  std::string category;     // "C1".."C10" (empty only with verdict "correct")
  std::string annotator;
  // "added" / "confirmed": the case has the type; "rejected": it has not (clears the flag);
  // "correct": the case has no hallucination (clears every flag).
  std::string verdict = "added";
  std::string subcategory;
  std::string note;
  std::optional<std::int64_t> findingId;  // the finding confirmed or rejected, if any
  std::optional<FindingSpan> span;        // a label on exactly this span of the SQL
  ws::UndoLog log = ws::UndoLog::Record;  // Skip for a redo (the undo log has the entry already)
};

// Inserts the annotations row (taxonomy "mrsqlgen") and applies it to `hkb` (creating the
// case's entry when it has none). Returns the annotation row id. Errors: unknown case, a category
// that is not C1..C10, a verdict not listed above, workspace write failures.
Result<std::int64_t> addAnnotation(ws::Workspace& workspace, Hkb& hkb, VocabularyCache& vocabularies,
                                   const ManualAnnotation& annotation);

// The key of a workspace case's entry.
std::string caseEntryKey(std::int64_t caseId);

}  // namespace hs::mr
