// Runs and workspaces: rename, settings, unique names, delete with everything hanging off a run (one
// transaction), Save As through VACUUM INTO, EX ignoring column order as a run setting, which field
// of the import a file belongs in, the default run name, and the report workflow the CLI and the
// window share.
#include <QtTest>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/report/report_job.h"
#include "engine/report/report_render.h"
#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/import/import.h"
#include "engine/workspace/migrations.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"
#include "support/shared_data.h"

namespace fs = std::filesystem;
using hs::ws::Workspace;

namespace {

std::string pathIn(const QTemporaryDir& dir, const char* name) {
  return dir.filePath(name).toStdString();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

void rawExec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  QVERIFY2(rc == SQLITE_OK, err ? err : "");
  sqlite3_close(db);
}

hs::Case makeCase(int i, const std::string& gold = "SELECT 1", const std::string& pred = "SELECT 2") {
  hs::Case c;
  c.id = "t:" + std::to_string(i);
  c.dbId = "shop";
  c.question = "Question " + std::to_string(i);
  c.goldSql = gold;
  c.predSql = pred;
  return c;
}

// A workspace with two runs of two cases; the first run's first case has a finding, a score and an
// annotation.
struct Fixture {
  QTemporaryDir dir;
  std::string path;
  std::optional<Workspace> ws;
  std::int64_t runA = 0, runB = 0;
  std::vector<std::int64_t> casesA, casesB;
};

std::unique_ptr<Fixture> makeFixture() {
  auto f = std::make_unique<Fixture>();
  f->path = pathIn(f->dir, "w.hallusql");
  auto ws = Workspace::create(f->path);
  if (!ws) return nullptr;
  f->ws.emplace(std::move(*ws));
  f->runA = f->ws->createRun({"dev", "gpt-4", "/d/dev.json", "{}"}).value();
  f->runB = f->ws->createRun({"other", "", "", "{}"}).value();
  f->casesA = f->ws->insertCases(f->runA, {makeCase(0), makeCase(1)}).value();
  f->casesB = f->ws->insertCases(f->runB, {makeCase(2), makeCase(3)}).value();
  hs::eval::CaseOutcome o;
  o.exSet = false;
  o.findings.push_back({"mrsqlgen", "C1", "", "operator", {{"pred", 0, 6}}, "rule", 1.0, ""});
  if (!hs::ws::saveOutcomes(*f->ws, {{f->casesA[0], &o}})) return nullptr;
  hs::ws::AnnotationRecord a;
  a.caseId = f->casesA[0];
  a.annotator = "ana";
  a.verdict = "confirmed";
  if (!hs::ws::insertAnnotation(*f->ws, a)) return nullptr;
  return f;
}

std::int64_t countWhere(const Workspace& ws, const std::string& sql) {
  return hs::ws::queryInt(ws.handle(), sql, ws.path()).value();
}

}  // namespace

class TestWorkspaceRuns : public QObject {
  Q_OBJECT
 private slots:
  void renameKeepsEverythingAndRefusesEmptyNames() {
    auto f = makeFixture();
    QVERIFY(f);
    QVERIFY(f->ws->renameRun(f->runA, "  dev · GPT-4  "));
    QCOMPARE(f->ws->run(f->runA)->info.name, std::string("dev · GPT-4"));
    QCOMPARE(f->ws->caseCount(f->runA).value(), 2);
    auto empty = f->ws->renameRun(f->runA, "   ");
    QVERIFY(!empty);
    QCOMPARE(empty.error().code, std::string("empty_name"));
    QCOMPARE(f->ws->run(f->runA)->info.name, std::string("dev · GPT-4"));
    QVERIFY(!f->ws->renameRun(9999, "x"));
  }

  void runSettingsMergeKeys() {
    auto f = makeFixture();
    QVERIFY(f);
    QVERIFY(f->ws->setRunSetting(f->runA, "db_root", "\"/data/spider/database\""));
    QVERIFY(f->ws->setRunSetting(f->runA, "ignore_column_order", "true"));
    auto settings = nlohmann::json::parse(f->ws->run(f->runA)->info.settingsJson);
    QCOMPARE(settings["db_root"].get<std::string>(), std::string("/data/spider/database"));
    QCOMPARE(settings["ignore_column_order"].get<bool>(), true);
    QCOMPARE(hs::workflow::runDbRoot(f->ws->run(f->runA)->info.settingsJson),
             std::string("/data/spider/database"));
    QVERIFY(hs::workflow::runIgnoresColumnOrder(f->ws->run(f->runA)->info.settingsJson));
    QVERIFY(f->ws->setRunSetting(f->runA, "ignore_column_order", ""));  // removed
    QVERIFY(!hs::workflow::runIgnoresColumnOrder(f->ws->run(f->runA)->info.settingsJson));
    QCOMPARE(hs::workflow::runDbRoot(f->ws->run(f->runA)->info.settingsJson),
             std::string("/data/spider/database"));
    QVERIFY(!f->ws->setRunSetting(f->runA, "db_root", "not json"));
    QVERIFY(!f->ws->setRunSetting(9999, "db_root", "1"));
    // The other run is untouched.
    QCOMPARE(f->ws->run(f->runB)->info.settingsJson, std::string("{}"));
  }

  void unusedRunNameCountsUp() {
    auto f = makeFixture();
    QVERIFY(f);
    QCOMPARE(f->ws->unusedRunName("fresh").value(), std::string("fresh"));
    QCOMPARE(f->ws->unusedRunName("dev").value(), std::string("dev (2)"));
    QVERIFY(f->ws->createRun({"dev (2)", "", "", "{}"}));
    QCOMPARE(f->ws->unusedRunName("dev").value(), std::string("dev (3)"));
  }

  void deleteRunRemovesWhatHangsOffItOnly() {
    auto f = makeFixture();
    QVERIFY(f);
    const std::string ofA =
        " WHERE case_id IN (SELECT id FROM cases WHERE run_id = " + std::to_string(f->runA) + ")";
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM findings" + ofA), 1);
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM annotations" + ofA), 1);
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM case_scores" + ofA), 1);
    QVERIFY(f->ws->deleteRun(f->runA));
    QVERIFY(!f->ws->run(f->runA));
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM cases"), 2);  // run B's
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM findings"), 0);
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM annotations"), 0);
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM case_scores"), 0);
    QCOMPARE(f->ws->caseCount(f->runB).value(), 2);
    QVERIFY(!f->ws->deleteRun(f->runA));  // gone
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
  }

  void deleteRunIsAllOrNothingUnderAWriter() {
    auto f = makeFixture();
    QVERIFY(f);
    // Another connection holds the write lock: the delete fails as a whole (busy), nothing goes.
    sqlite3* other = nullptr;
    QCOMPARE(sqlite3_open(f->path.c_str(), &other), SQLITE_OK);
    QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_busy_timeout(f->ws->handle(), 50);
    QVERIFY(!f->ws->deleteRun(f->runA));
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
    QCOMPARE(f->ws->caseCount(f->runA).value(), 2);
    QCOMPARE(countWhere(*f->ws, "SELECT count(*) FROM annotations"), 1);
  }

  void saveCopyWritesAWholeWorkspaceElsewhere() {
    auto f = makeFixture();
    QVERIFY(f);
    const std::string copy = pathIn(f->dir, "copy.hallusql");
    QVERIFY(f->ws->saveCopy(copy));
    QVERIFY(hs::ws::isWorkspaceFile(copy));
    {
      auto c = Workspace::open(copy);
      QVERIFY(c);
      QCOMPARE(c->runs()->size(), std::size_t{2});
      QCOMPARE(c->caseCount(f->runA).value(), 2);
      QCOMPARE(countWhere(*c, "SELECT count(*) FROM annotations"), 1);
      QCOMPARE(c->schemaVersion().value(), hs::ws::currentSchemaVersion());
      QCOMPARE(hs::ws::queryInt(c->handle(),
                                "SELECT count(*) FROM pragma_integrity_check WHERE "
                                "integrity_check <> 'ok'",
                                copy)
                   .value(),
               0);
      QVERIFY(c->renameRun(f->runA, "changed in the copy"));
    }
    // The original is separate and still open.
    QCOMPARE(f->ws->run(f->runA)->info.name, std::string("dev"));
    QCOMPARE(f->ws->path(), fs::absolute(f->path).lexically_normal().string());
    // Refusals: itself, an existing file (unless replacing a workspace), a non-workspace, no folder.
    QCOMPARE(f->ws->saveCopy(f->path).error().code, std::string("same_file"));
    QCOMPARE(f->ws->saveCopy(copy).error().code, std::string("exists"));
    const std::string text = pathIn(f->dir, "notes.txt");
    writeText(text, "keep me");
    QVERIFY(!f->ws->saveCopy(text, true));
    std::ifstream in(text);
    std::string kept((std::istreambuf_iterator<char>(in)), {});
    QCOMPARE(kept, std::string("keep me"));
    QVERIFY(!f->ws->saveCopy(pathIn(f->dir, "no/such/dir.hallusql")));
    // Replacing an older workspace: the copy holds the original's runs again.
    QVERIFY(f->ws->saveCopy(copy, true));
    QCOMPARE(Workspace::open(copy)->run(f->runA)->info.name, std::string("dev"));
    // No temporary sibling is left behind.
    for (const auto& entry : fs::directory_iterator(f->dir.path().toStdString()))
      QVERIFY2(entry.path().filename().string().find(".tmp-") == std::string::npos, entry.path().c_str());
  }

  void demoWorkspaceIsKnownUntilItsCopyIsUnmarked() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo);
    auto ws = Workspace::open(demo->workspacePath);
    QVERIFY(ws);
    QVERIFY(hs::ws::isDemoWorkspace(*ws));
    const std::string copy = pathIn(dir, "mine.hallusql");
    QVERIFY(ws->saveCopy(copy));
    auto mine = Workspace::open(copy);
    QVERIFY(hs::ws::isDemoWorkspace(*mine));
    QVERIFY(hs::ws::unmarkDemo(*mine));
    QVERIFY(!hs::ws::isDemoWorkspace(*mine));
    QVERIFY(hs::ws::isDemoWorkspace(*ws));
    auto fixture = makeFixture();
    QVERIFY(!hs::ws::isDemoWorkspace(*fixture->ws));
  }

  void evaluationIgnoresColumnOrderWhenTheRunSaysSo() {
    QTemporaryDir dir;
    const std::string db = pathIn(dir, "shop.sqlite");
    rawExec(db, "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2, 'y');");
    const std::string path = pathIn(dir, "w.hallusql");
    auto ws = Workspace::create(path);
    QVERIFY(ws);
    const std::string settings = nlohmann::json{{"db_root", dir.path().toStdString()}}.dump();
    const auto run = ws->createRun({"r", "", "", settings}).value();
    QVERIFY(ws->insertCases(run, {makeCase(0, "SELECT a, b FROM t", "SELECT b, a FROM t"),
                                  makeCase(1, "SELECT a, b FROM t", "SELECT a FROM t")}));
    auto evaluate = [&]() {
      auto r = hs::workflow::evaluateRun(path, run, {});
      QVERIFY(!r.error);
      QCOMPARE(r.saved, std::size_t{2});
    };
    evaluate();
    auto rows = hs::ws::caseSummaries(*ws, run).value();
    QCOMPARE(rows[0].exSet, std::optional<bool>(false));
    QVERIFY(!rows[0].exSetAnyOrder);  // not asked for: not scored
    QVERIFY(ws->setRunSetting(run, "ignore_column_order", "true"));
    evaluate();
    rows = hs::ws::caseSummaries(*ws, run).value();
    QCOMPARE(rows[0].exSet, std::optional<bool>(false));
    QCOMPARE(rows[0].exSetAnyOrder, std::optional<bool>(true));
    QCOMPARE(rows[1].exSetAnyOrder, std::optional<bool>(false));
    QCOMPARE(hs::ws::loadOutcome(*ws, rows[0].caseId).value()->exSetAnyColumnOrder,
             std::optional<bool>(true));
  }

  void fileRolesTellWhichFieldAFileBelongsIn() {
    QTemporaryDir dir;
    using hs::ws::import::FileRole;
    const std::string bird = pathIn(dir, "predict_dev.json");
    writeText(bird,
              "{\n \"0\": \"SELECT 1\\t----- bird -----\\tcalifornia_schools\",\n \"1\": \"SELECT 2\"\n}\n");
    QCOMPARE(hs::ws::import::guessFileRole(bird).role, FileRole::Predictions);
    const std::string dev = pathIn(dir, "dev.json");
    writeText(dev, R"([{"db_id": "shop", "question": "q?", "query": "SELECT 1"}])");
    const auto devGuess = hs::ws::import::guessFileRole(dev);
    QCOMPARE(devGuess.role, FileRole::Cases);
    QCOMPARE(devGuess.format, hs::ws::import::Format::Spider);
    const std::string gold = pathIn(dir, "dev_gold.sql");
    writeText(gold, "SELECT 1\tshop\nSELECT 2\tshop\n");
    QCOMPARE(hs::ws::import::guessFileRole(gold).role, FileRole::Cases);
    const std::string pred = pathIn(dir, "Llama3-8B.sql");
    writeText(pred, "SELECT 1\nSELECT 2\n");
    QCOMPARE(hs::ws::import::guessFileRole(pred).role, FileRole::Predictions);
    const std::string jsonl = pathIn(dir, "run.jsonl");
    writeText(jsonl, "{\"gold_sql\": \"SELECT 1\", \"pred_sql\": \"SELECT 1\"}\n");
    QCOMPARE(hs::ws::import::guessFileRole(jsonl).role, FileRole::Cases);
    QCOMPARE(hs::ws::import::guessFileRole(pathIn(dir, "missing.json")).role, FileRole::Unknown);
  }

  void realBenchmarkFilesAreCases() {
    HS_REQUIRE_SHARED_DATA();
    using hs::ws::import::FileRole;
    for (const char* f : {"spider/dev.json", "spider/dev_gold.sql", "bird_minidev/mini_dev_sqlite.json",
                          "predictions/spider_dev/gpt4_DIN-SQL.csv"}) {
      const auto guess = hs::ws::import::guessFileRole(hs::test::sharedPath(QString::fromLatin1(f)));
      QVERIFY2(guess.role == FileRole::Cases, f);
    }
  }

  void runNamesComeFromTheFilesAndTheModel() {
    using hs::ws::import::defaultRunName;
    using hs::ws::import::modelFromPredictionFile;
    QCOMPARE(modelFromPredictionFile("/p/Llama3-8B.sql"), std::string("Llama3-8B"));
    QCOMPARE(modelFromPredictionFile("/p/predict_dev.json"), std::string());
    QCOMPARE(modelFromPredictionFile(""), std::string());
    QCOMPARE(defaultRunName("/b/dev.json", "/p/Llama3-8B.sql", ""), std::string("dev · Llama3-8B"));
    QCOMPARE(defaultRunName("/b/dev.json", "/p/predict_dev.json", ""), std::string("dev"));
    QCOMPARE(defaultRunName("/b/dev.json", "/p/predict_dev.json", "gpt-4"), std::string("dev · gpt-4"));
    QCOMPARE(defaultRunName("/b/gpt4.csv", "", ""), std::string("gpt4"));
  }

  void htmlAppendixCanBeCappedForPrinting() {
    hs::report::ReportInput in;
    in.runName = "r";
    for (int i = 0; i < 3; ++i) {
      hs::report::ReportCase rc;
      rc.kase = makeCase(i);
      rc.annotations.push_back({"ana", "incorrect", "", "", "", "2026-11-23T10:00:00Z", {}});
      in.cases.push_back(rc);
    }
    const std::string all = hs::report::renderHtml(in).value();
    QVERIFY(all.find("id=\"case-3\"") != std::string::npos);
    QVERIFY(all.find("class=more") == std::string::npos);
    const std::string capped = hs::report::renderHtml(in, {2}).value();
    QVERIFY(capped.find("id=\"case-2\"") != std::string::npos);
    QVERIFY(capped.find("id=\"case-3\"") == std::string::npos);
    QVERIFY(capped.find("not printed here (see the HTML report or the CSV / JSON Lines data): 1") !=
            std::string::npos);
  }

  void cancelStopsChromiumWhilePrinting() {
    if (!QFileInfo::exists(QStringLiteral("/usr/bin/chromium")) &&
        qEnvironmentVariableIsEmpty("HALLUSQL_CHROMIUM"))
      QSKIP("Chromium is not installed");
    QTemporaryDir dir;
    hs::report::ReportInput in;
    in.runName = "r";
    const std::string pdf = pathIn(dir, "r.pdf");
    std::atomic<bool> cancel{true};  // set before: Chromium is started and stopped at its first check
    auto printed = hs::report::renderPdf(in, pdf, &cancel);
    QVERIFY(!printed);
    QCOMPARE(printed.error().kind, hs::ErrorKind::Cancelled);
    QVERIFY(!fs::exists(pdf));
  }

  void reportWorkflowWritesEachFormatAndHonoursCancel() {
    auto f = makeFixture();
    QVERIFY(f);
    using hs::report::ReportFormat;
    for (ReportFormat format : {ReportFormat::Html, ReportFormat::Csv, ReportFormat::Jsonl}) {
      hs::report::ReportRequest request;
      request.workspacePath = f->path;
      request.runId = f->runA;
      request.format = format;
      request.outPath = pathIn(f->dir, (std::string("r.") + hs::report::formatName(format)).c_str());
      std::vector<std::size_t> steps;
      auto written =
          hs::report::writeReport(request, [&](const hs::workflow::Progress& p) { steps.push_back(p.done); });
      QVERIFY2(written, written ? "" : written.error().describe().c_str());
      QCOMPARE(written->runName, std::string("dev"));
      QCOMPARE(written->cases, std::size_t{2});
      QVERIFY(written->bytes > 0);
      QCOMPARE(written->bytes, fs::file_size(request.outPath));
      QCOMPARE(steps.back(), std::size_t{3});
    }
    QCOMPARE(hs::report::reportFormatFromString("pdf"), std::optional<ReportFormat>(ReportFormat::Pdf));
    QVERIFY(!hs::report::reportFormatFromString("docx"));
    // Two runs and no choice: an error naming them; a cancelled report writes nothing.
    hs::report::ReportRequest ambiguous;
    ambiguous.workspacePath = f->path;
    ambiguous.outPath = pathIn(f->dir, "x.html");
    QCOMPARE(hs::report::writeReport(ambiguous).error().code, std::string("which_run"));
    hs::workflow::CancelToken cancel;
    cancel.cancel();
    ambiguous.runId = f->runB;
    auto cancelled = hs::report::writeReport(ambiguous, {}, cancel);
    QVERIFY(!cancelled);
    QCOMPARE(cancelled.error().kind, hs::ErrorKind::Cancelled);
    QVERIFY(!fs::exists(ambiguous.outPath));
  }
};

QTEST_GUILESS_MAIN(TestWorkspaceRuns)
#include "test_workspace_runs.moc"
