#pragma once
// Undo and redo of the reviewer's annotations through the workspace's undo log
// (engine/workspace/annotation_undo.h): every annotation of a reviewer, whatever case it belongs
// to, can be taken back in order, also after a restart; and each change in words ("mark
// incorrect", past "marked incorrect") for the Undo and Redo commands and the status line.
#include <QCoreApplication>
#include <QString>

#include <optional>

#include "engine/core/error.h"

namespace hs::ws {
struct AnnotationRecord;
}

namespace hs::ui {

class AnnotationWriter;

// What undo or redo would change next: its case (-1 when nothing) and the change in words.
struct AnnotationChange {
  qint64 caseId = -1;
  QString text;
};

class AnnotationHistory {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::AnnotationHistory)
 public:
  explicit AnnotationHistory(AnnotationWriter* writer);

  // Of the undo log of `owner` (an annotator); false and {} without a workspace.
  bool canUndo(const QString& owner) const;
  bool canRedo(const QString& owner) const;
  AnnotationChange nextUndo(const QString& owner) const;
  AnnotationChange nextRedo(const QString& owner) const;
  // Takes back the owner's last annotation / writes the last undone one again (MRSQLGen through
  // the HKB). The annotation, or nullopt when there was nothing to undo or redo.
  hs::Result<std::optional<hs::ws::AnnotationRecord>> undo(const QString& owner);
  hs::Result<std::optional<hs::ws::AnnotationRecord>> redo(const QString& owner);

  static QString changeText(const hs::ws::AnnotationRecord& a, bool past);

 private:
  AnnotationWriter* writer_;
};

}  // namespace hs::ui
