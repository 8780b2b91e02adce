// One count of reviewed cases (issue 28): the Review tab's progress and every report format (HTML
// cards and verdict table, CSV, JSON Lines) count the same cases, hs::ws::reviewedCases(). Before,
// the tab counted annotations of four taxonomies only, the reports any annotation or adjudication:
// a confirmed gold-free finding or an adjudication alone made the report say one more.
#include <QtTest>

#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/report/report_load.h"
#include "engine/report/report_render.h"
#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/review_progress.h"
#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_panel.h"

namespace {

// Four evaluated cases: 0 has a confirmed gold-free finding, 1 a confirmed TA-SQL finding, 2 only
// an adjudication, 3 nothing. Returns the run id (0 on failure).
std::int64_t createWorkspace(const QString& path) {
  auto ws = hs::ws::Workspace::create(path.toStdString());
  if (!ws) return 0;
  const auto run = ws->createRun(hs::ws::RunInfo{"counts", "gpt-4", "", "{}"});
  if (!run) return 0;
  std::vector<hs::Case> cases(4);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    cases[i].id = "spider:" + std::to_string(i);
    cases[i].dbId = "concert_singer";
    cases[i].question = "How many singers do we have?";
    cases[i].goldSql = "SELECT count(*) FROM singer";
    cases[i].predSql = "SELECT count(*) FROM singer WHERE 0";
  }
  auto ids = ws->insertCases(*run, cases);
  if (!ids) return 0;
  std::vector<hs::eval::CaseOutcome> outcomes(4);
  std::vector<hs::ws::StoredOutcome> stored;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    outcomes[i].exSet = outcomes[i].exBag = false;
    stored.push_back(hs::ws::StoredOutcome{(*ids)[i], &outcomes[i]});
  }
  if (!hs::ws::saveOutcomes(*ws, stored)) return 0;
  auto annotate = [&](std::int64_t caseId, const char* taxonomy, const char* category) {
    hs::ws::AnnotationRecord a;
    a.caseId = caseId;
    a.annotator = "ana";
    a.verdict = "confirmed";
    a.taxonomy = taxonomy;
    a.category = category;
    return hs::ws::insertAnnotation(*ws, a).ok();
  };
  if (!annotate((*ids)[0], "goldfree", "empty_result")) return 0;
  if (!annotate((*ids)[1], "tasql", "Schema Contradiction")) return 0;
  hs::ws::Adjudication j;
  j.caseId = (*ids)[2];
  j.verdict = "incorrect";
  j.adjudicator = "lead";
  if (!hs::ws::setAdjudication(*ws, j)) return 0;
  return *run;
}

}  // namespace

class TestReviewCounts : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-review-counts-test");
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  void tabAndEveryReportCountTheSameCases() {
    const QString path = dir_.filePath("counts.hallusql");
    const std::int64_t runId = createWorkspace(path);
    QVERIFY(runId > 0);
    auto ws = hs::ws::Workspace::open(path.toStdString());
    QVERIFY(ws.ok());
    auto reviewed = hs::ws::reviewedCases(*ws, runId);
    QVERIFY(reviewed.ok());
    QCOMPARE(reviewed->size(), std::size_t{3});  // distinct cases, the unannotated one not among them

    // The tab.
    hs::ui::EvaluationController evaluation;
    hs::ui::ReviewPanel panel(&evaluation);
    QVERIFY(panel.setWorkspace(path));
    QVERIFY(panel.annotationBar()->waitForHkb(20000));  // its loading job ends before the panel does
    QCOMPARE(panel.progressText(), QStringLiteral("3 of 4 reviewed"));

    // The reports of the same run.
    auto in = hs::report::loadReport(*ws, runId, hs::report::Language::English);
    QVERIFY(in.ok());
    const std::string html = hs::report::renderHtml(*in).value();
    QVERIFY(html.find("<span class=k>Reviewed</span><b>3 / 4</b>") != std::string::npos);
    QVERIFY(html.find("Reviewed: 3 / 4</p>") != std::string::npos);
    int jsonlReviewed = 0, jsonlCases = 0;
    std::istringstream lines(hs::report::renderJsonl(*in));
    for (std::string line; std::getline(lines, line);) {
      const auto row = nlohmann::json::parse(line);
      if (row["kind"] != "case") continue;
      ++jsonlCases;
      jsonlReviewed += row.at("reviewed").get<bool>() ? 1 : 0;
    }
    QCOMPARE(jsonlCases, 4);
    QCOMPARE(jsonlReviewed, 3);
    const QStringList csv = QString::fromStdString(hs::report::renderCsv(*in)).split(QStringLiteral("\r\n"));
    const int column = csv.first().split(QLatin1Char(',')).indexOf(QStringLiteral("reviewed"));
    QVERIFY(column >= 0);
    int csvReviewed = 0;
    for (const QString& line : csv)
      if (line.startsWith(QStringLiteral("case,")) && line.split(QLatin1Char(',')).value(column) == "true")
        ++csvReviewed;
    QCOMPARE(csvReviewed, 3);
  }
};

QTEST_MAIN(TestReviewCounts)
#include "test_review_counts.moc"
