// hallusql-cli evaluate on a small fixture: a temporary SQLite database and five cases covering a
// correct-but-reordered answer, a wrong answer, a syntax error, a failed generation and a missing
// database.
#include <QtTest>

#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "support/run_cli.h"

namespace {

using hs::test::cliPath;
using hs::test::runCli;
using Run = hs::test::CliRun;

}  // namespace

class TestCliEvaluate : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(QFileInfo(cliPath()).isExecutable());
    QVERIFY(dir_.isValid());
    QDir(dir_.path()).mkdir("tiny");
    const std::string db = (dir_.path() + "/tiny/tiny.sqlite").toStdString();
    sqlite3* h = nullptr;
    QCOMPARE(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    QCOMPARE(sqlite3_exec(h,
                          "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL);"
                          "INSERT INTO t VALUES (1,'a',1.0),(2,'b',2.5),(3,'c',4.0);",
                          nullptr, nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(h);
    std::ofstream f((dir_.path() + "/cases.jsonl").toStdString());
    auto rec = [&](const char* id, const char* dbId, const char* gold, nlohmann::json pred,
                   const char* diff) {
      f << nlohmann::json{{"id", id},         {"db_id", dbId},    {"question", std::string("q ") + id},
                          {"gold_sql", gold}, {"pred_sql", pred}, {"difficulty", diff}}
               .dump()
        << "\n";
    };
    rec("ok", "tiny", "SELECT name FROM t ORDER BY id", "SELECT name FROM t ORDER BY id DESC", "simple");
    rec("wrong", "tiny", "SELECT count(*) FROM t", "SELECT count(*) FROM t WHERE id > 1", "simple");
    rec("syntax", "tiny", "SELECT name FROM t", "SELEC name FROM t", "moderate");
    rec("failed", "tiny", "SELECT name FROM t", 0, "moderate");
    rec("nodb", "absent", "SELECT 1", "SELECT 1", "moderate");
  }

  void evaluateWritesCasesAndSummary() {
    const QString out = dir_.path() + "/out.jsonl", summary = dir_.path() + "/summary.json";
    Run r = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--jobs",
                    "2", "--out", out, "--summary", summary, "--annotate", "none"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.err.contains("evaluate: 5/5 cases"));  // progress line

    std::ifstream in(out.toStdString());
    std::vector<nlohmann::json> rows;
    for (std::string line; std::getline(in, line);) rows.push_back(nlohmann::json::parse(line));
    QCOMPARE(rows.size(), std::size_t(5));
    for (const auto& j : rows) {
      for (const char* k :
           {"id", "db_id", "question", "gold_sql", "pred_sql", "exec", "ex", "soft_f1", "findings", "risk"})
        QVERIFY2(j.contains(k), k);
      QVERIFY(j["exec"].contains("gold_ok") && j["exec"].contains("pred_ok") && j["exec"].contains("error"));
      QVERIFY(j["findings"].is_array());
      QVERIFY(j["risk"].is_null());
    }
    QCOMPARE(rows[0]["id"], "ok");
    QCOMPARE(rows[0]["ex"]["set"], true);
    QCOMPARE(rows[0]["ex"]["bag"], true);
    QCOMPARE(rows[0]["ex"]["ordered"], false);
    QCOMPARE(rows[0]["soft_f1"].get<double>(), 1.0 / 3.0);  // only the middle row pairs up
    QCOMPARE(rows[1]["ex"]["set"], false);
    QVERIFY(rows[1]["ex"]["ordered"].is_null());
    QCOMPARE(rows[1]["diff"]["missing"][0]["row"][0], 3);
    QCOMPARE(rows[1]["diff"]["extra"][0]["row"][0], 2);
    QCOMPARE(rows[2]["exec"]["pred_ok"], false);
    QCOMPARE(rows[2]["exec"]["error"]["class"], "syntax");
    QCOMPARE(rows[2]["ex"]["set"], false);
    QVERIFY(rows[3]["pred_sql"].is_null());
    QCOMPARE(rows[3]["ex"]["set"], false);
    QVERIFY(rows[4]["ex"]["set"].is_null());
    QCOMPARE(rows[4]["exec"]["error"]["class"], "no_database");

    auto s = nlohmann::json::parse(r.out.constData());
    std::ifstream sf(summary.toStdString());
    auto s2 = nlohmann::json::parse(sf);
    QCOMPARE(s["ex"], s2["ex"]);
    QCOMPARE(s["counts"]["cases"], 5);
    QCOMPARE(s["ex"]["set"]["correct"], 1);
    QCOMPARE(s["ex"]["set"]["scored"], 4);
    QCOMPARE(s["ex"]["ordered"]["scored"], 1);
    QCOMPARE(s["ex"]["ordered"]["correct"], 0);
    QCOMPARE(s["by_difficulty"]["simple"]["ex_set"]["correct"], 1);
    QCOMPARE(s["by_difficulty"]["moderate"]["ex_set"]["scored"], 2);
    QCOMPARE(s["exec_errors"]["pred"]["syntax"], 1);
    QVERIFY(s["findings_per_category"].is_object() && s["findings_per_category"].empty());
    QCOMPARE(s["import"]["format"], "jsonl");
    QCOMPARE(s["import"]["warning_count"], 1);  // the failed generation
    QCOMPARE(s["import"]["warnings"][0]["code"], "generation_failed");
    QVERIFY(s["elapsed_ms"].get<double>() >= 0.0);
    // The case that cannot be scored is counted and explained once for the run (issue 28).
    QCOMPARE(s["not_scored"]["cases"], 1);
    QCOMPARE(s["not_scored"]["database_missing"]["cases"], 1);
    QCOMPARE(s["not_scored"]["database_missing"]["databases"], nlohmann::json::array({"absent.sqlite"}));
    QCOMPARE(s["not_scored"]["no_gold"]["cases"], 0);
  }

  // With the rule annotator (the default), every case with predicted SQL that ran gets a risk in
  // [0, 1] with reasons, and findings follow the contract's shape.
  void annotatedRun() {
    const QString out = dir_.path() + "/annotated.jsonl";
    Run r = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--out",
                    out, "--quiet"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(!r.err.contains("evaluate:"));  // --quiet
    std::ifstream in(out.toStdString());
    std::size_t withRisk = 0;
    for (std::string line; std::getline(in, line);) {
      auto j = nlohmann::json::parse(line);
      for (const auto& f : j["findings"]) {
        for (const char* k : {"taxonomy", "category", "subcategory", "message", "spans"})
          QVERIFY2(f.contains(k), k);
        for (const auto& sp : f["spans"]) {
          QVERIFY(sp["side"] == "pred" || sp["side"] == "gold");
          QVERIFY(sp["begin"].get<std::size_t>() <= sp["end"].get<std::size_t>());
        }
      }
      if (!j["risk"].is_null()) {
        ++withRisk;
        const double score = j["risk"]["score"].get<double>();
        QVERIFY(score >= 0.0 && score <= 1.0);
        QVERIFY(j["risk"]["reasons"].is_array());
      }
    }
    QVERIFY(withRisk >= 2);  // at least the two cases whose predicted SQL ran
  }

  // --disable-check NAME[,NAME] switches gold-free categories off by name: the syntax error case
  // keeps its other findings but loses that one; an unknown name is refused (exit 2) with the list
  // of valid names.
  void disableCheckByName() {
    auto categoriesOf = [](const QString& path, const std::string& id) {
      std::multiset<std::string> out;
      std::ifstream in(path.toStdString());
      for (std::string line; std::getline(in, line);) {
        auto j = nlohmann::json::parse(line);
        if (j["id"] == id)
          for (const auto& f : j["findings"]) out.insert(f["category"].get<std::string>());
      }
      return out;
    };
    const QString all = dir_.path() + "/all_checks.jsonl", off = dir_.path() + "/one_off.jsonl";
    Run r = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--out",
                    all, "--quiet"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    Run o = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--out",
                    off, "--disable-check", " syntax_error ,limit_tie", "--quiet"});
    QVERIFY2(o.exitCode == 0, o.err.constData());
    std::multiset<std::string> expected = categoriesOf(all, "syntax");
    QVERIFY(expected.erase("syntax_error") == 1);
    QCOMPARE(categoriesOf(off, "syntax"), expected);
    Run bad = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--out",
                      dir_.path() + "/o.jsonl", "--disable-check", "cue_count,no_such_check"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("no_such_check") && bad.err.contains("cue_count, cue_group"),
             bad.err.constData());
    Run badRun = runCli({"evaluate", "--workspace", dir_.path() + "/none.hallusql", "--run", "1",
                         "--disable-check", "no_such_check"});
    QCOMPARE(badRun.exitCode, 2);
  }

  // --risk-features exports the risk model's inputs by name; with the weights file they give the
  // score the CLI wrote (a prediction that fails to run scores 1 instead), and without the flag
  // they are not written. The summary reports the AUROC over executable predictions apart.
  void riskFeaturesGiveTheScore() {
    const QString out = dir_.path() + "/features.jsonl", summary = dir_.path() + "/features_summary.json";
    Run r = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--out",
                    out, "--summary", summary, "--risk-features", "--quiet"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    std::ifstream w(std::string(HALLUSQL_SOURCE_DIR) + "/resources/risk/weights.json");
    const auto weights = nlohmann::json::parse(w);
    std::ifstream in(out.toStdString());
    std::size_t checked = 0;
    for (std::string line; std::getline(in, line);) {
      auto j = nlohmann::json::parse(line);
      if (j["risk"].is_null()) continue;
      const auto& f = j["risk"]["features"];
      QCOMPARE(f.size(), weights["features"].size());
      double z = weights["bias"].get<double>();
      for (std::size_t i = 0; i < weights["features"].size(); ++i)
        z += weights["weights"][i].get<double>() *
             f.at(weights["features"][i].get<std::string>()).get<double>();
      const double byHand = f["execution_error"].get<double>() > 0 ? 1.0 : 1.0 / (1.0 + std::exp(-z));
      QVERIFY2(std::abs(j["risk"]["score"].get<double>() - byHand) < 1e-12, line.c_str());
      ++checked;
    }
    QVERIFY(checked >= 2);
    std::ifstream sin(summary.toStdString());
    const auto s = nlohmann::json::parse(sin);
    QVERIFY(s["risk"].contains("executable"));
    QVERIFY(s["risk"]["executable"]["cases"].get<std::size_t>() < s["risk"]["cases"].get<std::size_t>());
    QVERIFY(s["risk"]["calibration"]["ece_10"].is_number());
    QVERIFY(s["risk"]["executable"]["ece_10"].is_number());  // calibration on executable ones too
    QCOMPARE(s["risk"]["calibration"]["bins"].size(), std::size_t(10));
    std::ifstream plain((dir_.path() + "/annotated.jsonl").toStdString());  // annotatedRun: no flag
    for (std::string line; std::getline(plain, line);) {
      auto j = nlohmann::json::parse(line);
      QVERIFY(j["risk"].is_null() || !j["risk"].contains("features"));
    }
  }

  // --type-features exports the learned C1..C10 labels' inputs (tests/fit/fit_types.py reads them):
  // the names once in the summary, one value per name on each case whose rules give a C-type,
  // nothing on the others.
  void typeFeaturesFollowTheSummarysNames() {
    const QString out = dir_.path() + "/types.jsonl", summary = dir_.path() + "/types_summary.json";
    Run r = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", dir_.path(), "--out",
                    out, "--summary", summary, "--type-features", "--quiet"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    std::ifstream sin(summary.toStdString());
    const auto names = nlohmann::json::parse(sin)["type_feature_names"];
    QVERIFY(names.size() > 100);
    std::ifstream in(out.toStdString());
    std::set<std::string> with;
    for (std::string line; std::getline(in, line);) {
      auto j = nlohmann::json::parse(line);
      if (!j.contains("type_features")) continue;
      QCOMPARE(j["type_features"].size(), names.size());
      with.insert(j["id"].get<std::string>());
    }
    // "ok" reverses the gold's order (C9), "wrong" adds a condition; the other three have no C-type.
    QCOMPARE(with, (std::set<std::string>{"ok", "wrong"}));
  }

  // --timeout-ms is the time limit of a whole case: a case whose gold and predicted SQL are slow
  // stops at it once, says where, and skips the rest; the next case is scored as usual. The same
  // limit holds for `evaluate --workspace W --run ID` (the Review tab's workflow).
  void timeLimitIsPerCase() {
    const QString cases = dir_.path() + "/slow.jsonl", out = dir_.path() + "/slow_out.jsonl";
    const std::string slow =
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) "
        "SELECT count(*) FROM n";
    {
      std::ofstream f(cases.toStdString());
      f << nlohmann::json{{"id", "slow"},
                          {"db_id", "tiny"},
                          {"question", "q"},
                          {"gold_sql", slow},
                          {"pred_sql", slow}}
               .dump()
        << "\n"
        << nlohmann::json{{"id", "fast"},
                          {"db_id", "tiny"},
                          {"question", "q"},
                          {"gold_sql", "SELECT count(*) FROM t"},
                          {"pred_sql", "SELECT count(*) FROM t"}}
               .dump()
        << "\n";
    }
    const QString wsPath = dir_.path() + "/slow.hallusql";
    Run r = runCli({"evaluate", "--cases", cases, "--db-root", dir_.path(), "--out", out, "--timeout-ms",
                    "300", "--quiet", "--workspace", wsPath});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    std::ifstream in(out.toStdString());
    std::vector<nlohmann::json> rows;
    for (std::string line; std::getline(in, line);) rows.push_back(nlohmann::json::parse(line));
    QCOMPARE(rows.size(), std::size_t(2));
    const nlohmann::json& t = rows[0]["time_limit"];
    QVERIFY2(t.is_object(), rows[0].dump().c_str());
    QCOMPARE(t["limit_ms"], 300);
    QCOMPARE(t["step"], "gold_sql");
    QVERIFY(t["message"].get<std::string>().find("time limit of 300 ms was reached in the gold SQL") !=
            std::string::npos);
    QCOMPARE(rows[0]["exec"]["pred_error"]["class"], "timeout");
    QVERIFY(rows[0]["exec"]["pred_error"]["message"].get<std::string>().rfind("not run", 0) == 0);
    QVERIFY(rows[0]["ex"]["set"].is_null());
    QVERIFY(rows[1]["time_limit"].is_null());
    QCOMPARE(rows[1]["ex"]["set"], true);
    QCOMPARE(nlohmann::json::parse(r.out.constData())["counts"]["time_limited"], 1);

    Run again = runCli({"evaluate", "--workspace", wsPath, "--run", "1", "--timeout-ms", "300", "--quiet"});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    const auto j = nlohmann::json::parse(again.out.toStdString());
    QCOMPARE(j["saved"], 2);
    QCOMPARE(j["time_limited"], 1);
    QCOMPARE(runCli({"evaluate", "--workspace", wsPath, "--run", "1", "--timeout-ms", "0"}).exitCode, 2);
  }

  void badInputExitsWithTwo() {
    Run missingOut = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl"});
    QCOMPARE(missingOut.exitCode, 2);
    QVERIFY(missingOut.err.contains("missing --out"));
    Run noFile = runCli({"evaluate", "--cases", dir_.path() + "/nope.jsonl", "--format", "jsonl", "--out",
                         dir_.path() + "/o.jsonl"});
    QCOMPARE(noFile.exitCode, 2);
    auto e = nlohmann::json::parse(noFile.err.constData());
    QCOMPARE(e["error"]["code"], "io");
    QVERIFY(e["error"]["where"].get<std::string>().find("nope.jsonl") != std::string::npos);
    Run badAnnotate = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--annotate", "llm",
                              "--out", dir_.path() + "/o.jsonl"});
    QCOMPARE(badAnnotate.exitCode, 2);
    Run badFormat = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--format", "xml", "--out",
                            dir_.path() + "/o.jsonl"});
    QCOMPARE(badFormat.exitCode, 2);
  }

  void unwritableOutputIsRefused() {
    // An output path in a folder that is not there: refused before any work, saying which file and
    // why (the same error from every batch command, engine/core/output_file.h).
    const QString lost = dir_.path() + "/no-such-folder/o.jsonl";
    Run badOut = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--out", lost});
    QCOMPARE(badOut.exitCode, 2);
    auto o = nlohmann::json::parse(badOut.err.constData());
    QCOMPARE(o["error"]["code"], "io");
    QCOMPARE(o["error"]["where"].get<std::string>(), lost.toStdString());
    QCOMPARE(o["error"]["message"].get<std::string>(),
             std::string("cannot write the output file: No such file or directory"));
    Run badSummary = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--annotate", "none",
                             "--out", dir_.path() + "/o.jsonl", "--summary", lost});
    QCOMPARE(badSummary.exitCode, 2);
    QVERIFY(badSummary.err.contains("cannot write the summary file"));
  }

  void workspaceRunThroughTheWorkflow() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    Run r = runCli({"evaluate", "--workspace", QString::fromStdString(demo->workspacePath), "--run",
                    QString::number(demo->runId), "--batch", "4"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["total"].get<std::size_t>(), demo->caseCount);
    QCOMPARE(j["saved"].get<std::size_t>(), demo->caseCount);
    QCOMPARE(j["cancelled"].get<bool>(), false);
    auto ws = hs::ws::Workspace::open(demo->workspacePath);
    QVERIFY(ws.ok());
    QCOMPARE(hs::ws::evaluatedCount(*ws, demo->runId).value(), static_cast<std::int64_t>(demo->caseCount));
    // A run that does not exist is bad input.
    QCOMPARE(runCli({"evaluate", "--workspace", QString::fromStdString(demo->workspacePath), "--run", "999"})
                 .exitCode,
             2);
  }

  void workspaceKeepsAnAbsoluteDatabaseFolder() {
    // `--db-root` relative to the shell's folder: the run must still find its databases when the
    // GUI (or a later `evaluate --workspace`) starts in another folder. It scored 0 cases there.
    const QString rel = QDir::current().relativeFilePath(dir_.path());
    QVERIFY(QDir::isRelativePath(rel));
    const QString wsPath = dir_.path() + "/rel.hallusql";
    Run r = runCli({"evaluate", "--cases", dir_.path() + "/cases.jsonl", "--db-root", rel, "--annotate",
                    "none", "--out", dir_.path() + "/rel.jsonl", "--workspace", wsPath});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    auto ws = hs::ws::Workspace::open(wsPath.toStdString());
    QVERIFY(ws.ok());
    auto runs = ws->runs();
    QVERIFY(runs.ok() && runs->size() == 1);
    const std::string stored = hs::workflow::runDbRoot(runs->front().info.settingsJson);
    QVERIFY2(std::filesystem::path(stored).is_absolute(), stored.c_str());
    QCOMPARE(QDir(QString::fromStdString(stored)).canonicalPath(), QDir(dir_.path()).canonicalPath());
  }

  // The learned C1..C10 labels are the default; --rule-types asks for the rules' own, and a run
  // stored in a workspace remembers which (the Review tab's Evaluate labels it the same way again).
  void ruleTypesAreOneFlagAway() {
    auto storedSetting = [&](const QString& wsPath) {
      auto ws = hs::ws::Workspace::open(wsPath.toStdString());
      auto runs = ws->runs();
      return runs.ok() && runs->size() == 1 ? runs->front().info.settingsJson : std::string();
    };
    const QString cases = dir_.path() + "/cases.jsonl";
    for (const char* flag : {"", "--rule-types", "--learned-types"}) {
      const QString wsPath = dir_.path() + "/types" + flag + ".hallusql";
      QStringList args{"evaluate",
                       "--cases",
                       cases,
                       "--db-root",
                       dir_.path(),
                       "--out",
                       dir_.path() + "/types_run.jsonl",
                       "--workspace",
                       wsPath,
                       "--quiet"};
      if (*flag) args << flag;
      Run r = runCli(args);
      QVERIFY2(r.exitCode == 0, r.err.constData());
      const std::string settings = storedSetting(wsPath);
      QCOMPARE(hs::workflow::runUsesLearnedTypes(settings), std::string(flag) != "--rule-types");
      QVERIFY2(settings.find("\"learned_types\"") != std::string::npos, settings.c_str());
    }
    Run both = runCli({"evaluate", "--cases", cases, "--db-root", dir_.path(), "--out",
                       dir_.path() + "/both.jsonl", "--learned-types", "--rule-types"});
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("--rule-types"), both.err.constData());
  }
};

QTEST_GUILESS_MAIN(TestCliEvaluate)
#include "test_cli_evaluate.moc"
