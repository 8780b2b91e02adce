#pragma once
// Every dialog gives the keyboard back where it was: when a dialog hides, the window it came from
// is active again with its focus widget. Without a window manager that does this (Xvfb, some tiling
// window managers) no window was active after a dialog closed, and every window shortcut (the
// Review keys, Ctrl+O, the menus' Alt+letter) was dead until the user clicked into the window.
class QApplication;

namespace hs::ui {

// Installs the application-wide hook once (calling it again does nothing).
void keepDialogFocus(QApplication* app);

}  // namespace hs::ui
