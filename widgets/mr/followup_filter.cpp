#include "widgets/mr/followup_filter.h"

#include "widgets/mr/followup_model.h"

namespace hs::ui {

FollowUpFilter::FollowUpFilter(QObject* parent) : QSortFilterProxyModel(parent) {
  setSortRole(FollowUpModel::SortRole);
}

void FollowUpFilter::setVerdict(std::optional<hs::mr::Verdict> verdict) {
  verdict_ = verdict;
  invalidateFilter();
}

bool FollowUpFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  if (!verdict_) return true;
  const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
  return i.data(FollowUpModel::VerdictRole).toInt() == int(*verdict_);
}

}  // namespace hs::ui
