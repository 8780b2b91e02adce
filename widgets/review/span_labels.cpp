// SpanLabels: the selected SQL span and the stored span labels of a case.
#include "widgets/review/span_labels.h"

#include <Qsci/qsciscintillabase.h>

#include "engine/core/finding.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/case_view.h"
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

std::optional<hs::FindingSpan> SpanLabels::selected(const CaseView* view) {
  if (!view) return std::nullopt;
  // The editor the reviewer selected in last (it has the focus), else whichever has a selection.
  if (view->goldEditor()->hasFocus()) {
    if (auto s = selectionOf(view->goldEditor(), "gold")) return s;
  }
  if (auto s = selectionOf(view->predEditor(), "pred")) return s;
  return selectionOf(view->goldEditor(), "gold");
}

std::vector<hs::Finding> SpanLabels::findings(const hs::ws::Workspace& ws, qint64 caseId) {
  std::vector<hs::Finding> out;
  auto rows = hs::ws::annotationsOfCase(ws, caseId);
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

}  // namespace hs::ui
