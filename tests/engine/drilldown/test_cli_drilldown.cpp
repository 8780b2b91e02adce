// hallusql-cli drilldown decompose / run / stats end to end (BIRD mini-dev without databases,
// Spider dev with them, the fake LLM server, a workspace, seed 001's JSON, usage errors).
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

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
