#pragma once
// The workspace table annotations (migration 1): manual verdicts on cases and findings, in the
// order they were made; and the finding rows they refer to.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/finding.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

struct AnnotationRecord {
  std::int64_t id = 0;  // assigned on insert
  std::int64_t caseId = 0;
  std::optional<std::int64_t> findingId;
  std::string annotator;
  std::string verdict;   // one of kAnnotationVerdicts
  std::string taxonomy;  // "mrsqlgen", "tasql"
  std::string category;
  std::string subcategory;
  std::string note;
  std::string createdAt;            // UTC, ISO 8601; filled on insert (kept when given: an imported row)
  std::optional<FindingSpan> span;  // a label attached to exactly this span of the SQL (migration 4)
};

// The verdicts an annotation can carry: on a finding ("confirmed", "rejected"), a label the
// reviewer added ("added"), and the human verdicts on the case ("correct", "incorrect", "unsure").
inline constexpr std::array<std::string_view, 6> kAnnotationVerdicts = {"added",   "confirmed", "rejected",
                                                                        "correct", "incorrect", "unsure"};
bool isAnnotationVerdict(std::string_view verdict);

// The longest note a reviewer can write (on an annotation or an adjudication), in bytes of UTF-8.
inline constexpr std::size_t kMaxNoteBytes = 64 * 1024;

// A note longer than kMaxNoteBytes: error "note_too_long" saying both sizes.
Status checkNote(std::string_view note);

// What insertAnnotation() refuses in an annotation's text: a verdict not in kAnnotationVerdicts
// ("bad_verdict"), a NUL character in any text field ("nul_in_text", naming the field) and a note
// past kMaxNoteBytes ("note_too_long"). BadInput errors without a place; an import adds its own.
Status checkAnnotationText(const AnnotationRecord& annotation);

// Whether an insert is a reviewer's action (logged for undo and redo, annotation_undo.h) or a
// copy of rows made elsewhere (an import of another reviewer's annotations: not logged).
enum class UndoLog { Record, Skip };

// The case's annotations in the order they were made.
Result<std::vector<AnnotationRecord>> annotationsOfCase(const Workspace& ws, std::int64_t caseId);

// The annotations of the given taxonomies (of one run's cases, or of all), in the order they were made.
Result<std::vector<AnnotationRecord>> annotationsOfTaxonomies(const Workspace& ws,
                                                              const std::vector<std::string>& taxonomies,
                                                              std::optional<std::int64_t> runId = {});

// Inserts one annotation (one transaction, with its undo-log entry unless `log` is Skip; a new
// action empties the annotator's redo stack). Returns its row id; an unknown case, a span
// outside the byte range of its side's SQL and the text checkAnnotationText() refuses fail.
Result<std::int64_t> insertAnnotation(Workspace& ws, const AnnotationRecord& annotation,
                                      UndoLog log = UndoLog::Record);

// Removes one annotation (undo). Error when there is no such row.
Status removeAnnotation(Workspace& ws, std::int64_t annotationId);

// The row ids of the case's evaluation findings, in the order loadOutcome() returns the findings.
Result<std::vector<std::int64_t>> evaluationFindingIds(const Workspace& ws, std::int64_t caseId);

// (case id, category) of every finding of a taxonomy (of one run's cases, or of all), in row order.
struct FindingCategory {
  std::int64_t caseId = 0;
  std::string category;
};
Result<std::vector<FindingCategory>> findingCategories(const Workspace& ws, const std::string& taxonomy,
                                                       std::optional<std::int64_t> runId = {});

}  // namespace hs::ws
