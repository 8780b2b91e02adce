#pragma once
// The main window's menus and actions, created in one place and retranslated in one place.
#include <QCoreApplication>

class QAction;
class QActionGroup;
class QMainWindow;
class QMenu;
class QToolBar;

namespace hs::ui {

struct MainActions {
  Q_DECLARE_TR_FUNCTIONS(MainActions)

 public:
  QMenu* fileMenu = nullptr;
  QMenu* recentMenu = nullptr;
  QMenu* queryMenu = nullptr;
  QMenu* viewMenu = nullptr;
  QMenu* settingsMenu = nullptr;
  QMenu* languageMenu = nullptr;
  QMenu* helpMenu = nullptr;
  QToolBar* toolBar = nullptr;

  QAction* open = nullptr;
  QAction* openDemo = nullptr;
  QAction* newWorkspace = nullptr;
  QAction* openWorkspace = nullptr;
  QAction* saveWorkspaceAs = nullptr;
  QAction* exportReport = nullptr;
  QAction* fileEnd = nullptr;  // the separator above Close Database: features' File actions go before it
  QAction* importRun = nullptr;
  QAction* closeDb = nullptr;
  QAction* clearRecent = nullptr;
  QAction* quit = nullptr;
  QAction* run = nullptr;
  QAction* cancel = nullptr;
  QAction* nextTab = nullptr;   // Query, Review, Drill-down: whatever has the focus (a case list
  QAction* prevTab = nullptr;   // takes a plain Ctrl+Tab for itself)
  QAction* nextPane = nullptr;  // F6 / Shift+F6: the focus to the next / previous pane of the
  QAction* prevPane = nullptr;  // Query tab (the editor keeps Tab and Shift+Tab for itself)
  QAction* langEnglish = nullptr;
  QAction* langChinese = nullptr;
  QActionGroup* languages = nullptr;
  QAction* guide = nullptr;
  QAction* about = nullptr;

  // Builds menus, toolbar and actions on `window` (dock toggles are added by the window).
  void create(QMainWindow* window);
  void retranslate();
};

}  // namespace hs::ui
