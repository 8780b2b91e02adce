// The shell's doors (widgets/shell.h): where features put their docks, status items, bars, menu
// actions and toolbar widgets; and which docks show (those of the Query tab with a database open).
#include <utility>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

#include "widgets/main_status.h"
#include "widgets/main_window.h"
#include "widgets/pane_focus.h"
#include "widgets/sql_editor.h"

namespace hs::ui {

namespace {
constexpr int kDockMinHeight = 120;
constexpr int kDockKeys = 9;  // Alt+1..Alt+9
}  // namespace

void MainWindow::addDock(QDockWidget* dock, DockPlace place) {
  if (place == DockPlace::Left) {
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    tabifyDockWidget(schemaDock_, dock);
    schemaDock_->raise();
  } else {
    // Under the editor the dock shares the height with it: its content may be squeezed (and
    // clipped) rather than make the window taller than a 1366x768 screen.
    if (QWidget* content = dock->widget()) content->setMinimumHeight(kDockMinHeight);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    tabifyDockWidget(resultsTabs_.isEmpty() ? resultsDock_ : resultsTabs_.last(), dock);
    resultsTabs_ << dock;
    resultsDock_->raise();
  }
  addDockAction(dock);
  updateDocks();
}

QAction* MainWindow::addDockAction(QDockWidget* dock) {
  // The dock's own toggle action only hid or showed it: a dock already shown behind another tab of
  // its group stayed behind, with no key to bring it forward. This one brings the dock to the front
  // with the keyboard focus in it, and hides it only when it is in front and has the focus already.
  // Alt+1, Alt+2... in the order the docks came (schema, results, then the features' docks).
  auto* action = new QAction(dock->windowTitle(), this);
  action->setObjectName(dock->objectName() + QStringLiteral("Action"));
  action->setCheckable(true);
  action->setChecked(!dock->isHidden());
  if (dockActions_.size() < kDockKeys)
    action->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + dockActions_.size())));
  action->setShortcutContext(Qt::WindowShortcut);
  connect(dock, &QWidget::windowTitleChanged, action, &QAction::setText);
  connect(dock->toggleViewAction(), &QAction::toggled, action, &QAction::setChecked);
  connect(action, &QAction::triggered, this, [this, dock, action] {
    bringDockForward(dock);
    action->setChecked(!dock->isHidden() || parkedDocks_.contains(dock));
  });
  actions_.viewMenu->addAction(action);
  dockActions_ << action;
  return action;
}

void MainWindow::bringDockForward(QDockWidget* dock) {
  QWidget* focus = QApplication::focusWidget();
  const bool inFront = dock->isVisible() && !dock->visibleRegion().isEmpty();
  if (inFront && focus && dock->isAncestorOf(focus)) {
    dock->hide();
    editor_->setFocus(Qt::ShortcutFocusReason);
    return;
  }
  // The docks live on the Query tab with a database open; parked ones come back with it, this one
  // in front of its group.
  if (parkedDocks_.contains(dock)) {
    frontDocks_.removeIf([this, dock](QDockWidget* d) { return tabifiedDockWidgets(dock).contains(d); });
    if (!frontDocks_.contains(dock)) frontDocks_ << dock;
  }
  if (tabs_->currentWidget() != queryStack_) tabs_->setCurrentWidget(queryStack_);
  if (queryStack_->currentWidget() != queryPage_) return;  // no database: nothing to show
  dock->show();
  auto front = [dock]() {
    // (A dock that is already its parent's last child ignores raise(), so lower() first.)
    dock->lower();
    dock->raise();
    if (QWidget* target = dock->widget() ? paneFocusTarget(dock->widget()) : nullptr)
      target->setFocus(Qt::ShortcutFocusReason);
  };
  front();
  // The tab bar of a group that was just shown is rebuilt on the next layout passes (updateDocks).
  QTimer::singleShot(0, dock, front);
  QTimer::singleShot(120, dock, front);
}

void MainWindow::onEditorRun(QObject* context, EditorRun ran) {
  connect(this, &MainWindow::editorRunFinished, context, std::move(ran));
}

void MainWindow::addStatusItem(QWidget* item) {
  status_->addItem(item);
}

void MainWindow::addBarAboveEditor(QWidget* bar) {
  barsLayout_->addWidget(bar);
}

QMenu* MainWindow::menu(Menu which) const {
  switch (which) {
    case Menu::File:
      return actions_.fileMenu;
    case Menu::Query:
      return actions_.queryMenu;
    case Menu::View:
      return actions_.viewMenu;
    case Menu::Settings:
      return actions_.settingsMenu;
    case Menu::Help:
      return actions_.helpMenu;
  }
  return actions_.helpMenu;
}

void MainWindow::addMenuAction(Menu which, QAction* action) {
  QMenu* m = menu(which);
  // Help keeps About last; File keeps Close Database and Quit last; Settings keeps Language first.
  if (which == Menu::Help) {
    m->insertAction(actions_.about, action);
  } else if (which == Menu::File) {
    m->insertAction(actions_.fileEnd, action);
  } else {
    // The View menu's dock entries stand apart from the commands added after them.
    if (which == Menu::View && !m->actions().isEmpty() && dockActions_.contains(m->actions().constLast()))
      m->addSeparator();
    m->addAction(action);
  }
}

void MainWindow::addMenuSeparator(Menu which) {
  if (which == Menu::File)
    menu(which)->insertSeparator(actions_.fileEnd);
  else
    menu(which)->addSeparator();
}

void MainWindow::addToolBarWidget(QWidget* widget) {
  actions_.toolBar->addWidget(widget);
}

void MainWindow::updateDocks() {
  // The docks belong to the Query tab with a database open: parked while Review, Drill-down or the
  // first-run page is shown, back afterwards.
  const bool show = tabs_->currentIndex() == 0 && queryStack_->currentWidget() == queryPage_;
  if (status_) status_->setQueryFiguresShown(show);
  if (!show) {
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
      if (d->isHidden() || d->isFloating()) continue;
      parkedDocks_ << d;
      // The tab in front of its group (the others of a tab group have nothing on screen).
      if (!tabifiedDockWidgets(d).isEmpty() && !d->visibleRegion().isEmpty()) frontDocks_ << d;
    }
    // (Not before they were first shown: the layout then is not yet the one the user saw.)
    if (docksShownOnce_ && !parkedDocks_.isEmpty() && parkedState_.isEmpty()) parkedState_ = saveState();
    for (QDockWidget* d : std::as_const(parkedDocks_)) d->hide();
  } else if (!parkedDocks_.isEmpty()) {
    // A dock shown into a tab group becomes its current tab: the results go last, in front.
    std::stable_partition(parkedDocks_.begin(), parkedDocks_.end(),
                          [this](QDockWidget* d) { return d != resultsDock_; });
    for (QDockWidget* d : std::as_const(parkedDocks_)) d->show();
    parkedDocks_.clear();
    // Showing them lays them out anew (the results came back a fifth shorter): their sizes and
    // places as they were parked.
    if (!parkedState_.isEmpty()) restoreState(std::exchange(parkedState_, {}));
    // The first time the docks come out, the results are the tab in front (a hidden dock cannot
    // be raised, so addDock's raise() had no effect); later the tab that was in front when the
    // docks were parked (showing them again put the last one shown in front: the LLM log).
    QList<QDockWidget*> fronts = std::exchange(frontDocks_, {});
    if (!docksShownOnce_ && !restoredState_) fronts = {resultsDock_};
    for (QDockWidget* dock : std::as_const(fronts)) {
      // The tab bar of the dock group is rebuilt on the next layout pass: raise after it. (A
      // dock that is already its parent's last child ignores raise(), so lower() first.)
      auto front = [dock]() {
        dock->lower();
        dock->raise();
      };
      QTimer::singleShot(0, dock, front);
      QTimer::singleShot(100, dock, front);
    }
    docksShownOnce_ = true;
  }
}

}  // namespace hs::ui
