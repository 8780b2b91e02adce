// ReviewPanel: the Review tab's parts put together, and the shown run and case.
#include "widgets/review/review_panel.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include "engine/core/finding.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/annotation_history.h"
#include "widgets/review/case_filter_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_queue.h"
#include "widgets/review/case_table.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/detector_summary.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_keys.h"
#include "widgets/review/review_marks.h"
#include "widgets/review/run_header.h"
#include "widgets/review/run_summary.h"
#include "widgets/review/shortcut_sheet.h"
#include "widgets/review/span_labels.h"

namespace hs::ui {

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

ReviewPanel::ReviewPanel(EvaluationController* evaluation, QWidget* parent)
    : QWidget(parent),
      evaluation_(evaluation),
      model_(new CaseListModel(this)),
      proxy_(new CaseFilterProxy(this)) {
  setObjectName(QStringLiteral("reviewPanel"));
  proxy_->setCaseModel(model_);
  buildUi();
  keys_ = new ReviewKeys(this, annotations_);
  connectParts();
  retranslate();
  setEvaluating(evaluation_->isBusy());
}

ReviewPanel::~ReviewPanel() = default;

void ReviewPanel::buildUi() {
  header_ = new RunHeader;
  summary_ = new RunSummary(this);
  header_->addSummary(summary_->line());
  filters_ = new CaseFilterBar;
  list_ = new CaseTable(proxy_);
  view_ = new CaseViewHost;
  annotations_ = new AnnotationBar;
  auto* right = new QWidget;  // the case view with the annotation bar under it
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->setSpacing(0);
  rightLayout->addWidget(view_, 1);
  rightLayout->addWidget(annotations_);
  splitter_ = new QSplitter(Qt::Horizontal);
  splitter_->addWidget(list_);
  splitter_->addWidget(right);
  splitter_->setStretchFactor(0, 5);
  splitter_->setStretchFactor(1, 6);
  splitter_->setChildrenCollapsible(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(header_);
  layout->addWidget(summary_->detectors());
  layout->addWidget(summary_->reliabilityLine());
  layout->addWidget(filters_);
  layout->addWidget(splitter_, 1);
}

void ReviewPanel::connectParts() {
  connect(header_, &RunHeader::runChanged, this, &ReviewPanel::reloadCases);
  connect(header_->evaluateButton(), &QPushButton::clicked, this, &ReviewPanel::evaluateCurrentRun);
  connect(header_->cancelButton(), &QPushButton::clicked, evaluation_, &EvaluationController::cancel);
  connect(evaluation_, &EvaluationController::busyChanged, this, &ReviewPanel::setEvaluating);
  connect(evaluation_, &EvaluationController::progress, header_, &RunHeader::setProgress);
  connect(evaluation_, &EvaluationController::finished, this, &ReviewPanel::onEvaluationFinished);
  connect(filters_, &CaseFilterBar::changed, this, &ReviewPanel::applyFilters);
  connect(list_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid()) showCase(proxy_->caseIdAt(current.row()));
          });
  connect(keys_, &ReviewKeys::stepFinding, this, &ReviewPanel::stepFinding);
  connect(keys_, &ReviewKeys::stepCase, this, &ReviewPanel::stepCase);
  connect(keys_, &ReviewKeys::shortcutSheetRequested, this, &ReviewPanel::showShortcutSheet);
  annotations_->setSpanSource([this] { return selectedSpan(); });
  connect(annotations_, &AnnotationBar::spanLabelsChanged, this, [this](qint64 id) {
    if (id == shownCaseId_) refreshShownCase();
  });
  connect(annotations_, &AnnotationBar::annotated, this, [this](qint64) { reloadReviewMarks(); });
  connect(annotations_, &AnnotationBar::changeReverted, this, &ReviewPanel::onChangeReverted);
}

const hs::ws::Workspace* ReviewPanel::workspace() const {
  return hasWorkspace() ? ws_.get() : nullptr;
}

CaseQueue ReviewPanel::queue() const {
  return CaseQueue(model_, proxy_, list_);
}

bool ReviewPanel::hasWorkspace() const {
  return ws_ && ws_->isOpen();
}

bool ReviewPanel::setWorkspace(const QString& path, QString* error) {
  ws_.reset();
  path_.clear();
  header_->clear();  // run ids of the previous workspace mean nothing in the next one
  shownCaseId_ = -1;
  if (!path.isEmpty()) {
    auto opened = hs::ws::Workspace::open(path.toStdString());
    if (!opened) {
      const QString message = qs(opened.error().describe());
      if (error) *error = message;
      view_->showMessage(tr("Could not open the workspace:\n%1").arg(message));
    } else {
      ws_ = std::make_unique<hs::ws::Workspace>(std::move(*opened));
      path_ = QFileInfo(path).absoluteFilePath();
    }
  }
  annotations_->setWorkspace(path_);
  reloadRuns();
  return path.isEmpty() || hasWorkspace();
}

void ReviewPanel::reloadRuns(qint64 selectRunId) {
  header_->fill(workspace(), selectRunId);
  reloadCases();
}

qint64 ReviewPanel::currentRunId() const {
  return header_->currentRunId();
}

bool ReviewPanel::selectRun(qint64 runId) {
  return header_->selectRun(runId);
}

void ReviewPanel::setRunMenu(QMenu* menu) {
  header_->setRunMenu(menu);
}

void ReviewPanel::reloadCases() {
  QElapsedTimer timer;
  timer.start();
  const qint64 keep = shownCaseId_;
  std::vector<hs::ws::CaseSummary> rows;
  if (hasWorkspace() && currentRunId() > 0) {
    auto loaded = hs::ws::caseSummaries(*ws_, currentRunId());
    if (loaded)
      rows = std::move(*loaded);
    else
      view_->showMessage(qs(loaded.error().describe()));
  }
  model_->setSummaries(std::move(rows));
  fillFilterCombos();
  proxy_->sort(list_->horizontalHeader()->sortIndicatorSection(),
               list_->horizontalHeader()->sortIndicatorOrder());
  lastLoadMs_ = static_cast<double>(timer.nsecsElapsed()) / 1e6;
  updateStats();
  reloadReviewMarks();
  shownCaseId_ = -1;
  const int row = keep >= 0 ? queue().rowOfCase(keep) : -1;
  if (row >= 0) {
    list_->setCurrentIndex(proxy_->index(row, 0));
    showCase(keep);  // the outcome may have changed (re-evaluated)
  } else if (proxy_->rowCount() > 0) {
    selectCaseRow(0);
  } else {
    view_->showMessage(model_->rowCount()
                           ? tr("Select a case in the list to see it here.")
                           : (hasWorkspace() ? tr("This workspace has no benchmark run yet.\n"
                                                  "Use File ▸ Import Benchmark Run… to add one.")
                                             : noWorkspaceText()));
  }
  header_->evaluateButton()->setEnabled(!evaluation_->isBusy() && model_->rowCount() > 0);
  emit casesReloaded(model_->rowCount());
}

void ReviewPanel::fillFilterCombos() {
  filters_->refill(*model_);
  applyFilters();
}

void ReviewPanel::applyFilters() {
  filters_->applyTo(*proxy_);
  proxy_->invalidate();
  if (shownCaseId_ >= 0 && queue().rowOfCase(shownCaseId_) < 0) {
    // The filter hides the shown case: the view no longer shows it (nor annotates it).
    shownCaseId_ = -1;
    list_->setCurrentIndex(QModelIndex());
    annotations_->setCase(-1, {});
    view_->showMessage(tr("The filter hides the case that was shown. Select a case in the list."));
  }
  proxy_->setPinnedCase(shownCaseId_);
  filters_->setShownCount(proxy_->rowCount(), model_->rowCount());
}

void ReviewPanel::updateStats() {
  summary_->update(*model_, workspace(), path_, currentRunId());
}

bool ReviewPanel::selectCaseRow(int proxyRow) {
  if (!list_->makeCurrent(proxyRow)) return false;
  return shownCaseId_ == proxy_->caseIdAt(proxyRow);
}

bool ReviewPanel::selectCaseNumber(int n) {
  const int row = queue().rowOfNumber(n);
  return row >= 0 && selectCaseRow(row);
}

bool ReviewPanel::stepCase(int delta, bool unreviewedOnly) {
  const int row = queue().step(delta, unreviewedOnly);
  return row >= 0 && selectCaseRow(row);
}

bool ReviewPanel::stepFinding(int delta) {
  return CaseQueue::stepFinding(view_->caseView() ? view_->caseView()->findingList() : nullptr, delta);
}

void ReviewPanel::showCase(qint64 caseId) {
  if (caseId < 0 || !hasWorkspace() || caseId == shownCaseId_) return;
  shownCaseId_ = caseId;
  proxy_->setPinnedCase(caseId);
  auto record = ws_->caseById(caseId);
  if (!record) {
    view_->showMessage(qs(record.error().describe()));
    return;
  }
  auto outcome = hs::ws::loadOutcome(*ws_, caseId);
  if (!outcome) {
    view_->showMessage(qs(outcome.error().describe()));
    return;
  }
  hs::eval::CaseOutcome shown = outcome->value_or(hs::eval::CaseOutcome{});
  for (hs::Finding& f : SpanLabels::findings(*ws_, caseId)) shown.findings.push_back(std::move(f));
  view_->setCase(record->kase, shown, queue().number(caseId));
  annotations_->setFindingList(view_->caseView() ? view_->caseView()->findingList() : nullptr);
  annotations_->setCase(caseId, shown.findings, shown.exSet.value_or(false));
  // The first finding selected: Confirm and Reject act at once (they did nothing until one was).
  if (!shown.findings.empty()) stepFinding(1);
  emit caseShown(caseId);
}

std::optional<hs::FindingSpan> ReviewPanel::selectedSpan() const {
  return SpanLabels::selected(view_->caseView());
}

void ReviewPanel::refreshShownCase() {
  const qint64 id = shownCaseId_;
  if (id < 0) return;
  shownCaseId_ = -1;
  showCase(id);
}

void ReviewPanel::reloadReviewMarks() {
  std::map<qint64, CaseListModel::ReviewMark> marks;
  if (hasWorkspace() && currentRunId() > 0) marks = ReviewMarks::read(*ws_, currentRunId());
  model_->setReviewMarks(marks);
  filters_->setProgressText(progressText());
  updateUndoTexts();  // every write and undo passes here
}

QString ReviewPanel::progressText() const {
  return ReviewMarks::progressText(*model_);
}

void ReviewPanel::updateUndoTexts() {
  const AnnotationChange undo = annotations_->nextUndo();
  const AnnotationChange redo = annotations_->nextRedo();
  keys_->setUndoTexts(undo, queue().number(undo.caseId), redo, queue().number(redo.caseId));
}

void ReviewPanel::onChangeReverted(qint64 caseId, const QString& change, bool redone) {
  const int number = queue().number(caseId);
  if (number > 0 && caseId != shownCaseId_) {  // shown where it happened, unless a filter hides it
    if (const int row = queue().rowOfCase(caseId); row >= 0) selectCaseRow(row);
  }
  QString text;
  if (number > 0)
    text = (redone ? tr("Redone on case #%1: %2") : tr("Undone on case #%1: %2")).arg(number).arg(change);
  else
    text = (redone ? tr("Redone on a case of another run: %1") : tr("Undone on a case of another run: %1"))
               .arg(change);
  emit message(text);
}

void ReviewPanel::evaluateCurrentRun() {
  if (!hasWorkspace() || currentRunId() <= 0) return;
  evaluation_->evaluate(path_, currentRunId());
}

void ReviewPanel::setEvaluating(bool busy) {
  header_->setEvaluating(busy, model_->rowCount() > 0);
}

void ReviewPanel::onEvaluationFinished(const EvaluationResult& result) {
  annotations_->reloadKnowledgeBase();  // the run's automatic findings were replaced
  if (result.runId == currentRunId()) reloadCases();
  summary_->noteEvaluation(result);
}

QAction* ReviewPanel::shortcutsAction() const {
  return keys_->shortcutsAction();
}

QList<QPair<QString, QString>> ReviewPanel::shortcutList() const {
  return ShortcutSheet::rows(keys_->actions());
}

QList<QPair<QString, QString>> ReviewPanel::generalShortcutList() const {
  return generalActions_ ? ShortcutSheet::rows(generalActions_()) : QList<QPair<QString, QString>>{};
}

void ReviewPanel::showShortcutSheet() {
  ShortcutSheet sheet(generalShortcutList(), shortcutList(), window());
  sheet.exec();
}

QString ReviewPanel::noWorkspaceText() const {
  return tr(
      "No workspace is open.\nUse File ▸ Open Workspace… to go on with a review, or\n"
      "File ▸ Import Benchmark Run… to start one from a file of predictions.");
}

void ReviewPanel::retranslate() {
  if (!hasWorkspace()) view_->showMessage(noWorkspaceText());  // the empty tab says how to fill it
  header_->retranslate();
  filters_->retranslate();
  keys_->retranslate();
  updateUndoTexts();
  filters_->setProgressText(progressText());
  fillFilterCombos();
  updateStats();
}

void ReviewPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  keys_->setActive(true);
  if (splitSet_) return;
  splitSet_ = true;  // the case view's size hint is large: give the list a fair share once
  const int w = splitter_->width();
  splitter_->setSizes({w * 2 / 5, w - w * 2 / 5});
}

void ReviewPanel::hideEvent(QHideEvent* event) {
  QWidget::hideEvent(event);
  keys_->setActive(false);
}

void ReviewPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

// The parts' widgets, for the window's menus and for tests.
QToolButton* ReviewPanel::runMenuButton() const {
  return header_->runMenuButton();
}
QComboBox* ReviewPanel::runCombo() const {
  return header_->runCombo();
}
QProgressBar* ReviewPanel::progressBar() const {
  return header_->progressBar();
}
QPushButton* ReviewPanel::evaluateButton() const {
  return header_->evaluateButton();
}
QPushButton* ReviewPanel::cancelButton() const {
  return header_->cancelButton();
}
QString ReviewPanel::statsText() const {
  return summary_->text();
}
DetectorSummary* ReviewPanel::detectorSummary() const {
  return summary_->detectors();
}
QString ReviewPanel::reliabilityText() const {
  return summary_->reliabilityText();
}
QComboBox* ReviewPanel::reviewCombo() const {
  return filters_->reviewCombo();
}
QComboBox* ReviewPanel::verdictCombo() const {
  return filters_->verdictCombo();
}
QComboBox* ReviewPanel::categoryCombo() const {
  return filters_->categoryCombo();
}
QComboBox* ReviewPanel::modelCombo() const {
  return filters_->modelCombo();
}
QComboBox* ReviewPanel::difficultyCombo() const {
  return filters_->difficultyCombo();
}
QLineEdit* ReviewPanel::searchField() const {
  return filters_->searchField();
}
QTableView* ReviewPanel::caseList() const {
  return list_;
}

}  // namespace hs::ui
