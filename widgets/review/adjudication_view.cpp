#include "widgets/review/adjudication_view.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "engine/core/finding_categories.h"
#include "engine/workspace/adjudications.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/workspace.h"
#include "widgets/case_finding_styles.h"
#include "widgets/review/final_label.h"

namespace hs::ui {

AdjudicationView::AdjudicationView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("adjudicationView"));
  buildUi();
  retranslate();
}

AdjudicationView::~AdjudicationView() = default;

void AdjudicationView::buildUi() {
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("adjudicationSummary"));
  cases_ = new QTreeWidget;
  cases_->setObjectName(QStringLiteral("adjudicationCases"));
  cases_->setColumnCount(3);
  cases_->setRootIsDecorated(false);
  cases_->setUniformRowHeights(true);
  cases_->header()->setStretchLastSection(true);
  const int digit = cases_->fontMetrics().horizontalAdvance(QLatin1Char('0'));
  cases_->header()->resizeSection(0, digit * 5 + 12);
  cases_->header()->resizeSection(1, digit * 16 + 12);
  connect(cases_, &QTreeWidget::currentItemChanged, this,
          [this] { showCase(cases_->indexOfTopLevelItem(cases_->currentItem())); });

  question_ = new QLabel;
  question_->setObjectName(QStringLiteral("adjudicationQuestion"));
  question_->setWordWrap(true);
  question_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont bold = question_->font();
  bold.setBold(true);
  question_->setFont(bold);
  sql_ = new QPlainTextEdit;
  sql_->setObjectName(QStringLiteral("adjudicationSql"));
  sql_->setReadOnly(true);
  sql_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  sql_->setMaximumHeight(sql_->fontMetrics().height() * 9 + 12);
  reviewers_ = new QTableWidget(0, 3);
  reviewers_->setObjectName(QStringLiteral("adjudicationReviewers"));
  reviewers_->verticalHeader()->hide();
  reviewers_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  reviewers_->setSelectionMode(QAbstractItemView::NoSelection);
  reviewers_->horizontalHeader()->setStretchLastSection(true);
  reviewers_->setWordWrap(true);

  finalTitle_ = new QLabel;
  finalTitle_->setFont(bold);
  verdict_ = new QComboBox;
  verdict_->setObjectName(QStringLiteral("adjudicationVerdict"));
  labels_ = new QListWidget;
  labels_->setObjectName(QStringLiteral("adjudicationLabels"));
  labels_->setMinimumHeight(labels_->fontMetrics().height() * 3 + 12);
  note_ = new QLineEdit;
  record_ = new QPushButton;
  record_->setObjectName(QStringLiteral("adjudicationRecord"));
  record_->setDefault(true);
  clear_ = new QPushButton;
  undoButton_ = new QPushButton;
  undoButton_->setObjectName(QStringLiteral("adjudicationUndo"));
  undoButton_->setEnabled(false);
  undoButton_->setAutoDefault(false);  // Return records; it never undoes
  clear_->setAutoDefault(false);
  auto* undoAction = new QAction(this);
  undoAction->setShortcut(QKeySequence::Undo);
  undoAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  addAction(undoAction);
  connect(undoAction, &QAction::triggered, this, &AdjudicationView::undoLast);
  connect(undoButton_, &QPushButton::clicked, this, &AdjudicationView::undoLast);
  status_ = new QLabel;
  status_->setWordWrap(true);
  connect(record_, &QPushButton::clicked, this, &AdjudicationView::recordFinal);
  connect(clear_, &QPushButton::clicked, this, &AdjudicationView::clearFinal);

  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(summary_);
  leftLayout->addWidget(cases_, 1);

  auto* right = new QWidget;
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(question_);
  rightLayout->addWidget(sql_, 2);
  rightLayout->addWidget(reviewers_, 2);
  rightLayout->addWidget(finalTitle_);
  auto* verdictRow = new QHBoxLayout;
  verdictRow->addWidget(verdict_);
  verdictRow->addWidget(note_, 1);
  rightLayout->addLayout(verdictRow);
  rightLayout->addWidget(labels_, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(status_, 1);
  buttons->addWidget(undoButton_);
  buttons->addWidget(clear_);
  buttons->addWidget(record_);
  rightLayout->addLayout(buttons);

  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  split->setSizes({380, 720});
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(split);
}

void AdjudicationView::retranslate() {
  cases_->setHeaderLabels({tr("#"), tr("Case"), tr("Final label")});
  reviewers_->setHorizontalHeaderLabels({tr("Reviewer"), tr("Verdict"), tr("Labels")});
  finalTitle_->setText(tr("Final label"));
  const int v = verdict_->currentIndex();
  verdict_->clear();
  verdict_->addItem(tr("No verdict"), QString());
  verdict_->addItem(tr("correct"), QStringLiteral("correct"));
  verdict_->addItem(tr("incorrect"), QStringLiteral("incorrect"));
  verdict_->addItem(tr("unsure"), QStringLiteral("unsure"));
  verdict_->setCurrentIndex(v < 0 ? 0 : v);
  note_->setPlaceholderText(tr("Why (optional)"));
  record_->setText(tr("Record final label"));
  clear_->setText(tr("Clear"));
  undoButton_->setText(tr("Undo"));
  undoButton_->setToolTip(tr("Put back the final label as it was before the last change (%1)")
                              .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
  // The style gives a button its text's width plus a few pixels, at least 80 px: a text wider than
  // that ("记录最终标签") touched the frame. Room of a character on each side, in every language.
  for (QPushButton* b : {record_, clear_, undoButton_}) {
    const QFontMetrics fm = b->fontMetrics();
    b->setMinimumWidth(fm.horizontalAdvance(QString(b->text()).remove(QLatin1Char('&'))) +
                       2 * fm.horizontalAdvance(QLatin1Char('M')));
  }
  if (ws_) fillList();
}

void AdjudicationView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

bool AdjudicationView::setRun(const QString& workspacePath, qint64 runId) {
  ws_.reset();
  runId_ = runId;
  undo_.clear();  // the steps belong to the run they were taken in
  updateUndo();
  auto opened = hs::ws::Workspace::open(workspacePath.toStdString());
  if (!opened) {
    disputes_.clear();
    cases_->clear();
    setStatus(tr("Cannot open the workspace: %1").arg(QString::fromStdString(opened.error().describe())));
    return false;
  }
  ws_ = std::make_unique<hs::ws::Workspace>(std::move(*opened));
  reload();
  return true;
}

void AdjudicationView::reload() {
  disputes_.clear();
  if (ws_) {
    hs::ws::LabelScope scope;
    scope.runId = runId_;
    auto reviews = hs::ws::caseReviews(*ws_, scope);
    if (!reviews) {
      setStatus(QString::fromStdString(reviews.error().describe()));
    } else {
      for (auto& c : *reviews)
        if (c.disputed) disputes_.push_back(std::move(c));
    }
  }
  fillList();
}

int AdjudicationView::disputedCount() const {
  return static_cast<int>(disputes_.size());
}

int AdjudicationView::adjudicatedCount() const {
  int n = 0;
  for (int i = 0; i < cases_->topLevelItemCount(); ++i)
    if (!cases_->topLevelItem(i)->text(2).isEmpty()) ++n;
  return n;
}

void AdjudicationView::fillList() {
  const qint64 keep = caseId_;
  const QSignalBlocker block(cases_);
  cases_->clear();
  int select = disputes_.empty() ? -1 : 0;
  for (std::size_t i = 0; i < disputes_.size(); ++i) {
    const qint64 id = disputes_[i].caseId;
    auto* item = new QTreeWidgetItem(cases_);
    if (auto record = ws_->caseById(id)) {
      item->setText(0, QString::number(record->position + 1));
      item->setText(1, QString::fromStdString(record->kase.id));
      item->setToolTip(1, QString::fromStdString(record->kase.question));
    }
    if (auto final = hs::ws::adjudicationOf(*ws_, id); final && *final)
      item->setText(2, finalLabelText(**final));
    item->setData(0, Qt::UserRole, id);
    if (id == keep) select = static_cast<int>(i);
  }
  summary_->setText(tr("%n case(s) where reviewers disagree", nullptr, disputedCount()) +
                    QStringLiteral(" · ") + tr("%n adjudicated", nullptr, adjudicatedCount()));
  if (select >= 0) {
    cases_->setCurrentItem(cases_->topLevelItem(select));
    showCase(select);
  } else {
    showCase(-1);
  }
}

bool AdjudicationView::selectCase(int row) {
  if (row < 0 || row >= cases_->topLevelItemCount()) return false;
  cases_->setCurrentItem(cases_->topLevelItem(row));
  return true;
}

bool AdjudicationView::selectCaseId(qint64 caseId) {
  for (std::size_t i = 0; i < disputes_.size(); ++i)
    if (disputes_[i].caseId == caseId) return selectCase(static_cast<int>(i));
  return false;
}

void AdjudicationView::setStatus(const QString& text) {
  status_->setText(text);
}

QString AdjudicationView::statusText() const {
  return status_->text();
}

QString AdjudicationView::labelText(const std::string& label) const {
  if (label == hs::ws::kNoLabel) return tr("no hallucination");
  for (const char* taxonomy : {"mrsqlgen", "tasql"}) {
    const auto* info = hs::findCategory(taxonomy, label);
    // The table's labels name the code already ("C5 Column selection").
    if (info && info->id == label) return FindingStyles::categoryLabel(taxonomy, label);
  }
  return QString::fromStdString(label);
}

}  // namespace hs::ui
