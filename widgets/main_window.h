#pragma once
// The main window, the shell of the features: the tab "Query" (a first-run page until a database is
// open, then the schema tree, SQL editor and result grid) and the pages that features register
// after it (Review, Drill-down), the menus, the status bar, and the session (widgets/session.h) that
// it replaces as a whole when the user opens another database or workspace. Features attach through
// the Shell methods (pages, docks, status items, bars, menu actions); logic lives in the controllers.
#include <QMainWindow>

#include <optional>
#include <utility>
#include <vector>

#include "widgets/main_actions.h"
#include "widgets/page.h"
#include "widgets/session.h"
#include "widgets/shell.h"

class QDockWidget;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QVBoxLayout;

namespace hs::ui {

class DatabaseController;
class ErrorBanner;
class FirstRunPage;
class JobRunner;
class LanguageController;
class LlmController;
class MainStatus;
class QueryController;
class ResultModel;
class ReviewController;
class SchemaTree;
class SqlEditor;

class MainWindow : public QMainWindow, public Shell {
  Q_OBJECT
 public:
  // `language` may be null: the window then makes its own controller.
  explicit MainWindow(LanguageController* language = nullptr, QWidget* parent = nullptr);
  ~MainWindow() override;

  // A workspace (*.hallusql: on the command line, dropped, chosen) opens in the Review tab.
  void openDatabase(const QString& path);
  // The user chose a database (Open, Recent, drop): once open, the Query tab shows it.
  void openDatabaseForQuery(const QString& path);
  // Opens the demo database (created on first use) and runs its sample query.
  void openDemo();
  // Opens `path` and, once it is open, puts `sql` in the editor and runs it.
  void openAndRun(const QString& path, const QString& sql);
  void restoreSettings();
  // Shows the Review tab (benchmark runs of the workspace).
  void showReview() { showPage(QStringLiteral("review")); }
  bool isReviewShown() const { return isPageShown(QStringLiteral("review")); }

  // The start-up (widgets/startup.cpp): hands the command line's options to every page and start
  // listener; whether all of them are settled (a screenshot waits for it); and, just before the
  // screenshot, lets the pages finish and name a dialog to grab instead of the window (or null).
  void start(const StartOptions& options);
  bool isSettled() const;
  QWidget* beforeScreenshot(const StartOptions& options);

  // What tests and the start-up read.
  const Session& session() const;
  SchemaTree* schemaTree() const { return schemaTree_; }
  ResultModel* resultModel() const { return model_; }
  JobRunner* jobRunner() const { return runner_; }
  DatabaseController* databases() const { return databases_; }
  QueryController* queries() const { return queries_; }
  const MainActions& actions() const { return actions_; }
  LlmController* llm() const { return llm_; }
  ReviewController* review() const { return review_; }
  QString bannerText() const;
  QString statusText() const;

  // Shell
  QWidget* dialogParent() override { return this; }
  SessionManager* sessions() const override { return sessions_; }
  SqlEditor* editor() const override { return editor_; }
  bool runQuery() override;
  void onEditorRun(QObject* context, EditorRun ran) override;
  void clearResults() override;
  void addDock(QDockWidget* dock, DockPlace place) override;
  void addStatusItem(QWidget* item) override;
  void addBarAboveEditor(QWidget* bar) override;
  void addMenuAction(Menu menu, QAction* action) override;
  void addMenuSeparator(Menu menu) override;
  void addToolBarWidget(QWidget* widget) override;
  void addPage(Page* page) override;
  bool showPage(const QString& id) override;
  bool isPageShown(const QString& id) const override;
  void addStartListener(StartListener* listener) override;
  GenerationController* generation() const override;
  std::vector<QAction*> generalShortcuts() const override;

 signals:
  // The database given to openAndRun()/openDemo() is open and its query finished (or failed).
  void initialLoadFinished(bool ok);
  // SQL of the editor that the user ran has run without an error (Shell::onEditorRun).
  void editorRunFinished(const QByteArray& sql, int editorOffset);

 protected:
  void changeEvent(QEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // Opens `path` as a workspace in the Review tab when it is one (true), else false.
  bool openIfWorkspace(const QString& path);
  QWidget* buildQueryPage();
  void buildDocks();
  void connectControllers();
  void retranslate();
  void rebuildRecentMenu();
  void updateTitle();
  void setBusy(bool busy);
  void fitColumns();
  void chooseDatabase();
  void showAbout();
  void showGuide();
  void onOpened(const QString& path);
  void onOpenFailed(const QString& path, const QString& message);
  void onSessionChanged(const Session& now, const SessionManager::Change& what);
  void onWorkspaceChanged(const QString& path);
  void updateDocks();
  QAction* addDockAction(QDockWidget* dock);  // View menu: brings the dock forward (Alt+1..)
  void bringDockForward(QDockWidget* dock);
  QList<QWidget*> queryPanes() const;  // what F6 / Shift+F6 move the focus between
  QMenu* menu(Menu which) const;
  Page* findPage(const QString& id) const;
  // Where the focus lands on the tab `widget`: its page's focusTarget(), else its first control.
  QWidget* focusTargetOf(QWidget* widget) const;
  void frontSetsMinimum();

  LanguageController* language_;
  JobRunner* runner_;
  DatabaseController* databases_;
  SessionManager* sessions_;
  SqlEditor* editor_;
  ErrorBanner* banner_;
  SchemaTree* schemaTree_;
  QTableView* grid_;
  ResultModel* model_;
  QueryController* queries_;
  MainStatus* status_ = nullptr;
  FirstRunPage* firstRun_ = nullptr;
  QStackedWidget* queryStack_ = nullptr;
  QWidget* queryPage_ = nullptr;
  QVBoxLayout* barsLayout_ = nullptr;
  QDockWidget* schemaDock_ = nullptr;
  QDockWidget* resultsDock_ = nullptr;
  QList<QDockWidget*> resultsTabs_;
  QList<QAction*> dockActions_;  // View menu: one per dock, Alt+1.. in order  // docks placed WithResults,
                                 // after the results dock
  MainActions actions_;
  QString pendingSql_;
  std::optional<std::pair<QByteArray, int>> userRun_;  // the user's run under way (runQuery)
  QString pendingPath_;
  bool showQueryOnOpen_ = false;  // the user opened a database: show it on the Query tab
  LlmController* llm_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  ReviewController* review_ = nullptr;  // the Review page's: the File menu's workspace actions
  std::vector<Page*> pages_;            // in tab order (after Query)
  std::vector<StartListener*> listeners_;
  QList<QDockWidget*> parkedDocks_;  // docks hidden while Review or the first-run page is shown
  QList<QDockWidget*> frontDocks_;   // of those, the tabs that were in front of their group
  QByteArray parkedState_;           // the window's dock layout when the docks were parked
  bool restoredState_ = false;
  bool docksShownOnce_ = false;
};

}  // namespace hs::ui
