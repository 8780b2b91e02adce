// ReviewPanel: labels on a span of the SQL. The span comes from the text selected in the case
// view's gold or predicted SQL; a stored span label is shown like any finding (its highlight in the
// editor and a row in the Findings list, origin "human").
#include <Qsci/qsciscintillabase.h>

#include "engine/core/finding.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/review_panel.h"
#include "widgets/sql_editor.h"

namespace hs::ui {

namespace {

std::optional<hs::FindingSpan> selectionOf(SqlEditor* editor, const char* side) {
  if (!editor || !editor->hasSelectedText()) return std::nullopt;
  const auto begin = editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART);
  const auto end = editor->SendScintilla(QsciScintillaBase::SCI_GETSELECTIONEND);
  if (begin < 0 || end <= begin) return std::nullopt;
  return hs::FindingSpan{side, static_cast<std::size_t>(begin), static_cast<std::size_t>(end)};
}

}  // namespace

std::optional<hs::FindingSpan> ReviewPanel::selectedSpan() const {
  CaseView* cv = view_->caseView();
  if (!cv) return std::nullopt;
  // The editor the reviewer selected in last (it has the focus), else whichever has a selection.
  if (cv->goldEditor()->hasFocus()) {
    if (auto s = selectionOf(cv->goldEditor(), "gold")) return s;
  }
  if (auto s = selectionOf(cv->predEditor(), "pred")) return s;
  return selectionOf(cv->goldEditor(), "gold");
}

std::vector<hs::Finding> ReviewPanel::spanLabelFindings(qint64 caseId) const {
  std::vector<hs::Finding> out;
  if (!hasWorkspace()) return out;
  auto rows = hs::ws::annotationsOfCase(*ws_, caseId);
  if (!rows) return out;
  for (const auto& a : *rows) {
    if (!a.span) continue;
    hs::Finding f;
    f.taxonomy = a.taxonomy.empty() ? "mrsqlgen" : a.taxonomy;
    f.category = a.category;
    f.subcategory = tr("span label").toStdString();
    f.message = tr("Labelled by %1").arg(QString::fromStdString(a.annotator)).toStdString();
    if (!a.note.empty()) f.message += " · " + a.note;
    f.spans = {*a.span};
    f.origin = "human";
    out.push_back(std::move(f));
  }
  return out;
}

void ReviewPanel::refreshShownCase() {
  const qint64 id = shownCaseId_;
  if (id < 0) return;
  shownCaseId_ = -1;
  showCase(id);
}

}  // namespace hs::ui
