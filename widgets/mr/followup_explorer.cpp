#include "widgets/mr/followup_explorer.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "engine/mr/followup_store.h"
#include "engine/mr/pipeline.h"
#include "engine/workspace/workspace.h"
#include "widgets/mr/followup_delegate.h"
#include "widgets/mr/followup_detail.h"
#include "widgets/mr/followup_filter.h"
#include "widgets/mr/followup_model.h"
#include "widgets/mr/followup_stage_text.h"
#include "widgets/mr/followup_verdict.h"

namespace hs::ui {

FollowUpExplorer::FollowUpExplorer(GenerationController* generation, QWidget* parent)
    : QWidget(parent),
      runner_(new FollowUpRunner(generation, this)),
      model_(new FollowUpModel(this)),
      filter_(new FollowUpFilter(this)) {
  setObjectName(QStringLiteral("followUpExplorer"));
  filter_->setSourceModel(model_);
  buildUi();
  connect(runner_, &FollowUpRunner::busyChanged, this, &FollowUpExplorer::setBusy);
  connect(runner_, &FollowUpRunner::progress, this, &FollowUpExplorer::onProgress);
  connect(runner_, &FollowUpRunner::finished, this, &FollowUpExplorer::onFinished);
  connect(runner_, &FollowUpRunner::saveFailed, this, [this](const QString& error) { saveError_ = error; });
  connect(detect_, &QPushButton::clicked, this, &FollowUpExplorer::detect);
  connect(cancel_, &QPushButton::clicked, this, &FollowUpExplorer::cancel);
  connect(verdictFilter_, &QComboBox::currentIndexChanged, this, [this]() {
    const int v = verdictFilter_->currentData().toInt();
    filter_->setVerdict(v < 0 ? std::nullopt : std::optional(static_cast<hs::mr::Verdict>(v)));
  });
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &FollowUpExplorer::onCurrentChanged);
  retranslate();
  setBusy(false);
}

void FollowUpExplorer::buildUi() {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);

  auto* bar = new QHBoxLayout;
  detect_ = new QPushButton(this);
  detect_->setObjectName(QStringLiteral("detectButton"));
  detect_->setDefault(true);
  cancel_ = new QPushButton(this);
  cancel_->setObjectName(QStringLiteral("cancelDetectButton"));
  earlyStopLabel_ = new QLabel(this);
  earlyStop_ = new QSpinBox(this);
  earlyStop_->setRange(0, 17);
  earlyStop_->setValue(0);
  mrsLabel_ = new QLabel(this);
  mrs_ = new QLineEdit(this);
  mrs_->setClearButtonEnabled(true);
  mrs_->setMinimumWidth(160);
  filterLabel_ = new QLabel(this);
  verdictFilter_ = new QComboBox(this);
  progress_ = new QProgressBar(this);
  progress_->setMaximumWidth(220);
  progress_->setTextVisible(true);
  bar->addWidget(detect_);
  bar->addWidget(cancel_);
  bar->addSpacing(12);
  bar->addWidget(earlyStopLabel_);
  bar->addWidget(earlyStop_);
  bar->addSpacing(12);
  bar->addWidget(mrsLabel_);
  bar->addWidget(mrs_, 1);
  bar->addSpacing(12);
  bar->addWidget(filterLabel_);
  bar->addWidget(verdictFilter_);
  bar->addStretch();
  bar->addWidget(progress_);
  layout->addLayout(bar);

  auto* status = new QHBoxLayout;
  badge_ = new QLabel(this);
  badge_->setObjectName(QStringLiteral("caseVerdictBadge"));
  badge_->setTextFormat(Qt::RichText);
  message_ = new QLabel(this);
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status->addWidget(badge_);
  status->addWidget(message_, 1);
  layout->addLayout(status);

  table_ = new QTableView(this);
  table_->setObjectName(QStringLiteral("followUpTable"));
  table_->setModel(filter_);
  table_->setItemDelegate(new FollowUpDelegate(table_));
  table_->setSortingEnabled(true);
  table_->sortByColumn(FollowUpModel::StageCol, Qt::AscendingOrder);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setWordWrap(false);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 10);
  auto* header = table_->horizontalHeader();
  header->setSectionResizeMode(QHeaderView::Interactive);
  header->setDefaultSectionSize(110);
  header->resizeSection(FollowUpModel::StageCol, 64);
  header->resizeSection(FollowUpModel::MrCol, 54);
  header->resizeSection(FollowUpModel::QuestionCol, 270);
  header->resizeSection(FollowUpModel::ArtifactCol, 150);
  header->resizeSection(FollowUpModel::RowsCol, 62);
  header->resizeSection(FollowUpModel::RelationCol, 124);
  header->resizeSection(FollowUpModel::VerdictCol, 96);

  detail_ = new FollowUpDetail(this);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->setObjectName(QStringLiteral("followUpSplitter"));
  split->addWidget(table_);
  // Squeezed below what the detail needs (the window at its minimum size), the detail scrolls
  // instead of laying its titles over each other.
  auto* detailScroll = new QScrollArea(this);
  detailScroll->setObjectName(QStringLiteral("followUpDetailScroll"));
  detailScroll->setFrameShape(QFrame::NoFrame);
  detailScroll->setWidgetResizable(true);
  detailScroll->setWidget(detail_);
  split->addWidget(detailScroll);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({620, 380});
  layout->addWidget(split, 1);
}

void FollowUpExplorer::retranslate() {
  detect_->setText(tr("Detect"));
  detect_->setToolTip(
      tr("Ask follow-up questions whose answers must relate to the current question's in a known way, "
         "and check them (metamorphic testing, no gold answer needed)"));
  cancel_->setText(tr("Cancel"));
  earlyStopLabel_->setText(tr("Early stop K:"));
  earlyStop_->setSpecialValueText(tr("off"));
  earlyStop_->setToolTip(
      tr("Stop once the first K decided MRs agree there is no hallucination (0: run all)"));
  mrsLabel_->setText(tr("MRs:"));
  mrs_->setPlaceholderText(tr("all 17, or e.g. AROE, CRE, ESR"));
  filterLabel_->setText(tr("Show:"));
  const int current = verdictFilter_->currentIndex();
  verdictFilter_->blockSignals(true);
  verdictFilter_->clear();
  verdictFilter_->addItem(tr("All verdicts"), -1);
  for (auto v : {hs::mr::Verdict::Violated, hs::mr::Verdict::Satisfied, hs::mr::Verdict::Inapplicable,
                 hs::mr::Verdict::Error})
    verdictFilter_->addItem(FollowUpModel::verdictText(v), int(v));
  verdictFilter_->setCurrentIndex(std::max(0, current));
  verdictFilter_->blockSignals(false);
  if (runner_->isBusy()) return;
  if (model_->result())
    showOutcome();  // the summary and the badge of the shown result, in the new language
  else
    setMessage(tr("Type a question, open a database (the editor's SQL is the source SQL; empty: the model "
                  "writes it) and press Detect."),
               false);
}

void FollowUpExplorer::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    onCurrentChanged();  // the detail's titles and placeholder in the new language
  }
  QWidget::changeEvent(event);
}

bool FollowUpExplorer::isBusy() const {
  return runner_->isBusy();
}

void FollowUpExplorer::detect() {
  if (runner_->isBusy()) return;
  FollowUpRequest request = source_ ? source_() : FollowUpRequest{};
  if (request.databasePath.isEmpty()) {
    setMessage(tr("Open a database first: the follow-ups run on the open database."), true);
    return;
  }
  if (request.question.trimmed().isEmpty()) {
    setMessage(tr("Type the question in the question bar first: the follow-ups are rewrites of it."), true);
    return;
  }
  if (!mrs_->text().trimmed().isEmpty()) {
    auto parsed = hs::mr::parseMrList(mrs_->text().toStdString());
    if (!parsed) {
      setMessage(QString::fromStdString(parsed.error().message), true);
      return;
    }
    for (const auto& m : parsed.value()) request.mrs << QString::fromStdString(m);
  }
  request.earlyStopK = earlyStop_->value();
  if ((!request.sourceSql || request.sourceSql->trimmed().isEmpty()) && writeSource_) {
    setMessage(tr("The model writes the source SQL first, as Generate does…"), false);
    writeSource_(request.question, request.evidence);
    return;
  }
  model_->clear();
  detail_->clear();
  badge_->clear();
  saveError_.clear();
  setMessage(tr("Detecting…"), false);
  discardRunning_ = false;
  runner_->start(request);
}

void FollowUpExplorer::sourceNotWritten(const QString& why) {
  setMessage(why, true);
}

void FollowUpExplorer::cancel() {
  runner_->cancel();
}

void FollowUpExplorer::reset() {
  if (runner_->isBusy()) {
    discardRunning_ = true;
    runner_->cancel();
  }
  model_->clear();
  detail_->clear();
  badge_->clear();
  message_->clear();
  retranslate();  // the intro message
}

void FollowUpExplorer::setBusy(bool busy) {
  // The focus follows the button that can be pressed: Cancel while detecting, Detect after.
  // Disabling the focused button first would hand the focus to the next field (Early stop K).
  QPushButton* now = busy ? cancel_ : detect_;
  QPushButton* off = busy ? detect_ : cancel_;
  const bool hadFocus = off->hasFocus();
  now->setEnabled(true);
  if (hadFocus) now->setFocus(Qt::OtherFocusReason);
  off->setEnabled(false);
  progress_->setVisible(busy);
  if (busy) {
    progress_->setRange(0, 0);
    progress_->setFormat(QString());
  }
}

void FollowUpExplorer::onProgress(int done, int total, const QString& text) {
  if (total > 0) {
    progress_->setRange(0, total);
    progress_->setValue(done);
    progress_->setFormat(tr("%1 / %2 MRs").arg(done).arg(total));
  }
  if (!text.isEmpty()) setMessage(text, false);
}

QString FollowUpExplorer::verdictSummary(const hs::mr::DetectResult& r) {
  QStringList violated;
  for (const auto& f : r.findings)
    if (!violated.contains(QString::fromStdString(f.category)))
      violated << QString::fromStdString(f.category);
  const CaseVerdictInfo verdict = classifyVerdict(r);
  QString text =
      r.flagged ? tr("Flagged: %n violated MR(s)", nullptr, int(r.violated)) : verdictWord(verdict.verdict);
  if (r.flagged && !violated.isEmpty())
    text += QStringLiteral(" (%1)").arg(violated.join(QStringLiteral(", ")));
  text += QStringLiteral(" · ") + tr("%1 satisfied, %2 inapplicable, %3")
                                      .arg(QString::number(r.satisfied), QString::number(r.inapplicable),
                                           tr("%n error(s)", nullptr, int(r.errors)));
  if (r.skipped > 0) text += QStringLiteral(", ") + tr("%1 skipped").arg(r.skipped);
  if (verdict.emptyPairs > 0)
    text += QStringLiteral(" · ") +
            tr("%n compared an empty result with an empty one", nullptr, verdict.emptyPairs);
  text += QStringLiteral(" · ") + tr("%n LLM call(s)", nullptr, r.llmCalls);
  if (r.llmCallsSaved > 0) text += QStringLiteral(", ") + tr("%1 saved").arg(r.llmCallsSaved);
  if (r.cacheHits > 0) text += QStringLiteral(", ") + tr("%1 from the cache").arg(r.cacheHits);
  if (r.earlyStopped) text += QStringLiteral(" · ") + tr("early stop");
  if (r.cancelled) text += QStringLiteral(" · ") + tr("cancelled");
  return text;
}

void FollowUpExplorer::showBadge(const hs::mr::DetectResult& r) {
  const CaseVerdict verdict = classifyVerdict(r).verdict;
  const QColor color = verdictColor(verdict);
  const QString word = verdictWord(verdict).toUpper();
  badge_->setText(
      QStringLiteral("<span style=\"background:%1; color:white; font-weight:bold\">&nbsp;%2&nbsp;</span>")
          .arg(color.name(), word));
}

void FollowUpExplorer::onFinished(std::shared_ptr<const hs::mr::DetectResult> result, const QString& error) {
  if (discardRunning_) {
    discardRunning_ = false;
    return;
  }
  if (!result) {
    badge_->clear();
    setMessage(error, true);
    emit detectionFinished(nullptr, error);
    return;
  }
  model_->setResult(result);
  showsSaved_ = false;
  showOutcome();
  // Show the first violated follow-up (else the first row) in the detail.
  int row = -1;
  for (int i = 0; i < model_->rowCount() && row < 0; ++i)
    if (model_->record(i)->verdict == hs::mr::Verdict::Violated) row = i;
  if (row < 0 && model_->rowCount() > 0) row = 0;
  if (row >= 0) selectMr(QString::fromStdString(model_->record(row)->mr));
  emit detectionFinished(result, error);
}

void FollowUpExplorer::showOutcome() {
  const hs::mr::DetectResult* result = model_->result();
  if (!result) return;
  showBadge(*result);
  QString text = verdictSummary(*result);
  if (showsSaved_)
    text = tr("Follow-ups saved in the workspace for the question \"%1\"")
               .arg(QString::fromStdString(result->question)) +
           QStringLiteral("\n") + text;
  for (const auto& s : result->stages)
    if (!s.error.empty()) text += QStringLiteral("\n") + stageErrorText(s);
  if (!saveError_.isEmpty())
    text +=
        QStringLiteral("\n") + tr("The follow-ups could not be saved in the workspace: %1").arg(saveError_);
  setMessage(text, !saveError_.isEmpty());
}

bool FollowUpExplorer::showSaved(const QString& workspacePath) {
  if (runner_->isBusy()) return false;
  model_->clear();
  detail_->clear();
  badge_->clear();
  if (workspacePath.isEmpty()) return false;
  auto ws = hs::ws::Workspace::open(workspacePath.toStdString());
  auto saved =
      ws ? hs::mr::loadLatestDetection(ws.value()) : Result<std::optional<hs::mr::DetectResult>>(ws.error());
  if (!saved) {
    setMessage(tr("The saved follow-ups could not be read: %1")
                   .arg(QString::fromStdString(saved.error().describe())),
               true);
    return false;
  }
  if (!saved->has_value()) {
    retranslate();
    return false;
  }
  auto result = std::make_shared<const hs::mr::DetectResult>(std::move(**saved));
  model_->setResult(result);
  showsSaved_ = true;
  saveError_.clear();
  showOutcome();
  if (model_->rowCount() > 0) selectMr(QString::fromStdString(model_->record(0)->mr));
  return true;
}

bool FollowUpExplorer::selectMr(const QString& mr) {
  const int row = model_->rowOf(mr);
  if (row < 0) return false;
  const QModelIndex index = filter_->mapFromSource(model_->index(row, 0));
  if (!index.isValid()) return false;
  table_->setCurrentIndex(index);
  table_->scrollTo(index);
  return true;
}

void FollowUpExplorer::onCurrentChanged() {
  const QModelIndex index = filter_->mapToSource(table_->currentIndex());
  const auto* record = index.isValid() ? model_->record(index.row()) : nullptr;
  if (!record || !model_->result()) {
    detail_->clear();
    return;
  }
  detail_->showRecord(*model_->result(), *record);
}

void FollowUpExplorer::setMessage(const QString& text, bool error) {
  message_->setText(text);
  message_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

QString FollowUpExplorer::badgeText() const {
  return badge_->text();
}

QString FollowUpExplorer::messageText() const {
  return message_->text();
}

}  // namespace hs::ui
