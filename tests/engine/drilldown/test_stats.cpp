// Recurrence / emergence statistics on hand-made annotated steps: same category vs exact same
// hallucination, once per category per step, only failing steps counted, Table 3 by difficulty.
#include <sys/stat.h>

#include <QtTest>

#include <QTemporaryDir>

#include "engine/drilldown/outcome.h"
#include "engine/drilldown/seed_json.h"
#include "engine/drilldown/stats.h"
#include "engine/workspace/drilldown_store.h"

using namespace hs;
using namespace hs::drilldown;

namespace {

Finding tasql(const std::string& cat, const std::string& sub, std::size_t b, std::size_t e) {
  Finding f;
  f.taxonomy = "tasql";
  f.category = cat;
  f.subcategory = sub;
  f.spans.push_back({"pred", b, e});
  return f;
}

StepOutcome step(const std::string& id, std::size_t n, bool final, const std::string& pred,
                 std::vector<Finding> f, bool ex = false) {
  StepOutcome o;
  o.caseId = id;
  o.model = "m";
  o.history = "off";
  o.step = n;
  o.final = final;
  o.predSql = pred;
  o.ex = ex;
  o.softF1 = ex ? 1.0 : 0.5;
  o.difficulty = id == "a" ? "simple" : "moderate";
  o.findings = std::move(f);
  return o;
}

const CategoryStats& cat(const GroupStats& g, const std::string& name) {
  for (const auto& c : g.categories)
    if (c.category == name) return c;
  qFatal("no category %s", name.c_str());
}

}  // namespace

class TestDrilldownStats : public QObject {
  Q_OBJECT
 private slots:
  // Run files are read like every input: a FIFO or a folder is refused at once (issue 16).
  void runFilesRefuseFifosAndFolders() {
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("pipe").toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    for (const std::string& path : {fifo, dir.path().toStdString()}) {
      auto r = hs::drilldown::readRunFile(path);
      QVERIFY(!r.ok());
      QCOMPARE(r.error().code, std::string("not_a_file"));
      QCOMPARE(r.error().where, path);
      auto o = hs::drilldown::readOutcomes(path);
      QVERIFY(!o.ok());
      QCOMPARE(o.error().code, std::string("not_a_file"));
    }
  }

  void recurrentAndEmergent() {
    const std::string sc = "Schema Contradiction", ca = "Clause Abuse";
    std::vector<StepOutcome> rows;
    // a: the same unknown column at steps 1 and 3 (recurrent, exact); Clause Abuse only at the end.
    rows.push_back(step("a", 1, false, "SELECT nme FROM t", {tasql(sc, "Unknown columns", 7, 10)}));
    rows.push_back(step("a", 2, false, "SELECT name FROM t WHERE x = 1", {}, true));
    rows.push_back(step("a", 3, true, "SELECT NME FROM t WHERE x = 1 ORDER BY 1",
                        {tasql(sc, "Unknown columns", 7, 10), tasql(ca, "Extra clauses", 30, 38)}));
    // b: an unknown column earlier and a different one at the end (recurrent, not exact).
    rows.push_back(step("b", 1, false, "SELECT foo FROM t", {tasql(sc, "Unknown columns", 7, 10)}));
    rows.push_back(step("b", 2, true, "SELECT bar FROM t", {tasql(sc, "Unknown columns", 7, 10)}));
    // c: a finding on a correct step does not count (Algorithm 1 categorises failures only).
    rows.push_back(step("c", 1, false, "SELECT a FROM t", {tasql(ca, "Extra clauses", 0, 6)}, true));
    rows.push_back(step("c", 2, true, "SELECT a FROM t", {}, true));
    // d: the category twice in one step counts once (D.4).
    rows.push_back(step("d", 1, true, "SELECT x FROM t LIMIT 1 OFFSET 2",
                        {tasql(ca, "Extra clauses", 16, 21), tasql(ca, "Extra operators", 24, 30)}));

    Statistics s = computeStatistics(rows);
    QCOMPARE(s.groups.size(), std::size_t(1));
    const GroupStats& g = s.groups[0];
    QCOMPARE(g.paths, std::size_t(4));
    QCOMPARE(g.categories.size(), std::size_t(6));
    const CategoryStats& c1 = cat(g, sc);
    QCOMPARE(c1.same.recurrent.n, std::size_t(2));
    QCOMPARE(c1.same.recurrent.N, std::size_t(2));
    QCOMPARE(c1.same.emergent.n, std::size_t(0));
    QCOMPARE(c1.same.emergent.N, std::size_t(2));
    QCOMPARE(c1.same.inFinal.n, std::size_t(2));
    QCOMPARE(c1.same.inFinal.N, std::size_t(4));
    QCOMPARE(c1.same.inEarlier.n, std::size_t(2));
    QCOMPARE(c1.exact.recurrent.n, std::size_t(1));  // a: 'nme' == 'NME'; b: 'foo' != 'bar'
    QCOMPARE(c1.exact.recurrent.N, std::size_t(2));
    QCOMPARE(c1.exact.emergent.n, std::size_t(1));  // b's final 'bar' is new
    QCOMPARE(c1.exact.emergent.N, std::size_t(3));  // b, c, d: no exact recurrence
    const CategoryStats& c2 = cat(g, ca);
    QCOMPARE(c2.same.recurrent.N, std::size_t(0));
    QVERIFY(!c2.same.recurrent.p().has_value());
    QCOMPARE(c2.same.emergent.n, std::size_t(2));  // a and d
    QCOMPARE(c2.same.emergent.N, std::size_t(4));
    QCOMPARE(*c2.same.emergent.p(), 0.5);

    // Table 3: final steps by difficulty.
    bool sawTotal = false;
    for (const auto& r : s.byDifficulty)
      if (r.difficulty == "total") {
        sawTotal = true;
        QCOMPARE(r.count, std::size_t(4));
        QCOMPARE(r.ex, 0.25);
      }
    QVERIFY(sawTotal);

    auto j = statisticsJson(s);
    QCOMPARE(j["groups"][0]["categories"][0]["category"].get<std::string>(), sc);
    QCOMPARE(j["groups"][0]["categories"][0]["exact"]["recurrent"]["n"].get<int>(), 1);
    QVERIFY(statisticsCsv(s).find("m,off,Clause Abuse,same,emergent,0.500000,2,4") != std::string::npos);
  }

  // A model name or category from a run file that a spreadsheet would run as a formula is
  // written as text ("'=..."); the probabilities and counts stay numbers.
  void csvNeutralisesFormulaNames() {
    StepOutcome o = step("a", 1, true, "SELECT 1", {tasql("@SUM(1+1)*cmd|' /C calc'!A0", "x", 0, 6)});
    o.model = "=HYPERLINK(\"http://x.example\",\"m\")";
    o.history = "-off";
    const std::string csv = statisticsCsv(computeStatistics({o}));
    QVERIFY2(csv.find("\"'=HYPERLINK(\"\"http://x.example\"\",\"\"m\"\")\",\"'-off\",\"'@SUM(1+1)*cmd|' /C "
                      "calc'!A0\",same,in_final,1.000000,1,1") != std::string::npos,
             csv.c_str());
    QVERIFY(csv.find(",=") == std::string::npos);
    QVERIFY(csv.find("\n=") == std::string::npos);
  }

  void rowsRoundTripThroughJson() {
    StepOutcome o = step("x", 2, true, "SELECT 1", {tasql("Clause Abuse", "Extra clauses", 0, 6)});
    o.question = "how many?";
    auto back = outcomeFromJson(outcomeJson(o));
    QVERIFY(back.ok());
    QCOMPARE(back->caseId, std::string("x"));
    QCOMPARE(back->step, std::size_t(2));
    QCOMPARE(back->findings.size(), std::size_t(1));
    QCOMPARE(back->findings[0].spans[0].end, std::size_t(6));
    QVERIFY(!outcomeFromJson(nlohmann::json{{"db_id", "x"}}).ok());
  }

  // Seed 001's Appendix A layout, as written there (nested hallucination lists included).
  void readsTheSeedJson() {
    auto j = nlohmann::json::parse(R"([
      {"path": [
        {"question_id": 212, "db_id": "flight_2", "question": "q1", "SQL": "SELECT count(*) FROM flights",
         "predicted_query": "SELECT COUNT(*) FROM flights WHERE a = 'x'", "evidence": "", "correct": 0,
         "error": null, "is_original": false,
         "hallucination": [[["Logic-Based: Clause Abuse", "Unexpected clause 'WHERE'"]]]},
        {"question_id": 212, "db_id": "flight_2", "question": "q2", "SQL": "SELECT count(*) FROM flights WHERE b = 1",
         "predicted_query": "SELECT COUNT(*) FROM flights WHERE a = 'x'", "evidence": "", "correct": 0,
         "error": null, "is_original": true,
         "hallucination": [["Logic-Based: Clause Abuse", "Unexpected clause 'WHERE'"],
                           ["Schema-Based: Attribute Overanalysis", "Extra column 'a'"]]}]},
      {"path": [
        {"question_id": 599, "db_id": "tvshow", "question": "q", "SQL": "SELECT Content FROM TV_Channel",
         "predicted_query": "SELECT Content FROM TV_Channel", "evidence": "", "correct": 1, "error": null,
         "is_original": true}]}])");
    auto rows = fromSeedJson(j, "gpt", "on");
    QVERIFY(rows.ok());
    QCOMPARE(rows->size(), std::size_t(3));
    QCOMPARE(rows.value()[0].caseId, std::string("212"));
    QCOMPARE(rows.value()[1].findings.size(), std::size_t(2));
    QCOMPARE(rows.value()[1].findings[1].category, std::string("Attribute Overanalysis"));
    Statistics s = computeStatistics(rows.value());
    QCOMPARE(s.groups[0].history, std::string("on"));
    const CategoryStats& ca = cat(s.groups[0], "Clause Abuse");
    QCOMPARE(ca.same.recurrent.n, std::size_t(1));
    QCOMPARE(ca.exact.recurrent.n, std::size_t(1));  // same description at both steps
    // Written back: the same layout, with model and history added to each path.
    auto back = toSeedJson(rows.value());
    QCOMPARE(back.size(), std::size_t(2));
    QCOMPARE(back[0]["path"][1]["hallucination"][1][0].get<std::string>(),
             std::string("Schema-Based: Attribute Overanalysis"));
    QCOMPARE(back[0]["model"].get<std::string>(), std::string("gpt"));
    QVERIFY(!back[1]["path"][0].contains("hallucination"));
    auto again = fromSeedJson(back, "", "");
    QVERIFY(again.ok());
    QCOMPARE(again->size(), std::size_t(3));
    QVERIFY(!fromSeedJson(nlohmann::json::object(), "", "").ok());
    QVERIFY(!fromSeedJson(nlohmann::json::parse(R"([{"steps": []}])"), "", "").ok());
  }

  void storedRunsSurviveReopening() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.hallusql").toStdString();
    std::vector<StepOutcome> rows;
    rows.push_back(
        step("a", 1, false, "SELECT nme FROM t", {tasql("Schema Contradiction", "Unknown columns", 7, 10)}));
    rows.push_back(
        step("a", 2, true, "SELECT nme FROM t", {tasql("Schema Contradiction", "Unknown columns", 7, 10)}));
    rows.push_back(step("b", 1, true, "SELECT 1", {}, true));
    for (auto r : std::vector<StepOutcome>(rows)) {
      r.history = "on";
      rows.push_back(r);
    }
    std::int64_t runId = 0;
    {
      auto w = ws::Workspace::create(path);
      QVERIFY(w.ok());
      auto id = ws::saveDrilldownRun(w.value(), "dd", "cases.json", rows);
      QVERIFY2(id.ok(), id.ok() ? "" : id.error().message.c_str());
      runId = id.value();
    }
    auto w = ws::Workspace::open(path);
    QVERIFY(w.ok());
    auto back = ws::loadDrilldownRun(w.value(), runId);
    QVERIFY(back.ok());
    QCOMPARE(back->size(), rows.size());
    Statistics a = computeStatistics(rows), b = computeStatistics(back.value());
    QCOMPARE(statisticsJson(a).dump(), statisticsJson(b).dump());
    // The run is known as a drill-down run (the Drill-down tab shows it, the Review charts skip it).
    auto runs = w->runs();
    QVERIFY(runs.ok());
    QCOMPARE(runs->size(), std::size_t(1));
    QVERIFY(ws::isDrilldownRun(runs->front()));
    ws::RunRecord review;
    review.info.settingsJson = R"({"db_root": "/data/drilldown"})";  // the word alone is no kind
    QVERIFY(!ws::isDrilldownRun(review));
  }
};

QTEST_APPLESS_MAIN(TestDrilldownStats)
#include "test_stats.moc"
