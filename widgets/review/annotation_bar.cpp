#include "widgets/review/annotation_bar.h"

#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

#include "engine/mr/hkb_workspace.h"
#include "widgets/case_finding_styles.h"
#include "widgets/review/annotation_bar_state.h"
#include "widgets/review/reviewer_dialog.h"

namespace hs::ui {

namespace {

const char* const kTaSqlCategories[] = {
    "Schema Contradiction", "Attribute Overanalysis", "Value Misrepresentation",
    "Join Redundancy",      "Clause Abuse",           "Mathematical Delusion"};

QString osUser() {
  QString name = qEnvironmentVariable("USER");
  if (name.isEmpty()) name = qEnvironmentVariable("USERNAME");
  return name.isEmpty() ? QStringLiteral("annotator") : name;
}

bool isMrCategory(const std::string& taxonomy, const std::string& category) {
  return (taxonomy.empty() || taxonomy == "mrsqlgen") && hs::mr::typeIndex(category) > 0;
}

}  // namespace

AnnotationBar::AnnotationBar(QWidget* parent) : QWidget(parent), s_(std::make_unique<State>()) {
  setObjectName(QStringLiteral("annotationBar"));
  annotator_ = osUser();
  s_->runner = new JobRunner(this);
  buildUi();
  retranslate();
  connect(confirm_, &QPushButton::clicked, this, &AnnotationBar::confirmFinding);
  connect(reject_, &QPushButton::clicked, this, &AnnotationBar::rejectFinding);
  connect(add_, &QPushButton::clicked, this, &AnnotationBar::addLabel);
  connect(correct_, &QPushButton::clicked, this, &AnnotationBar::markCorrect);
  connect(undo_, &QPushButton::clicked, this, &AnnotationBar::undo);
  connect(span_, &QPushButton::clicked, this, &AnnotationBar::labelSpan);
  updateEnabled();
}

AnnotationBar::~AnnotationBar() {
  s_->runner->abandon();  // the job's callback refers to this bar and the panel around it
}

void AnnotationBar::buildUi() {
  confirm_ = new QPushButton;
  confirm_->setObjectName(QStringLiteral("annotationConfirm"));
  reject_ = new QPushButton;
  reject_->setObjectName(QStringLiteral("annotationReject"));
  category_ = new QComboBox;
  category_->setObjectName(QStringLiteral("annotationCategory"));
  category_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  category_->setMinimumContentsLength(13);  // "C6 Condition…": the popup shows them whole
  add_ = new QPushButton;
  correct_ = new QPushButton;
  undo_ = new QPushButton;
  span_ = new QPushButton;
  span_->setObjectName(QStringLiteral("annotationSpan"));
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("annotationStatus"));
  suggest_ = new QLabel;
  suggest_->setObjectName(QStringLiteral("annotationSuggestions"));
  suggest_->setWordWrap(true);
  suggest_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont small = suggest_->font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  suggest_->setFont(small);
  status_->setFont(small);

  list_ = new QTreeWidget;
  list_->setObjectName(QStringLiteral("annotationList"));
  list_->setColumnCount(4);
  list_->setRootIsDecorated(false);
  list_->setUniformRowHeights(true);
  list_->setSelectionMode(QAbstractItemView::NoSelection);
  list_->setFocusPolicy(Qt::NoFocus);
  list_->header()->setStretchLastSection(true);
  const int digit = list_->fontMetrics().horizontalAdvance(QLatin1Char('0'));
  for (const auto& [col, chars] : {std::pair{0, 12}, std::pair{1, 10}, std::pair{2, 34}})
    list_->header()->resizeSection(col, digit * chars + 12);
  list_->setMaximumHeight(list_->fontMetrics().height() * 5 + 12);
  list_->hide();

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
  list_->setHeaderLabels({tr("Annotator"), tr("Verdict"), tr("Category"), tr("Time")});
  fillCategories();
  refreshList();
  refreshSuggestions();
}

void AnnotationBar::fillCategories() {
  const int current = category_->currentIndex();
  const QSignalBlocker block(category_);
  category_->clear();
  for (int t = 1; t <= hs::mr::kHallucinationTypes; ++t) {
    const QString code = annotationText(hs::mr::typeCode(t));
    category_->addItem(FindingStyles::categoryLabel("mrsqlgen", hs::mr::typeCode(t)),
                       QStringList{QStringLiteral("mrsqlgen"), code});
  }
  category_->insertSeparator(category_->count());
  for (const char* c : kTaSqlCategories)
    category_->addItem(tr("TA-SQL: %1").arg(FindingStyles::categoryLabel("tasql", c)),
                       QStringList{QStringLiteral("tasql"), QLatin1String(c)});
  category_->setCurrentIndex(current < 0 ? 0 : current);
}

void AnnotationBar::setAnnotator(const QString& name) {
  annotator_ = name.trimmed().isEmpty() ? osUser() : name.trimmed();
  annotatorChosen_ = true;
  emit reviewerChanged(annotator_);
}

bool AnnotationBar::ensureReviewer() {
  if (annotatorChosen_) return true;
  Reviewer r = storedReviewer();
  if (r.isEmpty()) {
    r.name = annotator_;
    if (!askReviewer(window(), &r)) return false;
    storeReviewer(r);
  }
  annotator_ = r.annotator();
  annotatorChosen_ = true;
  emit reviewerChanged(annotator_);
  return true;
}

void AnnotationBar::setWorkspace(const QString& path) {
  ++s_->generation;
  s_->ws.reset();
  s_->hkb.reset();
  s_->vocabularies = hs::mr::VocabularyCache();
  s_->path.clear();
  s_->caseId = -1;
  s_->caseCorrect = false;
  s_->findings.clear();
  s_->findingIds.clear();
  setStatus(QString());
  if (!path.isEmpty()) {
    auto opened = hs::ws::Workspace::open(path.toStdString());
    if (opened) {
      s_->ws = std::make_unique<hs::ws::Workspace>(std::move(*opened));
      s_->path = path;
      startLoad();
    } else {
      setStatus(tr("Annotations are not available: %1").arg(annotationText(opened.error().describe())));
    }
  }
  refreshList();
  refreshSuggestions();
  updateEnabled();
}

void AnnotationBar::setCase(qint64 caseId, const std::vector<hs::Finding>& findings, bool correct) {
  s_->caseId = s_->ws ? caseId : -1;
  s_->caseCorrect = correct;
  s_->findings = findings;
  s_->findingIds.clear();
  if (s_->ws && caseId >= 0) {
    if (auto ids = hs::mr::evaluationFindingIds(*s_->ws, caseId)) s_->findingIds = std::move(*ids);
  }
  if (!s_->runner->isBusy()) setStatus(QString());
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
  return i >= 0 && i < static_cast<int>(s_->findings.size()) ? i : -1;
}

void AnnotationBar::updateEnabled() {
  const bool ready = isHkbReady() && s_->caseId >= 0;
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
  if (i < 0 || !isHkbReady() || s_->caseId < 0) {
    setStatus(tr("Select an automatic finding in the Findings list first."));
    return false;
  }
  const hs::Finding& f = s_->findings[static_cast<std::size_t>(i)];
  const qint64 id =
      static_cast<std::size_t>(i) < s_->findingIds.size() ? s_->findingIds[static_cast<std::size_t>(i)] : -1;
  if (isMrCategory(f.taxonomy, f.category))
    return writeMr(annotationText(f.category), verdict, id, annotationText(f.subcategory));
  return writeOther(annotationText(f.taxonomy), annotationText(f.category), verdict, id);
}

bool AnnotationBar::addLabel() {
  const QStringList choice = category_->currentData().toStringList();
  if (choice.size() != 2 || !isHkbReady() || s_->caseId < 0) return false;
  if (choice[0] == QLatin1String("mrsqlgen")) return writeMr(choice[1], "added", -1, QString());
  return writeOther(choice[0], choice[1], "added", -1);
}

bool AnnotationBar::markCorrect() {
  if (!isHkbReady() || s_->caseId < 0) return false;
  return writeMr(QString(), "correct", -1, QString());
}

bool AnnotationBar::writeMr(const QString& category, const char* verdict, qint64 findingId,
                            const QString& subcategory) {
  if (!ensureReviewer()) return finishWrite(false, tr("no reviewer name was given"));
  hs::mr::ManualAnnotation a;
  a.note = note_.toStdString();
  a.caseId = s_->caseId;
  a.category = category.toStdString();
  a.annotator = annotator_.toStdString();
  a.verdict = verdict;
  a.subcategory = subcategory.toStdString();
  if (findingId >= 0) a.findingId = findingId;
  a.span = s_->pendingSpan;
  auto id = hs::mr::addAnnotation(*s_->ws, *s_->hkb, s_->vocabularies, a);
  return finishWrite(static_cast<bool>(id), id ? QString() : annotationText(id.error().describe()));
}

bool AnnotationBar::writeOther(const QString& taxonomy, const QString& category, const char* verdict,
                               qint64 findingId) {
  if (!ensureReviewer()) return finishWrite(false, tr("no reviewer name was given"));
  hs::mr::AnnotationRecord a;
  a.note = note_.toStdString();
  a.caseId = s_->caseId;
  a.taxonomy = taxonomy.toStdString();
  a.category = category.toStdString();
  a.annotator = annotator_.toStdString();
  a.verdict = verdict;
  if (findingId >= 0) a.findingId = findingId;
  a.span = s_->pendingSpan;
  auto id = hs::mr::addOtherAnnotation(*s_->ws, a);
  return finishWrite(static_cast<bool>(id), id ? QString() : annotationText(id.error().describe()));
}

bool AnnotationBar::finishWrite(bool ok, const QString& error) {
  if (ok) note_.clear();  // the note went with this annotation
  setStatus(ok ? QString() : tr("Not saved: %1").arg(error));
  refreshList();
  refreshSuggestions();
  updateEnabled();
  if (ok) emit annotated(s_->caseId);
  return ok;
}

bool AnnotationBar::removeLast() {
  if (!s_->ws || s_->caseId < 0 || s_->annotations.empty() || !isHkbReady()) return false;
  const bool hadSpan = s_->annotations.back().span.has_value();
  const qint64 caseId = s_->caseId;
  const auto status = hs::mr::removeAnnotation(*s_->ws, s_->annotations.back().id);
  if (!status) return finishWrite(false, annotationText(status.error().describe()));
  finishWrite(true, QString());
  if (hadSpan) emit spanLabelsChanged(caseId);
  startLoad();  // a removed verdict may bring back flags of other sources: rebuild the HKB
  updateEnabled();
  return true;
}

void AnnotationBar::refreshList() {
  s_->annotations.clear();
  list_->clear();
  if (s_->ws && s_->caseId >= 0) {
    if (auto rows = hs::mr::annotationsOfCase(*s_->ws, s_->caseId)) s_->annotations = std::move(*rows);
  }
  for (const hs::mr::AnnotationRecord& a : s_->annotations) {
    auto* item = new QTreeWidgetItem(list_);
    item->setText(0, annotationText(a.annotator));
    if (!a.note.empty())
      for (int c = 0; c < 4; ++c) item->setToolTip(c, tr("Note: %1").arg(annotationText(a.note)));
    const QString verdict = annotationText(a.verdict);
    item->setText(1, verdict == QLatin1String("added")       ? tr("added")
                     : verdict == QLatin1String("confirmed") ? tr("confirmed")
                     : verdict == QLatin1String("rejected")  ? tr("rejected")
                     : verdict == QLatin1String("correct")   ? tr("correct")
                     : verdict == QLatin1String("incorrect") ? tr("incorrect")
                     : verdict == QLatin1String("unsure")    ? tr("unsure")
                                                             : verdict);
    // By the category table's name in the user's language ("result_difference" was shown as stored).
    const int type = hs::mr::typeIndex(a.category);
    item->setText(2, type > 0 ? FindingStyles::categoryLabel("mrsqlgen", a.category)
                              : FindingStyles::categoryLabel(a.taxonomy, a.category));
    const QDateTime at = QDateTime::fromString(annotationText(a.createdAt), Qt::ISODate);
    item->setText(3, at.isValid() ? QLocale().toString(at.toLocalTime(), QLocale::ShortFormat)
                                  : annotationText(a.createdAt));
  }
  list_->setVisible(!s_->annotations.empty());
  markFindingRows();
  if (!s_->annotations.empty()) list_->scrollToItem(list_->topLevelItem(list_->topLevelItemCount() - 1));
}

int AnnotationBar::annotationCount() const {
  return list_->topLevelItemCount();
}

void AnnotationBar::setStatus(const QString& text) {
  status_->setText(text);
  status_->setVisible(!text.isEmpty());
}

QString AnnotationBar::statusText() const {
  return status_->text();
}

void AnnotationBar::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace hs::ui
