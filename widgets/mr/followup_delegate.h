#pragma once
// Paints the follow-up table: the question column as rich text (changed words bold, from
// FollowUpModel::HtmlRole) and the verdict column as a coloured badge.
#include <QStyledItemDelegate>

namespace hs::ui {

class FollowUpDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  using QStyledItemDelegate::QStyledItemDelegate;

  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

 private:
  void paintHtml(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const;
  void paintBadge(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const;
};

}  // namespace hs::ui
