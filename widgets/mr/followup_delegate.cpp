#include "widgets/mr/followup_delegate.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QPainter>
#include <QTextDocument>

#include "widgets/mr/followup_model.h"

namespace hs::ui {

void FollowUpDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
  if (index.column() == FollowUpModel::QuestionCol) return paintHtml(painter, option, index);
  if (index.column() == FollowUpModel::VerdictCol) return paintBadge(painter, option, index);
  QStyledItemDelegate::paint(painter, option, index);
}

void FollowUpDelegate::paintHtml(QPainter* painter, const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QString html = index.data(FollowUpModel::HtmlRole).toString();
  opt.text.clear();
  QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);  // background, selection

  QTextDocument doc;
  doc.setDefaultFont(opt.font);
  doc.setDocumentMargin(0);
  doc.setHtml(html);
  const QRect r = opt.rect.adjusted(4, 0, -4, 0);
  painter->save();
  painter->setClipRect(r);
  const qreal y = r.top() + (r.height() - doc.size().height()) / 2.0;
  painter->translate(r.left(), y);
  QAbstractTextDocumentLayout::PaintContext ctx;
  const bool selected = opt.state & QStyle::State_Selected;
  ctx.palette.setColor(QPalette::Text,
                       opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
  doc.documentLayout()->draw(painter, ctx);
  painter->restore();
}

void FollowUpDelegate::paintBadge(QPainter* painter, const QStyleOptionViewItem& option,
                                  const QModelIndex& index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QString text = opt.text;
  opt.text.clear();
  QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

  const auto verdict = static_cast<hs::mr::Verdict>(index.data(FollowUpModel::VerdictRole).toInt());
  const bool skipped = index.data(FollowUpModel::SkippedRole).toBool();
  const QColor color = FollowUpModel::verdictColor(verdict, skipped);
  QFont font = opt.font;
  font.setBold(true);
  const QFontMetrics fm(font);
  const int w = fm.horizontalAdvance(text) + 16;
  const int h = fm.height() + 4;
  const QRect badge(opt.rect.center().x() - w / 2, opt.rect.center().y() - h / 2, w, h);
  painter->save();
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setPen(Qt::NoPen);
  painter->setBrush(color);
  painter->drawRoundedRect(badge, h / 2.0, h / 2.0);
  painter->setPen(Qt::white);
  painter->setFont(font);
  painter->drawText(badge, Qt::AlignCenter, text);
  painter->restore();
}

QSize FollowUpDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
  QSize s = QStyledItemDelegate::sizeHint(option, index);
  if (index.column() == FollowUpModel::VerdictCol) {
    QFont font = option.font;
    font.setBold(true);
    s.setWidth(QFontMetrics(font).horizontalAdvance(index.data().toString()) + 28);
  }
  return s;
}

}  // namespace hs::ui
