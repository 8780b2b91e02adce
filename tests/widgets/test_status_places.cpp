// The status bar names the open database and the workspace in use apart (issue 28): after a
// workspace was opened, every database opened later said "Opened x (read-only) · Workspace: y" as
// if y held x. Now "Database: x" and "Workspace: y" are two items; a database opened alone has no
// workspace item, and the workspace item names the one the Review tab has open.
#include <QtTest>

#include <QLabel>
#include <QStatusBar>

#include "gui_test_db.h"
#include "review_test_env.h"
#include "widgets/database_controller.h"
#include "widgets/language_controller.h"
#include "widgets/main_window.h"
#include "widgets/review/review_controller.h"

class TestStatusPlaces : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;

  static QString text(hs::ui::MainWindow& w, const char* name) {
    const auto* l = w.statusBar()->findChild<QLabel*>(QLatin1String(name));
    return l && !l->isHidden() ? l->text() : QString();
  }
  static void open(hs::ui::MainWindow& w, const QString& path) {
    w.openDatabase(path);
    QTRY_COMPARE_WITH_TIMEOUT(w.databases()->path(), path, 10000);
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-status-places-test");
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
    QVERIFY(hs::test::createGuiTestDb(dir_.filePath("a.sqlite"), 10));
    QVERIFY(hs::test::createGuiTestDb(dir_.filePath("b.sqlite"), 10));
  }

  void databaseAndWorkspaceNamedApart() {
    hs::ui::MainWindow w;
    w.resize(1366, 768);
    w.show();
    open(w, dir_.filePath("a.sqlite"));
    QCOMPARE(text(w, "statusDatabase"), QStringLiteral("Database: a.sqlite"));
    QCOMPARE(text(w, "statusWorkspace"), QString());  // a database alone: no workspace

    QVERIFY(w.review()->openWorkspace(dir_.filePath("team.hallusql"), true));
    QCOMPARE(text(w, "statusWorkspace"), QStringLiteral("Workspace: team.hallusql"));
    QCOMPARE(text(w, "statusDatabase"), QStringLiteral("Database: a.sqlite"));

    open(w, dir_.filePath("b.sqlite"));
    QCOMPARE(text(w, "statusDatabase"), QStringLiteral("Database: b.sqlite"));
    QCOMPARE(text(w, "statusWorkspace"),
             QStringLiteral("Workspace: team.hallusql"));  // still the Review tab's
    // The message speaks of the database only.
    const QString message = text(w, "statusMessage");
    QVERIFY2(
        message.contains(QStringLiteral("Opened b.sqlite")) && !message.contains(QStringLiteral("Workspace")),
        qPrintable(message));
  }
};

QTEST_MAIN(TestStatusPlaces)
#include "test_status_places.moc"
