// The shell's page door (widgets/page.h): the tabs after Query that features register, which one
// is in front and where the focus lands, and the start-up options handed to pages and listeners.
#include <QAction>
#include <QApplication>
#include <QTabWidget>

#include <algorithm>
#include <vector>

#include "widgets/llm/llm_controller.h"
#include "widgets/main_window.h"
#include "widgets/page.h"
#include "widgets/pane_focus.h"

namespace hs::ui {

void MainWindow::addPage(Page* page) {
  // After Query (always first), the higher priority further left; equal ones in the order they came.
  auto at = std::find_if(pages_.begin(), pages_.end(),
                         [page](const Page* p) { return p->priority() < page->priority(); });
  const int index = 1 + static_cast<int>(at - pages_.begin());
  pages_.insert(at, page);
  tabs_->insertTab(index, page->widget(), page->icon(), page->title());
  frontSetsMinimum();
}

Page* MainWindow::findPage(const QString& id) const {
  for (Page* p : pages_)
    if (p->id() == id) return p;
  return nullptr;
}

bool MainWindow::showPage(const QString& id) {
  Page* p = findPage(id);
  if (!p) return false;
  // Where the focus was before the switch: a focused widget of the page left behind hands the
  // focus to the next one in the chain, which may be inside the page shown (Review's run chooser).
  const QWidget* focus = QApplication::focusWidget();
  QWidget* widget = p->widget();
  tabs_->setCurrentWidget(widget);
  // The focus was nowhere or on the page left behind: the arrow keys of a reviewer did nothing
  // until Tab had reached the case list.
  if (!focus || !widget->isAncestorOf(focus))
    if (QWidget* target = focusTargetOf(widget)) target->setFocus(Qt::OtherFocusReason);
  return true;
}

bool MainWindow::isPageShown(const QString& id) const {
  const Page* p = findPage(id);
  return p && tabs_->currentWidget() == p->widget();
}

QWidget* MainWindow::focusTargetOf(QWidget* widget) const {
  for (const Page* p : pages_)
    if (p->widget() == widget && p->focusTarget()) return p->focusTarget();
  return paneFocusTarget(widget);
}

void MainWindow::frontSetsMinimum() {
  // Only the tab in front sets how small the centre may get: the Review and Drill-down pages need
  // more height than the Query page, and kept the docks under the editor from growing. Set before
  // the docks come back (they were laid out against Review's minimum and came back shorter).
  for (int i = 0; i < tabs_->count(); ++i)
    tabs_->widget(i)->setSizePolicy(
        QSizePolicy::Preferred, i == tabs_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored);
}

void MainWindow::addStartListener(StartListener* listener) {
  listeners_.push_back(listener);
}

void MainWindow::start(const StartOptions& options) {
  for (Page* p : pages_) p->applyStartOptions(options);
  for (StartListener* l : listeners_) l->applyStartOptions(options);
}

bool MainWindow::isSettled() const {
  return std::all_of(pages_.begin(), pages_.end(), [](const Page* p) { return p->isSettled(); }) &&
         std::all_of(listeners_.begin(), listeners_.end(),
                     [](const StartListener* l) { return l->isSettled(); });
}

QWidget* MainWindow::beforeScreenshot(const StartOptions& options) {
  QWidget* target = nullptr;
  for (Page* p : pages_)
    if (QWidget* own = p->beforeScreenshot(options)) target = own;
  return target;
}

GenerationController* MainWindow::generation() const {
  return llm_ ? llm_->generation() : nullptr;
}

std::vector<QAction*> MainWindow::generalShortcuts() const {
  std::vector<QAction*> keys{actions_.open, actions_.closeDb, actions_.saveWorkspaceAs, actions_.run,
                             actions_.cancel};
  if (llm_) keys.push_back(llm_->generateAction());
  keys.insert(keys.end(), {actions_.nextTab, actions_.prevTab, actions_.nextPane, actions_.prevPane});
  keys.insert(keys.end(), dockActions_.begin(), dockActions_.end());  // Alt+1.. bring a dock forward
  keys.insert(keys.end(), {actions_.guide, actions_.quit});
  return keys;
}

}  // namespace hs::ui
