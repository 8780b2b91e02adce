// AnnotationBar: the human verdicts beside "Mark correct", span labels, and undo and redo through
// the workspace's undo log (every annotation of this reviewer, whatever case it belongs to, can be
// taken back in order, also after a restart).
#include <QComboBox>
#include <QInputDialog>
#include <QTreeWidget>

#include <algorithm>
#include <utility>

#include "engine/mr/hkb_workspace.h"
#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/annotations.h"
#include "widgets/case_finding_styles.h"
#include "widgets/review/annotation_bar_state.h"
#include "widgets/review/reviewer_dialog.h"

namespace hs::ui {

namespace {

// An annotation as a change: "mark incorrect" (past: "marked incorrect"), "confirm C8 ...".
QString changeText(const hs::ws::AnnotationRecord& a, bool past) {
  const QString category = hs::mr::typeIndex(a.category) > 0
                               ? FindingStyles::categoryLabel("mrsqlgen", a.category)
                               : FindingStyles::categoryLabel(a.taxonomy, a.category);
  const std::string& v = a.verdict;
  if (v == "correct") return past ? AnnotationBar::tr("marked correct") : AnnotationBar::tr("mark correct");
  if (v == "incorrect")
    return past ? AnnotationBar::tr("marked incorrect") : AnnotationBar::tr("mark incorrect");
  if (v == "unsure") return past ? AnnotationBar::tr("marked unsure") : AnnotationBar::tr("mark unsure");
  if (v == "confirmed")
    return (past ? AnnotationBar::tr("confirmed %1") : AnnotationBar::tr("confirm %1")).arg(category);
  if (v == "rejected")
    return (past ? AnnotationBar::tr("rejected %1") : AnnotationBar::tr("reject %1")).arg(category);
  if (a.span)
    return (past ? AnnotationBar::tr("labelled a span %1") : AnnotationBar::tr("label a span %1"))
        .arg(category);
  return (past ? AnnotationBar::tr("added the label %1") : AnnotationBar::tr("add the label %1"))
      .arg(category);
}

}  // namespace

bool AnnotationBar::markIncorrect() {
  if (!isHkbReady() || s_->caseId < 0) return false;
  return writeOther(QStringLiteral("human"), QString(), "incorrect", -1);
}

bool AnnotationBar::markUnsure() {
  if (!isHkbReady() || s_->caseId < 0) return false;
  return writeOther(QStringLiteral("human"), QString(), "unsure", -1);
}

QString AnnotationBar::undoOwner() const {
  if (annotatorChosen_) return annotator_;
  const Reviewer stored = storedReviewer();
  return stored.isEmpty() ? annotator_ : stored.annotator();
}

bool AnnotationBar::canUndo() const {
  if (!s_->ws) return false;
  auto depth = hs::ws::undoDepth(*s_->ws, undoOwner().toStdString());
  return depth && depth->undo > 0;
}

bool AnnotationBar::canRedo() const {
  if (!s_->ws) return false;
  auto depth = hs::ws::undoDepth(*s_->ws, undoOwner().toStdString());
  return depth && depth->redo > 0;
}

AnnotationBar::Change AnnotationBar::nextUndo() const {
  if (!s_->ws) return {};
  auto next = hs::ws::nextUndo(*s_->ws, undoOwner().toStdString());
  if (!next || !*next) return {};
  return Change{(*next)->caseId, changeText(**next, false)};
}

AnnotationBar::Change AnnotationBar::nextRedo() const {
  if (!s_->ws) return {};
  auto next = hs::ws::nextRedo(*s_->ws, undoOwner().toStdString());
  if (!next || !*next) return {};
  return Change{(*next)->caseId, changeText(**next, false)};
}

bool AnnotationBar::undo() {
  if (!s_->ws || !isHkbReady()) return false;
  auto undone = hs::ws::undoAnnotation(*s_->ws, undoOwner().toStdString());
  if (!undone) return finishWrite(false, annotationText(undone.error().describe()));
  if (!*undone) return false;
  const hs::ws::AnnotationRecord& last = **undone;
  finishWrite(true, QString());
  if (s_->caseId != last.caseId) emit annotated(last.caseId);
  if (last.span) emit spanLabelsChanged(last.caseId);
  startLoad();  // a removed verdict may bring back flags of other sources: rebuild the HKB
  updateEnabled();
  emit changeReverted(last.caseId, changeText(last, true), false);
  return true;
}

bool AnnotationBar::redo() {
  if (!s_->ws || !isHkbReady()) return false;
  // MRSQLGen annotations are written again through the HKB, which learns them at once.
  const auto write = [this](const hs::ws::AnnotationRecord& r) -> hs::Result<std::int64_t> {
    if (!r.taxonomy.empty() && r.taxonomy != "mrsqlgen")
      return hs::ws::insertAnnotation(*s_->ws, r, hs::ws::UndoLog::Skip);
    hs::mr::ManualAnnotation a;
    a.caseId = r.caseId;
    a.category = r.category;
    a.annotator = r.annotator;
    a.verdict = r.verdict;
    a.subcategory = r.subcategory;
    a.note = r.note;
    a.findingId = r.findingId;
    a.span = r.span;
    a.log = hs::ws::UndoLog::Skip;
    return hs::mr::addAnnotation(*s_->ws, *s_->hkb, s_->vocabularies, a);
  };
  auto redone = hs::ws::redoAnnotation(*s_->ws, undoOwner().toStdString(), write);
  if (!redone) return finishWrite(false, annotationText(redone.error().describe()));
  if (!*redone) return false;
  const hs::ws::AnnotationRecord& again = **redone;
  finishWrite(true, QString());
  if (s_->caseId != again.caseId) emit annotated(again.caseId);
  if (again.span) emit spanLabelsChanged(again.caseId);
  updateEnabled();
  emit changeReverted(again.caseId, changeText(again, true), true);
  return true;
}

void AnnotationBar::setSpanSource(std::function<std::optional<hs::FindingSpan>()> source) {
  s_->spanSource = std::move(source);
}

bool AnnotationBar::labelSpan() {
  const QStringList choice = category_->currentData().toStringList();
  if (choice.size() != 2 || !isHkbReady() || s_->caseId < 0) return false;
  const std::optional<hs::FindingSpan> span = s_->spanSource ? s_->spanSource() : std::nullopt;
  if (!span) {
    setStatus(tr("Select the text to label in the gold or predicted SQL first."));
    return false;
  }
  s_->pendingSpan = span;
  const bool ok = choice[0] == QLatin1String("mrsqlgen") ? writeMr(choice[1], "added", -1, QString())
                                                         : writeOther(choice[0], choice[1], "added", -1);
  s_->pendingSpan.reset();
  if (ok) emit spanLabelsChanged(s_->caseId);
  return ok;
}

void AnnotationBar::markFindingRows() {
  if (!findingList_) return;
  constexpr int kPlainText = Qt::UserRole + 50;  // the row's first column as the case view set it
  for (int i = 0; i < findingList_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = findingList_->topLevelItem(i);
    QVariant plain = item->data(0, kPlainText);
    if (!plain.isValid()) {
      plain = item->text(0);
      item->setData(0, kPlainText, plain);
    }
    std::string verdict;  // the last verdict on this finding
    if (static_cast<std::size_t>(i) < s_->findingIds.size())
      for (const auto& a : s_->annotations)
        if (a.findingId && *a.findingId == s_->findingIds[static_cast<std::size_t>(i)]) verdict = a.verdict;
    const QString mark = verdict == "confirmed"  ? QStringLiteral("✓")
                         : verdict == "rejected" ? QStringLiteral("✗")
                                                 : QString();
    item->setText(0, mark.isEmpty() ? plain.toString() : QStringLiteral("%1 %2").arg(mark, plain.toString()));
    item->setToolTip(0, verdict == "confirmed"  ? tr("Confirmed by a reviewer")
                        : verdict == "rejected" ? tr("Rejected by a reviewer")
                                                : QString());
    QFont font = item->font(0);
    font.setItalic(verdict == "rejected");
    for (int c = 0; c < item->columnCount(); ++c) item->setFont(c, font);
  }
}

void AnnotationBar::setNote(const QString& note) {
  note_ = note.trimmed();
  setStatus(note_.isEmpty() ? QString() : tr("Note for the next annotation: %1").arg(note_));
}

bool AnnotationBar::askNote() {
  bool ok = false;
  const QString text = QInputDialog::getMultiLineText(
      window(), tr("Note"), tr("A note kept with the next annotation of this case:"), note_, &ok);
  if (ok) setNote(text);
  return ok;
}

void AnnotationBar::focusCategory() {
  category_->setFocus(Qt::ShortcutFocusReason);
}

void AnnotationBar::setKeyHints(const QString& confirm, const QString& reject, const QString& add,
                                const QString& correct, const QString& undoKey, const QString& span) {
  keyHints_ = QStringList{confirm, reject, add, correct, undoKey, span};
  retranslate();
}

}  // namespace hs::ui
