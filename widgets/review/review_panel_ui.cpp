// ReviewPanel: widgets, layout and texts.
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "widgets/pane_focus.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/detector_summary.h"
#include "widgets/review/review_panel.h"

namespace hs::ui {

void ReviewPanel::buildUi() {
  runs_ = new QComboBox;
  runs_->setObjectName(QStringLiteral("reviewRunCombo"));
  runs_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  runs_->setMinimumContentsLength(24);
  runMenuButton_ = new QToolButton;
  runMenuButton_->setObjectName(QStringLiteral("reviewRunMenuButton"));
  runMenuButton_->setPopupMode(QToolButton::InstantPopup);
  runMenuButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  runMenuButton_->hide();  // until a menu is set
  evaluate_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), QString());
  cancel_ = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), QString());
  cancel_->setEnabled(false);
  progress_ = new QProgressBar;
  progress_->setMaximumWidth(220);
  progress_->setFormat(QStringLiteral("%v / %m"));
  progress_->hide();
  runLabel_ = new QLabel;
  stats_ = new QLabel;
  stats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  stats_->setWordWrap(true);  // a long summary wraps instead of widening the window past the screen
  detectors_ = new DetectorSummary;
  reliability_ = new QLabel;
  reliability_->setObjectName(QStringLiteral("reviewReliability"));
  reliability_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  reliability_->hide();

  auto* top = new QHBoxLayout;
  top->addWidget(runLabel_);
  top->addWidget(runs_);
  top->addWidget(runMenuButton_);
  top->addWidget(evaluate_);
  top->addWidget(cancel_);
  top->addWidget(progress_);
  top->addSpacing(12);
  top->addWidget(stats_, 1);

  verdict_ = new QComboBox;
  category_ = new QComboBox;
  category_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  modelFilter_ = new QComboBox;
  modelFilter_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  difficulty_ = new QComboBox;
  search_ = new QLineEdit;
  search_->setClearButtonEnabled(true);
  search_->setMinimumWidth(160);
  shown_ = new QLabel;
  review_ = new QComboBox;
  review_->setObjectName(QStringLiteral("reviewStateCombo"));
  reviewProgress_ = new QLabel;
  reviewProgress_->setObjectName(QStringLiteral("reviewProgress"));
  QFont bold = reviewProgress_->font();
  bold.setBold(true);
  reviewProgress_->setFont(bold);
  auto* filters = new QHBoxLayout;
  filters->addWidget(verdict_);
  filters->addWidget(review_);
  filters->addWidget(category_);
  filters->addWidget(modelFilter_);
  filters->addWidget(difficulty_);
  filters->addWidget(search_, 1);
  filters->addWidget(shown_);
  filters->addSpacing(12);
  filters->addWidget(reviewProgress_);

  list_ = new QTableView;
  list_->setObjectName(QStringLiteral("reviewCaseList"));
  list_->setModel(proxy_);
  list_->setSortingEnabled(true);
  list_->sortByColumn(CaseListModel::Position, Qt::AscendingOrder);
  list_->setSelectionBehavior(QAbstractItemView::SelectRows);
  list_->setSelectionMode(QAbstractItemView::SingleSelection);
  // Tab leaves the list for the case view (it walked the columns of the selected row, scrolling
  // the list sideways, and never reached the findings).
  list_->setTabKeyNavigation(false);
  list_->setAlternatingRowColors(true);
  list_->setWordWrap(false);
  list_->setTextElideMode(Qt::ElideRight);
  list_->verticalHeader()->hide();
  showFocusFrame(list_);
  list_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  list_->verticalHeader()->setDefaultSectionSize(list_->fontMetrics().height() + 6);
  auto* header = list_->horizontalHeader();
  header->setHighlightSections(false);
  header->setStretchLastSection(false);
  const int digit = list_->fontMetrics().horizontalAdvance(QLatin1Char('0'));
  const std::pair<int, int> widths[] = {
      {CaseListModel::Position, 4},  {CaseListModel::CaseId, 14}, {CaseListModel::Database, 14},
      {CaseListModel::Question, 30}, {CaseListModel::Model, 10},  {CaseListModel::Difficulty, 9},
      {CaseListModel::ExSet, 5},     {CaseListModel::Review, 11}, {CaseListModel::ExBag, 5},
      {CaseListModel::ExOrdered, 5}, {CaseListModel::SoftF1, 6},  {CaseListModel::Risk, 4},
      {CaseListModel::Findings, 30}};
  for (const auto& [col, chars] : widths) header->resizeSection(col, digit * chars + 16);
  // The question takes whatever width the list has beyond the fixed columns (a wide screen shows
  // whole questions instead of an empty band on the right).
  header->setSectionResizeMode(CaseListModel::Question, QHeaderView::Stretch);
  // The case key repeats the position for most files and the model is often one name: hidden by
  // default (the header's context menu could bring them back).
  list_->setColumnHidden(CaseListModel::CaseId, true);
  list_->setColumnHidden(CaseListModel::Model, true);
  list_->setColumnHidden(CaseListModel::ExBag, true);

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
  layout->addLayout(top);
  layout->addWidget(detectors_);
  layout->addWidget(reliability_);
  layout->addLayout(filters);
  layout->addWidget(splitter_, 1);
}

void ReviewPanel::setRunMenu(QMenu* menu) {
  runMenuButton_->setMenu(menu);
  runMenuButton_->setVisible(menu != nullptr);
  runs_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(runs_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    if (QMenu* m = runMenuButton_->menu()) m->exec(runs_->mapToGlobal(at));
  });
}

QString ReviewPanel::noWorkspaceText() const {
  return tr(
      "No workspace is open.\nUse File ▸ Open Workspace… to go on with a review, or\n"
      "File ▸ Import Benchmark Run… to start one from a file of predictions.");
}

void ReviewPanel::retranslate() {
  if (!hasWorkspace()) view_->showMessage(noWorkspaceText());  // the empty tab says how to fill it
  runLabel_->setText(tr("&Run:"));  // Alt+R: the run chooser, Alt+M its menu, Alt+E Evaluate
  runLabel_->setBuddy(runs_);
  runMenuButton_->setText(tr("&Manage Run"));  // QToolButton draws the menu arrow itself
  // ... in the bottom-right corner, over the end of the text, and leaves it no room: add the room.
  runMenuButton_->setMinimumWidth(runMenuButton_->sizeHint().width() +
                                  runMenuButton_->style()->pixelMetric(QStyle::PM_MenuButtonIndicator));
  runMenuButton_->setToolTip(tr("Rename or delete the run, set its database folder, comparison settings"));
  evaluate_->setText(tr("&Evaluate"));
  evaluate_->setToolTip(tr("Execute gold and predicted SQL read-only, score and annotate every case"));
  cancel_->setText(tr("Cancel"));
  search_->setPlaceholderText(tr("Search question, SQL, database…"));
  const QSignalBlocker block(verdict_);
  const int v = verdict_->currentIndex();
  verdict_->clear();
  verdict_->addItem(tr("All verdicts"));
  verdict_->addItem(tr("EX correct"));
  verdict_->addItem(tr("EX wrong"));
  verdict_->addItem(tr("EX undecided"));
  verdict_->setCurrentIndex(v < 0 ? 0 : v);
  verdict_->setToolTip(tr("Execution accuracy under set semantics"));
  {
    const QSignalBlocker blockReview(review_);
    const int r = review_->currentIndex();
    review_->clear();
    review_->addItem(tr("Reviewed or not"));
    review_->addItem(tr("Reviewed"));
    review_->addItem(tr("Unreviewed"));
    review_->addItem(tr("Disputed"));
    review_->setCurrentIndex(r < 0 ? 0 : r);
    review_->setToolTip(tr("Cases with annotations, without, or where reviewers disagree"));
  }
  if (confirmAction_) retranslateActions();
  retranslateRuns();
  reviewProgress_->setText(progressText());
  fillFilterCombos();
  updateStats();
}

}  // namespace hs::ui
