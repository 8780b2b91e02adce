#include "widgets/eliding_label.h"

#include <QFontMetrics>
#include <QResizeEvent>

namespace hs::ui {

ElidingLabel::ElidingLabel(QWidget* parent) : QLabel(parent) {
  setWordWrap(false);
  setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidingLabel::setFullText(const QString& text) {
  full_ = text;
  setToolTip(text);
  elide();
}

QSize ElidingLabel::minimumSizeHint() const {
  return {1, QLabel::minimumSizeHint().height()};
}

QSize ElidingLabel::sizeHint() const {
  return {fontMetrics().horizontalAdvance(full_), QLabel::sizeHint().height()};
}

void ElidingLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  elide();
}

void ElidingLabel::elide() {
  QLabel::setText(fontMetrics().elidedText(full_, Qt::ElideRight, std::max(0, contentsRect().width())));
}

}  // namespace hs::ui
