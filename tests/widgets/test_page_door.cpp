// The shell's page door (widgets/page.h, issue 28): a page that a test registers through
// Shell::addPage (one file, one call: registerNotesPage below) takes its place among the tabs by
// priority, follows the language, is brought forward with the focus on its target by showPage and
// by Ctrl+Tab, and hears the start-up options; the Review and Drill-down pages registered the same
// way answer --review and --charts through the door.
#include <QtTest>

#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include "fake_llm_profile.h"
#include "gui_test_db.h"
#include "review_test_env.h"
#include "widgets/database_controller.h"
#include "widgets/language_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/page.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/shell.h"

namespace {

// A page as a feature would write one: its widget, its hooks, and the registration call.
class NotesPage : public QObject, public hs::ui::Page {
 public:
  NotesPage(hs::ui::Shell& shell, int priority)
      : QObject(shell.dialogParent()), priority_(priority), widget_(new QWidget), field_(new QLineEdit) {
    auto* layout = new QVBoxLayout(widget_);
    layout->addWidget(new QLineEdit);  // the first control: not where the focus should land
    layout->addWidget(field_);
  }
  QString id() const override { return QStringLiteral("notes"); }
  QString title() const override { return titleText; }
  int priority() const override { return priority_; }
  QWidget* widget() const override { return widget_; }
  QWidget* focusTarget() const override { return field_; }
  void applyStartOptions(const hs::ui::StartOptions& options) override {
    heard = options;
    ++starts;
  }
  bool isSettled() const override { return settled; }
  QWidget* beforeScreenshot(const hs::ui::StartOptions&) override { return shotTarget; }

  QString titleText = QStringLiteral("Notes");
  hs::ui::StartOptions heard;
  int starts = 0;
  bool settled = true;
  QWidget* shotTarget = nullptr;

 private:
  int priority_;
  QWidget* widget_;
  QLineEdit* field_;
};

NotesPage* registerNotesPage(hs::ui::Shell& shell, int priority) {
  auto* page = new NotesPage(shell, priority);
  shell.addPage(page);
  return page;
}

QStringList tabTitles(hs::ui::MainWindow& w) {
  auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
  QStringList titles;
  for (int i = 0; i < tabs->count(); ++i) titles << tabs->tabText(i);
  return titles;
}

}  // namespace

class TestPageDoor : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-page-door-test");
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  void pagesTakeTheirPlaceByPriority() {
    hs::ui::MainWindow w(&english_);
    // The product's pages came through the same door, in their priority order.
    QCOMPARE(tabTitles(w), (QStringList{"Query", "Review", "Drill-down"}));
    registerNotesPage(w, 85);  // between Review (90) and Drill-down (80)
    QCOMPARE(tabTitles(w), (QStringList{"Query", "Review", "Notes", "Drill-down"}));
    auto* last = registerNotesPage(w, 1);
    last->titleText = QStringLiteral("Last");
    QCOMPARE(tabTitles(w).size(), 5);
    QCOMPARE(tabTitles(w).at(4), QStringLiteral("Notes"));  // the title as registered
    // A language change asks every page for its title again.
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&w, &change);
    QCOMPARE(tabTitles(w).at(4), QStringLiteral("Last"));
  }

  void showPageBringsItForwardWithTheFocusOnItsTarget() {
    hs::ui::MainWindow w(&english_);
    NotesPage* notes = registerNotesPage(w, 85);
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(!w.isPageShown(QStringLiteral("notes")));
    QVERIFY(!w.showPage(QStringLiteral("no-such-page")));
    // Ctrl+Tab from the Review tab (its own target: the case list) to the page never shown yet:
    // the focus lands on its target, not on its first control.
    w.showReview();
    QVERIFY(w.isReviewShown());
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(w.review()->panel()->caseList()));
    w.actions().nextTab->trigger();
    QVERIFY(w.isPageShown(QStringLiteral("notes")));
    QTRY_COMPARE(QApplication::focusWidget(), notes->focusTarget());

    w.showReview();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(w.review()->panel()->caseList()));
    QVERIFY(w.showPage(QStringLiteral("notes")));
    QVERIFY(w.isPageShown(QStringLiteral("notes")));
    QTRY_COMPARE(QApplication::focusWidget(), notes->focusTarget());
  }

  void startOptionsReachEveryPage() {
    hs::ui::MainWindow w(&english_);
    NotesPage* notes = registerNotesPage(w, 85);
    w.resize(1366, 768);
    w.show();
    hs::ui::StartOptions options;
    options.caseNumber = 7;  // the Review page answers it
    options.caseTab = QStringLiteral("plan");
    w.start(options);
    QCOMPARE(notes->starts, 1);
    QCOMPARE(notes->heard.caseNumber, 7);
    QCOMPARE(notes->heard.caseTab, QStringLiteral("plan"));
    QVERIFY(w.isReviewShown());
    // A screenshot waits for every page, and grabs what a page names.
    QVERIFY(w.isSettled());
    notes->settled = false;
    QVERIFY(!w.isSettled());
    notes->settled = true;
    QCOMPARE(w.beforeScreenshot(options), nullptr);
    notes->shotTarget = notes->widget();
    QCOMPARE(w.beforeScreenshot(options), notes->widget());
  }

  void reviewAndChartsOptionsGoThroughTheDoor() {
    {
      hs::ui::MainWindow w(&english_);
      w.show();
      hs::ui::StartOptions options;
      options.review = true;
      w.start(options);
      QVERIFY(w.isReviewShown());
    }
    {
      hs::ui::MainWindow w(&english_);
      w.show();
      hs::ui::StartOptions options;
      options.charts = true;
      w.start(options);
      QVERIFY(w.isPageShown(QStringLiteral("drilldown")));
    }
  }

  // --ask reaches the LLM feature through its start listener (no signal of the question bar emitted
  // from outside): the question is put in the bar and asked, and the window is not settled (a
  // screenshot waits) until the answer came.
  void askOptionReachesTheQuestionBar() {
    hs::test::useFakeProfile("http://127.0.0.1:9/v1");  // nothing listens: a quick failure
    QVERIFY(hs::test::createGuiTestDb(dir_.filePath("ask.sqlite"), 10));
    hs::ui::MainWindow w(&english_);
    hs::ui::StartOptions options;
    options.ask = QStringLiteral("How many rows are there?");
    w.start(options);  // no database yet: nothing is asked, nothing to wait for
    QVERIFY(w.isSettled());
    QVERIFY(w.llm()->questionBar()->statusText().contains(QStringLiteral("Open a database first")));

    w.openDatabase(dir_.filePath("ask.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    w.start(options);
    QCOMPARE(w.llm()->questionBar()->question(), options.ask);
    QVERIFY(!w.isSettled());
    QTRY_VERIFY_WITH_TIMEOUT(w.isSettled(), 20000);
    QVERIFY2(w.llm()->questionBar()->statusText().contains(QStringLiteral("No LLM endpoint answered")),
             qPrintable(w.llm()->questionBar()->statusText()));
  }

  void sharedServicesComeFromTheShell() {
    hs::ui::MainWindow w(&english_);
    hs::ui::Shell& shell = w;
    QVERIFY(shell.generation() != nullptr);
    QCOMPARE(shell.generation(), w.llm()->generation());
    // The shortcut sheet of the Review page lists the window's keys, asked of the shell.
    const auto keys = shell.generalShortcuts();
    QVERIFY(std::find(keys.begin(), keys.end(), w.actions().open) != keys.end());
    QVERIFY(std::find(keys.begin(), keys.end(), w.llm()->generateAction()) != keys.end());
    QVERIFY(!w.review()->panel()->generalShortcutList().isEmpty());
  }
};

QTEST_MAIN(TestPageDoor)
#include "test_page_door.moc"
