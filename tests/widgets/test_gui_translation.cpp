// Translations: the embedded zh_CN catalogue turns the shell Chinese, at start and at run time.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <memory>
#include <string_view>

#include "engine/core/case.h"
#include "engine/core/finding.h"
#include "engine/core/finding_categories.h"
#include "engine/eval/runner.h"

#include "engine/core/finding_messages.h"
#include "engine/drilldown/outcome.h"
#include "engine/mr/pipeline.h"
#include "gui_test_db.h"
#include "widgets/case_finding_styles.h"
#include "widgets/database_controller.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/error_text.h"
#include "widgets/language_controller.h"
#include "widgets/llm/endpoint_help.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/main_window.h"
#include "widgets/mr/followup_detail.h"
#include "widgets/mr/followup_model.h"
#include "widgets/query_controller.h"
#include "widgets/review/case_edit_list.h"
#include "widgets/review/case_header.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/sql_editor.h"

using hs::ui::LanguageController;
using hs::ui::MainWindow;

namespace {
bool hasHan(const QString& s) {
  for (QChar c : s)
    if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff) return true;
  return false;
}

hs::Finding finding(const char* taxonomy, const char* category, const char* subcategory,
                    const char* message) {
  hs::Finding f;
  f.taxonomy = taxonomy;
  f.category = category;
  f.subcategory = subcategory;
  f.message = message;
  return f;
}

// An English window with a small database, t.sqlite, open.
struct EnglishWindow {
  QTemporaryDir dir;
  LanguageController lang;
  std::unique_ptr<MainWindow> w;
  bool open() {
    const QString db = dir.filePath("t.sqlite");
    if (!hs::test::createGuiTestDb(db, 10) || !lang.setLanguage(QStringLiteral("en"))) return false;
    w = std::make_unique<MainWindow>(&lang);
    w->openDatabase(db);
    return QTest::qWaitFor([this] { return !w->databases()->path().isEmpty(); }, 10000);
  }
};

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

  // The status bar's message ("Opened x.sqlite (read-only)") follows a switch of language at once.
  void statusMessageFollowsLanguage() {
    EnglishWindow e;
    QVERIFY(e.open());
    MainWindow& w = *e.w;
    auto message = [&w] {
      QString all;
      for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
        if (l->text().contains(QLatin1String("t.sqlite"))) all += l->text();
      return all;
    };
    QVERIFY2(message().contains("Opened t.sqlite (read-only)"), qPrintable(message()));
    // The table count on the right follows too (it said "2 tables" under a Chinese window).
    auto tables = [&w] {
      for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
        if (l->text().contains(QLatin1String("table")) || l->text().contains(QChar(0x8868))) return l->text();
      return QString();
    };
    QVERIFY2(tables().contains(QLatin1String("table")), qPrintable(tables()));
    w.actions().langChinese->trigger();
    QCoreApplication::processEvents();
    QVERIFY2(hasHan(message()), qPrintable(message()));
    QVERIFY2(hasHan(tables()) && !tables().contains(QLatin1String("table")), qPrintable(tables()));
    w.actions().langEnglish->trigger();
    QCoreApplication::processEvents();
    QVERIFY2(message().contains("Opened t.sqlite (read-only)"), qPrintable(message()));
  }

  // The last query's time ("12 ms" on the right of the status bar) follows a switch of language
  // (it said "ms" under a Chinese window until the next query).
  void queryTimeFollowsLanguage() {
    EnglishWindow e;
    QVERIFY(e.open());
    MainWindow& w = *e.w;
    auto* time = w.statusBar()->findChild<QLabel*>(QStringLiteral("statusTime"));
    QVERIFY(time);
    w.editor()->setText(QStringLiteral("SELECT 1;"));
    QVERIFY(w.runQuery());
    QTRY_VERIFY_WITH_TIMEOUT(time->text().endsWith(QLatin1String(" ms")), 10000);
    w.actions().langChinese->trigger();
    QCoreApplication::processEvents();
    QVERIFY2(hasHan(time->text()) && !time->text().contains(QLatin1String("ms")), qPrintable(time->text()));
    w.actions().langEnglish->trigger();
    QCoreApplication::processEvents();
    QVERIFY2(time->text().endsWith(QLatin1String(" ms")), qPrintable(time->text()));
  }

  // The Follow-ups explorer under a Chinese window: an error row's tooltip (the engine's reason
  // around the endpoint's own English words), an inapplicable row's reason and the MR's name were
  // English. They come from the engine's reason templates through the finding-text translator.
  void followUpReasonsTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    auto result = std::make_shared<hs::mr::DetectResult>();
    hs::mr::StageResult stage;
    hs::mr::MrRecord error;
    error.mr = "ESR";
    error.verdict = hs::mr::Verdict::Error;
    error.reason = hs::formatMessage(
        hs::FindingMsg::MrNoSourceLinking,
        {hs::formatMessage(hs::FindingMsg::MrLlmCallFailed,
                           {"unreachable: cannot reach the LLM endpoint http://127.0.0.1:11434/v1: Failed to "
                            "connect (is the server running?)"})});
    hs::mr::MrRecord lexicon;
    lexicon.mr = "SROCW";
    lexicon.reason = hs::formatMessage(hs::FindingMsg::MrNoSynonym, {"'older than'"});
    stage.mrs = {error, lexicon};
    result->stages.push_back(stage);
    hs::ui::FollowUpModel model;
    model.setResult(result);
    auto tip = [&model](int row, int column) {
      return model.index(row, column).data(Qt::ToolTipRole).toString();
    };
    const QString errorTip = tip(0, hs::ui::FollowUpModel::VerdictCol);
    QVERIFY2(hasHan(errorTip) && !errorTip.contains(QLatin1String("unreachable")) &&
                 !errorTip.contains(QLatin1String("cannot reach")) &&
                 !errorTip.contains(QLatin1String("linking")),
             qPrintable(errorTip));
    const QString lexiconTip = tip(1, hs::ui::FollowUpModel::VerdictCol);
    QVERIFY2(hasHan(lexiconTip) && lexiconTip.contains(QLatin1String("'older than'")),
             qPrintable(lexiconTip));
    QVERIFY2(hasHan(tip(1, hs::ui::FollowUpModel::MrCol)), qPrintable(tip(1, hs::ui::FollowUpModel::MrCol)));
    // The detail's header says the same.
    hs::ui::FollowUpDetail detail;
    detail.showRecord(*result, result->stages[0].mrs[1]);
    auto* header = detail.findChild<QLabel*>(QStringLiteral("followUpHeader"));
    QVERIFY(header);
    QVERIFY2(!header->text().contains(QLatin1String("lexicon")) &&
                 !header->text().contains(QLatin1String("Synonym")),
             qPrintable(header->text()));
    // English: the endpoint's failure in words, no code.
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(tip(0, hs::ui::FollowUpModel::VerdictCol),
             QStringLiteral("no source schema linking: the LLM call failed: no LLM endpoint answered"));
  }

  // Labels imported with the cases (seed 002's C-types, seed 001's "Schema-Based: Attribute
  // Overanalysis" with its description) were shown in English in the case header.
  void importedLabelsTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    hs::Case kase;
    kase.question = "q";
    kase.labels.push_back(
        {"mrsqlgen", "C3", "Join Logic Hallucination", "mrsqlgen", "Intent-violating Hallucination"});
    kase.labels.push_back(
        {"tasql", "Schema-Based", "Attribute Overanalysis", "drilldown", "Extra column 'a'"});
    hs::ui::CaseHeader header;
    header.setCase(kase, hs::eval::CaseOutcome{});
    const QString shown = header.plainText();
    QVERIFY2(!shown.contains(QLatin1String("Join Logic")) && !shown.contains(QLatin1String("Schema-Based")) &&
                 !shown.contains(QLatin1String("Overanalysis")),
             qPrintable(shown));
    QString tip;
    for (QLabel* l : header.findChildren<QLabel*>()) tip += l->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("多余的列 'a'")), qPrintable(tip));
    // Seed 002's group of the label (the file's "hallucinations_type", stored as written) is named
    // in the user's language beside it.
    QVERIFY2(
        tip.contains(QStringLiteral("违背意图的幻觉")) && !tip.contains(QLatin1String("Intent-violating")),
        qPrintable(tip));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    header.setCase(kase, hs::eval::CaseOutcome{});
    tip.clear();
    for (QLabel* l : header.findChildren<QLabel*>()) tip += l->toolTip();
    QVERIFY2(tip.contains(QLatin1String("Intent-violating Hallucination")), qPrintable(tip));
  }

  // SQLite's words for the usual mistakes stayed English under a Chinese window ("no such column:
  // nme" in the editor and the status bar); the names stay as written.
  void sqliteErrorsTranslated() {
    QTemporaryDir dir;
    const QString db = dir.filePath("t.sqlite");
    QVERIFY(hs::test::createGuiTestDb(db, 10));
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    MainWindow w(&lang);
    w.openDatabase(db);
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    w.editor()->setText(QStringLiteral("SELECT nme FROM people"));
    QVERIFY(w.runQuery());
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QLatin1String("nme")), 10000);
    QVERIFY2(hasHan(w.statusText()) && !w.statusText().contains(QLatin1String("no such")),
             qPrintable(w.statusText()));
    QCOMPARE(hs::ui::ErrorText::sqliteMessage(QStringLiteral("near \"FORM\": syntax error")),
             QStringLiteral("“FORM”附近有语法错误"));
    QCOMPARE(hs::ui::ErrorText::sqliteMessage(QStringLiteral("disk I/O error")),
             QStringLiteral("disk I/O error"));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(hs::ui::ErrorText::sqliteMessage(QStringLiteral("no such table: x")),
             QStringLiteral("no such table: x"));
  }

  // The edit script's kinds ("update", "insert") stayed English under a Chinese window.
  void editKindsTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    hs::ui::CaseEditList list;
    list.setQueries(std::string("SELECT count(*) FROM t"), std::string("SELECT COUNT(id) FROM t"), "");
    QVERIFY(list.topLevelItemCount() > 0);
    const QString kind = list.topLevelItem(0)->text(0);
    QVERIFY2(hasHan(kind), qPrintable(kind));
    // The clause read "join_condition", "group_by": the engine's names, not the SQL's or the user's.
    list.setQueries(std::string("SELECT a FROM t JOIN u ON t.id = u.id GROUP BY a"),
                    std::string("SELECT a FROM t JOIN u"), "");
    QStringList clauses;
    for (int i = 0; i < list.topLevelItemCount(); ++i) clauses << list.topLevelItem(i)->text(1);
    QVERIFY2(clauses.contains(QStringLiteral("GROUP BY")), qPrintable(clauses.join('|')));
    QVERIFY2(std::any_of(clauses.begin(), clauses.end(),
                         [](const QString& c) { return hasHan(c) && c.contains(QLatin1String("ON")); }),
             qPrintable(clauses.join('|')));
    QVERIFY(!clauses.join('|').contains(QLatin1Char('_')));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
  }

  // "…处没有 LLM 端点响应。 这是 Ollama 的常用地址" had a Latin space after the Chinese full stop.
  void endpointHelpJoinsChineseSentences() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    hs::Error e;
    e.code = "unreachable";
    const QString text = hs::ui::explainLlmError(e, QStringLiteral("http://127.0.0.1:11434/v1"), {});
    QVERIFY2(hasHan(text) && !text.contains(QStringLiteral("。 ")), qPrintable(text));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QVERIFY(hs::ui::explainLlmError(e, QStringLiteral("http://127.0.0.1:11434/v1"), {})
                .contains(QLatin1String(". ")));
  }

  // The engine's category table is translated from the engine's one catalogue of finding texts
  // (a QTranslator the language controller installs): every label and description comes out
  // Chinese through FindingStyles, and English again after switching back.
  void engineCategoriesTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    int checked = 0;
    for (const hs::FindingCategoryInfo& c : hs::findingCategories()) {
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
    const hs::Finding c5 = finding("mrsqlgen", "C5", "wrong column", "'a' where the gold query selects 'b'");
    QCOMPARE(hs::ui::FindingStyles::categoryLabel(c5), QStringLiteral("C5 Column selection"));
    QCOMPARE(hs::ui::FindingStyles::subcategoryText(c5), QStringLiteral("wrong column"));
    QCOMPARE(hs::ui::FindingStyles::messageText(c5), QStringLiteral("'a' where the gold query selects 'b'"));
  }

  // Subcategories and messages come out Chinese with their SQL fragments kept, in the tooltip too;
  // a message no template knows (a reviewer's span label) is shown as stored.
  void findingTextsTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    const hs::Finding f =
        finding("mrsqlgen", "C7", "aggregate function",
                "'sum ( pets.weight_kg )' where the gold query selects 'avg ( pets.weight_kg )'");
    QCOMPARE(hs::ui::FindingStyles::subcategoryText(f), QStringLiteral("聚合函数"));
    QCOMPARE(hs::ui::FindingStyles::messageText(f),
             QStringLiteral("选取了 'sum ( pets.weight_kg )'，而标准查询选取的是 'avg ( pets.weight_kg )'"));
    const QString tip = hs::ui::FindingStyles::tooltip(f);
    QVERIFY2(tip.contains(QStringLiteral("C7 聚合")) && tip.contains(QStringLiteral("聚合函数")) &&
                 tip.contains(QStringLiteral("而标准查询选取的是")),
             qPrintable(tip));
    const hs::Finding label = finding("human", "C5", "span label", "Labelled by ann");
    QCOMPARE(hs::ui::FindingStyles::messageText(label), QStringLiteral("Labelled by ann"));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(hs::ui::FindingStyles::subcategoryText(f), QStringLiteral("aggregate function"));
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
      // Ctrl+Return and Ctrl+Enter both read "Ctrl+回车": the sheet said it twice.
      const QStringList keys = row.second.split(QStringLiteral(", "));
      QVERIFY2(QSet<QString>(keys.begin(), keys.end()).size() == keys.size(), qPrintable(row.second));
    }
    for (const auto& row : w.review()->panel()->shortcutList()) {
      const QStringList keys = row.second.split(QStringLiteral(", "));
      QVERIFY2(QSet<QString>(keys.begin(), keys.end()).size() == keys.size(), qPrintable(row.second));
    }
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
  }

  // The LLM log's latency uses the unit word of the rest of the window ("12 毫秒", not "12 ms").
  void llmLogLatencyUnitTranslated() {
    LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    hs::ui::LlmLogModel model;
    hs::ui::LlmLogEntry e;
    e.latencyMs = 12.0;
    model.append(e);
    const QString zh = model.data(model.index(0, hs::ui::LlmLogModel::Latency), Qt::DisplayRole).toString();
    QCOMPARE(zh, QStringLiteral("12 毫秒"));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCOMPARE(model.data(model.index(0, hs::ui::LlmLogModel::Latency), Qt::DisplayRole).toString(),
             QStringLiteral("12 ms"));
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
