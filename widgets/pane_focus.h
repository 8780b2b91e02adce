#pragma once
// Keyboard focus between the panes of a window (F6 / Shift+F6): the SQL editor keeps Tab and
// Shift+Tab for itself, so without this the results grid and the schema cannot be reached by
// keyboard from it.
#include <QList>

class QWidget;

namespace hs::ui {

// The widget of `pane` that takes the focus: the pane itself, or its first visible and enabled
// child that accepts Tab focus; nullptr when there is none.
QWidget* paneFocusTarget(QWidget* pane);

// Focuses the pane after (delta > 0) or before (delta < 0) the one that holds the focus, skipping
// panes with nothing to focus; the first (or last) pane when none holds it. Returns the widget
// focused, nullptr when no pane can take the focus.
QWidget* focusNextPane(const QList<QWidget*>& panes, int delta);

// Gives a pane (a scroll area: tree, grid, editor) a frame that turns the highlight colour while it
// has the keyboard focus, so a keyboard user sees which pane F6 reached. The frame keeps its width
// in both states: nothing inside moves when the focus comes or goes.
void showFocusFrame(QWidget* pane);

}  // namespace hs::ui
