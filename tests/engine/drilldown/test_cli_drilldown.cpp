// hallusql-cli drilldown decompose / run / stats end to end (BIRD mini-dev without databases,
// Spider dev with them, the fake LLM server, a workspace, seed 001's JSON, usage errors).
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "../llm/llm_test_support.h"
#include "support/run_cli.h"
#include "support/shared_data.h"

namespace {

struct Run {
  int exitCode = -1;
  nlohmann::json out;
  QByteArray err;
};

Run runCli(const QStringList& args) {
  hs::test::CliRun r = hs::test::runCli(args, 170000);
  return {r.exitCode, nlohmann::json::parse(r.out.toStdString(), nullptr, false), r.err};
}

std::vector<nlohmann::json> readJsonl(const QString& path) {
  std::vector<nlohmann::json> rows;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return rows;
  for (const QByteArray& line : f.readAll().split('\n'))
    if (!line.trimmed().isEmpty()) rows.push_back(nlohmann::json::parse(line.toStdString()));
  return rows;
}

}  // namespace

class TestCliDrilldown : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void usageErrors() {
    auto r =
        runCli({"drilldown", "decompose", "--cases", "/nonexistent.json", "--out", dir_.filePath("x.jsonl")});
    QCOMPARE(r.exitCode, 2);
    r = runCli({"drilldown", "stats", "--in", "/nonexistent.jsonl"});
    QCOMPARE(r.exitCode, 2);
    r = runCli({"drilldown", "run", "--cases", "x", "--db-root", "y", "--out", "z", "--history", "sometimes",
                "--base-url", "http://127.0.0.1:1/v1", "--model", "m"});
    QCOMPARE(r.exitCode, 2);
  }

  // --timeout-ms bounds all the statements of one case together: a case whose steps are slow stops
  // once and says where, the next case is decomposed as usual.
  void decomposeTimeLimitIsPerCase() {
    QDir(dir_.path()).mkpath("root/big");
    {
      sqlite3* h = nullptr;
      QCOMPARE(sqlite3_open(dir_.filePath("root/big/big.sqlite").toUtf8().constData(), &h), SQLITE_OK);
      QCOMPARE(sqlite3_exec(h,
                            "CREATE TABLE t(x INTEGER); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT "
                            "i + 1 FROM n WHERE i < 1000) INSERT INTO t SELECT i FROM n;",
                            nullptr, nullptr, nullptr),
               SQLITE_OK);
      sqlite3_close(h);
    }
    const QString cases = dir_.filePath("slow_cases.jsonl"), out = dir_.filePath("slow_paths.jsonl");
    {
      QFile f(cases);
      QVERIFY(f.open(QIODevice::WriteOnly));
      const char* slow = "SELECT count(*) FROM t AS a, t AS b, t AS c, t AS d WHERE a.x > 0 AND b.x > 0";
      f.write(nlohmann::json{{"id", "slow"}, {"db_id", "big"}, {"question", "q"}, {"gold_sql", slow}}
                  .dump()
                  .c_str());
      f.write("\n");
      f.write(nlohmann::json{
          {"id", "fast"}, {"db_id", "big"}, {"question", "q"}, {"gold_sql", "SELECT x FROM t WHERE x < 3"}}
                  .dump()
                  .c_str());
      f.write("\n");
    }
    auto r = runCli({"drilldown", "decompose", "--cases", cases, "--db-root", dir_.filePath("root"), "--out",
                     out, "--timeout-ms", "300"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out["time_limited"].get<int>(), 1);
    auto rows = readJsonl(out);
    QCOMPARE(rows.size(), std::size_t(2));
    const auto& t = rows[0]["time_limit"];
    QVERIFY2(t.is_object(), rows[0].dump().c_str());
    QCOMPARE(t["limit_ms"].get<int>(), 300);
    QCOMPARE(t["step"].get<std::string>(), std::string("step"));
    QCOMPARE(t["index"].get<int>(), 1);
    QCOMPARE(rows[0]["steps"][1]["exec"]["ran"].get<bool>(), false);
    QVERIFY(rows[0]["final_equals_original"].is_null());
    QVERIFY(rows[1]["time_limit"].is_null());
    QCOMPARE(rows[1]["final_equals_original"].get<bool>(), true);
    // The option is checked and listed in the usage line.
    auto bad = runCli({"drilldown", "decompose", "--cases", cases, "--out", out, "--timeout-ms", "0"});
    QCOMPARE(bad.exitCode, 2);
    bool listed = false;
    for (const QByteArray& line : hs::test::runCli({"--help"}).out.split('\n'))
      listed = listed || (line.trimmed().startsWith("drilldown decompose") && line.contains("--timeout-ms"));
    QVERIFY(listed);
  }

  void decomposeBirdWithoutDatabases() {
    HS_REQUIRE_SHARED_DATA();
    const QString out = dir_.filePath("bird.jsonl");
    auto r = runCli({"drilldown", "decompose", "--cases",
                     QString::fromStdString(hs::test::sharedPath("bird_minidev/mini_dev_sqlite.json")),
                     "--out", out});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out["cases"].get<int>(), 500);
    QCOMPARE(r.out["decomposed"].get<int>(), 500);
    QCOMPARE(r.out["static_ok"].get<int>(), 500);
    QVERIFY(r.out["steps"].get<int>() > 1000);
    auto rows = readJsonl(out);
    QCOMPARE(rows.size(), std::size_t(500));
    QVERIFY(rows[0]["final_equals_original"].is_null());
    QVERIFY(rows[0]["steps"].back()["final"].get<bool>());
    for (const char* k : {"id", "db_id", "sql", "steps", "merged"}) QVERIFY(rows[0].contains(k));
  }

  void runAndStatsAgainstTheFakeServer() {
    HS_REQUIRE_SHARED_DATA();
    hs::test::FakeLlmServer server(hs::test::fakeLlmScript());
    server.setDefault({{"content", "{echo}"}});
    const QString cases = dir_.filePath("cases.jsonl");
    {
      QFile f(cases);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(
          R"({"id": "a", "db_id": "concert_singer", "question": "French singers older than 30?", "gold_sql": "SELECT name FROM singer WHERE age > 30 AND country = 'France'"})"
          "\n");
      f.write(
          R"({"id": "b", "db_id": "concert_singer", "question": "How many singers?", "gold_sql": "SELECT count(*) FROM singer"})"
          "\n");
    }
    const QString run = dir_.filePath("run.jsonl"), seed = dir_.filePath("seed.json"),
                  ws = dir_.filePath("w.hallusql");
    QCOMPARE(runCli({"workspace", "--create", ws}).exitCode, 0);
    auto r = runCli({"drilldown",   "run",
                     "--cases",     cases,
                     "--format",    "jsonl",
                     "--db-root",   QString::fromStdString(hs::test::sharedPath("spider/database")),
                     "--history",   "both",
                     "--out",       run,
                     "--seed-json", seed,
                     "--workspace", ws,
                     "--base-url",  QString::fromStdString(server.baseUrl()),
                     "--model",     "fake"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.out["cases"].get<int>(), 2);
    QCOMPARE(r.out["rows"].get<int>(), 2 * (3 + 1));
    QCOMPARE(r.out["llm_calls"].get<int>(), 4 + 2 * 4);
    auto rows = readJsonl(run);
    QCOMPARE(rows.size(), std::size_t(8));
    for (const char* k : {"id", "db_id", "model", "history", "step", "final", "question", "gold_sql",
                          "pred_sql", "ex", "soft_f1", "findings"})
      QVERIFY2(rows[0].contains(k), k);
    auto s = runCli({"drilldown", "stats", "--in", run, "--csv", dir_.filePath("s.csv")});
    QCOMPARE(s.exitCode, 0);
    QCOMPARE(s.out["groups"].size(), std::size_t(2));
    const auto& c = s.out["groups"][0]["categories"][0];
    for (const char* k : {"category", "recurrent", "emergent", "in_final", "in_earlier", "exact"})
      QVERIFY2(c.contains(k), k);
    QVERIFY(c["recurrent"].contains("N"));
    QVERIFY(QFile(dir_.filePath("s.csv")).size() > 100);
    // The same statistics from seed 001's JSON and from the workspace.
    auto fromSeed = runCli({"drilldown", "stats", "--in", seed});
    QCOMPARE(fromSeed.exitCode, 0);
    QCOMPARE(fromSeed.out["groups"].size(), std::size_t(2));
    auto fromWs = runCli({"drilldown", "stats", "--workspace", ws, "--run",
                          QString::number(r.out["stored"]["run_id"].get<int>())});
    QCOMPARE(fromWs.exitCode, 0);
    QCOMPARE(fromWs.out["groups"].dump(), s.out["groups"].dump());
  }
};

QTEST_GUILESS_MAIN(TestCliDrilldown)
#include "test_cli_drilldown.moc"
