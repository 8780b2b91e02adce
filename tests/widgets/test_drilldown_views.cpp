// The drill-down screens: the ladder of one case (sub-questions, what each step adds, model SQL
// with findings, EX, markers, both history modes) and the Charts view (grouped bars per model and
// mode, hover counts, PNG / SVG / CSV export). With HALLUSQL_SCREENSHOT_DIR set, saves
// drilldown-ladder.png and drilldown-charts.png there.
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "engine/core/finding_categories.h"
#include "engine/drilldown/seed_json.h"
#include "engine/drilldown/stats.h"
#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/drilldown/drilldown_charts.h"
#include "widgets/drilldown/drilldown_ladder.h"
#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/job_runner.h"
#include "widgets/language_controller.h"
#include "widgets/main_window.h"
#include "widgets/session.h"

using namespace hs;
using namespace hs::drilldown;

namespace {

Finding tasql(const std::string& cat, const std::string& sub, const std::string& pred,
              const std::string& what) {
  Finding f;
  f.taxonomy = "tasql";
  f.category = cat;
  f.subcategory = sub;
  f.message = sub + " '" + what + "'";
  auto b = pred.find(what);
  f.spans.push_back({"pred", b, b + what.size()});
  return f;
}

// The scripted case of test_drilldown_pipeline: an unknown column that persists, a JOIN that
// history carries to the final step, an ORDER BY only at the end.
std::vector<StepOutcome> scripted(const std::string& model) {
  const std::string gold[] = {"SELECT name FROM singer", "SELECT name FROM singer WHERE age > 30",
                              "SELECT name FROM singer WHERE age > 30 AND country = 'France'"};
  const std::string q[] = {"What are the names of all singers?", "Which singers are older than 30?",
                           "Which singers from France are older than 30?"};
  const std::string join = " JOIN singer_in_concert ON singer.singer_id = singer_in_concert.singer_id";
  std::vector<StepOutcome> rows;
  for (const std::string h : {"off", "on"})
    for (std::size_t s = 0; s < 3; ++s) {
      StepOutcome o;
      o.caseId = "dev:42";
      o.dbId = "concert_singer";
      o.model = model;
      o.history = h;
      o.step = s + 1;
      o.final = s == 2;
      o.question = q[s];
      o.originalQuestion = "Names of singers older than 30 from France?";
      o.goldSql = gold[s];
      o.difficulty = "medium";
      o.ex = false;
      o.softF1 = 0.4;
      std::string p;
      if (s == 0) p = "SELECT name, nationality FROM singer";
      if (s == 1) p = "SELECT singer.name FROM singer" + join + " WHERE singer.age > 30";
      if (s == 2)
        p = h == "on"
                ? "SELECT singer.name, nationality FROM singer" + join +
                      " WHERE singer.age > 30 AND country = 'France' ORDER BY singer.name"
                : "SELECT name, nationality FROM singer WHERE age > 30 AND country = 'France' ORDER BY name";
      o.predSql = p;
      if (p.find("nationality") != std::string::npos)
        o.findings.push_back(tasql("Schema Contradiction", "Unknown columns", p, "nationality"));
      if (p.find("JOIN") != std::string::npos)
        o.findings.push_back(
            tasql("Join Redundancy", "More joins than ground truth", p, "singer_in_concert"));
      if (p.find("ORDER BY") != std::string::npos)
        o.findings.push_back(tasql("Clause Abuse", "Extra clauses", p, "ORDER BY"));
      rows.push_back(std::move(o));
    }
  return rows;
}

QString cellText(QTableWidget* t, int row, int col) {
  auto* l = qobject_cast<QLabel*>(t->cellWidget(row, col));
  return l ? l->text() : (t->item(row, col) ? t->item(row, col)->text() : QString());
}

}  // namespace

class TestDrilldownViews : public QObject {
  Q_OBJECT
  ui::LanguageController lang_;
 private slots:
  void initTestCase() { QVERIFY(lang_.setLanguage(QStringLiteral("en"))); }  // the English plurals

  void ladderShowsStepsAddsFindingsAndMarkers() {
    ui::DrilldownLadderView view;
    view.resize(1400, 520);
    view.setPath(scripted("gpt-4o-mini"));
    QTableWidget* t = view.table();
    QCOMPARE(t->rowCount(), 3);
    QCOMPARE(t->columnCount(), 5);  // step, sub-question, gold, without history, with history
    QVERIFY(cellText(t, 0, 0) == "1");
    QVERIFY(cellText(t, 2, 0).contains("final"));
    QVERIFY(cellText(t, 1, 1).contains("older than 30"));
    // Step 2 adds the first condition: highlighted; the rest of the query greyed.
    QVERIFY(cellText(t, 1, 2).contains("<b>WHERE age &gt; 30</b>"));
    QVERIFY(cellText(t, 1, 2).contains("color:#999\"> AND country = 'France'"));
    QVERIFY(cellText(t, 2, 2).contains("<b>AND country = 'France'</b>"));
    // Findings highlighted in the model's SQL, markers where they first appear and recur.
    QVERIFY(cellText(t, 0, 3).contains("nationality</span>"));
    QVERIFY(cellText(t, 0, 3).contains("first: Schema Contradiction — recurs in the final step"));
    QVERIFY(cellText(t, 1, 3).contains("first: Join Redundancy"));
    QVERIFY(!cellText(t, 1, 3).contains("Join Redundancy — recurs"));  // without history it does not
    QVERIFY(cellText(t, 1, 4).contains("Join Redundancy — recurs in the final step"));
    QVERIFY(cellText(t, 2, 3).contains("first: Clause Abuse"));
    QVERIFY(cellText(t, 2, 3).contains("recurrent: Schema Contradiction"));
    QVERIFY(cellText(t, 2, 4).contains("recurrent: Join Redundancy"));
    QVERIFY(cellText(t, 2, 4).contains("EX: no"));
    if (const QString dir = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !dir.isEmpty()) {
      view.show();
      QVERIFY(QTest::qWaitForWindowExposed(&view));
      view.grab().save(QDir(dir).filePath("drilldown-ladder.png"));
    }
    view.setPath({});
    QCOMPARE(view.table()->rowCount(), 0);
  }

  void chartsShowGroupedBarsHoverAndExport() {
    std::vector<StepOutcome> rows = scripted("gpt-4o-mini");
    for (auto& r : scripted("claude-3.7")) {
      r.caseId = "dev:43";
      rows.push_back(r);
    }
    ui::DrilldownChartsView view;
    view.resize(1000, 520);
    view.setStatistics(computeStatistics(rows));
    view.setMeasure(ui::DrilldownChartsView::Measure::Recurrent);
    auto bars = view.bars();
    QCOMPARE(bars.size(), 4 * 6);  // 2 models x 2 modes x 6 categories
    auto find = [&](const QString& series, const QString& cat) {
      for (const auto& b : view.bars())
        if (b.series == series && b.category == cat) return b;
      return ui::DrilldownChartsView::Bar{};
    };
    QCOMPARE(find("gpt-4o-mini", "Join Redundancy").N, std::size_t(1));
    QCOMPARE(find("gpt-4o-mini", "Join Redundancy").value, 0.0);
    QCOMPARE(find("gpt-4o-mini (+ history)", "Join Redundancy").value, 1.0);
    view.setMeasure(ui::DrilldownChartsView::Measure::Emergent);
    QCOMPARE(find("claude-3.7", "Clause Abuse").value, 1.0);
    view.setExact(true);
    QVERIFY(view.chartView()->chart()->title().contains("exact"));
    QCOMPARE(find("claude-3.7", "Schema Contradiction").value, 0.0);

    // Hover: the counts behind a bar.
    auto* series = qobject_cast<QBarSeries*>(view.chartView()->chart()->series().value(0));
    QVERIFY(series);
    QSignalSpy spy(&view, &ui::DrilldownChartsView::barHovered);
    emit series->barSets().at(0)->hovered(true, 4);  // Clause Abuse
    QCOMPARE(spy.size(), 1);
    QVERIFY(spy.at(0).at(0).toString().contains("n = 1, N = 1"));

    QTemporaryDir dir;
    // One Export button with the three formats in its menu (three buttons widened the window).
    QVERIFY(view.exportButton()->menu());
    QCOMPARE(view.exportButton()->menu()->actions().size(), 3);
    QVERIFY2(view.minimumSizeHint().width() <= 620,
             qPrintable(QString::number(view.minimumSizeHint().width())));
    QVERIFY(view.exportPng(dir.filePath("c.png")).isEmpty());
    QVERIFY(view.exportSvg(dir.filePath("c.svg")).isEmpty());
    QVERIFY(view.exportCsv(dir.filePath("c.csv")).isEmpty());
    QVERIFY(QImage(dir.filePath("c.png")).width() > 100);
    QFile svg(dir.filePath("c.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().startsWith("<svg"));
    QFile csv(dir.filePath("c.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), 1 + 24);
    view.setMeasure(ui::DrilldownChartsView::Measure::ExByDifficulty);
    QVERIFY(!view.bars().isEmpty());
    QVERIFY(view.exportPng("/nonexistent-dir/x.png").size() > 0);

    if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty()) {
      view.setExact(false);
      view.setMeasure(ui::DrilldownChartsView::Measure::Recurrent);
      view.show();
      QVERIFY(QTest::qWaitForWindowExposed(&view));
      view.grab().save(QDir(shots).filePath("drilldown-charts.png"));
    }
  }

  // A review run with 30+ categories: QtCharts hides a category name that would touch the next
  // one, so the names must get a type small enough for the height of one bar. Chinese names are
  // set in a taller fallback font: every other one was still hidden.
  // The CSV export writes a model name that looks like a formula as text ("'=..."), quoted.
  void csvExportNeutralisesFormulaNames() {
    ui::DrilldownChartsView view;
    view.setStatistics(computeStatistics(scripted("=HYPERLINK(\"http://x.example\",\"m\")")));
    view.setMeasure(ui::DrilldownChartsView::Measure::Recurrent);
    QTemporaryDir dir;
    QVERIFY(view.exportCsv(dir.filePath("c.csv")).isEmpty());
    QFile csv(dir.filePath("c.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QByteArray text = csv.readAll();
    QVERIFY2(text.contains("\n\"'=HYPERLINK(\"\"http://x.example\"\",\"\"m\"\")\",Schema Contradiction,"),
             text.constData());
    QVERIFY(!text.contains("\n="));
  }

  void findingsChartNamesEveryCategory_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
  }
  void findingsChartNamesEveryCategory() {
    QFETCH(QString, language);
    QVERIFY(lang_.setLanguage(language));
    std::vector<ui::DrilldownChartsView::CategoryCount> counts;
    for (const auto& c : findingCategories())
      if (c.id != "*" && counts.size() < 36)
        counts.push_back({std::string(c.taxonomy), std::string(c.id), counts.size() + 1, 1});
    QVERIFY(counts.size() >= 30);
    ui::DrilldownChartsView view;
    view.resize(1070, 570);  // what the Drill-down tab gives it in a 1366x768 window
    view.setReviewFindings(counts, 100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSet<QString> names;
    for (const auto& b : view.bars()) names.insert(b.category);
    QCOMPARE(names.size(), int(counts.size()));
    QSet<QString> shown;
    for (int i = 0; i < 20 && shown.size() < names.size(); ++i) {
      QTest::qWait(25);
      shown.clear();
      for (QGraphicsItem* item : view.chartView()->scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
          if (names.contains(text->toPlainText())) shown.insert(text->toPlainText());
    }
    QVERIFY(lang_.setLanguage(QStringLiteral("en")));
    QCOMPARE(shown.size(), names.size());
  }

  // A run whose categories have one finding each: the count axis read "0 0 0 0 1" (ticks at
  // quarters, labelled as whole numbers). Each tick is a whole count, each label once.
  void findingsAxisCountsWholeFindings_data() {
    QTest::addColumn<int>("highest");
    QTest::newRow("1") << 1;
    QTest::newRow("3") << 3;
    QTest::newRow("37") << 37;
    QTest::newRow("1034") << 1034;
  }
  void findingsAxisCountsWholeFindings() {
    QFETCH(int, highest);
    std::vector<ui::DrilldownChartsView::CategoryCount> counts = {
        {"tasql", "Schema Contradiction", std::size_t(highest), 1}, {"mrsqlgen", "C3", 1, 1}};
    ui::DrilldownChartsView view;
    view.resize(1070, 570);
    view.setReviewFindings(counts, 100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QStringList labels;
    const QRegularExpression number(QStringLiteral("^[0-9]+$"));
    for (int i = 0; i < 20 && labels.size() < 2; ++i) {
      QTest::qWait(25);
      labels.clear();
      for (QGraphicsItem* item : view.chartView()->scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
          if (number.match(text->toPlainText()).hasMatch()) labels << text->toPlainText();
    }
    QVERIFY2(labels.size() >= 2 && labels.size() <= 9, qPrintable(labels.join(' ')));
    QCOMPARE(labels.removeDuplicates(), qsizetype(0));
    int top = 0;
    for (const QString& l : labels) top = std::max(top, l.toInt());
    QVERIFY2(top >= highest, qPrintable(labels.join(' ')));
  }

  // The Drill-down tab reads a run file off the UI thread and shows its cases, ladder and charts.
  void panelOpensARunFile() {
    QTemporaryDir dir;
    std::vector<StepOutcome> rows = scripted("gpt-4o-mini");
    {
      QFile f(dir.filePath("seed.json"));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray::fromStdString(toSeedJson(rows).dump()));
    }
    ui::DrilldownPanel panel;
    panel.resize(1400, 700);
    QVERIFY(panel.openRunFile(dir.filePath("seed.json")));
    QVERIFY(panel.runner()->waitForIdle(10000));
    QCOMPARE(panel.caseList()->count(), 1);
    QVERIFY2(panel.status().contains("1 case, 6 steps"), qPrintable(panel.status()));
    QCOMPARE(panel.ladder()->table()->rowCount(), 3);
    QCOMPARE(panel.charts()->statistics().groups.size(), std::size_t(2));
    QVERIFY(panel.openRunFile(dir.filePath("missing.json")));
    QVERIFY(panel.runner()->waitForIdle(10000));
    QVERIFY(panel.status().contains("Cannot read"));
    QCOMPARE(panel.caseList()->count(), 1);  // the open run stays
  }

  // With no run the left side says what to do (it was an empty white list), the workspace's
  // stored run comes back when the workspace is opened again, and another workspace drops it.
  void emptyStateAndTheWorkspacesStoredRun() {
    QTemporaryDir dir;
    const QString withRun = dir.filePath("with.hallusql");
    const QString without = dir.filePath("without.hallusql");
    {
      auto w = ws::Workspace::create(withRun.toStdString());
      QVERIFY(w);
      QVERIFY(ws::saveDrilldownRun(w.value(), "drilldown gpt-4o-mini", "dev.json", scripted("gpt-4o-mini")));
      QVERIFY(ws::Workspace::create(without.toStdString()));
    }
    ui::DrilldownPanel panel;
    panel.resize(1000, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.emptyHint()->isVisible());
    QVERIFY(!panel.caseList()->isVisible());
    QVERIFY2(panel.emptyHint()->text().contains("Run Drill-down…"), qPrintable(panel.emptyHint()->text()));
    QVERIFY(panel.status().isEmpty());

    ui::SessionManager sessions;
    panel.attach(&sessions, nullptr);
    sessions.replace(ui::Session().withWorkspace(withRun));
    QVERIFY(panel.runner()->waitForIdle(10000));
    QTRY_COMPARE(panel.caseList()->count(), 1);
    QVERIFY(panel.caseList()->isVisible());
    QCOMPARE(panel.caseList()->item(0)->toolTip(),
             QStringLiteral("Names of singers older than 30 from France?"));
    QVERIFY(!panel.emptyHint()->isVisible());
    QCOMPARE(panel.ladder()->table()->rowCount(), 3);
    QVERIFY2(panel.status().contains("drilldown gpt-4o-mini") && panel.status().contains("1 case, 6 steps"),
             qPrintable(panel.status()));
    QCOMPARE(panel.charts()->statistics().groups.size(), std::size_t(2));

    sessions.replace(sessions.current().withWorkspace(without));
    QVERIFY(panel.runner()->waitForIdle(10000));
    QCOMPARE(panel.caseList()->count(), 0);
    QVERIFY(panel.emptyHint()->isVisible());
    QCOMPARE(panel.ladder()->table()->rowCount(), 0);
    QVERIFY(panel.charts()->statistics().groups.empty());
    QVERIFY(panel.status().isEmpty());
  }

  // The Charts view opens on a chart that has data (issue 28): with no drill-down run it showed an
  // empty drill-down chart while the review run's findings chart was the last of the drop-down.
  // Drill-down data arriving later takes the view back, as the user did not pick a chart.
  void chartsOpenOnTheChartWithData() {
    QTemporaryDir dir;
    const QString path = dir.filePath("review.hallusql");
    {
      auto w = ws::Workspace::create(path.toStdString());
      QVERIFY(w);
      auto run = w->createRun(ws::RunInfo{"review run", "m", "", "{}"});
      QVERIFY(run);
      Case c;
      c.id = "dev:1";
      c.dbId = "concert_singer";
      c.goldSql = "SELECT 1";
      c.predSql = "SELECT 2";
      auto ids = w->insertCases(*run, {c});
      QVERIFY(ids);
      eval::CaseOutcome o;
      o.exSet = false;
      o.findings.push_back({"goldfree", "empty_result", "", "empty", {}, "rule", 1.0, ""});
      QVERIFY(ws::saveOutcomes(w.value(), {ws::StoredOutcome{ids->front(), &o}}));
    }
    ui::DrilldownChartsView view;
    view.setStatistics({});
    view.setWorkspace(path);
    QCOMPARE(view.measure(), ui::DrilldownChartsView::Measure::ReviewFindings);
    QVERIFY(view.runner()->waitForIdle(10000));
    QTRY_COMPARE(view.bars().size(), 1);
    if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty()) {
      view.resize(1366, 600);
      view.show();
      QVERIFY(QTest::qWaitForWindowExposed(&view));
      QVERIFY(view.grab().save(QDir(shots).filePath("charts-open-on-data.png")));
    }
    view.setStatistics(computeStatistics(scripted("gpt-4o-mini")));
    QCOMPARE(view.measure(), ui::DrilldownChartsView::Measure::Recurrent);
    QVERIFY(!view.bars().isEmpty());
  }

  void mainWindowHasTheDrilldownTab() {
    ui::MainWindow w;
    auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
    QCOMPARE(tabs->count(), 3);
    QCOMPARE(tabs->tabText(2), QStringLiteral("Drill-down"));
    auto* panel = qobject_cast<ui::DrilldownPanel*>(tabs->widget(2));
    QVERIFY(panel);
    if (const QString dir = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !dir.isEmpty()) {
      std::vector<StepOutcome> rows = scripted("gpt-4o-mini");
      for (auto& r : scripted("claude-3.7")) {
        r.caseId = "dev:43";
        rows.push_back(r);
      }
      panel->setRows(rows);
      tabs->setCurrentIndex(2);
      w.resize(1500, 800);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      w.grab().save(QDir(dir).filePath("drilldown-tab.png"));
    }
  }
};

QTEST_MAIN(TestDrilldownViews)
#include "test_drilldown_views.moc"
