// AnnotationBar: the bar's buttons, the shown case and the actions that annotate it.
#include "widgets/review/annotation_bar.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

#include "engine/mr/hkb.h"
#include "engine/mr/hkb_annotations.h"
#include "engine/workspace/annotations.h"
#include "widgets/review/annotation_list.h"
#include "widgets/review/finding_marks.h"
#include "widgets/review/hkb_loader.h"
#include "widgets/review/hkb_suggestion.h"
#include "widgets/review/label_choice.h"
#include "widgets/review/reviewer_identity.h"

namespace hs::ui {

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

bool isMrCategory(const std::string& taxonomy, const std::string& category) {
  return (taxonomy.empty() || taxonomy == "mrsqlgen") && hs::mr::typeIndex(category) > 0;
}

}  // namespace

AnnotationBar::AnnotationBar(QWidget* parent)
    : QWidget(parent),
      identity_(new ReviewerIdentity(this)),
      hkb_(new HkbLoader(this)),
      writer_(hkb_),
      history_(&writer_) {
  setObjectName(QStringLiteral("annotationBar"));
  buildUi();
  retranslate();
  connect(confirm_, &QPushButton::clicked, this, &AnnotationBar::confirmFinding);
  connect(reject_, &QPushButton::clicked, this, &AnnotationBar::rejectFinding);
  connect(add_, &QPushButton::clicked, this, &AnnotationBar::addLabel);
  connect(correct_, &QPushButton::clicked, this, &AnnotationBar::markCorrect);
  connect(undo_, &QPushButton::clicked, this, &AnnotationBar::undo);
  connect(span_, &QPushButton::clicked, this, &AnnotationBar::labelSpan);
  connect(identity_, &ReviewerIdentity::changed, this, &AnnotationBar::reviewerChanged);
  connect(hkb_, &HkbLoader::status, this, &AnnotationBar::setStatus);
  connect(hkb_, &HkbLoader::loaded, this, &AnnotationBar::hkbLoaded);
  connect(hkb_, &HkbLoader::finished, this, [this] {
    refreshSuggestions();
    updateEnabled();
  });
  updateEnabled();
}

AnnotationBar::~AnnotationBar() {
  hkb_->abandon();  // the load's callback refers to this bar and the panel around it
}

void AnnotationBar::buildUi() {
  confirm_ = new QPushButton;
  confirm_->setObjectName(QStringLiteral("annotationConfirm"));
  reject_ = new QPushButton;
  reject_->setObjectName(QStringLiteral("annotationReject"));
  category_ = new LabelChoice;
  add_ = new QPushButton;
  correct_ = new QPushButton;
  undo_ = new QPushButton;
  span_ = new QPushButton;
  span_->setObjectName(QStringLiteral("annotationSpan"));
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("annotationStatus"));
  QFont small = status_->font();  // as small as the suggestion line
  small.setPointSizeF(small.pointSizeF() * 0.9);
  status_->setFont(small);
  suggest_ = new HkbSuggestion;
  list_ = new AnnotationList;

  auto* row = new QHBoxLayout;
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(confirm_);
  row->addWidget(reject_);
  row->addSpacing(10);
  row->addWidget(category_, 1);
  row->addWidget(add_);
  row->addWidget(span_);
  row->addWidget(correct_);
  row->addSpacing(10);
  row->addWidget(undo_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  layout->setSpacing(3);
  layout->addLayout(row);
  layout->addWidget(suggest_);
  layout->addWidget(status_);
  layout->addWidget(list_);
}

void AnnotationBar::retranslate() {
  confirm_->setText(tr("Confirm"));
  const auto withKey = [this](const QString& text, int i) {
    const QString key = keyHints_.value(i);
    return key.isEmpty() ? text : QStringLiteral("%1 (%2)").arg(text, key);
  };
  confirm_->setToolTip(withKey(tr("The selected finding is right"), 0));
  reject_->setText(tr("Reject"));
  reject_->setToolTip(withKey(tr("The selected finding is wrong"), 1));
  add_->setText(tr("Add label"));
  add_->setToolTip(withKey(tr("Label the case with the chosen hallucination type"), 2));
  correct_->setText(tr("Mark correct"));
  correct_->setToolTip(
      withKey(tr("The prediction has no hallucination (clears the case's MRSQLGen types)"), 3));
  span_->setText(tr("Label span"));
  span_->setToolTip(
      withKey(tr("Label exactly the text selected in the gold or predicted SQL with the chosen type"), 5));
  undo_->setText(tr("Remove last"));
  undo_->setToolTip(withKey(tr("Remove the last annotation of the session"), 4));
  list_->retranslate();
  category_->retranslate();
  refreshList();
  refreshSuggestions();
}

QString AnnotationBar::annotator() const {
  return identity_->annotator();
}

void AnnotationBar::setAnnotator(const QString& name) {
  identity_->setAnnotator(name);
}

bool AnnotationBar::ensureReviewer() {
  return identity_->ensure(window());
}

QString AnnotationBar::undoOwner() const {
  return identity_->undoOwner();
}

void AnnotationBar::setWorkspace(const QString& path) {
  const std::optional<QString> error = writer_.open(path);
  hkb_->reset(writer_.workspace() ? path : QString());
  caseId_ = -1;
  caseCorrect_ = false;
  findings_.clear();
  findingIds_.clear();
  setStatus(QString());
  if (writer_.workspace())
    hkb_->load();
  else if (error)
    setStatus(tr("Annotations are not available: %1").arg(*error));
  refreshList();
  refreshSuggestions();
  updateEnabled();
}

void AnnotationBar::reloadKnowledgeBase() {
  hkb_->load();
}

void AnnotationBar::setCase(qint64 caseId, const std::vector<hs::Finding>& findings, bool correct) {
  hs::ws::Workspace* ws = writer_.workspace();
  caseId_ = ws ? caseId : -1;
  caseCorrect_ = correct;
  findings_ = findings;
  findingIds_.clear();
  if (ws && caseId >= 0) {
    if (auto ids = hs::mr::evaluationFindingIds(*ws, caseId)) findingIds_ = std::move(*ids);
  }
  if (!hkb_->isLoading()) setStatus(QString());
  refreshList();
  refreshSuggestions();
  updateEnabled();
}

void AnnotationBar::setFindingList(QTreeWidget* list) {
  if (findingList_) disconnect(findingList_, nullptr, this, nullptr);
  findingList_ = list;
  if (list) connect(list, &QTreeWidget::currentItemChanged, this, &AnnotationBar::updateEnabled);
  updateEnabled();
}

int AnnotationBar::selectedFinding() const {
  if (!findingList_ || !findingList_->currentItem()) return -1;
  const int i = findingList_->indexOfTopLevelItem(findingList_->currentItem());
  return i >= 0 && i < static_cast<int>(findings_.size()) ? i : -1;
}

void AnnotationBar::updateEnabled() {
  const bool ready = isHkbReady() && caseId_ >= 0;
  confirm_->setEnabled(ready && selectedFinding() >= 0);
  reject_->setEnabled(ready && selectedFinding() >= 0);
  category_->setEnabled(ready);
  add_->setEnabled(ready);
  span_->setEnabled(ready);
  correct_->setEnabled(ready);
  undo_->setEnabled(ready && canUndo());
}

bool AnnotationBar::confirmFinding() {
  return writeFindingVerdict("confirmed");
}

bool AnnotationBar::rejectFinding() {
  return writeFindingVerdict("rejected");
}

bool AnnotationBar::writeFindingVerdict(const char* verdict) {
  const int i = selectedFinding();
  if (i < 0 || !isHkbReady() || caseId_ < 0) {
    setStatus(tr("Select an automatic finding in the Findings list first."));
    return false;
  }
  const hs::Finding& f = findings_[static_cast<std::size_t>(i)];
  const qint64 id =
      static_cast<std::size_t>(i) < findingIds_.size() ? findingIds_[static_cast<std::size_t>(i)] : -1;
  if (isMrCategory(f.taxonomy, f.category))
    return writeLabel(QString(), qs(f.category), verdict, id, qs(f.subcategory), true);
  return writeLabel(qs(f.taxonomy), qs(f.category), verdict, id, QString(), false);
}

bool AnnotationBar::addLabel() {
  const std::optional<LabelChoice::Label> choice = category_->chosen();
  if (!choice || !isHkbReady() || caseId_ < 0) return false;
  const bool mr = choice->taxonomy == QLatin1String("mrsqlgen");
  return writeLabel(choice->taxonomy, choice->category, "added", -1, QString(), mr);
}

bool AnnotationBar::markCorrect() {
  if (!isHkbReady() || caseId_ < 0) return false;
  return writeLabel(QString(), QString(), "correct", -1, QString(), true);
}

bool AnnotationBar::markIncorrect() {
  if (!isHkbReady() || caseId_ < 0) return false;
  return writeLabel(QStringLiteral("human"), QString(), "incorrect", -1, QString(), false);
}

bool AnnotationBar::markUnsure() {
  if (!isHkbReady() || caseId_ < 0) return false;
  return writeLabel(QStringLiteral("human"), QString(), "unsure", -1, QString(), false);
}

bool AnnotationBar::labelSpan() {
  const std::optional<LabelChoice::Label> choice = category_->chosen();
  if (!choice || !isHkbReady() || caseId_ < 0) return false;
  const std::optional<hs::FindingSpan> span = spanSource_ ? spanSource_() : std::nullopt;
  if (!span) {
    setStatus(tr("Select the text to label in the gold or predicted SQL first."));
    return false;
  }
  pendingSpan_ = span;
  const bool mr = choice->taxonomy == QLatin1String("mrsqlgen");
  const bool ok = writeLabel(choice->taxonomy, choice->category, "added", -1, QString(), mr);
  pendingSpan_.reset();
  if (ok) emit spanLabelsChanged(caseId_);
  return ok;
}

void AnnotationBar::setSpanSource(std::function<std::optional<hs::FindingSpan>()> source) {
  spanSource_ = std::move(source);
}

// MRSQLGen types (`throughHkb`) go through the HKB, so that it learns them at once.
bool AnnotationBar::writeLabel(const QString& taxonomy, const QString& category, const char* verdict,
                               qint64 findingId, const QString& subcategory, bool throughHkb) {
  if (!ensureReviewer()) return finishWrite(false, tr("no reviewer name was given"));
  AnnotationDraft draft;
  draft.caseId = caseId_;
  draft.taxonomy = taxonomy;
  draft.category = category;
  draft.verdict = verdict;
  draft.findingId = findingId;
  draft.subcategory = subcategory;
  draft.annotator = identity_->annotator();
  draft.note = note_;
  draft.span = pendingSpan_;
  auto id = throughHkb ? writer_.addMr(draft) : writer_.addOther(draft);
  return finishWrite(static_cast<bool>(id), id ? QString() : qs(id.error().describe()));
}

bool AnnotationBar::finishWrite(bool ok, const QString& error) {
  if (ok) note_.clear();  // the note went with this annotation
  setStatus(ok ? QString() : tr("Not saved: %1").arg(error));
  refreshList();
  refreshSuggestions();
  updateEnabled();
  if (ok) emit annotated(caseId_);
  return ok;
}

bool AnnotationBar::removeLast() {
  if (!writer_.workspace() || caseId_ < 0 || annotations_.empty() || !isHkbReady()) return false;
  const bool hadSpan = annotations_.back().span.has_value();
  const qint64 caseId = caseId_;
  const auto status = writer_.remove(annotations_.back().id);
  if (!status) return finishWrite(false, qs(status.error().describe()));
  finishWrite(true, QString());
  if (hadSpan) emit spanLabelsChanged(caseId);
  hkb_->load();  // a removed verdict may bring back flags of other sources: rebuild the HKB
  updateEnabled();
  return true;
}

bool AnnotationBar::canUndo() const {
  return history_.canUndo(undoOwner());
}

bool AnnotationBar::canRedo() const {
  return history_.canRedo(undoOwner());
}

AnnotationBar::Change AnnotationBar::nextUndo() const {
  return history_.nextUndo(undoOwner());
}

AnnotationBar::Change AnnotationBar::nextRedo() const {
  return history_.nextRedo(undoOwner());
}

bool AnnotationBar::undo() {
  if (!writer_.workspace() || !isHkbReady()) return false;
  return afterRevert(history_.undo(undoOwner()), false);
}

bool AnnotationBar::redo() {
  if (!writer_.workspace() || !isHkbReady()) return false;
  return afterRevert(history_.redo(undoOwner()), true);
}

// After an undo or a redo: the lists again, the case it changed told, and the HKB rebuilt after an
// undo (a removed verdict may bring back flags of other sources).
bool AnnotationBar::afterRevert(const hs::Result<std::optional<hs::ws::AnnotationRecord>>& reverted,
                                bool redone) {
  if (!reverted) return finishWrite(false, qs(reverted.error().describe()));
  if (!*reverted) return false;
  const hs::ws::AnnotationRecord& a = **reverted;
  finishWrite(true, QString());
  if (caseId_ != a.caseId) emit annotated(a.caseId);
  if (a.span) emit spanLabelsChanged(a.caseId);
  if (!redone) hkb_->load();
  updateEnabled();
  emit changeReverted(a.caseId, AnnotationHistory::changeText(a, true), redone);
  return true;
}

void AnnotationBar::refreshList() {
  annotations_.clear();
  if (writer_.workspace() && caseId_ >= 0) {
    if (auto rows = hs::mr::annotationsOfCase(*writer_.workspace(), caseId_)) annotations_ = std::move(*rows);
  }
  list_->setAnnotations(annotations_);
  FindingMarks::apply(findingList_, findingIds_, annotations_);
}

void AnnotationBar::refreshSuggestions() {
  suggest_->refresh(*hkb_, writer_.workspace(), caseId_, caseCorrect_);
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

bool AnnotationBar::isHkbReady() const {
  return hkb_->isReady();
}

bool AnnotationBar::waitForHkb(int timeoutMs) {
  return hkb_->waitFor(timeoutMs);
}

int AnnotationBar::hkbSize() const {
  return hkb_->size();
}

QStringList AnnotationBar::suggestedTypes() const {
  return suggest_->suggestedTypes();
}

QString AnnotationBar::suggestionText() const {
  return suggest_->text();
}

void AnnotationBar::setStatus(const QString& text) {
  status_->setText(text);
  status_->setVisible(!text.isEmpty());
}

QString AnnotationBar::statusText() const {
  return status_->text();
}

int AnnotationBar::annotationCount() const {
  return list_->topLevelItemCount();
}

QComboBox* AnnotationBar::categoryCombo() const {
  return category_;
}

QTreeWidget* AnnotationBar::annotationList() const {
  return list_;
}

void AnnotationBar::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace hs::ui
