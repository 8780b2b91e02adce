#include "widgets/review/review_panel.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>

#include <nlohmann/json.hpp>

#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/difficulty_text.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/detector_summary.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/import_preview.h"
#include "widgets/review/reliability_line.h"

namespace hs::ui {

namespace {

// The run chooser's items keep the run's name and case count, to be worded again in another language.
constexpr int kRunNameRole = Qt::UserRole + 1;
constexpr int kRunCasesRole = Qt::UserRole + 2;

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// Refills a filter combo ("any" first, then the values, each shown as `shown` words it) keeping the
// current choice when present. The item data is the value.
void refill(QComboBox* combo, const QString& any, const QStringList& values,
            QString (*shown)(const QString&) = nullptr) {
  const QString current = combo->currentIndex() > 0 ? combo->currentData().toString() : QString();
  const QSignalBlocker block(combo);
  combo->clear();
  combo->addItem(any);
  for (const QString& v : values) combo->addItem(shown ? shown(v) : v, v);
  const int i = current.isEmpty() ? 0 : combo->findData(current);
  combo->setCurrentIndex(i < 0 ? 0 : i);
  combo->setEnabled(!values.isEmpty());
}

QString percent(int part, int whole) {
  return whole > 0 ? QLocale().toString(100.0 * part / whole, 'f', 1) : QStringLiteral("–");
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
  buildActions();
  retranslate();

  connect(runs_, &QComboBox::currentIndexChanged, this, [this]() {
    if (!filling_) reloadCases();
  });
  connect(evaluate_, &QPushButton::clicked, this, &ReviewPanel::evaluateCurrentRun);
  connect(cancel_, &QPushButton::clicked, evaluation_, &EvaluationController::cancel);
  connect(evaluation_, &EvaluationController::busyChanged, this, &ReviewPanel::setEvaluating);
  connect(evaluation_, &EvaluationController::progress, this, [this](int done, int total) {
    progress_->setRange(0, total);
    progress_->setValue(done);
  });
  connect(evaluation_, &EvaluationController::finished, this, &ReviewPanel::onEvaluationFinished);
  for (QComboBox* c : {verdict_, review_, category_, modelFilter_, difficulty_})
    connect(c, &QComboBox::currentIndexChanged, this, &ReviewPanel::applyFilters);
  connect(search_, &QLineEdit::textChanged, this, &ReviewPanel::applyFilters);
  connect(list_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid()) showCase(proxy_->caseIdAt(current.row()));
          });
  setEvaluating(evaluation_->isBusy());
}

ReviewPanel::~ReviewPanel() = default;

bool ReviewPanel::hasWorkspace() const {
  return ws_ && ws_->isOpen();
}

bool ReviewPanel::setWorkspace(const QString& path, QString* error) {
  ws_.reset();
  path_.clear();
  {
    const QSignalBlocker block(runs_);
    runs_->clear();  // run ids of the previous workspace mean nothing in the next one
  }
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
  filling_ = true;
  const qint64 previous = selectRunId ? selectRunId : currentRunId();
  runs_->clear();
  if (hasWorkspace()) {
    if (auto runs = ws_->runs()) {
      for (const auto& r : *runs) {
        // A drill-down run (gold sub-queries, no prediction to review) is the Drill-down tab's.
        if (hs::ws::isDrilldownRun(r)) continue;
        auto n = ws_->caseCount(r.id);
        runs_->addItem(QString(), QVariant::fromValue(static_cast<qint64>(r.id)));
        runs_->setItemData(runs_->count() - 1, qs(r.info.name), kRunNameRole);
        runs_->setItemData(runs_->count() - 1, n ? static_cast<int>(*n) : 0, kRunCasesRole);
      }
    }
  }
  retranslateRuns();
  int index = runs_->findData(QVariant::fromValue(previous));
  if (index < 0) index = runs_->count() - 1;  // the newest
  runs_->setCurrentIndex(index);
  filling_ = false;
  runs_->setEnabled(runs_->count() > 0);
  reloadCases();
}

void ReviewPanel::retranslateRuns() {
  for (int i = 0; i < runs_->count(); ++i)
    runs_->setItemText(i, tr("%1 (%n case(s))", nullptr, runs_->itemData(i, kRunCasesRole).toInt())
                              .arg(runs_->itemData(i, kRunNameRole).toString()));
}

qint64 ReviewPanel::currentRunId() const {
  return runs_->currentIndex() < 0 ? 0 : runs_->currentData().value<qint64>();
}

bool ReviewPanel::selectRun(qint64 runId) {
  const int index = runs_->findData(QVariant::fromValue(runId));
  if (index < 0) return false;
  runs_->setCurrentIndex(index);
  return true;
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
  const int row = keep >= 0 ? model_->rowOfCase(keep) : -1;
  const QModelIndex at = row >= 0 ? proxy_->mapFromSource(model_->index(row, 0)) : QModelIndex();
  if (at.isValid()) {
    list_->setCurrentIndex(at);
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
  evaluate_->setEnabled(!evaluation_->isBusy() && model_->rowCount() > 0);
  emit casesReloaded(model_->rowCount());
}

void ReviewPanel::fillFilterCombos() {
  refill(category_, tr("All findings"), model_->categories());
  const QStringList models = model_->models();
  const QStringList difficulties = model_->difficulties();
  refill(modelFilter_, tr("All models"), models);
  refill(difficulty_, tr("All difficulties"), difficulties,
         [](const QString& d) { return difficultyText(d.toStdString()); });
  // A filter with one value or none has nothing to choose: hidden, it leaves the row (and the
  // window's minimum width, which the Query tab's schema panel pays for) to the others.
  modelFilter_->setVisible(models.size() > 1);
  difficulty_->setVisible(difficulties.size() > 1);
  applyFilters();
}

void ReviewPanel::applyFilters() {
  proxy_->setVerdict(static_cast<CaseFilterProxy::VerdictFilter>(std::max(0, verdict_->currentIndex())));
  proxy_->setCategory(category_->currentIndex() > 0 ? category_->currentData().toString() : QString());
  proxy_->setModelName(modelFilter_->currentIndex() > 0 ? modelFilter_->currentData().toString() : QString());
  proxy_->setDifficulty(difficulty_->currentIndex() > 0 ? difficulty_->currentData().toString() : QString());
  proxy_->setText(search_->text());
  proxy_->setPinnedCase(-1);  // a filter chosen now applies to the shown case too
  proxy_->setReview(static_cast<CaseFilterProxy::ReviewFilter>(std::max(0, review_->currentIndex())));
  proxy_->invalidate();
  if (shownCaseId_ >= 0) {
    const int row = model_->rowOfCase(shownCaseId_);
    if (row < 0 || !proxy_->mapFromSource(model_->index(row, 0)).isValid()) {
      // The filter hides the shown case: the view no longer shows it (nor annotates it).
      shownCaseId_ = -1;
      list_->setCurrentIndex(QModelIndex());
      annotations_->setCase(-1, {});
      view_->showMessage(tr("The filter hides the case that was shown. Select a case in the list."));
    }
  }
  proxy_->setPinnedCase(shownCaseId_);
  shown_->setText(
      tr("%1 of %2").arg(QLocale().toString(proxy_->rowCount()), QLocale().toString(model_->rowCount())));
}

QString ReviewPanel::statsText() const {
  return stats_->text();
}

QString ReviewPanel::reliabilityText() const {
  return reliability_->isHidden() ? QString() : reliability_->text();
}

void ReviewPanel::updateReliability() {
  bool any = false;  // a run without abstention (most runs) costs one scan
  for (int r = 0; r < model_->rowCount() && !any; ++r) any = model_->row(r).summary.abstention.has_value();
  if (!any) {
    reliability_->clear();
    reliability_->setToolTip({});
    reliability_->hide();
    return;
  }
  std::vector<hs::ws::CaseSummary> rows;
  rows.reserve(static_cast<std::size_t>(model_->rowCount()));
  for (int r = 0; r < model_->rowCount(); ++r) rows.push_back(model_->row(r).summary);
  const nlohmann::json reliability = hs::ws::runReliability(rows);
  reliability_->setText(ReliabilityLine::text(reliability));
  reliability_->setToolTip(ReliabilityLine::tooltip(reliability));
  reliability_->setVisible(reliability.is_object());
}

void ReviewPanel::updateStats() {
  const int n = model_->rowCount();
  const int evaluated = n == 0 ? 0 : model_->evaluatedCount();
  // The detector bench follows the shown run and its evaluation (in the background).
  if (evaluated == 0) {
    detectors_->clearSummary();
    benchedRun_ = 0;
    benchedEvaluated_ = -1;
  } else if (benchedRun_ != currentRunId() || benchedEvaluated_ != evaluated) {
    benchedRun_ = currentRunId();
    benchedEvaluated_ = evaluated;
    detectors_->compute(path_, benchedRun_);
  }
  updateReliability();
  if (n == 0) {
    stats_->clear();
    return;
  }
  // The cases that cannot be scored, counted by the engine against the run's database folder and
  // said once here (before, only each case's Results tab gave the reason).
  QString notScored;
  if (hasWorkspace())
    if (auto counted = hs::workflow::notScoredOfRun(*ws_, currentRunId()); counted && counted->total() > 0)
      notScored =
          QStringLiteral(" · ") + notScoredText(*counted) +
          (counted->databaseMissing > 0 ? QStringLiteral(" · ") + tr("Manage Run ▸ Set Database Folder…")
                                        : QString());
  if (evaluated == 0) {
    stats_->setText(tr("%n case(s), not evaluated yet", nullptr, n) + notScored);
    return;
  }
  const int decided = model_->correctCount() + model_->wrongCount();
  QString text =
      tr("%1 cases · evaluated %2 · EX (set) %3% (%4 correct, %5 wrong)")
          .arg(QLocale().toString(n), QLocale().toString(evaluated), percent(model_->correctCount(), decided),
               QLocale().toString(model_->correctCount()), QLocale().toString(model_->wrongCount()));
  // The other semantics beside it: bag, ordered (cases whose gold orders), and set ignoring the
  // column order when the run asked for it.
  int bag[2] = {0, 0}, ordered[2] = {0, 0}, anyOrder[2] = {0, 0};
  for (int r = 0; r < n; ++r) {
    const auto& s = model_->row(r).summary;
    if (s.exBag) ++bag[*s.exBag ? 0 : 1];
    if (s.exOrdered) ++ordered[*s.exOrdered ? 0 : 1];
    if (s.exSetAnyOrder) ++anyOrder[*s.exSetAnyOrder ? 0 : 1];
  }
  text += QStringLiteral(" · ") + tr("bag %1%").arg(percent(bag[0], bag[0] + bag[1]));
  if (ordered[0] + ordered[1] > 0)
    text += QStringLiteral(" · ") + tr("ordered %1% of %2")
                                        .arg(percent(ordered[0], ordered[0] + ordered[1]),
                                             QLocale().toString(ordered[0] + ordered[1]));
  if (anyOrder[0] + anyOrder[1] > 0)
    text += QStringLiteral(" · ") +
            tr("set ignoring column order %1%").arg(percent(anyOrder[0], anyOrder[0] + anyOrder[1]));
  stats_->setText(text + notScored);
  stats_->setToolTip(
      tr("EX: execution accuracy. Set compares the rows as sets, bag counts duplicates, "
         "ordered also compares the order (only where the gold query orders)."));
}

bool ReviewPanel::selectCaseRow(int proxyRow) {
  const QModelIndex at = proxy_->index(proxyRow, CaseListModel::Position);
  if (!at.isValid()) return false;
  list_->setCurrentIndex(at);
  list_->scrollTo(at, QAbstractItemView::PositionAtCenter);
  return shownCaseId_ == proxy_->caseIdAt(proxyRow);
}

bool ReviewPanel::selectCaseNumber(int n) {
  for (int r = 0; r < model_->rowCount(); ++r) {
    if (model_->row(r).summary.position + 1 != n) continue;
    const QModelIndex at = proxy_->mapFromSource(model_->index(r, 0));
    return at.isValid() && selectCaseRow(at.row());
  }
  return false;
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
  for (hs::Finding& f : spanLabelFindings(caseId)) shown.findings.push_back(std::move(f));
  const int row = model_->rowOfCase(caseId);
  view_->setCase(record->kase, shown, row >= 0 ? static_cast<int>(model_->row(row).summary.position) + 1 : 0);
  annotations_->setFindingList(view_->caseView() ? view_->caseView()->findingList() : nullptr);
  annotations_->setCase(caseId, shown.findings, shown.exSet.value_or(false));
  // The first finding selected: Confirm and Reject act at once (they did nothing until one was).
  if (!shown.findings.empty()) stepFinding(1);
  emit caseShown(caseId);
}

void ReviewPanel::evaluateCurrentRun() {
  if (!hasWorkspace() || currentRunId() <= 0) return;
  evaluation_->evaluate(path_, currentRunId());
}

void ReviewPanel::setEvaluating(bool busy) {
  progress_->setVisible(busy);
  if (busy) progress_->setRange(0, 0);
  cancel_->setEnabled(busy);
  evaluate_->setEnabled(!busy && model_->rowCount() > 0);
}

void ReviewPanel::onEvaluationFinished(const EvaluationResult& result) {
  annotations_->reloadKnowledgeBase();  // the run's automatic findings were replaced
  if (result.runId == currentRunId()) reloadCases();
  if (!result.error.isEmpty())
    stats_->setText(tr("Evaluation failed: %1").arg(result.error));
  else if (result.cancelled)
    stats_->setText(stats_->text() + QStringLiteral(" · ") +
                    tr("cancelled after %1 of %2 cases").arg(result.saved).arg(result.total));
}

void ReviewPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  setKeysActive(true);
  if (splitSet_) return;
  splitSet_ = true;  // the case view's size hint is large: give the list a fair share once
  const int w = splitter_->width();
  splitter_->setSizes({w * 2 / 5, w - w * 2 / 5});
}

void ReviewPanel::hideEvent(QHideEvent* event) {
  QWidget::hideEvent(event);
  setKeysActive(false);
}

void ReviewPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace hs::ui
