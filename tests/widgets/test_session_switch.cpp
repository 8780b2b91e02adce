// Opening one database after another (issue 15): five databases in a row, through File > Open and
// File > Open Recent, with the editor's autocompletion list open each time and a workspace opened
// between them. Nothing may crash (opening a second database used to crash in QsciAPIs::event,
// from the completion list), and nothing of the previous database may stay on screen: editor text
// and highlights, results, question-bar findings, follow-ups, status. Data-free (the databases are
// built here); runs under AddressSanitizer too.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidgetItem>
#include <QtTest>

#include <sqlite3.h>

#include "engine/mr/pipeline.h"
#include "engine/workspace/demo.h"
#include "widgets/app_settings.h"
#include "widgets/database_controller.h"
#include "widgets/job_runner.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/mr/followup_explorer.h"
#include "widgets/mr/followup_model.h"
#include "widgets/result_model.h"
#include "widgets/review/case_list_model.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/schema_completions.h"
#include "widgets/schema_tree.h"
#include "widgets/session.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"
#include "widgets/sql_lexer.h"

using hs::ui::MainWindow;

namespace {

// Database i: one table "shelf<i>" with a column "item<i>_name" and i + 2 rows.
bool makeDb(const QString& path, int i) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    return false;
  }
  const QString sql = QStringLiteral(
                          "CREATE TABLE shelf%1(id INTEGER PRIMARY KEY, item%1_name TEXT, weight REAL);"
                          "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < %2) "
                          "INSERT INTO shelf%1 SELECT x, 'thing ' || x, x * 1.5 FROM c;")
                          .arg(i)
                          .arg(i + 2);
  const bool ok = sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(db);
  return ok;
}

QStringList treeTables(const hs::ui::SchemaTree* tree) {
  QStringList names;
  for (int i = 0; i < tree->topLevelItemCount(); ++i) {
    const QTreeWidgetItem* group = tree->topLevelItem(i);
    for (int j = 0; j < group->childCount(); ++j) names << group->child(j)->text(0);
  }
  return names;
}

}  // namespace

class TestSessionSwitch : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QStringList dbs_;

  static bool waitOpened(MainWindow& w, QSignalSpy& opened, int before) {
    for (int i = 0; i < 400 && opened.size() <= before; ++i) QTest::qWait(25);
    return opened.size() > before && w.jobRunner()->waitForIdle(10000);
  }

  // Leaves traces of database `i` everywhere the issue names: SQL and a highlight in the editor,
  // rows in the grid, findings in the question bar, a follow-up run in the explorer, and the
  // autocompletion list open on a prefix of the table's name.
  static void dirty(MainWindow& w, int i) {
    auto* editor = w.editor();
    editor->setText(QStringLiteral("SELECT * FROM shelf%1").arg(i));
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QCOMPARE(w.resultModel()->rowCount(), i + 2);
    editor->highlighter()->highlight(QStringLiteral("finding-schema"), 0, 6, QStringLiteral("a finding"));
    w.llm()->questionBar()->setQuestion(QStringLiteral("How heavy is shelf %1?").arg(i));
    w.llm()->questionBar()->setStatus(QStringLiteral("Generated SQL with 1 finding"), true);
    w.llm()->questionBar()->setDetectionStatus(QStringLiteral("Follow-ups: flagged"), true);
    auto result = std::make_shared<hs::mr::DetectResult>();
    result->question = "q";
    result->sql = "SELECT 1";
    hs::mr::StageResult stage;
    hs::mr::MrRecord record;
    record.mr = "ESR";
    record.verdict = hs::mr::Verdict::Satisfied;
    stage.mrs.push_back(record);
    result->stages.push_back(stage);
    explorer(w)->model()->setResult(result);
    QCOMPARE(explorer(w)->model()->rowCount(), 1);

    // The completion list, as a user typing "she" would get it (the crash needed it open).
    editor->append(QStringLiteral("\nSELECT she"));
    editor->setCursorPosition(editor->lines() - 1, 10);
    editor->autoCompleteFromAll();
    QVERIFY(editor->isListActive());
    QVERIFY(editor->sqlLexer()
                ->completions()
                ->complete(QStringLiteral("she"))
                .contains(QStringLiteral("shelf%1").arg(i)));
  }

  static hs::ui::FollowUpExplorer* explorer(MainWindow& w) {
    return w.findChild<hs::ui::FollowUpExplorer*>(QStringLiteral("followUpExplorer"));
  }

  // Nothing of an earlier database on screen; the schema, title and completions are `i`'s.
  static void verifyClean(MainWindow& w, int i) {
    const QString table = QStringLiteral("shelf%1").arg(i);
    QVERIFY(w.session().hasDatabase());
    QVERIFY(w.session().databasePath().endsWith(QStringLiteral("db%1.sqlite").arg(i)));
    QCOMPARE(treeTables(w.schemaTree()), QStringList{table});
    QVERIFY(w.windowTitle().contains(QStringLiteral("db%1.sqlite").arg(i)));
    QVERIFY2(w.editor()->text().isEmpty(), qPrintable(w.editor()->text()));
    QVERIFY(!w.editor()->isListActive());
    for (const char* name : {"finding-schema", "finding-mr", "sql-error"})
      QVERIFY(w.editor()->highlighter()->spans(QString::fromLatin1(name)).isEmpty());
    QCOMPARE(w.resultModel()->rowCount(), 0);
    QCOMPARE(w.resultModel()->columnCount(), 0);
    QVERIFY(w.llm()->questionBar()->question().isEmpty());
    QVERIFY(w.llm()->questionBar()->statusText().isEmpty());
    QVERIFY(w.llm()->questionBar()->detectionText().isEmpty());
    QCOMPARE(explorer(w)->model()->rowCount(), 0);
    QVERIFY(explorer(w)->badgeText().isEmpty());
    auto* badge = w.findChild<QLabel*>(QStringLiteral("followUpStatusBadge"));
    QVERIFY(badge && badge->isHidden());
    // Autocompletion offers this database's names only.
    const QStringList offered = w.editor()->sqlLexer()->completions()->complete(QStringLiteral("shelf"));
    QCOMPARE(offered, QStringList{table});
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                       dir_.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("HalluSQLTest"));
    QCoreApplication::setApplicationName(QStringLiteral("hallusql-session-test"));
    for (int i = 1; i <= 5; ++i) {
      dbs_ << dir_.filePath(QStringLiteral("db%1.sqlite").arg(i));
      QVERIFY(makeDb(dbs_.last(), i));
    }
  }

  void completionsArePrefixLookups() {
    hs::ui::SqlEditor editor;
    editor.setSchemaNames({QStringLiteral("Singer"), QStringLiteral("stadium")},
                          {QStringLiteral("singer_id"), QStringLiteral("Name"), QStringLiteral("name")});
    auto* c = editor.sqlLexer()->completions();
    QCOMPARE(c->complete(QStringLiteral("sin")),
             (QStringList{QStringLiteral("Singer"), QStringLiteral("singer_id")}));
    QCOMPARE(c->complete(QStringLiteral("NAm")), QStringList{QStringLiteral("Name")});  // one spelling
    QVERIFY(c->complete(QStringLiteral("sel")).contains(QStringLiteral("SELECT")));
    QVERIFY(c->complete(QStringLiteral("zzz")).isEmpty());
    editor.setSchemaNames({}, {});
    QVERIFY(c->complete(QStringLiteral("sin")).isEmpty());
  }

  void firstRunPageUntilADatabaseIsOpen() {
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(!w.session().hasDatabase());
    auto* page = w.findChild<QWidget*>(QStringLiteral("firstRunPage"));
    QVERIFY(page && page->isVisible());
    QVERIFY(!w.editor()->isVisible());
    // The keyboard starts on the page's first button (the first Tab only reached it).
    w.activateWindow();
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::focusWidget() && page->isAncestorOf(QApplication::focusWidget()),
                             2000);
    // Generate is disabled, and says why.
    QVERIFY(!w.llm()->questionBar()->isGenerateEnabled());
    QVERIFY(!w.llm()->generateAction()->isEnabled());
    QVERIFY(w.llm()->generateAction()->toolTip().contains(QStringLiteral("Open a database")));
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    w.openDatabase(dbs_.first());
    QVERIFY(waitOpened(w, opened, 0));
    QVERIFY(!page->isVisible());
    QVERIFY(w.editor()->isVisible());
    // The results are the dock tab in front, not the LLM log or the follow-ups.
    QTRY_VERIFY_WITH_TIMEOUT(w.findChild<QWidget*>(QStringLiteral("resultGrid"))->isVisible(), 2000);
    QVERIFY(w.llm()->questionBar()->isGenerateEnabled());
    // The tab the user put in front (here the follow-ups) is still in front after a visit to the
    // Review tab (showing the parked docks again put the last one shown there).
    auto* followUps = w.findChild<QDockWidget*>(QStringLiteral("followUpDock"));
    QVERIFY(followUps);
    followUps->raise();
    QTRY_VERIFY_WITH_TIMEOUT(!followUps->visibleRegion().isEmpty(), 2000);
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(1);
    QTRY_VERIFY_WITH_TIMEOUT(followUps->isHidden(), 2000);
    tabs->setCurrentIndex(0);
    QTest::qWait(200);
    QVERIFY(!followUps->visibleRegion().isEmpty());
  }

  void fitsA1366x768Screen() {
    // The window with a database open, on the Query tab and on the Review tab, fits 1366x768
    // (minus a panel of the desktop): nothing forces it taller or wider.
    MainWindow w;
    w.resize(1366, 768 - 40);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    w.openDatabase(dbs_.first());
    QVERIFY(waitOpened(w, opened, 0));
    QTest::qWait(50);
    const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
    if (qEnvironmentVariableIsSet("HS_DEBUG_SIZES")) {
      for (QWidget* c : w.findChildren<QWidget*>()) {
        const QSize m = c->minimumSizeHint().expandedTo(c->minimumSize());
        if (m.height() > 150)
          qWarning() << c->metaObject()->className() << c->objectName() << m << "parent"
                     << (c->parentWidget() ? c->parentWidget()->metaObject()->className() : "");
      }
    }
    QVERIFY2(min.height() <= 768 - 40 && min.width() <= 1366,
             qPrintable(QStringLiteral("minimum %1x%2").arg(min.width()).arg(min.height())));
    QCOMPARE(w.size(), QSize(1366, 768 - 40));
    // The schema panel keeps a sensible width: a quarter of the window at most, never a sliver.
    auto* schema = w.schemaTree();
    QVERIFY2(schema->width() >= 180 && schema->width() <= 1366 / 3,
             qPrintable(QString::number(schema->width())));
  }

  void reviewFiltersWithNothingToChooseAreHidden() {
    // The demo run has one model: its filter offered "All models" and "demo" only. Hidden, the row
    // is narrower, and so is the window's minimum (the widest tab page sets it, and on the Query
    // tab the schema panel paid for it: 210 px in a 1280 px window, its names cut).
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    MainWindow w;
    w.resize(1280, 700);
    w.show();
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    w.openDatabase(dbs_.first());
    QVERIFY(waitOpened(w, opened, 0));
    QVERIFY(w.review()->openWorkspace(QString::fromStdString(demo->workspacePath)));
    w.showReview();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* panel = w.review()->panel();
    QTRY_VERIFY(panel->caseModel()->rowCount() > 0);
    QVERIFY(panel->modelCombo()->isHidden());
    QVERIFY(!panel->difficultyCombo()->isHidden());  // simple, medium, hard...
    QVERIFY(panel->categoryCombo()->isVisible());
    // The schema panel beside the widest tab page: 1069 px before (the filters, the annotation
    // bar's label chooser and the chart's three export buttons), so no 1024 px screen and no half
    // of a 1920 px one.
    const int min = w.minimumSizeHint().expandedTo(w.minimumSize()).width();
    QVERIFY2(min <= 1000, qPrintable(QString::number(min)));
    // The title names the workspace too (it said "HalluSQL" alone: two windows, two workspaces,
    // no way to tell them apart).
    const QString file = QFileInfo(QString::fromStdString(demo->workspacePath)).fileName();
    QVERIFY2(w.windowTitle().contains(file), qPrintable(w.windowTitle()));
  }

  void aWorkspaceGivenAsADatabaseOpensInReview() {
    // `hallusql run.hallusql` (or dropping it on the window) opened the workspace as a database:
    // its internal tables in the schema tree, the Review tab still on the previous workspace.
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    const QString ws = QString::fromStdString(demo->workspacePath);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    w.openDatabaseForQuery(ws);
    QCOMPARE(QFileInfo(w.review()->workspacePath()).canonicalFilePath(), QFileInfo(ws).canonicalFilePath());
    QVERIFY(w.isReviewShown());
    QTest::qWait(100);
    QCOMPARE(opened.count(), 0);
  }

  void openDatabaseStartsNearTheOpenDatabase() {
    // File > Open Database started in the working directory every time: the next Spider database
    // meant a walk from there. It starts in the open database's folder.
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    w.openDatabase(dbs_.first());
    QVERIFY(waitOpened(w, opened, 0));
    QString shownFolder;
    QTimer::singleShot(300, &w, [&shownFolder] {
      for (QWidget* top : QApplication::topLevelWidgets())
        if (auto* dialog = qobject_cast<QFileDialog*>(top); dialog && dialog->isVisible()) {
          shownFolder = dialog->directory().absolutePath();
          dialog->reject();
        }
    });
    w.actions().open->trigger();
    QCOMPARE(shownFolder, QFileInfo(dbs_.first()).absolutePath());
  }

  void schemaNamesFitANarrowPanel() {
    // A narrow schema panel (220 px) still shows the types and row estimates beside the names: the
    // name column fits its names in what the row estimates leave; a width the user drags is kept.
    hs::db::Schema schema;
    hs::db::TableInfo t;
    t.name = "singer_in_concert";
    t.rowEstimate = 1200;
    for (const char* c : {"concert_ID", "Song_release_year_of_the_first_album"}) {
      hs::db::ColumnInfo col;
      col.name = c;
      col.declaredType = "INTEGER";
      t.columns.push_back(col);
    }
    schema.tables.push_back(t);
    hs::ui::SchemaTree tree;
    tree.resize(220, 400);
    tree.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tree));
    tree.setSchema(schema);
    const int room = tree.viewport()->width();
    const int estimate = tree.fontMetrics().horizontalAdvance(QStringLiteral("~1,200 rows"));
    QVERIFY2(room - tree.columnWidth(0) > estimate, qPrintable(QString::number(tree.columnWidth(0))));
    QVERIFY(tree.columnWidth(0) >= room / 2);  // and the names most of the rest
    QTRY_VERIFY2(
        !tree.horizontalScrollBar()->isVisible(),
        qPrintable(QStringLiteral("header %1, viewport %2").arg(tree.header()->length()).arg(room) +
                   QStringLiteral(" c0 %1 c1 %2").arg(tree.columnWidth(0)).arg(tree.columnWidth(1))));
    tree.resize(700, 400);
    const int longest =
        tree.fontMetrics().horizontalAdvance(QStringLiteral("Song_release_year_of_the_first_album"));
    QTRY_VERIFY(tree.columnWidth(0) > longest);  // wide: the whole names
    QVERIFY(tree.columnWidth(0) < tree.viewport()->width() * 3 / 5);
    tree.header()->resizeSection(0, 90);  // the user's choice stays
    QVERIFY(tree.nameColumnSizedByUser());
    tree.resize(300, 400);
    QTest::qWait(50);
    QCOMPARE(tree.columnWidth(0), 90);
  }

  void fiveDatabasesInARow() {
    hs::ui::AppSettings::clearRecentFiles();
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    QSignalSpy changed(w.sessions(), &hs::ui::SessionManager::changed);
    quint64 lastId = w.session().id();
    for (int i = 1; i <= 5; ++i) {
      const int before = int(opened.size());
      if (i == 4) {
        // File > Open Recent, as a user would: the recent list holds databases 1..3.
        QAction* recent = nullptr;
        for (QAction* a : w.actions().recentMenu->actions())
          if (a->toolTip() == QFileInfo(dbs_[0]).absoluteFilePath()) recent = a;
        QVERIFY(recent);
        // ... from the Review tab: the database the user chose is shown on the Query tab.
        auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
        tabs->setCurrentIndex(1);
        recent->trigger();
        QVERIFY(waitOpened(w, opened, before));
        QCOMPARE(tabs->currentIndex(), 0);
        verifyClean(w, 1);
        dirty(w, 1);
        w.openDatabase(dbs_[i - 1]);
        QVERIFY(waitOpened(w, opened, before + 1));
      } else {
        w.openDatabase(dbs_[i - 1]);
        QVERIFY(waitOpened(w, opened, before));
      }
      QVERIFY(w.session().id() != lastId);
      QVERIFY(w.sessions()->isCurrent(w.session().id()));
      lastId = w.session().id();
      verifyClean(w, i);
      dirty(w, i);
      QTest::qWait(20);  // let the completion list and repaints run their events

      if (i == 2) {
        // A workspace between the databases: the session's workspace changes, the database stays.
        const QString ws = dir_.filePath(QStringLiteral("between.hallusql"));
        QVERIFY(w.review()->openWorkspace(ws, true));
        QCOMPARE(w.session().workspacePath(), QFileInfo(ws).absoluteFilePath());
        QVERIFY(w.session().databasePath().endsWith(QStringLiteral("db2.sqlite")));
        QVERIFY(w.session().id() != lastId);
        lastId = w.session().id();
      }
    }
    // The workspace stays with the later databases; every replacement was announced.
    QVERIFY(w.session().workspacePath().endsWith(QStringLiteral("between.hallusql")));
    QVERIFY(changed.size() >= 7);
    // Closing the database returns to the first-run page with nothing left.
    w.actions().closeDb->trigger();
    QVERIFY(!w.session().hasDatabase());
    QVERIFY(w.findChild<QWidget*>(QStringLiteral("firstRunPage"))->isVisible());
    QVERIFY(treeTables(w.schemaTree()).isEmpty());
    QVERIFY(w.editor()->text().isEmpty());
    QCOMPARE(w.resultModel()->rowCount(), 0);
  }
};

QTEST_MAIN(TestSessionSwitch)
#include "test_session_switch.moc"
