// "Run Drill-down…" from the GUI against the scripted fake OpenAI-compatible server: progress,
// cancel, the run in the ladder and charts and in the workspace; and the Charts view's "findings
// per category" chart of a review run read from a workspace (hover counts, CSV / PNG / SVG).
// With HALLUSQL_SCREENSHOT_DIR set, saves review-findings-chart.png there.
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <sqlite3.h>

#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "support/fake_llm/fake_llm.h"
#include "widgets/drilldown/drilldown_charts.h"
#include "widgets/drilldown/drilldown_ladder.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/profile_settings.h"
#include "widgets/main_window.h"
#include "widgets/session.h"

using namespace hs;

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

void useProfile(const std::string& baseUrl) {
  ui::LlmProfile p;
  p.endpoint.name = "fake";
  p.endpoint.baseUrl = baseUrl;
  p.endpoint.model = "fake-model";
  p.endpoint.maxRetries = 0;
  p.endpoint.connectTimeoutMs = 2000;
  p.endpoint.timeoutMs = 10000;
  ui::ProfileSettings::save({p});
  ui::ProfileSettings::setActiveName("fake");
}

Finding finding(const std::string& taxonomy, const std::string& category) {
  Finding f;
  f.taxonomy = taxonomy;
  f.category = category;
  f.message = category;
  return f;
}

}  // namespace

class TestDrilldownRunGui : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString dbRoot_;
  QString casesPath_;
  ui::LanguageController lang_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(lang_.setLanguage(QStringLiteral("en")));  // the English plurals ("1 case", "3 cases")
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.filePath("settings"));
    QCoreApplication::setOrganizationName("HalluSQLTest");
    QCoreApplication::setApplicationName("hallusql-drilldown-run-gui-test");
    dbRoot_ = dir_.filePath("dbs");
    QVERIFY(QDir().mkpath(dbRoot_ + "/pets"));
    makePetsDb(dbRoot_ + "/pets/pets.sqlite");
    casesPath_ = dir_.filePath("cases.jsonl");
    std::ofstream out(casesPath_.toStdString());
    const char* gold[] = {"SELECT name FROM pets WHERE species = 'Dog' AND age > 2",
                          "SELECT name, age FROM pets WHERE age > 1 ORDER BY age",
                          "SELECT species, COUNT(*) FROM pets GROUP BY species",
                          "SELECT name FROM pets WHERE age < 4 AND species <> 'Cat'"};
    for (int i = 0; i < 4; ++i)
      out << "{\"id\": \"c" << i << "\", \"db_id\": \"pets\", \"question\": \"Question " << i
          << "?\", \"gold_sql\": \"" << gold[i] << "\"}\n";
  }

  // The main window hands the tab the session and the LLM client: the run button is live.
  void mainWindowOffersTheRun() {
    ui::MainWindow w;
    auto* panel = w.findChild<ui::DrilldownPanel*>();
    QVERIFY(panel);
    QVERIFY(panel->runButton()->isEnabled());
    QCOMPARE(panel->runButton()->text(), QStringLiteral("Run Drill-down…"));
  }

  void runShowsProgressCancelsAndStores() {
    test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    useProfile(server.baseUrl());
    const QString wsPath = dir_.filePath("run.hallusql");
    QVERIFY(ws::Workspace::create(wsPath.toStdString()));

    ui::SessionManager sessions;
    sessions.replace(ui::Session({}, nullptr, {}, wsPath, "fake"));
    ui::LlmLogModel log;
    ui::GenerationController llm(&log);
    llm.setWorkspacePath(wsPath);
    ui::DrilldownPanel panel;
    panel.resize(1200, 700);
    panel.show();
    panel.attach(&sessions, &llm);
    QVERIFY(panel.runButton()->isEnabled());

    // 1. A slow model: the run shows progress and stops on Cancel, nothing stored.
    server.setDefault({{"content", "```sql\nSELECT name FROM pets\n```"}, {"latency_ms", 400}});
    QSignalSpy progress(panel.runner(), &ui::JobRunner::progress);
    ui::DrilldownRunRequest req;
    req.casesPath = casesPath_;
    req.dbRoot = dbRoot_;
    req.history = "both";
    req.limit = 3;
    QVERIFY(panel.startRun(req));
    QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->isBusy(), 10000);
    QVERIFY(panel.progressBar()->isVisible());
    QVERIFY(panel.cancelButton()->isVisible());
    QVERIFY(!panel.runButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
          for (const auto& args : progress)
            if (args.at(1).toInt() > 0) return true;
          return false;
        }(),
        10000);
    QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
    QVERIFY(panel.runner()->waitForIdle(20000));
    QVERIFY2(panel.status().startsWith("Cancelled"), qPrintable(panel.status()));
    QVERIFY(!panel.progressBar()->isVisible());
    QVERIFY(panel.runButton()->isEnabled());
    {
      auto w = ws::Workspace::open(wsPath.toStdString());
      QVERIFY(w);
      QCOMPARE(w->runs().value().size(), std::size_t(0));
    }

    // 2. The same run to the end: the cases in the list, the ladder, the charts, the workspace.
    server.setDefault({{"content", "```sql\nSELECT name FROM pets WHERE species = 'Dog'\n```"}});
    progress.clear();
    QVERIFY(panel.startRun(req));
    QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->isBusy(), 10000);
    QVERIFY(panel.runner()->waitForIdle(60000));
    QVERIFY2(panel.status().startsWith("Drill-down done"), qPrintable(panel.status()));
    QVERIFY2(panel.status().contains("3 cases, 0 skipped"), qPrintable(panel.status()));
    QVERIFY2(panel.status().contains("stored in the workspace"), qPrintable(panel.status()));
    QVERIFY(!progress.isEmpty());
    int lastDone = 0, lastTotal = 0;
    for (const auto& args : progress) {
      lastDone = args.at(0).toInt();
      lastTotal = std::max(lastTotal, args.at(1).toInt());
    }
    QVERIFY(lastTotal > 0);
    QVERIFY(lastDone > 0);
    QCOMPARE(panel.caseList()->count(), 3);
    QVERIFY(panel.ladder()->table()->rowCount() >= 2);
    QCOMPARE(panel.ladder()->table()->columnCount(), 5);  // both history modes side by side
    QVERIFY(!panel.charts()->statistics().groups.empty());

    auto w = ws::Workspace::open(wsPath.toStdString());
    QVERIFY(w);
    auto runs = w->runs();
    QVERIFY(runs);
    QCOMPARE(runs->size(), std::size_t(1));
    auto rows = ws::loadDrilldownRun(w.value(), runs->front().id);
    QVERIFY(rows);
    QVERIFY(rows->size() >= 6);  // 3 cases, two modes, at least one step each
    // The run of a drill-down is not a review run: the findings chart does not offer it.
    QCOMPARE(panel.charts()->runBox()->count(), 0);
  }

  void reviewRunFindingsChart() {
    const QString wsPath = dir_.filePath("review.hallusql");
    auto w = ws::Workspace::create(wsPath.toStdString());
    QVERIFY(w);
    ws::RunInfo info;
    info.name = "gpt-4o review";
    auto runId = w->createRun(info);
    QVERIFY(runId);
    std::vector<Case> cases(3);
    for (int i = 0; i < 3; ++i) {
      cases[std::size_t(i)].id = "r" + std::to_string(i);
      cases[std::size_t(i)].question = "q";
      cases[std::size_t(i)].predSql = "SELECT 1";
    }
    auto ids = w->insertCases(runId.value(), cases);
    QVERIFY(ids);
    std::vector<eval::CaseOutcome> outcomes(3);
    outcomes[0].findings = {finding("tasql", "Schema Contradiction"),
                            finding("tasql", "Schema Contradiction"), finding("mrsqlgen", "C4")};
    outcomes[1].findings = {finding("tasql", "Schema Contradiction"), finding("tasql", "Clause Abuse")};
    outcomes[2].findings = {finding("mrsqlgen", "C4")};
    std::vector<ws::StoredOutcome> batch;
    for (std::size_t i = 0; i < 3; ++i) batch.push_back({ids->at(i), &outcomes[i]});
    QVERIFY(ws::saveOutcomes(w.value(), batch));

    ui::DrilldownChartsView view;
    view.resize(1000, 560);
    view.show();
    view.setWorkspace(wsPath);
    QCOMPARE(view.runBox()->count(), 1);
    QCOMPARE(view.runBox()->itemText(0), QStringLiteral("gpt-4o review"));
    view.setMeasure(ui::DrilldownChartsView::Measure::ReviewFindings);
    QTRY_VERIFY_WITH_TIMEOUT(!view.bars().isEmpty(), 10000);
    QVERIFY(view.runner()->waitForIdle(10000));

    const auto bars = view.bars();
    QCOMPARE(bars.size(), 3);
    // Grouped by taxonomy (TA-SQL first, most frequent first), translated labels.
    QCOMPARE(bars[0].category, QStringLiteral("Schema Contradiction"));
    QCOMPARE(bars[0].value, 3.0);
    QCOMPARE(bars[0].n, std::size_t(2));  // in 2 of the 3 cases
    QCOMPARE(bars[0].N, std::size_t(3));
    QCOMPARE(bars[1].category, QStringLiteral("Clause Abuse"));
    QCOMPARE(bars[1].value, 1.0);
    QCOMPARE(bars[2].value, 2.0);
    QVERIFY(bars[0].series != bars[2].series);  // TA-SQL vs MRSQLGen
    QCOMPARE(view.chartView()->chart()->title(), QStringLiteral("Findings per category: gpt-4o review"));

    // Hover: the counts behind the bar.
    auto series = view.chartView()->chart()->series();
    QCOMPARE(series.size(), 1);
    auto* bs = qobject_cast<QAbstractBarSeries*>(series.front());
    QVERIFY(bs);
    QSignalSpy hovered(&view, &ui::DrilldownChartsView::barHovered);
    // Horizontal bars, the first category on top: index 2 of the TA-SQL set is Schema Contradiction.
    QCOMPARE(bs->barSets().front()->label(), QStringLiteral("TA-SQL"));
    emit bs->barSets().front()->hovered(true, 2);
    QCOMPARE(hovered.size(), 1);
    QVERIFY2(hovered.front().front().toString().contains("3 findings in 2 of 3 cases"),
             qPrintable(hovered.front().front().toString()));

    // Exports.
    QTemporaryDir out;
    QCOMPARE(view.exportCsv(out.filePath("f.csv")), QString());
    QFile csv(out.filePath("f.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    QVERIFY2(text.contains("TA-SQL,Schema Contradiction,3.000000,2,3"), qPrintable(text));
    QCOMPARE(view.exportPng(out.filePath("f.png")), QString());
    QVERIFY(QImage(out.filePath("f.png")).width() > 100);
    QCOMPARE(view.exportSvg(out.filePath("f.svg")), QString());
    QVERIFY(QFileInfo(out.filePath("f.svg")).size() > 1000);
    if (qEnvironmentVariableIsSet("HALLUSQL_SCREENSHOT_DIR"))
      view.exportPng(
          QDir(qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR")).filePath("review-findings-chart.png"));
  }
};

QTEST_MAIN(TestDrilldownRunGui)
#include "test_drilldown_run_gui.moc"
