#include "widgets/main_window.h"

#include <utility>

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QIcon>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

#include "widgets/app_settings.h"
#include "widgets/database_controller.h"
#include "widgets/demo_loader.h"
#include "widgets/dialog_focus.h"
#include "widgets/drilldown/drilldown_page.h"
#include "widgets/error_banner.h"
#include "widgets/first_run_page.h"
#include "widgets/help_guide.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/profile_settings.h"
#include "widgets/main_status.h"
#include "widgets/mr/followup_dock.h"
#include "widgets/pane_focus.h"
#include "widgets/query_controller.h"
#include "widgets/result_model.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_page.h"
#include "widgets/schema_tree.h"
#include "widgets/session.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

// Resources of a static library must be initialised by name, outside any namespace.
static void initGuiResources() {
  Q_INIT_RESOURCE(gui);
}

namespace hs::ui {

MainWindow::MainWindow(LanguageController* language, QWidget* parent)
    : QMainWindow(parent),
      language_(language ? language : new LanguageController(this)),
      runner_(new JobRunner(this)),
      databases_(new DatabaseController(runner_, this)),
      sessions_(new SessionManager(this)),
      editor_(new SqlEditor),
      banner_(new ErrorBanner),
      schemaTree_(new SchemaTree),
      grid_(new QTableView),
      model_(new ResultModel(runner_, this)),
      queries_(new QueryController(runner_, databases_, editor_, model_, this)) {
  initGuiResources();
  setObjectName(QStringLiteral("mainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/hallusql.svg")));
  setAcceptDrops(true);
  keepDialogFocus(qobject_cast<QApplication*>(QCoreApplication::instance()));  // keys live after dialogs
  // 1280x800, or what a smaller screen has room for with the title bar and panel (a 1366x768
  // laptop opened it 800 px tall, its bottom row off the screen).
  QSize size(1280, 800);
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    size = size.boundedTo(screen->availableGeometry().size() - QSize(0, 60));
  resize(size);

  firstRun_ = new FirstRunPage;
  queryStack_ = new QStackedWidget;
  queryStack_->addWidget(firstRun_);
  queryStack_->addWidget(buildQueryPage());
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("mainTabs"));
  tabs_->setDocumentMode(true);
  tabs_->addTab(queryStack_, QString());  // the pages come after it (addPage)
  setCentralWidget(tabs_);

  actions_.create(this);
  status_ = new MainStatus(statusBar(), runner_, this);
  buildDocks();
  // The features, each attached through the Shell's doors, in this order (menus, docks and status
  // items appear in it). The pages, the tabs after Query, register themselves (addPage): adding a
  // page is its own file and one line here.
  llm_ = new LlmController(*this);       // question bar, LLM log, profiles: the shell's generation()
  installFollowUpExplorer(*this, llm_);  // "Follow-ups" dock (widgets/mr)
  review_ = registerReviewPage(*this);   // benchmark runs of the workspace
  registerDrilldownPage(*this);          // drill-down runs: ladder and charts
  connectControllers();
  rebuildRecentMenu();
  retranslate();
  updateTitle();
  connect(sessions_, &SessionManager::changed, this, &MainWindow::onSessionChanged);
  onSessionChanged(sessions_->current(), SessionManager::Change{true, true, true});
}

MainWindow::~MainWindow() {
  sessions_->current().end();
  for (Page* page : pages_) page->shutdown();  // their background work stops before their widgets go
  if (runner_->isBusy()) {
    runner_->cancel();
    runner_->waitForIdle(5000);
  }
  model_->clearResult();
}

QWidget* MainWindow::buildQueryPage() {
  queryPage_ = new QWidget;
  auto* layout = new QVBoxLayout(queryPage_);
  layout->setContentsMargins(4, 4, 4, 0);
  layout->setSpacing(4);
  barsLayout_ = new QVBoxLayout;
  barsLayout_->setContentsMargins(0, 0, 0, 0);
  barsLayout_->setSpacing(2);
  layout->addLayout(barsLayout_);
  layout->addWidget(banner_);
  layout->addWidget(editor_, 1);
  editor_->setMinimumHeight(80);
  return queryPage_;
}

void MainWindow::buildDocks() {
  schemaDock_ = new QDockWidget(this);
  schemaDock_->setObjectName(QStringLiteral("schemaDock"));
  schemaDock_->setWidget(schemaTree_);
  schemaTree_->setMinimumWidth(180);
  addDockWidget(Qt::LeftDockWidgetArea, schemaDock_);

  grid_->setObjectName(QStringLiteral("resultGrid"));
  grid_->setModel(model_);
  grid_->setAlternatingRowColors(true);
  grid_->setSelectionBehavior(QAbstractItemView::SelectItems);
  grid_->setWordWrap(false);
  grid_->verticalHeader()->setDefaultSectionSize(grid_->fontMetrics().height() + 6);
  grid_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  grid_->horizontalHeader()->setDefaultSectionSize(140);
  grid_->horizontalHeader()->setStretchLastSection(false);
  grid_->setMinimumHeight(60);
  for (QWidget* pane :
       {static_cast<QWidget*>(editor_), static_cast<QWidget*>(grid_), static_cast<QWidget*>(schemaTree_)})
    showFocusFrame(pane);
  resultsDock_ = new QDockWidget(this);
  resultsDock_->setObjectName(QStringLiteral("resultsDock"));
  resultsDock_->setWidget(grid_);
  addDockWidget(Qt::BottomDockWidgetArea, resultsDock_);
  // Default proportions, applied once the window has its size (a restored state overrides them):
  // the schema a quarter of the width within 220..360 px, the results 40% of the height.
  QTimer::singleShot(0, this, [this]() {
    if (restoredState_) return;
    resizeDocks({schemaDock_}, {std::clamp(width() / 4, 220, 360)}, Qt::Horizontal);
    resizeDocks({resultsDock_}, {height() * 40 / 100}, Qt::Vertical);
  });
  addDockAction(schemaDock_);
  addDockAction(resultsDock_);
  auto step = [this](int by) {
    const int n = tabs_->count();
    QWidget* page = tabs_->widget((tabs_->currentIndex() + by + n) % n);
    // The page's focus goes where the keyboard left it (the editor on the Query tab), else to its
    // first control: never to a hidden widget of the page left behind. Read before the switch: the
    // focused widget of the page left behind hands the focus on along the chain (the run chooser).
    QWidget* target =
        page == queryStack_ && queryStack_->currentWidget() == queryPage_ ? editor_ : page->focusWidget();
    tabs_->setCurrentWidget(page);
    if (target == nullptr || !target->isVisible()) target = focusTargetOf(page);
    if (target) target->setFocus(Qt::TabFocusReason);
  };
  connect(actions_.nextTab, &QAction::triggered, this, [step] { step(1); });
  connect(actions_.prevTab, &QAction::triggered, this, [step] { step(-1); });
  connect(actions_.nextPane, &QAction::triggered, this, [this] { focusNextPane(queryPanes(), 1); });
  connect(actions_.prevPane, &QAction::triggered, this, [this] { focusNextPane(queryPanes(), -1); });
}

QList<QWidget*> MainWindow::queryPanes() const {
  // The Query tab with a database: the bars above the editor (the question), the editor, the
  // docks under it (the tab in front of a group), the schema.
  if (tabs_->currentWidget() != queryStack_ || queryStack_->currentWidget() != queryPage_) return {};
  QList<QWidget*> panes;
  for (int i = 0; i < barsLayout_->count(); ++i)
    if (QWidget* bar = barsLayout_->itemAt(i)->widget()) panes << bar;
  panes << editor_;
  QList<QDockWidget*> docks = findChildren<QDockWidget*>();
  std::stable_partition(docks.begin(), docks.end(), [this](QDockWidget* d) { return d != schemaDock_; });
  for (QDockWidget* d : std::as_const(docks))
    if (d->isVisible() && !d->visibleRegion().isEmpty() && d->widget()) panes << d->widget();
  return panes;
}

const Session& MainWindow::session() const {
  return sessions_->current();
}

void MainWindow::connectControllers() {
  connect(actions_.open, &QAction::triggered, this, &MainWindow::chooseDatabase);
  connect(actions_.openDemo, &QAction::triggered, this, &MainWindow::openDemo);
  connect(actions_.closeDb, &QAction::triggered, databases_, &DatabaseController::close);
  connect(actions_.openWorkspace, &QAction::triggered, this, [this]() {
    showReview();
    review_->chooseWorkspace();
  });
  connect(actions_.importRun, &QAction::triggered, this, [this]() {
    showReview();
    review_->importBenchmark();
  });
  connect(actions_.newWorkspace, &QAction::triggered, this, [this]() {
    showReview();
    review_->newWorkspace();
  });
  connect(actions_.saveWorkspaceAs, &QAction::triggered, review_,
          static_cast<void (ReviewController::*)()>(&ReviewController::saveWorkspaceAs));
  connect(actions_.exportReport, &QAction::triggered, review_, &ReviewController::exportReport);
  connect(firstRun_, &FirstRunPage::openDatabaseRequested, this, &MainWindow::chooseDatabase);
  connect(firstRun_, &FirstRunPage::openDemoRequested, this, &MainWindow::openDemo);
  connect(firstRun_, &FirstRunPage::openWorkspaceRequested, actions_.openWorkspace, &QAction::trigger);
  connect(firstRun_, &FirstRunPage::recentDatabaseChosen, this, &MainWindow::openDatabase);
  connect(firstRun_, &FirstRunPage::recentWorkspaceChosen, this, [this](const QString& path) {
    if (review_->openWorkspace(path)) showReview();
  });
  connect(review_, &ReviewController::message, status_, &MainStatus::setMessage);
  connect(review_, &ReviewController::workspaceChanged, this, &MainWindow::onWorkspaceChanged);
  connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::frontSetsMinimum);
  frontSetsMinimum();
  connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::updateDocks);
  connect(actions_.clearRecent, &QAction::triggered, this, [this]() {
    AppSettings::clearRecentFiles();
    rebuildRecentMenu();
    firstRun_->refresh();
  });
  connect(actions_.quit, &QAction::triggered, this, &QWidget::close);
  connect(actions_.run, &QAction::triggered, this, &MainWindow::runQuery);
  connect(actions_.cancel, &QAction::triggered, queries_, &QueryController::cancel);
  connect(actions_.guide, &QAction::triggered, this, &MainWindow::showGuide);
  connect(actions_.about, &QAction::triggered, this, &MainWindow::showAbout);
  connect(actions_.languages, &QActionGroup::triggered, this, [this](QAction* a) {
    language_->setLanguage(a->data().toString());
    AppSettings::setLanguage(language_->language());
  });
  connect(language_, &LanguageController::languageChanged, this, [this](const QString& lang) {
    actions_.langChinese->setChecked(lang == QLatin1String("zh_CN"));
    actions_.langEnglish->setChecked(lang != QLatin1String("zh_CN"));
  });
  actions_.langChinese->setChecked(language_->language() == QLatin1String("zh_CN"));
  actions_.langEnglish->setChecked(language_->language() != QLatin1String("zh_CN"));

  connect(schemaTree_, &SchemaTree::nameActivated, editor_, &SqlEditor::insertName);
  connect(databases_, &DatabaseController::opened, this, &MainWindow::onOpened);
  connect(databases_, &DatabaseController::failed, this, &MainWindow::onOpenFailed);
  connect(databases_, &DatabaseController::closed, this,
          [this]() { sessions_->replace(sessions_->current().withoutDatabase()); });
  connect(runner_, &JobRunner::busyChanged, this, &MainWindow::setBusy);
  connect(queries_, &QueryController::statusChanged, status_, &MainStatus::setRows);
  // The time of the last query is not this one's: the job indicator ticks while it runs.
  connect(queries_, &QueryController::queryStarted, this, [this] { status_->setTime({}); });
  connect(queries_, &QueryController::queryFinished, this, [this](bool ok, const QString&, int ms) {
    status_->setTranslatedTime([ms] { return tr("%1 ms").arg(QLocale().toString(ms)); });
    if (ok) fitColumns();
    // The user's run went through: the features hear of it (Shell::onEditorRun).
    if (auto ran = std::exchange(userRun_, std::nullopt); ran && ok)
      emit editorRunFinished(ran->first, ran->second);
    if (!pendingPath_.isEmpty()) {
      pendingPath_.clear();
      emit initialLoadFinished(ok);
    }
  });
}

void MainWindow::onSessionChanged(const Session& s, const SessionManager::Change& what) {
  // Everything on screen that belonged to the previous database goes; features clear their own.
  if (what.database) {
    if (runner_->isBusy()) runner_->cancel();
    editor_->clear();
    editor_->clearError();
    editor_->highlighter()->clearAll();
    model_->clearResult();
    status_->clear();
    banner_->hide();
    if (s.hasDatabase()) {
      schemaTree_->setSchema(s.schema());
    } else {
      schemaTree_->clearSchema();
    }
    QStringList tables;
    QStringList columns;
    for (const auto& t : s.schema().tables) {
      tables << QString::fromStdString(t.name);
      for (const auto& c : t.columns) columns << QString::fromStdString(c.name);
    }
    editor_->setSchemaNames(tables, columns);
  }
  updateTitle();
  queryStack_->setCurrentWidget(s.hasDatabase() ? queryPage_ : static_cast<QWidget*>(firstRun_));
  actions_.run->setEnabled(s.hasDatabase() && !runner_->isBusy());
  actions_.closeDb->setEnabled(s.hasDatabase());
  updateDocks();
  // A database the user just opened (or one opened on the Query tab) is shown there, and typing
  // goes to the editor, not to the page's buttons.
  if (what.database && s.hasDatabase() && tabs_) {
    if (std::exchange(showQueryOnOpen_, false)) tabs_->setCurrentWidget(queryStack_);
    if (tabs_->currentWidget() == queryStack_) editor_->setFocus(Qt::OtherFocusReason);
  }
}

void MainWindow::setBusy(bool busy) {
  // Run and Cancel both stay in the toolbar, so nothing moves under the mouse.
  actions_.run->setEnabled(!busy && sessions_->current().hasDatabase());
  actions_.cancel->setEnabled(busy);
}

void MainWindow::fitColumns() {
  // Fit the columns to the rows fetched so far (a block), within sensible bounds.
  grid_->resizeColumnsToContents();
  auto* header = grid_->horizontalHeader();
  for (int c = 0; c < header->count(); ++c)
    header->resizeSection(c, std::clamp(header->sectionSize(c) + 16, 70, 360));
}

bool MainWindow::openIfWorkspace(const QString& path) {
  if (QFileInfo(path).suffix().compare(QLatin1String("hallusql"), Qt::CaseInsensitive) != 0) return false;
  if (review_->openWorkspace(path)) showReview();
  return true;
}

void MainWindow::openDatabase(const QString& path) {
  if (openIfWorkspace(path)) return;
  banner_->hide();
  const QString name = QFileInfo(path).fileName();
  status_->setTranslatedMessage([name] { return tr("Opening %1…").arg(name); });
  databases_->open(path);
}

void MainWindow::openDatabaseForQuery(const QString& path) {
  if (openIfWorkspace(path)) return;
  showQueryOnOpen_ = true;
  openDatabase(path);
}

void MainWindow::openAndRun(const QString& path, const QString& sql) {
  if (openIfWorkspace(path)) {
    emit initialLoadFinished(!review_->workspacePath().isEmpty());
    return;
  }
  pendingPath_ = QFileInfo(path).absoluteFilePath();
  pendingSql_ = sql;
  openDatabase(path);
}

void MainWindow::openDemo() {
  const DemoFiles demo = prepareDemo();
  if (!demo.error.isEmpty()) {
    banner_->showMessage(tr("The demo could not be created"), demo.error);
    queryStack_->setCurrentWidget(queryPage_);
    emit initialLoadFinished(false);
    return;
  }
  review_->openDemoWorkspace(demo.workspace);  // its run, evaluated in the background the first time
  onWorkspaceChanged(demo.workspace);
  openAndRun(demo.database, demo.sampleQuery);
}

bool MainWindow::runQuery() {
  if (!queries_->run()) return false;
  userRun_ = {queries_->lastRunSql(), queries_->lastRunOffset()};
  return true;
}

void MainWindow::clearResults() {
  if (runner_->isBusy()) runner_->cancel();
  model_->clearResult();
  status_->setRows({});
  status_->setTime({});
}

void MainWindow::onWorkspaceChanged(const QString& path) {
  if (path == sessions_->current().workspacePath()) return;
  if (!path.isEmpty()) AppSettings::addRecentWorkspace(path);
  sessions_->replace(sessions_->current().withWorkspace(path));
  status_->setPlaces(sessions_->current().databasePath(), path);
}

void MainWindow::onOpened(const QString& path) {
  // A new database: a new session, so every feature drops what it showed for the previous one.
  const Session& old = sessions_->current();
  const QString profile = old.llmProfile().isEmpty() ? ProfileSettings::activeName() : old.llmProfile();
  sessions_->replace(
      Session(path, databases_->database(), databases_->schema(), old.workspacePath(), profile));
  rebuildRecentMenu();
  const QString name = QFileInfo(path).fileName();
  status_->setTranslatedMessage([name] { return tr("Opened %1 (read-only)").arg(name); });
  status_->setPlaces(path, sessions_->current().workspacePath());
  status_->setRows(tr("%n table(s)", nullptr, schemaTree_->tableCount()));
  if (!pendingPath_.isEmpty()) {
    if (!pendingSql_.isEmpty()) {
      editor_->setText(pendingSql_);
      pendingSql_.clear();
      if (queries_->run()) return;
    }
    pendingPath_.clear();
    emit initialLoadFinished(true);
  }
}

void MainWindow::onOpenFailed(const QString& path, const QString& message) {
  banner_->showMessage(tr("Could not open %1").arg(QDir::toNativeSeparators(path)), message);
  queryStack_->setCurrentWidget(queryPage_);  // the banner is on the query page
  const QString name = QFileInfo(path).fileName();
  status_->setTranslatedMessage([name] { return tr("Could not open %1").arg(name); });
  if (!pendingPath_.isEmpty()) {
    pendingPath_.clear();
    pendingSql_.clear();
    emit initialLoadFinished(false);
  }
}

void MainWindow::chooseDatabase() {
  // The dialog opens where the open database (else the last one opened) lives: the next Spider
  // database is one folder up, not a walk from the working directory.
  QString near = sessions_->current().databasePath();
  if (near.isEmpty() && !AppSettings::recentFiles().isEmpty()) near = AppSettings::recentFiles().first();
  const QString folder = near.isEmpty() ? QString() : QFileInfo(near).absolutePath();
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open Database"), folder,
                                   tr("SQLite databases (*.sqlite *.sqlite3 *.db *.db3);;All files (*)"));
  if (!path.isEmpty()) openDatabaseForQuery(path);
}

void MainWindow::rebuildRecentMenu() {
  QMenu* m = actions_.recentMenu;
  m->clear();
  const QStringList files = AppSettings::recentFiles();
  for (const QString& f : files) {
    QAction* a = m->addAction(QFileInfo(f).fileName());
    a->setToolTip(f);
    a->setStatusTip(f);
    connect(a, &QAction::triggered, this, [this, f]() { openDatabaseForQuery(f); });
  }
  if (!files.isEmpty()) m->addSeparator();
  m->addAction(actions_.clearRecent);
  actions_.clearRecent->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle() {
  // What is open, database and workspace: with two workspaces the title tells them apart.
  QStringList open;
  for (const QString& path : {sessions_->current().databasePath(), sessions_->current().workspacePath()})
    if (!path.isEmpty()) open << QFileInfo(path).fileName();
  setWindowTitle(open.isEmpty() ? tr("HalluSQL") : tr("%1 — HalluSQL").arg(open.join(QStringLiteral(" · "))));
}

void MainWindow::retranslate() {
  actions_.retranslate();
  status_->retranslate();
  tabs_->setTabText(0, tr("Query"));
  for (const Page* page : pages_) tabs_->setTabText(tabs_->indexOf(page->widget()), page->title());
  schemaDock_->setWindowTitle(tr("Schema"));
  resultsDock_->setWindowTitle(tr("Results"));
  schemaTree_->setToolTip(tr("Double-click a table or column to insert its name"));
  updateTitle();
  if (!queries_->lastStatus().isEmpty() && !runner_->isBusy())
    status_->setRows(QueryController::rowsText(model_->rowCount(), model_->moreAvailable()));
  else if (queries_->lastStatus().isEmpty() && sessions_->current().hasDatabase())
    status_->setRows(tr("%n table(s)", nullptr, schemaTree_->tableCount()));  // as set on opening
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QMainWindow::changeEvent(event);
}

void MainWindow::restoreSettings() {
  const QByteArray geometry = AppSettings::windowGeometry();
  if (!geometry.isEmpty()) restoreGeometry(geometry);
  const QByteArray state = AppSettings::windowState();
  if (!state.isEmpty()) restoredState_ = restoreState(state);
  if (restoredState_) {
    parkedDocks_.clear();  // the restored state says which docks are shown; park them again if needed
    updateDocks();
  }
  review_->restoreLastWorkspace();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  // The saved state has the Query tab's docks visible.
  tabs_->setCurrentIndex(0);
  queryStack_->setCurrentWidget(queryPage_);
  updateDocks();
  AppSettings::setWindowGeometry(saveGeometry(), saveState());
  QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return;
  event->acceptProposedAction();
  openDatabaseForQuery(urls.first().toLocalFile());
}

void MainWindow::showGuide() {
  showQuickGuide(this);
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About HalluSQL"),
                     tr("<b>HalluSQL %1</b><p>Catch, explain and record hallucinations in SQL written by "
                        "large language models.</p><p>Databases are always opened read-only.</p>")
                         .arg(QStringLiteral(HALLUSQL_VERSION)));
}

QString MainWindow::bannerText() const {
  return banner_->isHidden() ? QString() : banner_->text();
}

QString MainWindow::statusText() const {
  return status_->rows();
}

}  // namespace hs::ui
