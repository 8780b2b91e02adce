#pragma once
// The reviewers' undo and redo, kept in the workspace (table annotation_undo, migration 4) so that
// they survive a restart: every annotation a reviewer writes (insertAnnotation) is logged with its
// record; undo removes the reviewer's newest logged annotation and keeps it for redo; redo writes
// it again; a new annotation empties the reviewer's redo stack. Each step is one transaction.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "engine/core/error.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

struct UndoDepth {
  std::size_t undo = 0;  // annotations the reviewer can take back
  std::size_t redo = 0;  // undone ones that can be written again
};

Result<UndoDepth> undoDepth(const Workspace& ws, const std::string& annotator);

// What undoAnnotation / redoAnnotation would take back / write again next, without doing it (the
// Undo and Redo commands name it); nullopt when there is nothing.
Result<std::optional<AnnotationRecord>> nextUndo(const Workspace& ws, const std::string& annotator);
Result<std::optional<AnnotationRecord>> nextRedo(const Workspace& ws, const std::string& annotator);

// Removes the annotator's newest logged annotation (one that was removed otherwise is skipped) and
// returns it as it was; nullopt when there is nothing to undo.
Result<std::optional<AnnotationRecord>> undoAnnotation(Workspace& ws, const std::string& annotator);

// Writes the annotator's most recently undone annotation again (a new row id; its original time
// with the default writer)
// and returns it; nullopt when there is nothing to redo. Its case deleted since: an error, and the
// entry is dropped. `write` inserts the row (inside the redo's transaction, with UndoLog::Skip;
// e.g. through the HKB, which learns it); by default insertAnnotation.
using AnnotationWriter = std::function<Result<std::int64_t>(const AnnotationRecord&)>;
Result<std::optional<AnnotationRecord>> redoAnnotation(Workspace& ws, const std::string& annotator,
                                                       const AnnotationWriter& write = {});

namespace detail {
// Logs an annotation just written (inside the caller's transaction) and empties the annotator's
// redo stack.
Status logDone(Workspace& ws, const AnnotationRecord& written);
// Drops the log entries of a removed annotation (inside the caller's transaction).
Status forgetAnnotation(Workspace& ws, std::int64_t annotationId);
}  // namespace detail

}  // namespace hs::ws
