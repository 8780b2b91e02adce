#include "widgets/main_window.h"

#include <QActionGroup>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "widgets/app_settings.h"
#include "widgets/database_controller.h"
#include "widgets/demo_loader.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/error_banner.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/mr/followup_dock.h"
#include "widgets/query_controller.h"
#include "widgets/result_model.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/schema_tree.h"
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
  resize(1400, 900);

  auto* query = new QWidget;
  auto* layout = new QVBoxLayout(query);
  layout->setContentsMargins(4, 4, 4, 0);
  layout->setSpacing(4);
  layout->addWidget(banner_);
  layout->addWidget(editor_, 1);
  review_ = new ReviewController(this);
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("mainTabs"));
  tabs_->setDocumentMode(true);
  tabs_->addTab(query, QString());
  tabs_->addTab(review_->panel(), QString());
  tabs_->addTab(new DrilldownPanel(tabs_), QString());  // drill-down runs: ladder and charts
  setCentralWidget(tabs_);

  actions_.create(this);
  buildDocks();
  buildStatusBar();
  connectControllers();
  rebuildRecentMenu();
  retranslate();
  updateTitle();
  llm_ = new LlmController(this);  // question bar, LLM log dock, endpoint settings
  installFollowUpExplorer(*this);  // "Follow-ups" dock: metamorphic detection (widgets/mr)
}

MainWindow::~MainWindow() {
  review_->evaluation()->cancel();
  review_->evaluation()->runner()->waitForIdle(30000);
  if (runner_->isBusy()) {
    runner_->cancel();
    runner_->waitForIdle(5000);
  }
  model_->clearResult();
}

void MainWindow::buildDocks() {
  schemaDock_ = new QDockWidget(this);
  schemaDock_->setObjectName(QStringLiteral("schemaDock"));
  schemaDock_->setWidget(schemaTree_);
  addDockWidget(Qt::LeftDockWidgetArea, schemaDock_);

  grid_->setModel(model_);
  grid_->setAlternatingRowColors(true);
  grid_->setSelectionBehavior(QAbstractItemView::SelectItems);
  grid_->setWordWrap(false);
  grid_->verticalHeader()->setDefaultSectionSize(grid_->fontMetrics().height() + 6);
  grid_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  grid_->horizontalHeader()->setDefaultSectionSize(140);
  grid_->horizontalHeader()->setStretchLastSection(false);
  resultsDock_ = new QDockWidget(this);
  resultsDock_->setObjectName(QStringLiteral("resultsDock"));
  resultsDock_->setWidget(grid_);
  addDockWidget(Qt::BottomDockWidgetArea, resultsDock_);
  // Default proportions, applied once the window has its size (a restored state overrides them).
  QTimer::singleShot(0, this, [this]() {
    if (restoredState_) return;
    resizeDocks({schemaDock_}, {380}, Qt::Horizontal);
    resizeDocks({resultsDock_}, {height() * 45 / 100}, Qt::Vertical);
  });

  actions_.viewMenu->addAction(schemaDock_->toggleViewAction());
  actions_.viewMenu->addAction(resultsDock_->toggleViewAction());
}

void MainWindow::buildStatusBar() {
  statusMessage_ = new QLabel(this);
  statusRows_ = new QLabel(this);
  statusTime_ = new QLabel(this);
  busyBar_ = new QProgressBar(this);
  busyBar_->setRange(0, 0);
  busyBar_->setMaximumWidth(140);
  busyBar_->setMaximumHeight(14);
  busyBar_->setTextVisible(false);
  busyBar_->hide();
  jobLabel_ = new QLabel(this);
  jobLabel_->hide();
  statusBar()->addWidget(statusMessage_, 1);
  statusBar()->addPermanentWidget(jobLabel_);
  statusBar()->addPermanentWidget(busyBar_);
  statusBar()->addPermanentWidget(statusRows_);
  statusBar()->addPermanentWidget(statusTime_);
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
  connect(review_, &ReviewController::message, statusMessage_, &QLabel::setText);
  connect(review_, &ReviewController::workspaceChanged, this, [this](const QString& path) {
    workspacePath_ = path;
    if (llm_) llm_->setWorkspacePath(path);  // LLM transcripts go into the open workspace
  });
  connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::onTabChanged);
  connect(actions_.clearRecent, &QAction::triggered, this, [this]() {
    AppSettings::clearRecentFiles();
    rebuildRecentMenu();
  });
  connect(actions_.quit, &QAction::triggered, this, &QWidget::close);
  connect(actions_.run, &QAction::triggered, this, &MainWindow::runQuery);
  connect(actions_.cancel, &QAction::triggered, queries_, &QueryController::cancel);
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
  connect(databases_, &DatabaseController::closed, this, [this]() {
    schemaTree_->clearSchema();
    model_->clearResult();
    editor_->setSchemaNames({}, {});
    updateTitle();
  });
  connect(runner_, &JobRunner::busyChanged, this, &MainWindow::setBusy);
  connect(queries_, &QueryController::statusChanged, statusRows_, &QLabel::setText);
  connect(queries_, &QueryController::queryFinished, this, [this](bool ok, const QString&, int ms) {
    statusTime_->setText(tr("%1 ms").arg(QLocale().toString(ms)));
    if (ok) fitColumns();
    if (!pendingPath_.isEmpty()) {
      pendingPath_.clear();
      emit initialLoadFinished(ok);
    }
  });
}

void MainWindow::setBusy(bool busy) {
  busyBar_->setVisible(busy);
  actions_.run->setEnabled(!busy);
  actions_.run->setVisible(!busy);
  actions_.cancel->setEnabled(busy);
  actions_.cancel->setVisible(busy);
  jobLabel_->setText(busy ? runner_->currentLabel() + QStringLiteral("…") : QString());
  jobLabel_->setVisible(busy);
}

void MainWindow::fitColumns() {
  // Fit the columns to the rows fetched so far (a block), within sensible bounds.
  grid_->resizeColumnsToContents();
  auto* header = grid_->horizontalHeader();
  for (int c = 0; c < header->count(); ++c)
    header->resizeSection(c, std::clamp(header->sectionSize(c) + 16, 70, 360));
}

void MainWindow::openDatabase(const QString& path) {
  banner_->hide();
  statusMessage_->setText(tr("Opening %1…").arg(QFileInfo(path).fileName()));
  databases_->open(path);
}

void MainWindow::openAndRun(const QString& path, const QString& sql) {
  pendingPath_ = QFileInfo(path).absoluteFilePath();
  pendingSql_ = sql;
  openDatabase(path);
}

void MainWindow::openDemo() {
  const DemoFiles demo = prepareDemo();
  if (!demo.error.isEmpty()) {
    banner_->showMessage(tr("The demo could not be created"), demo.error);
    emit initialLoadFinished(false);
    return;
  }
  workspacePath_ = demo.workspace;
  llm_->setWorkspacePath(workspacePath_);      // LLM transcripts and cache go into the workspace
  review_->openDemoWorkspace(demo.workspace);  // its run, evaluated in the background the first time
  openAndRun(demo.database, demo.sampleQuery);
}

bool MainWindow::runQuery() {
  return queries_->run();
}

void MainWindow::onOpened(const QString& path) {
  const auto& schema = databases_->schema();
  schemaTree_->setSchema(schema);
  QStringList tables;
  QStringList columns;
  for (const auto& t : schema.tables) {
    tables << QString::fromStdString(t.name);
    for (const auto& c : t.columns) columns << QString::fromStdString(c.name);
  }
  editor_->setSchemaNames(tables, columns);
  model_->clearResult();
  rebuildRecentMenu();
  updateTitle();
  QString opened = tr("Opened %1 (read-only)").arg(QFileInfo(path).fileName());
  if (!workspacePath_.isEmpty())
    opened += QStringLiteral("  ·  ") + tr("Workspace: %1").arg(QFileInfo(workspacePath_).fileName());
  statusMessage_->setText(opened);
  statusRows_->setText(tr("%n table(s)", nullptr, schemaTree_->tableCount()));
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
  statusMessage_->setText(tr("Could not open %1").arg(QFileInfo(path).fileName()));
  if (!pendingPath_.isEmpty()) {
    pendingPath_.clear();
    pendingSql_.clear();
    emit initialLoadFinished(false);
  }
}

void MainWindow::showReview() {
  tabs_->setCurrentWidget(review_->panel());
}

bool MainWindow::isReviewShown() const {
  return tabs_->currentWidget() == review_->panel();
}

void MainWindow::onTabChanged(int) {
  // The docks belong to the Query tab: hidden while Review or Drill-down is shown, back with Query.
  if (tabs_->currentIndex() != 0) {
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
      if (d->isHidden() || d->isFloating()) continue;
      hiddenForReview_ << d;
      d->hide();
    }
  } else {
    for (QDockWidget* d : std::as_const(hiddenForReview_)) d->show();
    hiddenForReview_.clear();
  }
}

void MainWindow::chooseDatabase() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open Database"), QString(),
                                   tr("SQLite databases (*.sqlite *.sqlite3 *.db *.db3);;All files (*)"));
  if (!path.isEmpty()) openDatabase(path);
}

void MainWindow::rebuildRecentMenu() {
  QMenu* menu = actions_.recentMenu;
  menu->clear();
  const QStringList files = AppSettings::recentFiles();
  for (const QString& f : files) {
    QAction* a = menu->addAction(QFileInfo(f).fileName());
    a->setToolTip(f);
    a->setStatusTip(f);
    connect(a, &QAction::triggered, this, [this, f]() { openDatabase(f); });
  }
  if (!files.isEmpty()) menu->addSeparator();
  menu->addAction(actions_.clearRecent);
  actions_.clearRecent->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle() {
  const QString db = databases_->path();
  setWindowTitle(db.isEmpty() ? tr("HalluSQL") : tr("%1 — HalluSQL").arg(QFileInfo(db).fileName()));
}

void MainWindow::retranslate() {
  actions_.retranslate();
  tabs_->setTabText(0, tr("Query"));
  tabs_->setTabText(1, tr("Review"));
  tabs_->setTabText(2, tr("Drill-down"));
  schemaDock_->setWindowTitle(tr("Schema"));
  resultsDock_->setWindowTitle(tr("Results"));
  schemaTree_->setToolTip(tr("Double-click a table or column to insert its name"));
  busyBar_->setToolTip(tr("Working… press Esc to cancel"));
  updateTitle();
  if (!queries_->lastStatus().isEmpty() && !runner_->isBusy())
    statusRows_->setText(QueryController::rowsText(model_->rowCount(), model_->moreAvailable()));
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
  review_->restoreLastWorkspace();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  tabs_->setCurrentIndex(0);  // the saved state has the Query tab's docks visible
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
  openDatabase(urls.first().toLocalFile());
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
  return statusRows_->text();
}

}  // namespace hs::ui
