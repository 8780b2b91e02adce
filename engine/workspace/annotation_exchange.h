#pragma once
// Handing annotations from one reviewer to another: one reviewer's annotations as JSON Lines, and
// the import of such a file into another workspace. A line names its case by run name and case key
// (so the file fits any workspace that imported the same run) and a confirmed or rejected finding
// by its content (taxonomy, category, subcategory, spans); rows already present (same case,
// reviewer, verdict, labels, note, span and time) are not imported twice.
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

inline constexpr const char* kAnnotationExchangeFormat = "hallusql-annotations";

// Writes the annotations of `reviewer` ("" = every reviewer) of one run (or all) as JSON Lines
// and returns how many lines were written.
Result<std::size_t> exportAnnotations(const Workspace& ws, const std::string& reviewer,
                                      std::optional<std::int64_t> runId, std::ostream& out);

// The same into the file at `path`, written through hs::OutputFile (the old file kept on failure);
// refused when `path` is the workspace itself or any SQLite database (hs::checkOutputTarget).
Result<std::size_t> exportAnnotationsToFile(const Workspace& ws, const std::string& reviewer,
                                            std::optional<std::int64_t> runId, const std::string& path);

struct AnnotationImport {
  std::size_t lines = 0;               // annotations in the file
  std::size_t added = 0;               // written
  std::size_t duplicates = 0;          // already present
  std::size_t unmatchedCases = 0;      // no such case key in the run: skipped
  std::size_t unmatchedFindings = 0;   // written as a label without its finding (no such finding here)
  std::vector<std::string> reviewers;  // sorted
};

// Reads the file written by exportAnnotations() at `path` and writes its rows into `ws` in one
// transaction (all or nothing). The cases are looked up in `runId` when given (an id that is not a
// run here is an error), else in the newest run of the line's run name (a line without one: the
// workspace's only run); a run name not in the workspace is an error listing the unknown names.
// A bad line (not JSON, missing fields, a verdict not in kAnnotationVerdicts, a NUL character in
// a text, a note past kMaxNoteBytes) is an error naming the file, line and offset. When no line's
// case key is in its run the import is an error too. Nothing is written after an error.
Result<AnnotationImport> importAnnotations(Workspace& ws, const std::string& path,
                                           std::optional<std::int64_t> runId = {});

}  // namespace hs::ws
