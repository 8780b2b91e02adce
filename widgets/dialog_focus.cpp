#include "widgets/dialog_focus.h"

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QPointer>

#include <algorithm>
#include <vector>

namespace hs::ui {

namespace {

class DialogFocusKeeper : public QObject {
 public:
  explicit DialogFocusKeeper(QApplication* app) : QObject(app) {
    setObjectName(QStringLiteral("hsDialogFocusKeeper"));
    app->installEventFilter(this);
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    const QEvent::Type type = event->type();
    if (type != QEvent::Show && type != QEvent::Hide) return false;
    auto* dialog = qobject_cast<QDialog*>(watched);
    if (!dialog || !dialog->isWindow() || event->spontaneous()) return false;
    if (type == QEvent::Show)
      remember(dialog);
    else
      giveBack(dialog);
    return false;
  }

 private:
  struct Origin {
    QPointer<QDialog> dialog;
    QPointer<QWidget> window;  // active when the dialog was shown
    QPointer<QWidget> focus;   // its focus widget then
  };

  // Read when the dialog is shown, before it is activated: the window and widget the keys went to.
  void remember(QDialog* dialog) {
    std::erase_if(origins_, [dialog](const Origin& o) { return !o.dialog || o.dialog == dialog; });
    QWidget* window = QApplication::activeWindow();
    QWidget* focus = QApplication::focusWidget();
    if (!window || window == dialog) {  // shown with no window active: the one it belongs to
      window = dialog->parentWidget() ? dialog->parentWidget()->window() : nullptr;
      focus = window ? window->focusWidget() : nullptr;
    }
    if (window) origins_.push_back(Origin{dialog, window, focus});
  }

  void giveBack(QDialog* dialog) {
    const auto it = std::find_if(origins_.begin(), origins_.end(),
                                 [dialog](const Origin& o) { return o.dialog == dialog; });
    if (it == origins_.end()) return;
    const Origin origin = *it;
    origins_.erase(it);
    // Only when the dialog had the keyboard (or nothing has it): never take it from another
    // application or from the window the user went to.
    QWidget* active = QApplication::activeWindow();
    if (active && active != dialog) return;
    if (!origin.window || !origin.window->isVisible() || origin.window == dialog) return;
    if (origin.focus && origin.focus->window() == origin.window && origin.focus->isVisible() &&
        origin.focus->isEnabled())
      origin.focus->setFocus(Qt::ActiveWindowFocusReason);  // taken when the window is active
    origin.window->activateWindow();
  }

  std::vector<Origin> origins_;
};

}  // namespace

void keepDialogFocus(QApplication* app) {
  if (!app || app->findChild<QObject*>(QStringLiteral("hsDialogFocusKeeper"), Qt::FindDirectChildrenOnly))
    return;
  new DialogFocusKeeper(app);
}

}  // namespace hs::ui
