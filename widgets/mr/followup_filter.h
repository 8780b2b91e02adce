#pragma once
// Sorting (FollowUpModel::SortRole) and a verdict filter over the follow-up table.
#include <QSortFilterProxyModel>

#include <optional>

#include "engine/mr/relation_check.h"

namespace hs::ui {

class FollowUpFilter : public QSortFilterProxyModel {
  Q_OBJECT
 public:
  explicit FollowUpFilter(QObject* parent = nullptr);

  // Only rows with this verdict (skipped rows count as inapplicable); nullopt: every row.
  void setVerdict(std::optional<hs::mr::Verdict> verdict);
  std::optional<hs::mr::Verdict> verdict() const { return verdict_; }

 protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

 private:
  std::optional<hs::mr::Verdict> verdict_;
};

}  // namespace hs::ui
