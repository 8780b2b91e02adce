// Question -> generated SQL -> highlighted gold-free findings, through the real main window, with
// the fake OpenAI-compatible server standing in for the model. Also: the second identical
// question is answered from the cache, an unreachable endpoint is explained in plain words, and
// the API key never reaches the settings or the cache file.
#include <QtTest>

#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

#include <sqlite3.h>

#include "fake_llm_profile.h"
#include "support/fake_llm/fake_llm.h"
#include "widgets/database_controller.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/llm/abstain_preferences.h"
#include "widgets/llm/endpoint_help.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/llm_log_panel.h"
#include "widgets/llm/llm_settings_dialog.h"
#include "widgets/llm/profile_settings.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/result_model.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace {

void makePetsDb(const QString& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.toUtf8().constData(), &db);
  sqlite3_exec(
      db,
      "CREATE TABLE pets(id INTEGER PRIMARY KEY, name TEXT, species TEXT, age INTEGER);"
      "INSERT INTO pets(name, species, age) VALUES ('Rex','Dog',3),('Tom','Cat',5),('Kiwi','Bird',1);",
      nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

QByteArray fileBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

using hs::test::useFakeProfile;

}  // namespace

class TestLlmGui : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;  // as the application starts: English with its plural forms

  hs::ui::LlmController* controllerOf(hs::ui::MainWindow& w) {
    auto* c = w.llm();
    if (!c) qFatal("the main window has no LLM controller");
    return c;
  }

  bool generateAndWait(hs::ui::LlmController* c, const QString& question) {
    QSignalSpy done(c->generation(), &hs::ui::GenerationController::finished);
    c->questionBar()->setQuestion(question);
    emit c->questionBar()->generateRequested(question, {});
    return done.wait(20000);
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.filePath("settings"));
    QCoreApplication::setOrganizationName("HalluSQLTest");
    QCoreApplication::setApplicationName("hallusql-llm-gui-test");
    // This test covers the answer path (an empty result, an absent value); the Query tab's
    // abstention on such answers is tested in test_query_abstain.
    hs::ui::AbstainPreferences::setEnabled(false);
    makePetsDb(dir_.filePath("pets.sqlite"));
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  // No answers cached by an earlier run: the cache key holds the fake server's URL, and the
  // kernel may hand this run's server the port of an earlier one.
  void init() {
    QFile::remove(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                      .filePath("llm-cache.hallusql"));
  }

  // In zh_CN a generated query's finding tooltip gives the category and the message in Chinese,
  // the column and the value kept (the engine's one catalogue of finding texts).
  void generatedFindingsInChinese() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content", "```sql\nSELECT name FROM pets WHERE species = 'Dragon';\n```"}});
    qputenv("HS_TEST_LLM_KEY", "sk-test-secret-4242");
    useFakeProfile(server.baseUrl(), "HS_TEST_LLM_KEY");
    hs::ui::LanguageController zh;
    QVERIFY(zh.setLanguage(QStringLiteral("zh_CN")));
    hs::ui::MainWindow w(&zh);
    w.resize(1366, 768);
    w.show();
    w.openDatabase(dir_.filePath("pets.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    QVERIFY(generateAndWait(controllerOf(w), QStringLiteral("哪些宠物是龙？")));
    const int literal = int(w.editor()->text().toUtf8().indexOf("'Dragon'"));
    QVERIFY(literal > 0);
    const QString tip = w.editor()->highlighter()->tooltipAt(literal + 2);
    QVERIFY2(tip.contains(QStringLiteral("没有任何行满足 pets.species = 'Dragon'")), qPrintable(tip));
    QVERIFY2(!tip.contains(QStringLiteral("Value absent")), qPrintable(tip));
    // The categories in the status line are a Chinese list (、), not an English one.
    const QString status = controllerOf(w)->questionBar()->statusText();
    QVERIFY2(status.contains(QStringLiteral("值不存在、")), qPrintable(status));
    QTRY_VERIFY_WITH_TIMEOUT(!w.jobRunner()->isBusy(), 10000);
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      const QDir shots(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"));
      w.editor()->setCursorPosition(0, 0);
      QCoreApplication::processEvents();
      w.grab().save(shots.filePath("generate-findings-zh_CN.png"));
      // The tooltip as the user sees it, drawn in a label of the tooltip's style.
      QLabel label(tip);
      label.setStyleSheet(
          QStringLiteral("QLabel { background: #ffffdc; border: 1px solid #888; padding: 4px; }"));
      label.adjustSize();
      label.grab().save(shots.filePath("generate-findings-zh_CN-tooltip.png"));
    }
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  void generatedSqlIsHighlighted() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content",
                        "Here is the query:\n```sql\nSELECT name FROM pets WHERE species = 'Dragon';\n```\n"
                        "It lists the dragons."}});
    qputenv("HS_TEST_LLM_KEY", "sk-test-secret-4242");
    useFakeProfile(server.baseUrl(), "HS_TEST_LLM_KEY");
    hs::ui::MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.openDatabase(dir_.filePath("pets.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    auto* c = controllerOf(w);

    QVERIFY(generateAndWait(c, "Which pets are dragons?"));
    // Pretty-printed from the AST: one clause per line.
    const QString sql = "SELECT name\nFROM pets\nWHERE species = 'Dragon'";
    QCOMPARE(w.editor()->text(), sql);
    // 'Dragon' does not occur in pets.species: the value finding covers exactly that literal.
    // The style comes from the engine's category table, exactly as in the Review case view.
    const auto spans = w.editor()->highlighter()->spans("finding-gf-values");
    QVERIFY2(!spans.isEmpty(), "no value finding highlighted");
    const int literal = int(sql.toUtf8().indexOf("'Dragon'"));
    bool covers = false;
    for (const auto& s : spans) covers = covers || (s.begin <= literal && s.end >= literal + 8);
    QVERIFY(covers);
    // The category by its name, not its internal id.
    const QString tip = w.editor()->highlighter()->tooltipAt(literal + 2);
    QVERIFY2(tip.contains("Value absent") && !tip.contains("value_absent"), qPrintable(tip));
    QVERIFY(!c->questionBar()->statusText().contains("value_absent"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.jobRunner()->isBusy(), 10000);  // the generated SQL ran
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      // README picture: question -> generated SQL -> highlighted gold-free finding (fake model).
      w.editor()->setCursorPosition(0, 0);
      QCoreApplication::processEvents();
      w.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("generate-findings.png"));
    }
    QCOMPARE(c->log()->rowCount(), 1);
    QVERIFY(!c->log()->entry(0).cached);
    QVERIFY(c->log()->entry(0).prompt.contains("CREATE TABLE"));  // the schema went into the prompt
    QCOMPARE(server.requests(), 1);

    // The same question again: answered from the cache, the server sees no second request.
    QVERIFY(generateAndWait(c, "Which pets are dragons?"));
    QCOMPARE(c->log()->rowCount(), 2);
    QVERIFY(c->log()->entry(1).cached);
    QCOMPARE(server.requests(), 1);

    // The key is used, never stored.
    QSettings().sync();
    const QString settingsFile = QSettings().fileName();
    QVERIFY(QFile::exists(settingsFile));
    QVERIFY(!fileBytes(settingsFile).contains("sk-test-secret-4242"));
    const QString cache = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                              .filePath("llm-cache.hallusql");
    QVERIFY(QFile::exists(cache));
    QVERIFY(!fileBytes(cache).contains("sk-test-secret-4242"));

    // A new question that fails clears the old answer: its SQL, its highlights and its rows.
    QTRY_VERIFY_WITH_TIMEOUT(!w.jobRunner()->isBusy(), 10000);
    QVERIFY(w.resultModel()->columnCount() > 0);
    useFakeProfile("http://127.0.0.1:9/v1");  // nothing listens
    c->generation()->reloadSettings();
    QVERIFY(generateAndWait(c, "Which pets are cats?"));
    QVERIFY2(w.editor()->text().isEmpty(), qPrintable(w.editor()->text()));
    QVERIFY(w.editor()->highlighter()->spans("finding-value").isEmpty());
    QCOMPARE(w.resultModel()->columnCount(), 0);
    QVERIFY2(c->questionBar()->statusText().contains("No LLM endpoint answered"),
             qPrintable(c->questionBar()->statusText()));
  }

  void unreachableEndpointIsExplained() {
    useFakeProfile("http://127.0.0.1:9/v1");  // discard port: nothing listens
    hs::ui::MainWindow w;
    w.openDatabase(dir_.filePath("pets.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    auto* c = controllerOf(w);
    w.editor()->setText("SELECT 1");
    QSignalSpy done(c->generation(), &hs::ui::GenerationController::finished);
    emit c->questionBar()->generateRequested("How many pets?", {});
    QVERIFY(done.wait(20000));
    const auto outcome = done.takeFirst().at(0).value<hs::ui::GenerationOutcome>();
    QVERIFY(!outcome.ok);
    QVERIFY2(outcome.error.contains("No LLM endpoint answered at http://127.0.0.1:9/v1"),
             qPrintable(outcome.error));
    QVERIFY(outcome.error.contains("Ollama"));
    QCOMPARE(w.editor()->text(), QStringLiteral("SELECT 1"));  // the editor keeps the user's text
    QCOMPARE(c->log()->rowCount(), 1);
    QVERIFY(c->log()->entry(0).failed);
  }

  // The explanation of a failed generation stayed in the language it was made in after
  // Settings > Language (Chinese words under an English window).
  void generationErrorFollowsTheLanguage() {
    useFakeProfile("http://127.0.0.1:9/v1");
    hs::ui::MainWindow w(&english_);
    w.openDatabase(dir_.filePath("pets.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    auto* c = controllerOf(w);
    QVERIFY(generateAndWait(c, QStringLiteral("How many pets?")));
    QVERIFY2(c->questionBar()->statusText().contains("No LLM endpoint answered"),
             qPrintable(c->questionBar()->statusText()));
    QVERIFY(english_.setLanguage(QStringLiteral("zh_CN")));
    QTRY_VERIFY2(!c->questionBar()->statusText().contains("No LLM endpoint answered"),
                 qPrintable(c->questionBar()->statusText()));
    QVERIFY(
        c->questionBar()->statusText().contains(QStringLiteral("http://127.0.0.1:9/v1 处没有 LLM 端点响应")));
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
    QTRY_VERIFY2(c->questionBar()->statusText().contains("No LLM endpoint answered"),
                 qPrintable(c->questionBar()->statusText()));
  }

  // Nobody answers at Ollama's own address: no advice to set the base URL it already has.
  void unreachableOllamaAddressNeedsNoNewUrl() {
    hs::Error e;
    e.code = "unreachable";
    const QString ollama = QStringLiteral("http://127.0.0.1:11434/v1");
    QString text = hs::ui::explainLlmError(e, ollama, QStringLiteral("llama3:8b"));
    QVERIFY2(text.contains("No LLM endpoint answered at " + ollama), qPrintable(text));
    QVERIFY2(!text.contains("set the base URL"), qPrintable(text));
    QVERIFY2(text.contains("ollama serve") && text.contains("ollama pull llama3:8b"), qPrintable(text));
    text = hs::ui::explainLlmError(e, ollama, {}, hs::ui::EndpointHelpPlace::InSettings);
    QVERIFY2(!text.contains("set the base URL"), qPrintable(text));
    text = hs::ui::explainLlmError(e, QStringLiteral("http://127.0.0.1:8080/v1"), QStringLiteral("m"));
    QVERIFY2(text.contains("set the base URL to http://127.0.0.1:11434/v1"), qPrintable(text));
  }

  // Test connection inside Settings > LLM Endpoints and Prompts: the explanation says "above"
  // instead of sending the user to the dialog they are in; a timeout is no "nothing answered"; a
  // base URL that is no web address is named as such.
  void settingsDialogExplainsFailuresInPlace() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    hs::ui::LlmLogModel log;
    const auto testWith = [&log](const std::string& baseUrl, int timeoutS) {
      useFakeProfile(baseUrl);
      hs::ui::LlmSettingsDialog dialog(&log);
      if (auto* spin = dialog.findChild<QSpinBox*>(QStringLiteral("timeout"))) spin->setValue(timeoutS);
      auto* test = dialog.findChild<QPushButton*>(QStringLiteral("testConnection"));
      auto* status = dialog.findChild<QLabel*>(QStringLiteral("testStatus"));
      if (!test || !status) return QStringLiteral("<no test button>");
      test->click();
      if (!QTest::qWaitFor([test] { return test->isEnabled(); }, 20000)) return QStringLiteral("<no answer>");
      return status->text();
    };
    QString text = testWith("http://127.0.0.1:9/v1", 30);  // nothing listens
    QVERIFY2(text.contains("No LLM endpoint answered at http://127.0.0.1:9/v1"), qPrintable(text));
    QVERIFY2(text.contains("base URL above") && !text.contains("Settings >"), qPrintable(text));

    server.queue(nlohmann::json::array({nlohmann::json{{"latency_ms", 3000}}}));
    text = testWith("http://127.0.0.1:" + std::to_string(server.port()) + "/v1", 1);
    QVERIFY2(text.contains("did not answer in time") && text.contains("Timeout above"), qPrintable(text));
    QVERIFY2(!text.contains("No LLM endpoint answered"), qPrintable(text));

    text = testWith("htp:/bad url", 30);
    QVERIFY2(text.contains("is not a web address"), qPrintable(text));
    QVERIFY2(!text.contains("Settings >"), qPrintable(text));
  }

  // The LLM log in the height its dock has at 1366x768: prompt and response stay readable (they
  // were squeezed to a sliver under the call table).
  void llmLogShowsPromptAndResponseAt1366x768() {
    hs::ui::MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openDatabase(dir_.filePath("pets.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    auto* panel = w.findChild<hs::ui::LlmLogPanel*>();
    QVERIFY(panel);
    for (QWidget* p = panel; p; p = p->parentWidget())
      if (auto* dock = qobject_cast<QDockWidget*>(p)) dock->raise();
    QTRY_VERIFY(panel->isVisible());
    auto* prompt = panel->findChild<QPlainTextEdit*>(QStringLiteral("llmLogPrompt"));
    auto* response = panel->findChild<QPlainTextEdit*>(QStringLiteral("llmLogResponse"));
    QVERIFY(prompt && response);
    const int line = prompt->fontMetrics().lineSpacing();
    QVERIFY2(prompt->height() >= 3 * line, qPrintable(QString::number(prompt->height())));
    QVERIFY2(response->height() >= 2 * line, qPrintable(QString::number(response->height())));
  }

  void editingTheQuestionClearsAnOldError() {
    // The three-line "No LLM endpoint answered…" stayed above the editor while the user typed the
    // next question (and ran SQL by hand). Typing in the question box clears an error; a note
    // that is no error (an abstention with Show the SQL) stays.
    hs::ui::QuestionBar bar;
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    auto* edit = bar.findChild<QLineEdit*>(QStringLiteral("questionEdit"));
    QVERIFY(edit);
    bar.setStatus(QStringLiteral("No LLM endpoint answered"), true);
    QTest::keyClicks(edit, QStringLiteral("How"));
    QVERIFY(bar.statusText().isEmpty());
    bar.setStatus(QStringLiteral("Abstained: no such attribute"), false);
    QTest::keyClicks(edit, QStringLiteral(" many"));
    QCOMPARE(bar.statusText(), QStringLiteral("Abstained: no such attribute"));
    bar.setQuestion(QStringLiteral("set by the program"));  // not an edit by the user
    bar.setStatus(QStringLiteral("error"), true);
    bar.setQuestion(QStringLiteral("again"));
    QCOMPARE(bar.statusText(), QStringLiteral("error"));
  }
};

QTEST_MAIN(TestLlmGui)
#include "test_llm_gui.moc"
