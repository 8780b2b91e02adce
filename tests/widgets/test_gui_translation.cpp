// Translations: the embedded zh_CN catalogue turns the shell Chinese, at start and at run time.
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QStandardPaths>
#include <QtTest>

#include "widgets/language_controller.h"
#include "widgets/main_window.h"
#include "widgets/query_controller.h"

using hs::ui::LanguageController;
using hs::ui::MainWindow;

namespace {
bool hasHan(const QString& s) {
  for (QChar c : s)
    if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff) return true;
  return false;
}
}  // namespace

class TestGuiTranslation : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void chineseAtStart() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    MainWindow w(&lang);
    QVERIFY2(hasHan(w.actions().fileMenu->title()), qPrintable(w.actions().fileMenu->title()));
    QVERIFY(hasHan(w.actions().queryMenu->title()));
    QVERIFY(hasHan(w.actions().run->text()));
    QVERIFY(hasHan(QueryController_rows()));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
  }

  void switchesAtRunTime() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    MainWindow w(&lang);
    QCOMPARE(w.actions().fileMenu->title(), QStringLiteral("&File"));
    QCOMPARE(w.actions().viewMenu->title(), QStringLiteral("&View"));
    // Through the View > Language menu, as a user would.
    w.actions().langChinese->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(lang.language(), QStringLiteral("zh_CN"));
    QVERIFY2(hasHan(w.actions().fileMenu->title()), qPrintable(w.actions().fileMenu->title()));
    QVERIFY(hasHan(w.actions().cancel->text()));
    const auto docks = w.findChildren<QDockWidget*>();
    QVERIFY(!docks.isEmpty());
    for (QDockWidget* d : docks) QVERIFY2(hasHan(d->windowTitle()), qPrintable(d->windowTitle()));
    w.actions().langEnglish->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(w.actions().fileMenu->title(), QStringLiteral("&File"));
  }

  void unknownLanguageFallsBackToEnglish() {
    LanguageController lang;
    QVERIFY(!lang.setLanguage(QStringLiteral("xx_YY")));
    QCOMPARE(lang.language(), QStringLiteral("en"));
  }

 private:
  static QString QueryController_rows() { return hs::ui::QueryController::rowsText(1024, true); }
};

QTEST_MAIN(TestGuiTranslation)
#include "test_gui_translation.moc"
