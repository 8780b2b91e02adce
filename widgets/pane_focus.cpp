#include "widgets/pane_focus.h"

#include <QApplication>
#include <QWidget>

namespace hs::ui {

namespace {

bool takesFocus(const QWidget* w) {
  return w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus);
}

}  // namespace

QWidget* paneFocusTarget(QWidget* pane) {
  if (!pane || !pane->isVisible()) return nullptr;
  if (takesFocus(pane)) return pane;
  for (QWidget* child : pane->findChildren<QWidget*>())
    if (takesFocus(child)) return child;
  return nullptr;
}

QWidget* focusNextPane(const QList<QWidget*>& panes, int delta) {
  const int n = static_cast<int>(panes.size());
  if (n == 0 || delta == 0) return nullptr;
  const QWidget* focus = QApplication::focusWidget();
  int at = -1;
  for (int i = 0; i < n && at < 0; ++i)
    if (panes[i] && focus && (panes[i] == focus || panes[i]->isAncestorOf(focus))) at = i;
  const int step = delta > 0 ? 1 : -1;
  if (at < 0) at = step > 0 ? -1 : n;
  for (int k = 1; k <= n; ++k) {
    QWidget* target = paneFocusTarget(panes[((at + step * k) % n + n) % n]);
    if (!target) continue;
    target->setFocus(step > 0 ? Qt::TabFocusReason : Qt::BacktabFocusReason);
    return target;
  }
  return nullptr;
}

void showFocusFrame(QWidget* pane) {
  if (!pane) return;
  // A property selector, so that the rule does not reach the pane's own scroll areas (headers).
  pane->setProperty("paneFocusFrame", true);
  pane->setStyleSheet(QStringLiteral(
      "*[paneFocusFrame=\"true\"] { border: 1px solid palette(mid); margin: 1px; }"
      "*[paneFocusFrame=\"true\"]:focus { border: 2px solid palette(highlight); margin: 0px; }"));
}

}  // namespace hs::ui
