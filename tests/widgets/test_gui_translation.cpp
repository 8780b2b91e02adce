// Translations: the embedded zh_CN catalogue turns the shell Chinese, at start and at run time.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>
#include <algorithm>
#include <string_view>

#include "engine/core/finding.h"
#include "engine/core/finding_categories.h"

#include "engine/drilldown/outcome.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/language_controller.h"
#include "widgets/main_window.h"
#include "widgets/query_controller.h"
#include "widgets/review/case_finding_styles.h"
#include "widgets/review/finding_category_texts.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"

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

  // The drill-down status in Chinese uses the Chinese comma only ("2 个案例，3 个步骤").
  void drilldownStatusIsChinese() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    hs::ui::DrilldownPanel panel;
    std::vector<hs::drilldown::StepOutcome> rows(3);
    rows[0].caseId = "dev:1";
    rows[1].caseId = "dev:1";
    rows[2].caseId = "dev:2";
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i].step = i + 1;
    panel.setRows(rows);
    auto* status = panel.findChild<QLabel*>(QStringLiteral("drilldownStatus"));
    QVERIFY(status);
    const QString text = status->text();
    QVERIFY2(hasHan(text), qPrintable(text));
    QVERIFY2(text.contains(QChar(0xFF0C)) && !text.contains(QLatin1Char(',')), qPrintable(text));
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
    // The follow-up detail's placeholder and titles (they stayed English after the switch).
    auto* followUpHeader = w.findChild<QLabel*>(QStringLiteral("followUpHeader"));
    QVERIFY(followUpHeader);
    QVERIFY2(hasHan(followUpHeader->text()), qPrintable(followUpHeader->text()));
    w.actions().langEnglish->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(w.actions().fileMenu->title(), QStringLiteral("&File"));
  }

  // The engine's category table is not scanned by lupdate: widgets lists its texts for it. Every
  // label and description must be in that list and come out Chinese through FindingStyles.
  void engineCategoriesTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    const std::vector<const char*>& listed = hs::ui::findingCategoryTexts();
    const auto isListed = [&listed](std::string_view text) {
      return std::any_of(listed.begin(), listed.end(), [text](const char* l) { return text == l; });
    };
    for (const hs::FindingStyleInfo& s : hs::findingStyles())
      QVERIFY2(isListed(s.label), std::string(s.label).c_str());
    int checked = 0;
    for (const hs::FindingCategoryInfo& c : hs::findingCategories()) {
      QVERIFY2(isListed(c.label), std::string(c.label).c_str());
      QVERIFY2(isListed(c.description), std::string(c.description).c_str());
      hs::Finding f;
      f.taxonomy = std::string(c.taxonomy);
      f.category = c.id == "*" ? std::string("AROE") : std::string(c.id);
      const QString description = hs::ui::FindingStyles::categoryDescription(f);
      QVERIFY2(hasHan(description), qPrintable(description));
      const QString group = hs::ui::FindingStyles::groupOf(f).label;
      QVERIFY2(hasHan(group), qPrintable(group));
      if (c.id != "*") {
        const QString label = hs::ui::FindingStyles::categoryLabel(f);
        QVERIFY2(hasHan(label), qPrintable(label));
      }
      ++checked;
    }
    QVERIFY(checked > 30);
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
  }

  // English counts read "1 case" and "2 cases", not "case(s)", also after a round through zh_CN
  // and after an unknown language fell back to English.
  void englishPluralForms() {
    LanguageController lang;
    auto tables = [](int n) {
      return QCoreApplication::translate("hs::ui::MainWindow", "%n table(s)", nullptr, n);
    };
    auto cases = [](int n) {
      return QCoreApplication::translate("hs::ui::ReviewController", "Imported %n case(s)", nullptr, n);
    };
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(tables(1), QStringLiteral("1 table"));
    QCOMPARE(tables(4), QStringLiteral("4 tables"));
    QCOMPARE(cases(1), QStringLiteral("Imported 1 case"));
    QCOMPARE(cases(1034), QStringLiteral("Imported 1034 cases"));
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    QVERIFY(hasHan(tables(2)));
    QVERIFY(!lang.setLanguage(QStringLiteral("xx_YY")));
    QCOMPARE(tables(2), QStringLiteral("2 tables"));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(tables(0), QStringLiteral("0 tables"));
  }

  // Help > Keyboard Shortcuts names the actions without their mnemonics ("打开数据库…", not "(O)").
  void shortcutSheetWithoutMnemonics() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    MainWindow w(&lang);
    const auto rows = w.review()->panel()->generalShortcutList();
    QVERIFY(!rows.isEmpty());
    for (const auto& row : rows) {
      QVERIFY2(hasHan(row.first), qPrintable(row.first));
      QVERIFY2(!row.first.contains(QRegularExpression(QStringLiteral("[&(]"))), qPrintable(row.first));
    }
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
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
