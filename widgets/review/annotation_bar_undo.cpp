// AnnotationBar: the human verdicts beside "Mark correct", and the session's undo and redo (every
// annotation written in this session, whatever case it belongs to, can be taken back in order).
#include <QComboBox>
#include <QInputDialog>
#include <QTreeWidget>

#include <algorithm>
#include <utility>

#include "engine/mr/hkb_workspace.h"
#include "engine/workspace/annotations.h"
#include "widgets/review/annotation_bar_state.h"

namespace hs::ui {

namespace {

bool isMrRecord(const hs::ws::AnnotationRecord& r) {
  return r.taxonomy.empty() || r.taxonomy == "mrsqlgen";
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

void AnnotationBar::pushUndo(qint64 id) {
  if (!s_->ws) return;
  auto rows = hs::ws::annotationsOfCase(*s_->ws, s_->caseId);
  if (!rows) return;
  const auto it = std::find_if(rows->begin(), rows->end(), [id](const auto& r) { return r.id == id; });
  if (it == rows->end()) return;
  s_->undo.push_back(*it);
  if (!s_->replaying) s_->redo.clear();
}

bool AnnotationBar::canUndo() const {
  return !s_->undo.empty();
}

bool AnnotationBar::canRedo() const {
  return !s_->redo.empty();
}

bool AnnotationBar::undo() {
  if (!s_->ws || s_->undo.empty() || !isHkbReady()) return false;
  hs::ws::AnnotationRecord last = s_->undo.back();
  const auto status = hs::ws::removeAnnotation(*s_->ws, last.id);
  if (!status) return finishWrite(false, annotationText(status.error().describe()));
  s_->undo.pop_back();
  s_->redo.push_back(std::move(last));
  finishWrite(true, QString());
  if (s_->caseId != s_->redo.back().caseId) emit annotated(s_->redo.back().caseId);
  startLoad();  // a removed verdict may bring back flags of other sources: rebuild the HKB
  updateEnabled();
  return true;
}

bool AnnotationBar::redo() {
  if (!s_->ws || s_->redo.empty() || !isHkbReady()) return false;
  const hs::ws::AnnotationRecord again = s_->redo.back();
  s_->redo.pop_back();
  const qint64 shown = s_->caseId;
  s_->caseId = again.caseId;  // written for its own case, even when another one is shown
  s_->replaying = true;
  const bool ok = writeRecord(again);
  s_->replaying = false;
  s_->caseId = shown;
  if (!ok) {
    s_->redo.push_back(again);
    return false;
  }
  if (shown != again.caseId) {
    refreshList();
    emit annotated(again.caseId);
  }
  updateEnabled();
  return true;
}

bool AnnotationBar::writeRecord(const hs::ws::AnnotationRecord& r) {
  const QString category = annotationText(r.category);
  const qint64 finding = r.findingId ? *r.findingId : -1;
  if (isMrRecord(r)) return writeMr(category, r.verdict.c_str(), finding, annotationText(r.subcategory));
  return writeOther(annotationText(r.taxonomy), category, r.verdict.c_str(), finding);
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
                                const QString& correct, const QString& undoKey) {
  keyHints_ = QStringList{confirm, reject, add, correct, undoKey};
  retranslate();
}

}  // namespace hs::ui
