// CaseTable: the Review tab's case list and the widths of its columns.
#include "widgets/review/case_table.h"

#include <QHeaderView>

#include <utility>

#include "widgets/pane_focus.h"
#include "widgets/review/case_list_model.h"

namespace hs::ui {

CaseTable::CaseTable(QAbstractItemModel* cases, QWidget* parent) : QTableView(parent) {
  setObjectName(QStringLiteral("reviewCaseList"));
  setModel(cases);
  setSortingEnabled(true);
  sortByColumn(CaseListModel::Position, Qt::AscendingOrder);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  // Tab leaves the list for the case view (it walked the columns of the selected row, scrolling
  // the list sideways, and never reached the findings).
  setTabKeyNavigation(false);
  setAlternatingRowColors(true);
  setWordWrap(false);
  setTextElideMode(Qt::ElideRight);
  verticalHeader()->hide();
  showFocusFrame(this);
  verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  auto* header = horizontalHeader();
  header->setHighlightSections(false);
  header->setStretchLastSection(false);
  const int digit = fontMetrics().horizontalAdvance(QLatin1Char('0'));
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
  setColumnHidden(CaseListModel::CaseId, true);
  setColumnHidden(CaseListModel::Model, true);
  setColumnHidden(CaseListModel::ExBag, true);
}

bool CaseTable::makeCurrent(int row) {
  const QModelIndex at = model()->index(row, CaseListModel::Position);
  if (!at.isValid()) return false;
  setCurrentIndex(at);
  scrollTo(at, QAbstractItemView::PositionAtCenter);
  return true;
}

}  // namespace hs::ui
