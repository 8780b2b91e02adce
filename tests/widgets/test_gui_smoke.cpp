// GUI smoke test (offscreen): opens databases through the real main window and controllers, runs
// queries through the job runner, reads rows from the lazy model, checks fetchMore, SQL error
// indicators, cancel, and clear messages for files that are not databases.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include "support/shared_data.h"
#include "widgets/database_controller.h"
#include "widgets/gui_test_db.h"
#include "widgets/job_runner.h"
#include "widgets/main_window.h"
#include "widgets/query_controller.h"
#include "widgets/result_model.h"
#include "widgets/schema_tree.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

using hs::ui::MainWindow;

class TestGuiSmoke : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString dbPath_;

  // Opens `path` in `w` and waits for the open job.
  static bool openAndWait(MainWindow& w, const QString& path) {
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    QSignalSpy failed(w.databases(), &hs::ui::DatabaseController::failed);
    w.openDatabase(path);
    for (int i = 0; i < 200 && opened.isEmpty() && failed.isEmpty(); ++i) QTest::qWait(25);
    return !opened.isEmpty();
  }
  static bool runAndWait(MainWindow& w, const QString& sql) {
    w.editor()->setText(sql);
    if (!w.runQuery()) return false;
    return w.jobRunner()->waitForIdle(20000);
  }
  static QString cell(MainWindow& w, int row, int column) {
    return w.resultModel()->data(w.resultModel()->index(row, column)).toString();
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("HalluSQL-test"));
    QVERIFY(dir_.isValid());
    dbPath_ = dir_.filePath(QStringLiteral("gui.sqlite"));
    QVERIFY(hs::test::createGuiTestDb(dbPath_));
  }

  void opensAndShowsSchema() {
    MainWindow w;
    QVERIFY(openAndWait(w, dbPath_));
    QCOMPARE(w.schemaTree()->tableCount(), 2);
    QVERIFY(w.windowTitle().contains(QStringLiteral("gui.sqlite")));
    QVERIFY(w.bannerText().isEmpty());
  }

  void runsQueryAndReadsRows() {
    MainWindow w;
    QVERIFY(openAndWait(w, dbPath_));
    QVERIFY(runAndWait(w, QStringLiteral("SELECT id, name, score FROM people ORDER BY id")));
    auto* m = w.resultModel();
    QCOMPARE(m->columnCount(), 3);
    QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QStringLiteral("name"));
    QCOMPARE(m->rowCount(), 3);
    QCOMPARE(cell(w, 0, 1), QStringLiteral("Ada"));
    QCOMPARE(cell(w, 1, 1), QStringLiteral("李雷"));
    QCOMPARE(cell(w, 2, 2), QStringLiteral("7.25"));
    // NULL is shown greyed, not as an empty string.
    QCOMPARE(cell(w, 1, 2), QStringLiteral("NULL"));
    QVERIFY(m->data(m->index(1, 2), Qt::ForegroundRole).isValid());
    QVERIFY(!m->data(m->index(0, 2), Qt::ForegroundRole).isValid());
    QVERIFY(!m->moreAvailable());
    QCOMPARE(w.statusText(), QStringLiteral("3 rows"));
  }

  void runsStatementUnderCursorWithCtrlEnter() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, dbPath_));
    w.editor()->setText(QStringLiteral("SELECT 1 AS one;\nSELECT name FROM people WHERE id = 3;\nSELECT 2;"));
    w.editor()->setCursorPosition(1, 5);
    w.activateWindow();
    w.editor()->setFocus();
    QTest::keyClick(w.editor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QCOMPARE(w.resultModel()->rowCount(), 1);
    QCOMPARE(cell(w, 0, 0), QStringLiteral("Grace"));
  }

  // The first window fits the screen (1280x800 was taller than a 1366x768 laptop's screen).
  void firstWindowFitsTheScreen() {
    MainWindow w;
    const QRect avail = QGuiApplication::primaryScreen()->availableGeometry();
    QVERIFY2(w.width() <= avail.width() && w.height() < avail.height(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4")
                            .arg(w.width())
                            .arg(w.height())
                            .arg(avail.width())
                            .arg(avail.height())));
    QVERIFY(w.width() >= std::min(1280, avail.width()) - 1);
  }

  // Ctrl+Tab and Ctrl+PgUp move between the main tabs wherever the focus is; a table view took
  // Ctrl+Tab for itself, so the Review tab's case list was a dead end.
  void ctrlTabLeavesTheReviewTab() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QVERIFY(tabs);
    tabs->setCurrentIndex(1);
    auto* list = tabs->currentWidget()->findChild<QTableView*>();
    QVERIFY(list);
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 2);
    QVERIFY(QApplication::focusWidget() && tabs->currentWidget()->isAncestorOf(QApplication::focusWidget()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 1);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown, Qt::ControlModifier);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 0);  // round the end
  }

  // A visit to Review and Drill-down leaves the Query tab's docks as they were (the results came
  // back a fifth shorter, the editor taller).
  void docksKeepTheirSizeAcrossTabs() {
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, dbPath_));
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    auto* results = w.findChild<QDockWidget*>(QStringLiteral("resultsDock"));
    QVERIFY(tabs && results);
    QTest::qWait(150);  // the default proportions are applied once the window has its size
    const QSize before = results->size();
    QVERIFY(before.height() > 100);
    for (int visit : {1, 2, 0}) {
      tabs->setCurrentIndex(visit);
      QTest::qWait(50);
    }
    QTRY_VERIFY_WITH_TIMEOUT(results->isVisible(), 2000);
    QTest::qWait(150);
    QVERIFY2(std::abs(results->height() - before.height()) <= 2,
             qPrintable(QStringLiteral("results %1 px high before, %2 px after")
                            .arg(before.height())
                            .arg(results->height())));
  }

  // Running closes a completion list the typing opened (it stayed on screen over the results).
  void runningClosesTheCompletionList() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, dbPath_));
    w.editor()->setText(QStringLiteral("SELECT name FROM peo"));
    w.editor()->setCursorPosition(0, 20);
    w.activateWindow();
    w.editor()->setFocus();
    w.editor()->autoCompleteFromAll();
    QVERIFY(w.editor()->isListActive());
    QTest::keyClick(w.editor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QVERIFY(!w.editor()->isListActive());
  }

  void fetchMoreBringsBlocks() {
    MainWindow w;
    QVERIFY(openAndWait(w, dbPath_));
    QVERIFY(runAndWait(w, QStringLiteral("SELECT n, label FROM big ORDER BY n")));
    auto* m = w.resultModel();
    const int block = m->blockSize();
    QCOMPARE(m->rowCount(), block);
    QVERIFY(m->canFetchMore({}));
    QVERIFY(w.statusText().contains(QStringLiteral("more available")));
    m->fetchMore({});
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QCOMPARE(m->rowCount(), 2 * block);
    QCOMPARE(cell(w, 2 * block - 1, 1), QStringLiteral("row %1").arg(2 * block));
    // Keep fetching to the end: exactly the table's 20,000 rows, in blocks.
    int fetches = 2;
    while (m->canFetchMore({}) && fetches < 1000) {
      const int before = m->rowCount();
      m->fetchMore({});
      QVERIFY(w.jobRunner()->waitForIdle(10000));
      QVERIFY(m->rowCount() - before <= block);
      ++fetches;
    }
    QCOMPARE(m->rowCount(), 20000);
    QCOMPARE(fetches, (20000 + block - 1) / block + (20000 % block == 0 ? 1 : 0));
    QVERIFY(!m->moreAvailable());
    QCOMPARE(cell(w, 19999, 0), QStringLiteral("20000"));
  }

  void sqlErrorMarksTheOffendingToken() {
    MainWindow w;
    QVERIFY(openAndWait(w, dbPath_));
    // The second statement runs (cursor in it); its unknown column must be marked in the editor.
    const QByteArray text = "SELECT 1;\nSELECT nme, id FROM people;";
    w.editor()->setText(QString::fromUtf8(text));
    w.editor()->setCursorPosition(1, 3);
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QVERIFY(!w.queries()->lastError().isEmpty());
    const auto spans =
        w.editor()->highlighter()->spans(QString::fromLatin1(hs::ui::SqlEditor::kErrorIndicator));
    QCOMPARE(spans.size(), 1);
    const int expected = static_cast<int>(text.indexOf("nme"));
    QCOMPARE(spans[0].begin, expected);
    QCOMPARE(spans[0].end, expected + 3);
    QVERIFY(spans[0].tooltip.contains(QStringLiteral("nme")));
    QVERIFY(w.editor()->highlighter()->tooltipAt(expected + 1).contains(QStringLiteral("nme")));
    // A syntax error with multi-byte text before it: the offset is in bytes.
    const QByteArray text2 = "SELECT '雷雷' AS x FORM people";
    w.editor()->setText(QString::fromUtf8(text2));
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    const auto spans2 =
        w.editor()->highlighter()->spans(QString::fromLatin1(hs::ui::SqlEditor::kErrorIndicator));
    QCOMPARE(spans2.size(), 1);
    QCOMPARE(spans2[0].begin, static_cast<int>(text2.indexOf("FORM")));
    // The next successful run clears the mark.
    QVERIFY(runAndWait(w, QStringLiteral("SELECT 1")));
    QVERIFY(
        w.editor()->highlighter()->spans(QString::fromLatin1(hs::ui::SqlEditor::kErrorIndicator)).isEmpty());
  }

  void cancelStopsALongQuery() {
    MainWindow w;
    QVERIFY(openAndWait(w, dbPath_));
    w.editor()->setText(QString::fromLatin1(hs::test::longQuery()));
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->isBusy());
    QVERIFY(w.actions().cancel->isEnabled());
    QVERIFY(!w.actions().run->isEnabled());
    QTest::qWait(500);
    QVERIFY(w.jobRunner()->isBusy());  // still running: the query is long
    w.actions().cancel->trigger();
    // The query runs for minutes; stopping within a generous ceiling means the cancel fired (how
    // fast is measured by tests/bench/db, not asserted on two busy cores).
    QVERIFY2(w.jobRunner()->waitForIdle(30000), "cancel did not stop the query");
    QVERIFY(w.queries()->lastError().contains(QStringLiteral("cancel"), Qt::CaseInsensitive));
    QVERIFY(w.actions().run->isEnabled());
    // The connection is usable again.
    QVERIFY(runAndWait(w, QStringLiteral("SELECT count(*) FROM people")));
    QCOMPARE(cell(w, 0, 0), QStringLiteral("3"));
  }

  void escapeInTheEditorCancels() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, dbPath_));
    w.editor()->setText(QString::fromLatin1(hs::test::longQuery()));
    w.activateWindow();
    w.editor()->setFocus();
    QVERIFY(w.runQuery());
    QTest::qWait(300);
    QVERIFY(w.jobRunner()->isBusy());
    QTest::keyClick(w.editor(), Qt::Key_Escape);
    QVERIFY(w.jobRunner()->waitForIdle(3000));
    QVERIFY(w.queries()->lastError().contains(QStringLiteral("cancel"), Qt::CaseInsensitive));
  }

  void badFilesGiveAClearMessage() {
    MainWindow w;
    QSignalSpy failed(w.databases(), &hs::ui::DatabaseController::failed);
    w.openDatabase(dir_.filePath(QStringLiteral("missing.sqlite")));
    QTRY_COMPARE(failed.size(), 1);
    QVERIFY(w.bannerText().contains(QStringLiteral("missing.sqlite")));
    QVERIFY(w.bannerText().contains(QStringLiteral("does not exist")));

    const QString text = dir_.filePath(QStringLiteral("notes.sqlite"));
    QFile f(text);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("this is not a database, just some text\n").repeated(200));
    f.close();
    w.openDatabase(text);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 5000);
    QVERIFY(w.bannerText().contains(QStringLiteral("notes.sqlite")));
    QVERIFY(!w.databases()->isOpen());

    w.openDatabase(dir_.path());  // a folder
    QTRY_COMPARE(failed.size(), 3);
    QVERIFY(!w.databases()->isOpen());
  }

  void demoOpensAndRunsItsSampleQuery() {
    qputenv("XDG_DATA_HOME", dir_.filePath(QStringLiteral("xdg")).toUtf8());
    MainWindow w;
    QSignalSpy loaded(&w, &MainWindow::initialLoadFinished);
    w.openDemo();
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 20000);
    QVERIFY2(loaded.first().first().toBool(), qPrintable(w.bannerText() + w.queries()->lastError()));
    QVERIFY(QFileInfo::exists(w.session().workspacePath()));
    QVERIFY(w.databases()->path().endsWith(QStringLiteral("demo.sqlite")));
    QVERIFY(w.editor()->text().contains(QStringLiteral("FROM students")));
    QVERIFY(w.resultModel()->rowCount() > 0);
    QCOMPARE(w.resultModel()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("first_name"));
    QVERIFY(w.schemaTree()->tableCount() >= 4);
  }

  void spiderDatabase() {
    HS_REQUIRE_SHARED_DATA();
    const QString path = QString::fromStdString(hs::test::spiderDb(QStringLiteral("concert_singer")));
    if (!QFileInfo::exists(path)) QSKIP("concert_singer not in ../shared/data");
    // The expected rows, read directly with SQLite.
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, "SELECT Name FROM singer ORDER BY Singer_ID", -1, &st, nullptr),
             SQLITE_OK);
    QStringList expected;
    while (sqlite3_step(st) == SQLITE_ROW)
      expected << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    sqlite3_close(db);
    QVERIFY(!expected.isEmpty());

    MainWindow w;
    QVERIFY(openAndWait(w, path));
    QVERIFY(w.schemaTree()->tableCount() >= 4);
    QVERIFY(runAndWait(w, QStringLiteral("SELECT Name FROM singer ORDER BY Singer_ID")));
    QCOMPARE(w.resultModel()->rowCount(), expected.size());
    for (int i = 0; i < expected.size(); ++i) QCOMPARE(cell(w, i, 0), expected[i]);
  }
};

QTEST_MAIN(TestGuiSmoke)
#include "test_gui_smoke.moc"
