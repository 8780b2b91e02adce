// CaseQueue: the next and previous case and finding of the review queue.
#include "widgets/review/case_queue.h"

#include <QAbstractItemView>
#include <QTreeWidget>

#include <algorithm>

#include "widgets/review/case_filter_proxy.h"
#include "widgets/review/case_list_model.h"

namespace hs::ui {

CaseQueue::CaseQueue(const CaseListModel* model, const CaseFilterProxy* proxy, const QAbstractItemView* list)
    : model_(model), proxy_(proxy), list_(list) {}

int CaseQueue::step(int delta, bool unreviewedOnly) const {
  const int n = proxy_->rowCount();
  const QModelIndex current = list_->currentIndex();
  int r = current.isValid() ? current.row() : (delta > 0 ? -1 : n);
  for (r += delta; r >= 0 && r < n; r += delta) {
    if (unreviewedOnly) {
      const int source = proxy_->mapToSource(proxy_->index(r, 0)).row();
      if (model_->row(source).reviewed) continue;
    }
    return r;
  }
  return -1;
}

int CaseQueue::rowOfNumber(int n) const {
  for (int r = 0; r < model_->rowCount(); ++r) {
    if (model_->row(r).summary.position + 1 != n) continue;
    const QModelIndex at = proxy_->mapFromSource(model_->index(r, 0));
    return at.isValid() ? at.row() : -1;
  }
  return -1;
}

int CaseQueue::rowOfCase(qint64 caseId) const {
  const int row = caseId >= 0 ? model_->rowOfCase(caseId) : -1;
  if (row < 0) return -1;
  const QModelIndex at = proxy_->mapFromSource(model_->index(row, 0));
  return at.isValid() ? at.row() : -1;
}

int CaseQueue::number(qint64 caseId) const {
  const int row = caseId >= 0 ? model_->rowOfCase(caseId) : -1;
  return row >= 0 ? static_cast<int>(model_->row(row).summary.position) + 1 : 0;
}

bool CaseQueue::stepFinding(QTreeWidget* findings, int delta) {
  if (!findings || findings->topLevelItemCount() == 0) return false;
  const int current = findings->currentItem() ? findings->indexOfTopLevelItem(findings->currentItem()) : -1;
  const int next =
      std::clamp(current < 0 ? (delta > 0 ? 0 : findings->topLevelItemCount() - 1) : current + delta, 0,
                 findings->topLevelItemCount() - 1);
  findings->setCurrentItem(findings->topLevelItem(next));
  return true;
}

}  // namespace hs::ui
