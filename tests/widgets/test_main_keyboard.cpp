// The main window by keyboard and at a glance: F6 / Shift+F6 move the focus between the Query
// tab's panes (the SQL editor keeps Tab for itself, so the results and the schema were out of
// reach), the View menu names Ctrl+Shift+Tab as people write it, File keeps Close Database and
// Quit last, the status bar does not show the last query's time beside a running one, and the
// Review tab's Manage Run button has room for its text and its arrow; Help > Keyboard Shortcuts
// lists the window's keys too.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

#include <algorithm>
#include <iterator>

#include "widgets/database_controller.h"
#include "widgets/focus_frame_probe.h"
#include "widgets/gui_test_db.h"
#include "widgets/job_runner.h"
#include "widgets/main_actions.h"
#include "widgets/main_window.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/schema_tree.h"
#include "widgets/sql_editor.h"

using hs::ui::MainWindow;

class TestMainKeyboard : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString dbPath_;

  static bool openAndWait(MainWindow& w, const QString& path) {
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    w.openDatabaseForQuery(path);
    for (int i = 0; i < 200 && opened.isEmpty(); ++i) QTest::qWait(25);
    return !opened.isEmpty() && w.jobRunner()->waitForIdle(10000);
  }
  // Shows `w` at 1200x720 with `path` open, the active window.
  static bool showOpenAndActivate(MainWindow& w, const QString& path) {
    w.resize(1200, 720);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w) || !openAndWait(w, path)) return false;
    w.activateWindow();
    return QTest::qWaitForWindowActive(&w);
  }
  static QString timeText(const MainWindow& w) {
    auto* label = w.findChild<QLabel*>(QStringLiteral("statusTime"));
    return label ? label->text() : QStringLiteral("<no label>");
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("HalluSQL-test"));
    QVERIFY(dir_.isValid());
    dbPath_ = dir_.filePath(QStringLiteral("keys.sqlite"));
    QVERIFY(hs::test::createGuiTestDb(dbPath_));
  }

  // Features' File actions (reviewer annotations) came after Quit.
  void fileMenuEndsWithCloseAndQuit() {
    MainWindow w;
    QList<QAction*> file = w.actions().fileMenu->actions();
    QCOMPARE(file.last(), w.actions().quit);
    QVERIFY(file.indexOf(w.actions().closeDb) == file.size() - 3);  // Close, separator, Quit
    bool annotations = false;
    for (QAction* a : file) annotations = annotations || a->text().contains(QStringLiteral("Annotations"));
    QVERIFY(annotations);
  }

  // The menu showed "Ctrl+Shift+Backtab".
  void previousTabReadsCtrlShiftTab() {
    MainWindow w;
    const QString shown = w.actions().prevTab->shortcut().toString(QKeySequence::NativeText);
    QVERIFY2(!shown.contains(QStringLiteral("Backtab")), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("Tab")));
    // and the keys still work: Shift+Tab arrives as Backtab.
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QVERIFY(tabs);
    tabs->setCurrentIndex(1);
    QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : &w;
    QTest::keyClick(target, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tabs->currentIndex(), 0);
  }

  // "Running… 1 ms": the time of the query before stayed beside the running one.
  void runningQueryHasNoStaleTime() {
    MainWindow w;
    QVERIFY(openAndWait(w, dbPath_));
    w.editor()->setText(QStringLiteral("SELECT 1"));
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QVERIFY(timeText(w).endsWith(QStringLiteral("ms")));
    w.editor()->setText(QString::fromLatin1(hs::test::longQuery()));
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->isBusy());
    QCOMPARE(timeText(w), QString());
    QVERIFY(w.statusText().isEmpty());
    w.actions().cancel->trigger();
    QVERIFY(w.jobRunner()->waitForIdle(30000));
    QVERIFY(timeText(w).endsWith(QStringLiteral("ms")));
  }

  // The last query's "1 row  3 ms" stayed in the status bar on the Review tab, as if about it.
  void queryFiguresStayOnTheQueryTab() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, dbPath_));
    w.editor()->setText(QStringLiteral("SELECT 1"));
    QVERIFY(w.runQuery());
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    auto* rows = w.findChild<QLabel*>(QStringLiteral("statusRows"));
    auto* time = w.findChild<QLabel*>(QStringLiteral("statusTime"));
    QVERIFY(rows && time && !rows->text().isEmpty());
    QTRY_VERIFY(rows->isVisible() && time->isVisible());
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(1);
    QTRY_VERIFY(!rows->isVisible() && !time->isVisible());
    tabs->setCurrentIndex(0);
    QTRY_VERIFY(rows->isVisible() && time->isVisible());
    QVERIFY(!rows->text().isEmpty());
  }

  // Fusion draws the arrow of the Review tab's Manage Run button over the end of its text
  // ("Manage Run" read "Manage Ru▾"): the button must be wider than its text by the arrow.
  void manageRunLeavesRoomForItsArrow() {
    MainWindow w;
    auto* button = w.findChild<QToolButton*>(QStringLiteral("reviewRunMenuButton"));
    QVERIFY(button);
    const int text =
        button->fontMetrics().horizontalAdvance(QString(button->text()).remove(QLatin1Char('&')));
    const int arrow = button->style()->pixelMetric(QStyle::PM_MenuButtonIndicator);
    QVERIFY2(button->minimumWidth() >= text + arrow + 8,
             qPrintable(QStringLiteral("%1 < %2 + %3 + 8").arg(button->minimumWidth()).arg(text).arg(arrow)));
  }

  // The Review tab's run chooser, its menu and Evaluate had no key: a keyboard user tabbed through
  // the whole tab to reach them. Alt+R, Alt+M, Alt+E.
  void reviewTabMnemonics() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QApplication::setActiveWindow(&w);
    w.showReview();
    auto* panel = w.review()->panel();
    QTest::keyClick(&w, Qt::Key_R, Qt::AltModifier);
    QTRY_VERIFY(panel->runCombo()->hasFocus());
    QVERIFY(panel->runMenuButton()->text().contains(QStringLiteral("&M")));
    QVERIFY(panel->evaluateButton()->text().contains(QStringLiteral("&E")));
  }

  // Opening on the Review tab (or reaching it by Ctrl+Tab) left the focus nowhere, then on the run
  // chooser: Down did nothing. A reviewer starts in the case list.
  void reviewTabStartsInTheCaseList() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    auto* list = w.review()->panel()->caseList();
    w.showReview();
    QTRY_VERIFY(list->hasFocus());
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(0);
    w.actions().nextTab->trigger();
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(w.review()->panel()));
    QTRY_VERIFY(list->hasFocus());
  }

  // The demo opened from the first-run page by keyboard, then Ctrl+Tab: the focus landed on the
  // run chooser, where Down switches the run instead of moving to the next case.
  void ctrlTabAfterTheDemoReachesTheCaseList() {
    MainWindow w;
    w.resize(1200, 720);
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QPushButton* demo = nullptr;
    for (QPushButton* b : w.findChildren<QPushButton*>())
      if (b->isVisible() && b->text() == QStringLiteral("Open the Demo")) demo = b;
    QVERIFY(demo);
    demo->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(demo->hasFocus());
    QSignalSpy opened(w.databases(), &hs::ui::DatabaseController::opened);
    QTest::keyClick(demo, Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty(), 10000);
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QTest::qWait(200);
    auto* list = w.review()->panel()->caseList();
    QTRY_VERIFY_WITH_TIMEOUT(list->model()->rowCount() > 0, 10000);
    w.actions().nextTab->trigger();
    QTRY_VERIFY(list->hasFocus());
  }

  // Help > Keyboard Shortcuts listed only the Review tab's keys: the window's come first.
  void shortcutSheetListsTheWindowKeys() {
    MainWindow w;
    const auto general = w.review()->panel()->generalShortcutList();
    auto keysOf = [&](const QString& action) {
      for (const auto& row : general)
        if (row.first == action) return row.second;
      return QString();
    };
    QCOMPARE(keysOf(QStringLiteral("Next Pane")),
             QKeySequence(Qt::Key_F6).toString(QKeySequence::NativeText));
    QVERIFY(keysOf(QStringLiteral("Run")).contains(QStringLiteral("Ctrl+Return")));
    QCOMPARE(keysOf(QStringLiteral("Generate SQL from the Question")), QStringLiteral("Ctrl+G"));
    QVERIFY(keysOf(QStringLiteral("Previous Tab")).startsWith(QStringLiteral("Ctrl+Shift+Tab")));
    QVERIFY(!keysOf(QStringLiteral("Previous Tab")).contains(QStringLiteral("Backtab")));
    QVERIFY(w.review()->panel()->shortcutList().size() >= 15);
    for (const auto& row : general) QVERIFY2(!row.first.contains(QLatin1Char('&')), qPrintable(row.first));
  }

  void f6CyclesTheQueryPanes() {
    MainWindow w;
    QVERIFY(showOpenAndActivate(w, dbPath_));
    QTest::qWait(150);  // the docks come out on the next layout passes
    w.editor()->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(w.editor()));
    auto focusIn = [](const char* type) {
      QWidget* f = QApplication::focusWidget();
      for (; f; f = f->parentWidget())
        if (f->inherits(type)) return true;
      return false;
    };
    QTest::keyClick(w.editor(), Qt::Key_F6);
    QVERIFY2(focusIn("QTableView"), "F6 from the editor: the results grid");
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QVERIFY2(focusIn("hs::ui::SchemaTree"), "then the schema");
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QVERIFY2(focusIn("QLineEdit"), "then the question");
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6, Qt::ShiftModifier);
    QVERIFY2(focusIn("hs::ui::SchemaTree"), "Shift+F6 goes back");
    QVERIFY(w.editor()->isVisible());
    QCOMPARE(w.actions().nextPane->shortcut(), QKeySequence(Qt::Key_F6));
  }

  // The schema and the results showed no sign of the focus: a keyboard user pressing F6 could not
  // see where it went. The pane with the focus has a frame in the highlight colour, the others not.
  void focusedPaneIsFramed() {
    MainWindow w;
    QVERIFY(showOpenAndActivate(w, dbPath_));
    QTest::qWait(150);
    auto* grid = w.findChild<QTableView*>(QStringLiteral("resultGrid"));
    auto* schema = w.findChild<hs::ui::SchemaTree*>();
    QVERIFY(grid && schema);
    const auto framed = hs::test::showsFocusFrame;
    w.editor()->setFocus();
    QTRY_VERIFY(w.editor()->hasFocus());
    QVERIFY(framed(w.editor()));
    QVERIFY(!framed(grid) && !framed(schema));
    QTest::keyClick(w.editor(), Qt::Key_F6);
    QTRY_VERIFY(grid->hasFocus());
    QVERIFY2(framed(grid), "F6 to the results: their frame shows the focus");
    QVERIFY(!framed(schema) && !framed(w.editor()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F6);
    QTRY_VERIFY(schema->hasFocus());
    QVERIFY2(framed(schema), "F6 to the schema: its frame shows the focus");
    QVERIFY(!framed(grid));
  }

  // View > Follow-ups and View > LLM log only hid or showed the dock: shown behind the results tab,
  // it stayed there with no key to bring it forward. Now the View action (Alt+N) brings the dock in
  // front with the focus in it, from the editor or from the Review tab; pressed again it hides it.
  void viewActionBringsADockForward() {
    MainWindow w;
    QVERIFY(showOpenAndActivate(w, dbPath_));
    QTest::qWait(150);
    auto* followUps = w.findChild<QDockWidget*>(QStringLiteral("followUpDock"));
    auto* log = w.findChild<QDockWidget*>(QStringLiteral("llmLogDock"));
    auto* results = w.findChild<QDockWidget*>(QStringLiteral("resultsDock"));
    QVERIFY(followUps && log && results);
    auto inFront = [](QDockWidget* d) { return d->isVisible() && !d->visibleRegion().isEmpty(); };
    auto focusIn = [](QDockWidget* d) {
      QWidget* f = QApplication::focusWidget();
      return f && d->isAncestorOf(f);
    };
    QTRY_VERIFY(inFront(results));
    QVERIFY(!inFront(followUps) && !inFront(log));
    QAction* followAction = nullptr;
    for (QAction* a : w.actions().viewMenu->actions())
      if (a->text() == followUps->windowTitle()) followAction = a;
    QVERIFY2(followAction, "View lists the Follow-ups dock");
    QVERIFY(!followAction->shortcut().isEmpty());
    w.editor()->setFocus();
    QTRY_VERIFY(w.editor()->hasFocus());
    QTest::keySequence(&w, followAction->shortcut());
    QTRY_VERIFY2(inFront(followUps), "the Follow-ups tab comes to the front");
    QTRY_VERIFY2(focusIn(followUps), "with the focus in it");
    QVERIFY(followAction->isChecked());
    // The LLM log's action (the one before it in the menu) does the same.
    const QList<QAction*> view = w.actions().viewMenu->actions();
    QAction* logAction = nullptr;
    for (QAction* a : view)
      if (a->text() == log->windowTitle()) logAction = a;
    QVERIFY(logAction && !logAction->shortcut().isEmpty());
    // A separator keeps the dock entries apart from the commands after them (Adjudicate...).
    const auto adjudicate = std::find_if(view.begin(), view.end(), [](QAction* a) {
      return a->objectName() == QLatin1String("adjudicateAction");
    });
    QVERIFY(adjudicate != view.end() && adjudicate != view.begin());
    QVERIFY2((*std::prev(adjudicate))->isSeparator(), qPrintable((*std::prev(adjudicate))->text()));
    logAction->trigger();
    QTRY_VERIFY(inFront(log) && focusIn(log));
    QVERIFY(!inFront(followUps));
    // From the Review tab: back to the Query tab, the dock in front, the focus in it.
    w.showReview();
    QTRY_VERIFY(followUps->isHidden());
    followAction->trigger();
    QTRY_VERIFY(inFront(followUps));
    QTRY_VERIFY(focusIn(followUps));
    QTest::qWait(200);  // still in front after the docks' own raise passes
    QVERIFY(inFront(followUps) && focusIn(followUps));
    // In front with the focus: the action hides it, the focus back in the editor.
    followAction->trigger();
    QVERIFY(followUps->isHidden());
    QVERIFY(!followAction->isChecked());
    QTRY_VERIFY(w.editor()->hasFocus());
    // The window's other keys still work.
    QCOMPARE(w.actions().nextPane->shortcut(), QKeySequence(Qt::Key_F6));
    const auto general = w.review()->panel()->generalShortcutList();
    bool listed = false;
    for (const auto& row : general) listed |= row.first == followUps->windowTitle();
    QVERIFY2(listed, "the shortcut sheet lists the dock's key");
  }
};

QTEST_MAIN(TestMainKeyboard)
#include "test_main_keyboard.moc"
