#include "widgets/mr/followup_delegate.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QPainter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <algorithm>

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
  QString html = index.data(FollowUpModel::HtmlRole).toString();
  // Changed words stay readable on the selection colour.
  if (opt.state & QStyle::State_Selected)
    html.replace(FollowUpModel::changedColor().name(), QStringLiteral("#fff59d"));
  opt.text.clear();
  QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);  // background, selection

  QTextDocument doc;
  doc.setDefaultFont(opt.font);
  doc.setDocumentMargin(0);
  doc.setHtml(html);
  QRect r = opt.rect.adjusted(4, 0, -4, 0);
  const bool selected = opt.state & QStyle::State_Selected;
  const QColor text = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
  painter->save();
  // A change beyond the visible width: scroll the text so it shows, with an ellipsis in front.
  qreal shift = 0;
  const int changedAt = index.data(FollowUpModel::ChangedAtRole).toInt();
  if (changedAt > 0 && doc.idealWidth() > r.width()) {
    const QTextBlock block = doc.findBlock(changedAt);
    const QTextLayout* layout = block.layout();
    if (layout && layout->lineCount() > 0) {
      const qreal x = layout->lineAt(0).cursorToX(changedAt - block.position());
      if (x > r.width() * 0.5) {
        const QString ellipsis = QStringLiteral("…");
        const int ew = opt.fontMetrics.horizontalAdvance(ellipsis) + 2;
        painter->setPen(text);
        painter->drawText(QRect(r.left(), r.top(), ew, r.height()), Qt::AlignVCenter | Qt::AlignLeft,
                          ellipsis);
        r.setLeft(r.left() + ew);
        shift = std::min(x - r.width() * 0.25, doc.idealWidth() - r.width());
      }
    }
  }
  painter->setClipRect(r);
  const qreal y = r.top() + (r.height() - doc.size().height()) / 2.0;
  painter->translate(r.left() - shift, y);
  QAbstractTextDocumentLayout::PaintContext ctx;
  ctx.palette.setColor(QPalette::Text, text);
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
