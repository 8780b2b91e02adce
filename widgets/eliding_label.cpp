#include "widgets/eliding_label.h"

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QResizeEvent>

#include <cmath>

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
  // Rounded up: the text is laid out in fractions of a pixel, and a width rounded down (292 for
  // 292.08) cut the last letters with "…" while the layout had room to spare beside the label.
  const double text = QFontMetricsF(font()).horizontalAdvance(full_);
  return {static_cast<int>(std::ceil(text)), QLabel::sizeHint().height()};
}

void ElidingLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  elide();
}

void ElidingLabel::elide() {
  QLabel::setText(fontMetrics().elidedText(full_, Qt::ElideRight, std::max(0, contentsRect().width())));
}

}  // namespace hs::ui
