#pragma once
// The reviewers' verdicts on the automatic findings, marked on the case view's Findings list:
// "✓" for a confirmed finding, "✗" and italics for a rejected one (the last verdict counts).
#include <QCoreApplication>

#include <cstdint>
#include <vector>

class QTreeWidget;

namespace hs::ws {
struct AnnotationRecord;
}

namespace hs::ui {

class FindingMarks {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::FindingMarks)
 public:
  // `findingIds[i]` is the id of the finding on row i of `findings` (nullptr: nothing to mark).
  static void apply(QTreeWidget* findings, const std::vector<std::int64_t>& findingIds,
                    const std::vector<hs::ws::AnnotationRecord>& annotations);
};

}  // namespace hs::ui
