#pragma once
// Labels on a span of the SQL. The span comes from the text selected in the case view's gold or
// predicted SQL; a stored span label is shown like any finding (its highlight in the editor and a
// row in the Findings list, origin "human").
#include <QCoreApplication>

#include <optional>
#include <vector>

#include <QtGlobal>

namespace hs {
struct Finding;
struct FindingSpan;
namespace ws {
class Workspace;
}
}  // namespace hs

namespace hs::ui {

class CaseView;

class SpanLabels {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::SpanLabels)
 public:
  // The text selected in the case view's SQL as a byte span: in the editor that has the focus,
  // else in whichever has a selection (the predicted SQL first). nullopt with no selection.
  static std::optional<hs::FindingSpan> selected(const CaseView* view);
  // The case's span labels as findings, for the case view to show beside the automatic ones.
  static std::vector<hs::Finding> findings(const hs::ws::Workspace& ws, qint64 caseId);
};

}  // namespace hs::ui
