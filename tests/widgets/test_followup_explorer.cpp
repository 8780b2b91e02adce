// The follow-up explorer (widgets/mr) in the real main window against the fake OpenAI-compatible
// server: a model that narrows "greater than or equal to" violates CRE -> the row says violated,
// the main editor gets a span on the comparison, the detail shows both SQL texts and the result
// diff; the verdict filter and sorting; stage-1 rows show both linking sets; cancel; a garbage
// model gives error rows and no crash. With HALLUSQL_SCREENSHOT_DIR set, saves
// followup-explorer.png (1400x900).
#include <QtTest>

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>

#include "engine/mr/detect_test_support.h"
#include "engine/mr/pipeline.h"
#include "engine/workspace/workspace.h"
#include "support/shared_data.h"
#include "widgets/case_result_model.h"
#include "widgets/database_controller.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/profile_settings.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/mr/followup_detail.h"
#include "widgets/mr/followup_explorer.h"
#include "widgets/mr/followup_filter.h"
#include "widgets/mr/followup_model.h"
#include "widgets/mr/followup_verdict.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/review_controller.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

using hs::test::FakeLlmServer;
using hs::ui::FollowUpExplorer;
using hs::ui::FollowUpModel;

namespace {

const char* kQuestion = "Show me the names of singers whose age is greater than 30.";
const char* kSql = "SELECT name FROM singer WHERE age > 30";

void useProfile(const std::string& baseUrl) {
  hs::ui::LlmProfile p;
  p.endpoint.name = "fake";
  p.endpoint.baseUrl = baseUrl;
  p.endpoint.model = "fake-model";
  p.endpoint.maxRetries = 0;
  p.endpoint.maxConcurrency = 4;
  p.endpoint.connectTimeoutMs = 2000;
  p.endpoint.timeoutMs = 10000;
  hs::ui::ProfileSettings::save({p});
  hs::ui::ProfileSettings::setActiveName("fake");
}

FollowUpExplorer* explorerOf(hs::ui::MainWindow& w) {
  auto* e = w.findChild<FollowUpExplorer*>();
  if (!e) qFatal("the main window has no follow-up explorer");
  return e;
}

}  // namespace

class TestFollowUpExplorer : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString db_;

  // A main window with the singer database open, the question typed and `sql` in the editor.
  void prepare(hs::ui::MainWindow& w, const QString& sql) {
    w.resize(1400, 900);
    w.show();
    w.openDatabase(db_);
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    w.llm()->questionBar()->setQuestion(QString::fromLatin1(kQuestion));
    w.editor()->setText(sql);
  }

  bool detectAndWait(FollowUpExplorer* e, int timeoutMs = 60000) {
    QSignalSpy done(e, &FollowUpExplorer::detectionFinished);
    e->detect();
    return done.wait(timeoutMs);
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.filePath("settings"));
    QCoreApplication::setOrganizationName("HalluSQLTest");
    QCoreApplication::setApplicationName("hallusql-followup-test");
    db_ = dir_.filePath("singer.sqlite");
    hs::test::makeSingerDb(db_.toStdString());
  }

  // No answers cached by an earlier test or run: the cache key holds the fake server's URL, and
  // the kernel may hand a later server the port of an earlier one.
  void init() {
    QFile::remove(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                      .filePath("llm-cache.hallusql"));
  }

  void violatedCreIsShownEverywhere() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    // The model narrows "greater than or equal to" instead of widening it: CRE is violated.
    server.ruleRegex(hs::test::sqlPrompt("or equal to"),
                     {{"content", "SELECT name FROM singer WHERE age > 31"}});
    hs::test::scriptConsistentModel(server);
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString::fromLatin1(kSql));
    auto* e = explorerOf(w);
    QVERIFY(detectAndWait(e));
    const auto* result = e->model()->result();
    QVERIFY2(result, qPrintable(e->messageText()));
    QVERIFY(result->flagged);

    // The table: one row per MR of both stages, CRE violated.
    QCOMPARE(e->model()->rowCount(), 17);
    const int cre = e->model()->rowOf("CRE");
    QVERIFY(cre >= 0);
    QCOMPARE(e->model()->index(cre, FollowUpModel::VerdictCol).data().toString(), QString("violated"));
    QCOMPARE(e->model()->index(cre, FollowUpModel::VerdictCol).data(FollowUpModel::VerdictRole).toInt(),
             int(hs::mr::Verdict::Violated));
    QCOMPARE(e->model()->index(cre, FollowUpModel::RowsCol).data().toString(), QString("3 → 2"));
    QVERIFY(e->model()->index(cre, FollowUpModel::ArtifactCol).data().toString().contains("age > 31"));
    // The changed words of the follow-up question are bold in the rich text.
    const QString html =
        e->model()->index(cre, FollowUpModel::QuestionCol).data(FollowUpModel::HtmlRole).toString();
    QVERIFY2(html.contains("<b") && html.contains("or equal to"), qPrintable(html));
    QVERIFY(e->badgeText().contains("FLAGGED"));
    QVERIFY(!e->badgeText().contains("NOT FLAGGED"));
    QVERIFY(e->messageText().contains("CRE"));

    // The main editor: a span on the comparison the violation implicates, with the reason.
    const auto spans = w.editor()->highlighter()->spans("finding-mr");
    QVERIFY(!spans.isEmpty());
    const int cmp = int(QByteArray(kSql).indexOf("age > 30"));
    bool covers = false;
    for (const auto& s : spans) covers = covers || (s.begin == cmp && s.end == cmp + 8);
    QVERIFY(covers);
    QVERIFY(w.editor()->highlighter()->tooltipAt(cmp + 2).contains("CRE"));
    auto* statusBadge = w.findChild<QLabel*>("followUpStatusBadge");
    QVERIFY(statusBadge && statusBadge->isVisibleTo(&w));
    QVERIFY(statusBadge->text().contains("flagged"));

    // Selecting the row shows both SQL texts and the result diff (Cid, 31, is not in the follow-up).
    QVERIFY(e->selectMr("CRE"));
    QCOMPARE(e->detail()->sourceSql(), QString::fromLatin1(kSql));
    QCOMPARE(e->detail()->followUpSql(), QString("SELECT name FROM singer WHERE age > 31"));
    QVERIFY(!e->detail()->showsLinking());
    QCOMPARE(e->detail()->sourceResult()->totalRows(), 3);
    QCOMPARE(e->detail()->followUpResult()->totalRows(), 2);
    QCOMPARE(e->detail()->sourceResult()->markedRows(), 1);
    QCOMPARE(e->detail()->followUpResult()->markedRows(), 0);
    QVERIFY(e->detail()->headerText().contains("violated"));

    // A stage-1 row shows both linking sets instead.
    QVERIFY(e->selectMr("ESR"));
    QVERIFY(e->detail()->showsLinking());
    QCOMPARE(e->detail()->sourceLinking()->count(), 2);

    // Sorting by verdict puts the violated MRs first; the filter keeps only them.
    e->table()->sortByColumn(FollowUpModel::VerdictCol, Qt::AscendingOrder);
    QCOMPARE(e->filter()->index(0, FollowUpModel::VerdictCol).data(FollowUpModel::VerdictRole).toInt(),
             int(hs::mr::Verdict::Violated));
    e->verdictFilter()->setCurrentIndex(e->verdictFilter()->findData(int(hs::mr::Verdict::Violated)));
    QCOMPARE(e->filter()->rowCount(), int(result->violated));
    e->verdictFilter()->setCurrentIndex(0);
    QCOMPARE(e->filter()->rowCount(), 17);

    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR")) {
      // README picture: the explorer on a case with a violated MR, the span in the editor above.
      auto* dock = w.findChild<QDockWidget*>("followUpDock");
      // Bring the Follow-ups tab to the front as a user does (raise() leaves the Results tab in
      // front of a window that is not on screen).
      for (QTabBar* bar : w.findChildren<QTabBar*>())
        for (int i = 0; i < bar->count(); ++i)
          if (bar->tabText(i).contains(QLatin1String("Follow-ups")))
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
      QTest::qWait(100);
      w.resizeDocks({dock}, {540}, Qt::Vertical);
      dock->raise();  // resizing a dock of a tab group brings the group's first dock to the front
      e->table()->sortByColumn(FollowUpModel::StageCol, Qt::AscendingOrder);
      QVERIFY(e->selectMr("CRE"));
      w.editor()->setCursorPosition(0, 0);
      QTest::qWait(200);
      w.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("followup-explorer.png"));
    }
  }

  // A new question's answer replaces the SQL the follow-ups were about: the table and the
  // status-bar verdict go; a failed call that keeps the user's own SQL keeps them.
  void aNewAnswerClearsTheOldFollowUps() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    hs::test::scriptConsistentModel(server);
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString::fromLatin1(kSql));
    auto* e = explorerOf(w);
    QVERIFY(detectAndWait(e));
    QVERIFY(e->model()->rowCount() > 0);
    auto* badge = w.findChild<QLabel*>(QStringLiteral("followUpStatusBadge"));
    QVERIFY(badge && !badge->isHidden());

    hs::ui::GenerationOutcome failed;  // the user's SQL stays in the editor
    emit w.llm()->generation()->finished(failed);
    QVERIFY(e->model()->rowCount() > 0);
    QVERIFY(!badge->isHidden());

    hs::ui::GenerationOutcome abstained;
    abstained.abstained = true;
    abstained.abstention = QStringLiteral("Abstained: test.");
    emit w.llm()->generation()->finished(abstained);
    QCOMPARE(e->model()->rowCount(), 0);
    QVERIFY(badge->isHidden());
  }

  void followupsAreSavedAndComeBackOnReopen() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    server.ruleRegex(hs::test::sqlPrompt("or equal to"),
                     {{"content", "SELECT name FROM singer WHERE age > 31"}});
    hs::test::scriptConsistentModel(server);
    useProfile(server.baseUrl());
    const QString path = dir_.filePath("saved.hallusql");
    {
      hs::ui::MainWindow w;
      QVERIFY(w.review()->openWorkspace(path, true));
      // The Review tab loads the workspace's knowledge base in the background: let it finish
      // before the window goes away.
      QVERIFY(w.findChild<hs::ui::AnnotationBar*>()->waitForHkb(20000));
      prepare(w, QString::fromLatin1(kSql));
      auto* e = explorerOf(w);
      e->mrSubset()->setText("CRE, PI");
      QVERIFY(detectAndWait(e));
      QVERIFY2(e->model()->result(), qPrintable(e->messageText()));
    }
    // What `hallusql-cli workspace --info` counts.
    auto ws = hs::ws::Workspace::open(path.toStdString());
    QVERIFY(ws.ok());
    QCOMPARE(ws->rowCount("followups").value(), std::int64_t{2});
    ws->close();
    hs::ui::MainWindow again;
    auto* e = explorerOf(again);
    QVERIFY(!e->model()->result());
    QVERIFY(again.review()->openWorkspace(path));
    QVERIFY(again.findChild<hs::ui::AnnotationBar*>()->waitForHkb(20000));
    QVERIFY2(e->model()->result(), qPrintable(e->messageText()));
    QCOMPARE(e->model()->rowCount(), 2);
    const int cre = e->model()->rowOf("CRE");
    QVERIFY(cre >= 0);
    QCOMPARE(e->model()->index(cre, FollowUpModel::VerdictCol).data().toString(), QString("violated"));
    QVERIFY(e->badgeText().contains("FLAGGED"));
    QVERIFY(e->messageText().contains(QString::fromLatin1(kQuestion)));
    QVERIFY(e->selectMr("CRE"));  // the detail of a restored row shows without a crash
  }

  void violatedAroeOnSpider() {
    // A real Spider dev question on concert_singer; the model writes the same SQL for "youngest"
    // and "oldest", so AROE (extremum antonym) is violated. Only the chosen MRs run.
    HS_REQUIRE_SHARED_DATA();
    const QString db = QString::fromStdString(hs::test::spiderDb("concert_singer"));
    const QString sql = "SELECT song_name ,  song_release_year FROM singer ORDER BY age LIMIT 1";
    FakeLlmServer server(hs::test::fakeLlmScript());
    server.ruleRegex(hs::test::linkingPrompt(""),
                     {{"content", R"(["singer.song_name", "singer.song_release_year", "singer.age"])"}});
    server.setDefault({{"content", sql.toStdString()}});
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    w.resize(1400, 900);
    w.show();
    w.openDatabase(db);
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    w.llm()->questionBar()->setQuestion(
        "Show the name and the release year of the song by the youngest singer.");
    w.editor()->setText(sql);
    auto* e = explorerOf(w);
    e->mrSubset()->setText("aroe, SROE");
    QVERIFY(detectAndWait(e));
    const auto* result = e->model()->result();
    QVERIFY2(result, qPrintable(e->messageText()));
    const int aroe = e->model()->rowOf("AROE");
    QVERIFY(aroe >= 0);
    QCOMPARE(e->model()->index(aroe, FollowUpModel::VerdictCol).data().toString(), QString("violated"));
    QVERIFY(e->model()->index(aroe, FollowUpModel::QuestionCol).data().toString().contains("oldest"));
    QCOMPARE(e->model()->rowOf("ESR"), -1);  // not chosen
    // The span sits on the ORDER BY ... LIMIT the violation implicates.
    const auto spans = w.editor()->highlighter()->spans("finding-mr");
    QCOMPARE(spans.size(), 1);
    QCOMPARE(spans[0].begin, int(sql.indexOf("ORDER BY")));
    QVERIFY(e->selectMr("AROE"));
    QCOMPARE(e->detail()->sourceSql(), sql);
    QCOMPARE(e->detail()->sourceResult()->totalRows(), 1);
    QCOMPARE(e->detail()->followUpResult()->totalRows(), 1);
    QCOMPARE(e->detail()->sourceResult()->markedRows(), 0);  // the same row: that is the violation
  }

  void linkingViolationMarksTheDifference() {
    // Stage 1: the synonym rewrite ("vocalists") loses singer.age from the linking: ESR violated.
    FakeLlmServer server(hs::test::fakeLlmScript());
    server.ruleRegex("with a synonym, so that",
                     {{"content", "Show me the names of vocalists whose age is greater than 30."}});
    server.ruleRegex(hs::test::linkingPrompt("vocalists"), {{"content", R"(["singer.name"])"}});
    hs::test::scriptConsistentModel(server);
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString::fromLatin1(kSql));
    auto* e = explorerOf(w);
    e->mrSubset()->setText("ESR");
    QVERIFY(detectAndWait(e));
    QVERIFY(e->model()->result());
    const int esr = e->model()->rowOf("ESR");
    QVERIFY(esr >= 0);
    QCOMPARE(e->model()->index(esr, FollowUpModel::VerdictCol).data().toString(), QString("violated"));
    QCOMPARE(e->model()->index(esr, FollowUpModel::ArtifactCol).data().toString(), QString("singer.name"));
    QVERIFY(e->selectMr("ESR"));
    QVERIFY(e->detail()->showsLinking());
    auto* source = e->detail()->sourceLinking();
    QCOMPARE(source->count(), 2);
    QStringList marked;
    for (int i = 0; i < source->count(); ++i)
      if (source->item(i)->background().color() == hs::ui::CaseResultModel::missingColor())
        marked << source->item(i)->text();
    QCOMPARE(marked, QStringList{"singer.age"});
    QCOMPARE(e->detail()->followUpLinking()->count(), 1);
    // The finding points at the linked column the follow-up lost, in the editor.
    const auto spans = w.editor()->highlighter()->spans("finding-mr");
    QVERIFY(!spans.isEmpty());
    for (const auto& sp : spans) {
      const QByteArray text = QByteArray(kSql).mid(sp.begin, sp.end - sp.begin);
      QVERIFY2(text == "name" || text == "age", text.constData());
    }
  }

  void cancelStopsTheRun() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    // No scripted model: rules are tried in order, so any earlier rule would answer at once.
    // Every request takes 60 s: a run that ends well before that was stopped by the cancel.
    server.setDefault({{"latency_ms", 60000}});
    server.ruleRegex(".", {{"latency_ms", 60000}, {"content", "[]"}});
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString::fromLatin1(kSql));
    auto* e = explorerOf(w);
    QSignalSpy done(e, &FollowUpExplorer::detectionFinished);
    auto* detectButton = e->findChild<QPushButton*>("detectButton");
    QApplication::setActiveWindow(&w);
    detectButton->setFocus();
    QTRY_VERIFY(detectButton->hasFocus());
    QTest::keyClick(detectButton, Qt::Key_Space);  // Detect by keyboard
    QVERIFY(e->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(server.requests() > 0, 10000);
    auto* cancel = e->findChild<QPushButton*>("cancelDetectButton");
    QVERIFY(cancel && cancel->isEnabled());
    QVERIFY(cancel->hasFocus());  // the focus is on what can be pressed now, not on Early stop K
    QTest::keyClick(cancel, Qt::Key_Space);
    QVERIFY2(done.wait(30000), "cancel did not stop the run");
    QVERIFY(!e->isBusy());
    QVERIFY(detectButton->isEnabled());
    QVERIFY(detectButton->hasFocus());
    const auto* result = e->model()->result();
    QVERIFY(!result || result->cancelled);
    QVERIFY(w.editor()->highlighter()->spans("finding-mr").isEmpty());
  }

  // Detect with an empty editor: the model's SQL comes through Generate's own path, with its
  // gold-free highlights ('france' is in singer.country only as 'France'), and counts as generated
  // SQL: a later answer that fails takes it out of the editor again. (The question writes the
  // country in lower case: "France" in capitals, missing from the SQL, adds `cue_name_value`; and a
  // value the column does not hold at all ('Frence') weighs enough with the empty result for the
  // risk to withhold the answer: both are the abstention path, not this one.)
  void emptyEditorGetsGeneratedSql() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    server.ruleRegex(hs::test::linkingPrompt(""), {{"content", R"(["singer.name", "singer.country"])"}});
    server.setDefault({{"content", "SELECT name FROM singer WHERE country = 'france'"}});
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString());
    w.llm()->questionBar()->setQuestion(QStringLiteral("Show me the names of singers from france."));
    auto* e = explorerOf(w);
    QVERIFY(detectAndWait(e));
    QVERIFY2(e->model()->result(), qPrintable(e->messageText()));
    const QString text = w.editor()->text();
    const int literal = int(text.toUtf8().indexOf("'france'"));
    QVERIFY2(literal >= 0, qPrintable(text));
    bool covers = false;
    for (const auto& s : w.editor()->highlighter()->spans("finding-gf-values"))
      covers = covers || (s.begin <= literal && s.end >= literal + 8);
    QVERIFY2(covers, "the misspelled value is not highlighted");
    QCOMPARE(QString::fromStdString(e->model()->result()->sql), text);  // the follow-ups' source SQL
    QTRY_VERIFY_WITH_TIMEOUT(!w.jobRunner()->isBusy(), 10000);

    useProfile("http://127.0.0.1:9/v1");  // nothing listens
    w.llm()->generation()->reloadSettings();
    QSignalSpy answered(w.llm()->generation(), &hs::ui::GenerationController::finished);
    emit w.llm()->questionBar()->generateRequested(QStringLiteral("Which singers are from Spain?"), {});
    QVERIFY(answered.wait(20000));
    QVERIFY2(w.editor()->text().isEmpty(), qPrintable(w.editor()->text()));
  }

  // At 1366x768 the dock shows several follow-ups and SQL texts of several lines (the table had
  // one or two rows, the SQL editors one line), also right after the tab is first raised.
  void usableAt1366x768() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    hs::test::scriptConsistentModel(server);
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString::fromLatin1(kSql));
    w.resize(1366, 768);
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* e = explorerOf(w);
    for (QWidget* p = e; p; p = p->parentWidget())
      if (auto* dock = qobject_cast<QDockWidget*>(p)) dock->raise();
    QTRY_VERIFY(e->isVisible());
    QVERIFY(detectAndWait(e));
    QVERIFY(e->selectMr("CRE"));
    QTest::qWait(300);  // the docks' first layout passes (they put the results in front)
    // Click the Follow-ups tab under the editor, as a user would.
    bool clicked = false;
    for (QTabBar* bar : w.findChildren<QTabBar*>())
      for (int i = 0; i < bar->count() && !clicked; ++i)
        if (bar->tabText(i).contains(QLatin1String("Follow-ups"))) {
          QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
          clicked = true;
        }
    QVERIFY(clicked);
    QTRY_VERIFY(!e->visibleRegion().isEmpty());
    QTest::qWait(100);
    const int rowHeight = e->table()->verticalHeader()->defaultSectionSize();
    const int rows = e->table()->viewport()->height() / rowHeight;
    auto* source = e->detail()->findChild<QWidget*>(QStringLiteral("sourceSqlView"));
    QVERIFY(source);
    const int line = source->fontMetrics().lineSpacing();
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR"))
      w.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("followups-1366x768.png"));
    QVERIFY2(rows >= 5, qPrintable(QString::number(rows)));
    const int shown = source->visibleRegion().boundingRect().height();  // inside the detail's scroll area
    QVERIFY2(shown >= 3 * line, qPrintable(QString::number(shown)));

    // At the window's minimum size the detail scrolls: its header stays above the titles.
    w.resize(w.minimumSizeHint());
    QVERIFY(e->selectMr("SC"));
    QTest::qWait(100);
    auto* header = e->detail()->findChild<QLabel*>(QStringLiteral("followUpHeader"));
    auto* list = e->detail()->findChild<QWidget*>(QStringLiteral("sourceLinkingList"));
    QVERIFY(header && list && list->isVisible());
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR"))
      w.grab().save(QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("followups-minimum.png"));
    const int headerBottom = header->mapTo(e->detail(), QPoint(0, header->height())).y();
    const int listTop = list->mapTo(e->detail(), QPoint(0, 0)).y();
    QVERIFY2(headerBottom <= listTop - line,
             qPrintable(QStringLiteral("%1 %2").arg(headerBottom).arg(listTop)));
  }

  // Settings > Language while a follow-up is shown: the detail's header (the MR's name, the
  // verdict, the reason, "Follow-up:"), its titles, the summary line and the verdict badges stayed
  // in the language of the detection. Every one is in the new language after the switch.
  void languageSwitchRetranslatesEverything() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    server.ruleRegex(hs::test::sqlPrompt("or equal to"),
                     {{"content", "SELECT name FROM singer WHERE age > 31"}});
    hs::test::scriptConsistentModel(server);
    useProfile(server.baseUrl());
    hs::ui::LanguageController lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    hs::ui::MainWindow w(&lang);
    prepare(w, QString::fromLatin1(kSql));
    auto* e = explorerOf(w);
    QVERIFY(detectAndWait(e));
    QVERIFY(e->selectMr("CRE"));
    auto* header = e->detail()->findChild<QLabel*>(QStringLiteral("followUpHeader"));
    auto* statusBadge = w.findChild<QLabel*>(QStringLiteral("followUpStatusBadge"));
    QVERIFY(header && statusBadge);
    QVERIFY(header->text().contains(QLatin1String("violated")));
    // Chinese, apart from what stays as written: the SQL, the question, the MRs' abbreviations.
    auto chinese = [](QString s) {
      s.remove(QRegularExpression(QStringLiteral("<[^>]*>|&[a-z]+;")));
      for (const char* kept : {kQuestion, "or equal to", "greater than", "CRE", "MRs", "MR", "LLM", "SQL"})
        s.remove(QString::fromLatin1(kept));
      return s.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))) &&
             !s.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}")));
    };
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    QTRY_VERIFY2(!header->text().contains(QLatin1String("violated")) &&
                     !header->text().contains(QLatin1String("Follow-up")),
                 qPrintable(header->text()));
    for (const QString& t :
         {e->messageText(), e->badgeText(), statusBadge->text(), w.llm()->questionBar()->detectionText()})
      QVERIFY2(chinese(t), qPrintable(t));
    for (QLabel* l : e->detail()->findChildren<QLabel*>())
      if (l->isVisibleTo(e) && l != header && !l->text().isEmpty())
        QVERIFY2(chinese(l->text()), qPrintable(l->text()));
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QTRY_VERIFY2(header->text().contains(QLatin1String("violated")), qPrintable(header->text()));
    QVERIFY2(e->badgeText().contains(QLatin1String("FLAGGED")), qPrintable(e->badgeText()));
    QVERIFY2(e->messageText().contains(QLatin1String("satisfied")), qPrintable(e->messageText()));
  }

  void garbageModelGivesErrorRows() {
    FakeLlmServer server(hs::test::fakeLlmScript());
    server.setDefault({{"content", "I am a teapot. Tea is brewed at 100 degrees; no SQL today."}});
    useProfile(server.baseUrl());
    hs::ui::MainWindow w;
    prepare(w, QString::fromLatin1(kSql));
    auto* e = explorerOf(w);
    QVERIFY(detectAndWait(e));
    const auto* result = e->model()->result();
    QVERIFY2(result, qPrintable(e->messageText()));
    QVERIFY(result->errors > 0);
    QCOMPARE(result->violated, std::size_t{0});
    // The message line says in words why the source linking is missing, without the engine's code.
    QVERIFY2(!e->messageText().contains("no_linking"), qPrintable(e->messageText()));
    QVERIFY2(e->messageText().contains("named no table or column"), qPrintable(e->messageText()));
    int errorRows = 0;
    for (int r = 0; r < e->model()->rowCount(); ++r) {
      const QModelIndex i = e->model()->index(r, FollowUpModel::VerdictCol);
      if (i.data(FollowUpModel::VerdictRole).toInt() == int(hs::mr::Verdict::Error)) {
        ++errorRows;
        QCOMPARE(i.data().toString(), QString("error"));
        QVERIFY(!i.data(Qt::ToolTipRole).toString().isEmpty());  // the reason
      }
    }
    QCOMPARE(errorRows, int(result->errors));
    QVERIFY2(e->badgeText().contains("COULD NOT CHECK"),
             qPrintable(e->badgeText()));  // errors only: not "consistent"
    // Every row can be shown without a crash.
    for (int r = 0; r < e->model()->rowCount(); ++r)
      QVERIFY(e->selectMr(QString::fromStdString(e->model()->record(r)->mr)));
  }

  void verdictNeedsEvidence() {
    // Most MRs errored and the rest compared an empty result with an empty one: nothing was
    // checked, so the verdict is "could not check", never a green "consistent".
    hs::mr::DetectResult r;
    hs::mr::StageResult stage;
    auto mr = [](hs::mr::Verdict v, std::optional<std::int64_t> src, std::optional<std::int64_t> fu) {
      hs::mr::MrRecord m;
      m.verdict = v;
      m.sourceRows = src;
      m.followUpRows = fu;
      return m;
    };
    for (int i = 0; i < 5; ++i) stage.mrs.push_back(mr(hs::mr::Verdict::Error, std::nullopt, std::nullopt));
    stage.mrs.push_back(mr(hs::mr::Verdict::Satisfied, 0, 0));
    stage.mrs.push_back(mr(hs::mr::Verdict::Satisfied, 0, 0));
    r.stages.push_back(stage);
    r.errors = 5;
    r.satisfied = 2;
    auto info = hs::ui::classifyVerdict(r);
    QCOMPARE(info.verdict, hs::ui::CaseVerdict::CouldNotCheck);
    QCOMPARE(info.emptyPairs, 2);
    QCOMPARE(info.informative, 0);
    QVERIFY(FollowUpExplorer::verdictSummary(r).startsWith("Could not check"));
    // Enough MRs that compared real rows: consistent.
    for (int i = 0; i < 5; ++i) r.stages[0].mrs.push_back(mr(hs::mr::Verdict::Satisfied, 3, 3));
    r.satisfied = 7;
    QCOMPARE(hs::ui::classifyVerdict(r).verdict, hs::ui::CaseVerdict::Consistent);
    // One violation flags the case whatever the rest says.
    r.flagged = true;
    QCOMPARE(hs::ui::classifyVerdict(r).verdict, hs::ui::CaseVerdict::Flagged);
  }

  void explainsWhatIsMissing() {
    useProfile("http://127.0.0.1:9/v1");
    hs::ui::MainWindow w;
    auto* e = explorerOf(w);
    e->detect();
    QVERIFY(!e->isBusy());
    QVERIFY(e->messageText().contains("Open a database"));
    w.openDatabase(db_);
    QTRY_VERIFY_WITH_TIMEOUT(!w.databases()->path().isEmpty(), 10000);
    e->detect();
    QVERIFY(!e->isBusy());
    QVERIFY(e->messageText().contains("question"));
    w.llm()->questionBar()->setQuestion(QString::fromLatin1(kQuestion));
    e->mrSubset()->setText("AROE, NOPE");
    e->detect();
    QVERIFY(!e->isBusy());
    QVERIFY2(e->messageText().contains("NOPE"), qPrintable(e->messageText()));
  }
};

QTEST_MAIN(TestFollowUpExplorer)
#include "test_followup_explorer.moc"
