#pragma once
// Whether a pane shows the keyboard-focus frame (widgets/pane_focus.h), read from the pixels the
// user sees: the middle of its left edge is drawn in the highlight colour.
#include <QColor>
#include <QImage>
#include <QPalette>
#include <QWidget>

namespace hs::test {

inline bool showsFocusFrame(QWidget* pane) {
  const QImage image = pane->grab().toImage();
  const QColor edge = image.pixelColor(0, image.height() / 2);
  return edge == pane->palette().color(QPalette::Active, QPalette::Highlight);
}

}  // namespace hs::test
