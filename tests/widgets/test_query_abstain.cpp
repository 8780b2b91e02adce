// Abstention in the Query tab, through the real main window and the engine's abstention workflow,
// with the fake OpenAI-compatible server standing in for the model: an infeasible question is
// answered with the reason and no model call; an answer the verifier rejects is hidden behind
// "Show the SQL", which puts it in the editor without running it; with abstention off the answer
// is shown as before; the question box's example names a table of the open database.
#include <QtTest>

#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>

#include <sqlite3.h>

#include "support/fake_llm/fake_llm.h"
#include "widgets/database_controller.h"
#include "widgets/job_runner.h"
#include "widgets/llm/abstain_preferences.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/profile_settings.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/sql_editor.h"

namespace {

const char* kVerifierMarker = "You check whether an SQL query written by someone else";

void makeDb(const QString& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.toUtf8().constData(), &db);
  sqlite3_exec(db,
               "CREATE TABLE owners(id INTEGER PRIMARY KEY, first_name TEXT, city TEXT);"
               "CREATE TABLE pets(id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners(id), name TEXT, "
               "species TEXT, age INTEGER);"
               "INSERT INTO owners VALUES (1,'Ann','Leeds'),(2,'Bob','York');"
               "INSERT INTO pets(owner_id, name, species, age) VALUES (1,'Rex','Dog',3),(2,'Tom','Cat',5);",
               nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

void useProfile(const std::string& baseUrl) {
  hs::ui::LlmProfile p;
  p.endpoint.name = "fake";
  p.endpoint.baseUrl = baseUrl;
  p.endpoint.model = "fake-model";
  p.endpoint.maxRetries = 0;
  p.endpoint.connectTimeoutMs = 2000;
  p.endpoint.timeoutMs = 10000;
  hs::ui::ProfileSettings::save({p});
  hs::ui::ProfileSettings::setActiveName("fake");
}

}  // namespace

class TestQueryAbstain : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  bool ask(hs::ui::LlmController* c, const QString& question) {
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
    QCoreApplication::setApplicationName("hallusql-query-abstain-test");
    makeDb(dir_.filePath("pets.sqlite"));
  }

  void init() {
    QFile::remove(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                      .filePath("llm-cache.hallusql"));
  }

  void abstainsWithTheReasonAndRevealsTheSql() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM pets\n```"}});
    useProfile(server.baseUrl());
    hs::ui::AbstainPreferences::setEnabled(true);
    hs::ui::AbstainPreferences::setLlmVerifier(false);
    hs::ui::MainWindow w;
    w.resize(1366, 768);
    w.show();
    w.openDatabase(dir_.filePath("pets.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    auto* c = w.llm();
    QVERIFY(c->abstainAction()->isChecked());  // on by default

    // The example fits the open database (no pets-per-student question on every database).
    QVERIFY2(c->questionBar()->placeholderText().contains("owners"),
             qPrintable(c->questionBar()->placeholderText()));
    QVERIFY(!c->questionBar()->placeholderText().contains("student"));

    // The owners table has no age (pets has): abstained before generation, no model call.
    QVERIFY(ask(c, "What is the age of each owner?"));
    const QString status = c->questionBar()->statusText();
    QVERIFY2(status.startsWith("Abstained:") && status.contains("'age'") && status.contains("owners"),
             qPrintable(status));
    QVERIFY(!c->questionBar()->isRevealable());  // nothing was generated
    QVERIFY(w.editor()->text().isEmpty());
    QCOMPARE(server.requests(), 0);

    // A feasible question, but the verifier rejects the SQL: the reason, and the SQL behind a button.
    c->verifierAction()->setChecked(true);
    QVERIFY(hs::ui::AbstainPreferences::llmVerifier());
    server.rule(kVerifierMarker, {{"content", R"({"verdict": "wrong", "confidence": 0.9})"}});
    QVERIFY(ask(c, "How many pets are there?"));
    QVERIFY2(c->questionBar()->statusText().contains("verifier"), qPrintable(c->questionBar()->statusText()));
    QVERIFY(c->questionBar()->isRevealable());
    QVERIFY(w.editor()->text().isEmpty());  // not presented as if it were fine
    QCOMPARE(server.requests(), 2);         // the generation and the verifier
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR"))
      w.grab().save(
          QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("query-abstain-reveal.png"));
    auto* reveal = c->questionBar()->findChild<QPushButton*>("revealSql");
    QVERIFY(reveal);
    reveal->click();
    QCOMPARE(w.editor()->text(), QString("SELECT count(*)\nFROM pets"));
    QVERIFY(!c->questionBar()->isRevealable());
    QVERIFY(c->questionBar()->statusText().contains("not run"));
    QVERIFY(!w.jobRunner()->isBusy());  // revealed, not run: the user runs it

    // Abstention off: the answer is shown and run as before, the verifier is not asked.
    c->abstainAction()->setChecked(false);
    QVERIFY(!c->verifierAction()->isEnabled());
    server.reset();
    server.setDefault({{"content", "```sql\nSELECT name FROM pets\n```"}});
    QVERIFY(ask(c, "What is the age of each owner?"));
    QCOMPARE(w.editor()->text(), QString("SELECT name\nFROM pets"));
    QVERIFY(!c->questionBar()->statusText().startsWith("Abstained"));
    QCOMPARE(server.requests(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!w.jobRunner()->isBusy(), 10000);
    hs::ui::AbstainPreferences::setEnabled(true);
  }
};

QTEST_MAIN(TestQueryAbstain)
#include "test_query_abstain.moc"
