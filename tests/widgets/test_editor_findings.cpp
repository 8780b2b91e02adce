// SQL the user brings (pasted, typed, or generated and then edited) gets the gold-free checks when
// it runs from the editor: its findings marked in the editor with the Review styles and tooltips,
// the risk on the question bar's status line; edits clear them; SQL that fails keeps only the
// editor's error mark; generated SQL is not checked a second time when it runs.
#include <QtTest>

#include <QSettings>
#include <QStandardPaths>

#include <string>

#include "engine/core/finding_categories.h"
#include "fake_llm_profile.h"
#include "gui_test_db.h"
#include "review_test_env.h"
#include "support/fake_llm/fake_llm.h"
#include "widgets/database_controller.h"
#include "widgets/help_guide.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/llm/abstain_preferences.h"
#include "widgets/llm/editor_findings.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace {

// Every finding mark in the editor (the names of the engine's one category table).
QVector<hs::ui::HighlightedSpan> findingMarks(hs::ui::SqlEditor* editor) {
  QVector<hs::ui::HighlightedSpan> all;
  for (const hs::FindingStyleInfo& style : hs::findingStyles())
    all += editor->highlighter()->spans(QStringLiteral("finding-") +
                                        QString::fromUtf8(style.key.data(), qsizetype(style.key.size())));
  return all;
}

bool marks(const QVector<hs::ui::HighlightedSpan>& spans, int begin, int end) {
  for (const auto& s : spans)
    if (s.begin == begin && s.end == end) return true;
  return false;
}

QString describe(const QVector<hs::ui::HighlightedSpan>& spans) {
  QStringList out;
  for (const auto& s : spans)
    out << QStringLiteral("%1 [%2,%3) %4").arg(s.name).arg(s.begin).arg(s.end).arg(s.tooltip);
  return out.join(QLatin1Char('\n'));
}

}  // namespace

class TestEditorFindings : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;

  static hs::ui::LlmController* llm(hs::ui::MainWindow& w) { return w.llm(); }

  void open(hs::ui::MainWindow& w) {
    w.resize(1366, 768);
    w.show();
    w.openDatabase(dir_.filePath("people.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
  }

  // Types `question`, puts `sql` in the editor and runs it with Query > Run; waits for the check.
  bool runAndCheck(hs::ui::MainWindow& w, const QString& question, const QString& sql) {
    QSignalSpy checked(llm(w)->findings(), &hs::ui::EditorFindings::checkFinished);
    llm(w)->questionBar()->setQuestion(question);
    w.editor()->setText(sql);
    w.actions().run->trigger();
    if (!checked.wait(20000)) return false;
    return w.jobRunner()->waitForIdle(10000);
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-editor-findings-test");
    hs::ui::AbstainPreferences::setEnabled(false);
    QVERIFY(hs::test::createGuiTestDb(dir_.filePath("people.sqlite"), 100));
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  // A value absent from its column, in SQL the user wrote: marked at the literal, explained in the
  // tooltip, the risk on the status line; an edit clears it all; a correct query shows nothing.
  void ownSqlIsChecked() {
    hs::ui::MainWindow w;
    open(w);
    const QString sql = QStringLiteral("SELECT name FROM people WHERE name = 'Bob'");
    QVERIFY(runAndCheck(w, QStringLiteral("Which people are called Bob?"), sql));
    const auto spans = findingMarks(w.editor());
    const int literal = int(sql.toUtf8().indexOf("'Bob'"));
    QVERIFY2(
        marks(w.editor()->highlighter()->spans(QStringLiteral("finding-gf-values")), literal, literal + 5),
        qPrintable(describe(spans)));
    const QString tip = w.editor()->highlighter()->tooltipAt(literal + 2);
    QVERIFY2(tip.contains(QStringLiteral("Value absent")), qPrintable(tip));
    const QString status = llm(w)->questionBar()->statusText();
    QVERIFY2(status.contains(QStringLiteral("Your SQL has")) &&
                 status.contains(QStringLiteral("Value absent")) &&
                 status.contains(QStringLiteral("Risk 0.")),
             qPrintable(status));

    // Running the same SQL again checks nothing again and keeps the marks.
    QSignalSpy started(llm(w)->findings()->runner(), &hs::ui::JobRunner::started);
    w.actions().run->trigger();
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QCOMPARE(started.count(), 0);
    QCOMPARE(findingMarks(w.editor()).size(), spans.size());

    // An edit: the marks described SQL that is no longer there.
    w.editor()->setFocus();
    w.editor()->setCursorPosition(0, int(sql.size()));
    QTest::keyClicks(w.editor(), QStringLiteral(" "));
    QVERIFY2(findingMarks(w.editor()).isEmpty(), qPrintable(describe(findingMarks(w.editor()))));
    QVERIFY2(llm(w)->questionBar()->statusText().isEmpty(), qPrintable(llm(w)->questionBar()->statusText()));

    // A correct query: nothing marked, the status line says so with the risk.
    QVERIFY(runAndCheck(w, QStringLiteral("Which people are called Ada?"),
                        QStringLiteral("SELECT name FROM people WHERE name = 'Ada'")));
    QVERIFY2(findingMarks(w.editor()).isEmpty(), qPrintable(describe(findingMarks(w.editor()))));
    QVERIFY2(llm(w)->questionBar()->statusText().contains(QStringLiteral("found nothing suspicious")),
             qPrintable(llm(w)->questionBar()->statusText()));

    // Another database: the marks go with the session.
    QVERIFY(runAndCheck(w, QStringLiteral("Which people are called Bob?"), sql));
    QVERIFY(!findingMarks(w.editor()).isEmpty());
    QVERIFY(hs::test::createGuiTestDb(dir_.filePath("other.sqlite"), 10));
    w.openDatabase(dir_.filePath("other.sqlite"));
    QTRY_VERIFY_WITH_TIMEOUT(w.databases()->path().endsWith(QStringLiteral("other.sqlite")), 10000);
    QVERIFY(findingMarks(w.editor()).isEmpty());
    QVERIFY(llm(w)->questionBar()->statusText().isEmpty());
  }

  // "How many" answered without COUNT: a question cue, only with the question in the bar.
  void questionCuesNeedTheQuestion() {
    hs::ui::MainWindow w;
    open(w);
    const QString sql = QStringLiteral("SELECT name FROM people");
    QVERIFY(runAndCheck(w, QStringLiteral("How many people are there?"), sql));
    const auto withQuestion = findingMarks(w.editor());
    QVERIFY2(!withQuestion.isEmpty(), "no finding for a 'how many' question answered without COUNT");
    QVERIFY(llm(w)->questionBar()->statusText().contains(QStringLiteral("Risk ")));
    QVERIFY(runAndCheck(w, QString(), sql));
    QVERIFY2(findingMarks(w.editor()).size() < withQuestion.size(),
             qPrintable(describe(findingMarks(w.editor()))));
    QVERIFY2(llm(w)->questionBar()->statusText().contains(QStringLiteral("Type the question")),
             qPrintable(llm(w)->questionBar()->statusText()));
  }

  // A question in another language is not read by the question cues: no cue marks the SQL (the
  // Chinese "how many" would have made one in English), and the status line says the question was
  // not checked rather than "nothing suspicious" alone.
  void questionInAnotherLanguageIsSaidUnread() {
    hs::ui::MainWindow w;
    open(w);
    const QString sql = QStringLiteral("SELECT name FROM people");
    QVERIFY(runAndCheck(w, QStringLiteral("有多少人？"), sql));
    QVERIFY2(findingMarks(w.editor()).isEmpty(), qPrintable(describe(findingMarks(w.editor()))));
    const QString status = llm(w)->questionBar()->statusText();
    QVERIFY2(status.contains(QStringLiteral("read English only")), qPrintable(status));
    QVERIFY(runAndCheck(w, QStringLiteral("How many people are there?"), sql));
    QVERIFY2(!llm(w)->questionBar()->statusText().contains(QStringLiteral("read English only")),
             qPrintable(llm(w)->questionBar()->statusText()));
  }

  // SQL that does not run: the editor's error mark only, no finding repeating it (nor a check).
  void failingSqlKeepsTheErrorMarkOnly() {
    hs::ui::MainWindow w;
    open(w);
    QSignalSpy started(llm(w)->findings()->runner(), &hs::ui::JobRunner::started);
    llm(w)->questionBar()->setQuestion(QStringLiteral("Names of people"));
    w.editor()->setText(QStringLiteral("SELECT nme FROM people"));
    w.actions().run->trigger();
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QTest::qWait(50);
    QCOMPARE(started.count(), 0);
    QVERIFY2(findingMarks(w.editor()).isEmpty(), qPrintable(describe(findingMarks(w.editor()))));
    QVERIFY(!w.editor()->highlighter()->spans(QStringLiteral("sql-error")).isEmpty());
  }

  // Generated SQL is checked once (by the generate workflow), not again when it runs.
  void generatedSqlIsNotCheckedTwice() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content", "```sql\nSELECT name FROM people WHERE name = 'Bob';\n```"}});
    hs::test::useFakeProfile(server.baseUrl());
    hs::ui::MainWindow w;
    open(w);
    auto* c = llm(w);
    QSignalSpy started(c->findings()->runner(), &hs::ui::JobRunner::started);
    QSignalSpy done(c->generation(), &hs::ui::GenerationController::finished);
    c->questionBar()->setQuestion(QStringLiteral("Which people are called Bob?"));
    emit c->questionBar()->generateRequested(QStringLiteral("Which people are called Bob?"), {});
    QVERIFY(done.wait(20000));
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    QTest::qWait(50);
    QCOMPARE(started.count(), 0);
    QVERIFY(!findingMarks(w.editor()).isEmpty());
    QVERIFY(c->questionBar()->statusText().startsWith(QStringLiteral("Generated SQL")));
    // Edited and run again: now it is the user's SQL, and it is checked.
    QVERIFY(runAndCheck(w, QStringLiteral("Which people are called Ada?"),
                        w.editor()->text().replace(QStringLiteral("'Bob'"), QStringLiteral("'Ada'"))));
    QCOMPARE(started.count(), 1);
    QVERIFY(findingMarks(w.editor()).isEmpty());
  }

  // The findings line of generated SQL goes the moment the SQL changes, and a change taken back
  // does not bring it back (issue 28: "2 findings ... 0 rows" stayed above SQL that was replaced).
  void generatedFindingsLineGoesWithTheSql() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content", "```sql\nSELECT name FROM people WHERE name = 'france';\n```"}});
    hs::test::useFakeProfile(server.baseUrl());
    hs::ui::MainWindow w;
    open(w);
    auto* c = llm(w);
    QSignalSpy done(c->generation(), &hs::ui::GenerationController::finished);
    c->questionBar()->setQuestion(QStringLiteral("Which people are called france?"));
    emit c->questionBar()->generateRequested(QStringLiteral("Which people are called france?"), {});
    QVERIFY(done.wait(20000));
    QVERIFY(w.jobRunner()->waitForIdle(10000));
    const QString generated = w.editor()->text();
    QVERIFY2(c->questionBar()->statusText().startsWith(QStringLiteral("Generated SQL with")),
             qPrintable(c->questionBar()->statusText()));
    if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty())
      QVERIFY(w.grab().save(
          QDir(shots).filePath(QStringLiteral("findings-line-%1.png").arg(QStringLiteral("shown")))));
    w.editor()->setText(QStringLiteral("SELECT count(*) FROM people"));
    QVERIFY2(c->questionBar()->statusText().isEmpty(), qPrintable(c->questionBar()->statusText()));
    QVERIFY(findingMarks(w.editor()).isEmpty());
    if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty())
      QVERIFY(w.grab().save(
          QDir(shots).filePath(QStringLiteral("findings-line-%1.png").arg(QStringLiteral("after-edit")))));
    w.editor()->setText(generated);  // the replacement taken back: still no line until a new run
    QVERIFY2(c->questionBar()->statusText().isEmpty(), qPrintable(c->questionBar()->statusText()));
  }

  // The status line follows a switch of language while it is shown (it stayed English under a
  // Chinese window), and an edit still clears it afterwards.
  void statusFollowsLanguage() {
    hs::ui::LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    hs::ui::MainWindow w(&lang);
    open(w);
    const QString sql = QStringLiteral("SELECT name FROM people WHERE name = 'Bob'");
    QVERIFY(runAndCheck(w, QStringLiteral("Which people are called Bob?"), sql));
    QVERIFY2(llm(w)->questionBar()->statusText().contains(QStringLiteral("Your SQL has")),
             qPrintable(llm(w)->questionBar()->statusText()));
    auto tips = [&w] {
      QStringList out;
      for (const auto& s : w.editor()->highlighter()->spans(QStringLiteral("finding-gf-values")))
        out << s.tooltip;
      return out.join(QLatin1Char('\n'));
    };
    QVERIFY2(tips().contains(QStringLiteral("Gold-free")), qPrintable(tips()));
    w.actions().langChinese->trigger();
    QCoreApplication::processEvents();
    const QString zh = llm(w)->questionBar()->statusText();
    QVERIFY2(zh.contains(QStringLiteral("你的 SQL 发现")) && zh.contains(QStringLiteral("风险")) &&
                 !zh.contains(QStringLiteral("Your SQL")) && !zh.contains(QStringLiteral("Value absent")),
             qPrintable(zh));
    // The marks' tooltips follow the switch too (they were built once, in the old language).
    QVERIFY2(tips().contains(QStringLiteral("无需标准 SQL")) && !tips().contains(QStringLiteral("Gold-free")),
             qPrintable(tips()));
    w.editor()->setFocus();
    w.editor()->setCursorPosition(0, int(sql.size()));
    QTest::keyClicks(w.editor(), QStringLiteral(" "));
    QVERIFY2(llm(w)->questionBar()->statusText().isEmpty(), qPrintable(llm(w)->questionBar()->statusText()));
    w.actions().langEnglish->trigger();
    QCoreApplication::processEvents();
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  // The status line of the user's SQL in Chinese.
  void statusInChinese() {
    hs::ui::LanguageController zh;
    QVERIFY(zh.setLanguage(QStringLiteral("zh_CN")));
    hs::ui::MainWindow w(&zh);
    open(w);
    QVERIFY(runAndCheck(w, QStringLiteral("哪些人叫 Bob？"),
                        QStringLiteral("SELECT name FROM people WHERE name = 'Bob'")));
    const QString status = llm(w)->questionBar()->statusText();
    QVERIFY2(status.contains(QStringLiteral("你的 SQL 发现")) && status.contains(QStringLiteral("风险")) &&
                 !status.contains(QStringLiteral("Your SQL")) && !status.contains(QStringLiteral("。 ")),
             qPrintable(status));
    QVERIFY(runAndCheck(w, QString(), QStringLiteral("SELECT name FROM people WHERE name = 'Ada'")));
    const QString clean = llm(w)->questionBar()->statusText();
    QVERIFY2(clean.contains(QStringLiteral("未发现可疑之处")) &&
                 clean.contains(QStringLiteral("输入它回答的问题")),
             qPrintable(clean));
    // The Quick Guide says so, in Chinese too (its source and translation edited together).
    QVERIFY2(hs::ui::HelpGuide::html().contains(QStringLiteral("您粘贴或输入的 SQL 在运行时也会")),
             qPrintable(hs::ui::HelpGuide::html()));
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      QVERIFY(runAndCheck(w, QStringLiteral("有多少人？"),
                          QStringLiteral("SELECT name FROM people WHERE name = 'Bob'")));
      w.grab().save(
          QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("own-sql-findings-zh_CN.png"));
    }
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }
};

QTEST_MAIN(TestEditorFindings)
#include "test_editor_findings.moc"
