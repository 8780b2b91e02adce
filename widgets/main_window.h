#pragma once
// The main window: tabs "Query" (schema tree, SQL editor, result grid) and "Review" (benchmark
// runs, see widgets/review), the status bar, and the database, query, language and review
// controllers. Logic lives in the controllers.
#include <QMainWindow>

#include "widgets/main_actions.h"

class QDockWidget;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTableView;

namespace hs::ui {

class DatabaseController;
class ErrorBanner;
class JobRunner;
class LanguageController;
class LlmController;
class QueryController;
class ResultModel;
class ReviewController;
class SchemaTree;
class SqlEditor;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // `language` may be null: the window then makes its own controller.
  explicit MainWindow(LanguageController* language = nullptr, QWidget* parent = nullptr);
  ~MainWindow() override;

  void openDatabase(const QString& path);
  // Opens the demo database (created on first use) and runs its sample query.
  void openDemo();
  // Opens `path` and, once it is open, puts `sql` in the editor and runs it.
  void openAndRun(const QString& path, const QString& sql);
  bool runQuery();
  void restoreSettings();

  SqlEditor* editor() const { return editor_; }
  SchemaTree* schemaTree() const { return schemaTree_; }
  QTableView* resultView() const { return grid_; }
  ResultModel* resultModel() const { return model_; }
  JobRunner* jobRunner() const { return runner_; }
  DatabaseController* databases() const { return databases_; }
  QueryController* queries() const { return queries_; }
  LanguageController* language() const { return language_; }
  const MainActions& actions() const { return actions_; }
  QString bannerText() const;
  QString statusText() const;
  QString workspacePath() const { return workspacePath_; }
  LlmController* llm() const { return llm_; }
  ReviewController* review() const { return review_; }
  QTabWidget* tabs() const { return tabs_; }
  // Shows the Review tab (benchmark runs of the workspace).
  void showReview();
  bool isReviewShown() const;

 signals:
  // The database given to openAndRun()/openDemo() is open and its query finished (or failed).
  void initialLoadFinished(bool ok);

 protected:
  void changeEvent(QEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void buildDocks();
  void buildStatusBar();
  void connectControllers();
  void retranslate();
  void rebuildRecentMenu();
  void updateTitle();
  void setBusy(bool busy);
  void fitColumns();
  void chooseDatabase();
  void showAbout();
  void onOpened(const QString& path);
  void onOpenFailed(const QString& path, const QString& message);
  void onTabChanged(int index);

  LanguageController* language_;
  JobRunner* runner_;
  DatabaseController* databases_;
  SqlEditor* editor_;
  ErrorBanner* banner_;
  SchemaTree* schemaTree_;
  QTableView* grid_;
  ResultModel* model_;
  QueryController* queries_;
  QDockWidget* schemaDock_ = nullptr;
  QDockWidget* resultsDock_ = nullptr;
  QLabel* statusMessage_ = nullptr;
  QLabel* statusRows_ = nullptr;
  QLabel* statusTime_ = nullptr;
  QProgressBar* busyBar_ = nullptr;
  QLabel* jobLabel_ = nullptr;
  MainActions actions_;
  QString pendingSql_;
  QString pendingPath_;
  QString workspacePath_;
  LlmController* llm_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  ReviewController* review_ = nullptr;
  QList<QDockWidget*> hiddenForReview_;  // docks of the Query tab hidden while Review is shown
  bool restoredState_ = false;           // the workspace opened with the database (the demo's), if any
};

}  // namespace hs::ui
