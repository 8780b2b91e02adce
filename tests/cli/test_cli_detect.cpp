// hallusql-cli detect as a process against the fake LLM server: the contract's JSON fields,
// --sql, --mrs, --early-stop, bad options, and the labelled-set form with its metrics.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/workspace/workspace.h"
#include "support/run_cli.h"
#include "tests/engine/mr/detect_test_support.h"

using namespace hs;
using hs::test::FakeLlmServer;
using nlohmann::json;

namespace {

using hs::test::runCli;

const char* kQuestion = "Show me the names of singers whose age is greater than 30.";

}  // namespace

class TestCliDetect : public QObject {
  Q_OBJECT
  std::unique_ptr<FakeLlmServer> server_;
  QTemporaryDir dir_;
  QString db_;

  QStringList llmArgs() {
    return {"--base-url", QString::fromStdString(server_->baseUrl()), "--model", "fake-model"};
  }

 private slots:
  void initTestCase() {
    server_ = std::make_unique<FakeLlmServer>(test::fakeLlmScript());
    QDir().mkpath(dir_.filePath("root/singers"));
    db_ = dir_.filePath("root/singers/singers.sqlite");
    test::makeSingerDb(db_.toStdString());
  }
  void init() {
    server_->reset();
    test::scriptConsistentModel(*server_);
  }

  void singleQuestionPrintsTheContract() {
    auto r = runCli(QStringList{"detect", "--db", db_, "--question", kQuestion} + llmArgs());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    json j = json::parse(r.out.toStdString());
    for (const char* k : {"question", "sql", "flagged", "llm_calls", "llm_calls_saved", "stages", "findings"})
      QVERIFY2(j.contains(k), k);
    QCOMPARE(j["question"].get<std::string>(), std::string(kQuestion));
    QCOMPARE(j["flagged"].get<bool>(), false);
    QCOMPARE(j["llm_calls"].get<int>(), server_->requests());
    QCOMPARE(j["stages"].size(), std::size_t{2});
    QCOMPARE(j["stages"][0]["stage"].get<std::string>(), std::string("schema_linking"));
    QVERIFY(j["stages"][0]["artifact"].is_array());
    QCOMPARE(j["stages"][1]["stage"].get<std::string>(), std::string("logical_synthesis"));
    QCOMPARE(j["stages"][1]["sql"].get<std::string>(), j["sql"].get<std::string>());
    std::size_t mrs = 0;
    for (const auto& s : j["stages"]) {
      for (const auto& m : s["mrs"]) {
        ++mrs;
        for (const char* k :
             {"mr", "follow_up", "relation", "verdict", "reason", "source_rows", "follow_up_rows"})
          QVERIFY2(m.contains(k), k);
        const auto v = m["verdict"].get<std::string>();
        QVERIFY(v == "satisfied" || v == "violated" || v == "inapplicable" || v == "error");
      }
    }
    QCOMPARE(mrs, std::size_t{17});
    QCOMPARE(j["findings"].size(), std::size_t{0});
    QVERIFY(!j.contains("followup_ids"));
  }

  void workspaceKeepsTheRows() {
    const QString path = dir_.filePath("w.hallusql");
    QVERIFY(ws::Workspace::create(path.toStdString()).ok());
    auto r = runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--mrs", "PS,CRE,ESR",
                                "--workspace", path} +
                    llmArgs());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(json::parse(r.out.toStdString())["followup_ids"].size(), std::size_t{3});
    auto w = ws::Workspace::open(path.toStdString());
    QVERIFY(w.ok());
    QCOMPARE(w->rowCount("followups").value(), std::int64_t{3});
    r = runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--workspace",
                           dir_.filePath("no.hallusql")} +
               llmArgs());
    QCOMPARE(r.exitCode, 2);
  }

  void givenSqlAndSelectedMrs() {
    auto r = runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--sql",
                                "SELECT name FROM singer WHERE age > 31", "--mrs", "ps,cre"} +
                    llmArgs());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    json j = json::parse(r.out.toStdString());
    QCOMPARE(j["sql"].get<std::string>(), std::string("SELECT name FROM singer WHERE age > 31"));
    QCOMPARE(j["stages"][1]["sql_given"].get<bool>(), true);
    QCOMPARE(j["stages"][0]["mrs"].size(), std::size_t{0});
    QCOMPARE(j["stages"][1]["mrs"].size(), std::size_t{2});
    QCOMPARE(j["flagged"].get<bool>(), true);  // PS: the model's SQL for "Give me ..." returns Cid too
    QCOMPARE(j["findings"].size(), std::size_t{1});
    const auto& f = j["findings"][0];
    QCOMPARE(f["taxonomy"].get<std::string>(), std::string("mr"));
    QCOMPARE(f["category"].get<std::string>(), std::string("PS"));
    QVERIFY(!f["spans"].empty());
    QCOMPARE(f["spans"][0]["side"].get<std::string>(), std::string("pred"));
  }

  void earlyStopReportsSavedCalls() {
    auto r =
        runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--early-stop", "3"} + llmArgs());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    json j = json::parse(r.out.toStdString());
    QVERIFY(j["llm_calls_saved"].get<int>() > 0);
    QCOMPARE(j["early_stopped"].get<bool>(), true);
  }

  void badOptionsExitTwo() {
    auto r =
        runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--mrs", "PI,NOPE"} + llmArgs());
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("NOPE"));
    r = runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--early-stop", "-1"} + llmArgs());
    QCOMPARE(r.exitCode, 2);
    r = runCli(QStringList{"detect", "--db", dir_.filePath("none.sqlite"), "--question", kQuestion} +
               llmArgs());
    QCOMPARE(r.exitCode, 2);
    r = runCli(QStringList{"detect", "--question", kQuestion} + llmArgs());
    QCOMPARE(r.exitCode, 2);
  }

  void labelledSetGivesMetrics() {
    // Two Spider-format cases: one the model answers right, one whose gold SQL disagrees.
    QFile f(dir_.filePath("cases.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    json cases = json::array();
    cases.push_back(
        {{"db_id", "singers"}, {"question", kQuestion}, {"query", "SELECT name FROM singer WHERE age > 30"}});
    cases.push_back({{"db_id", "singers"},
                     {"question", "Show me the names of singers whose age is greater than 30 in France."},
                     {"query", "SELECT name FROM singer WHERE age > 30 AND country = 'France'"}});
    f.write(QByteArray::fromStdString(cases.dump()));
    f.close();
    const QString out = dir_.filePath("detect.jsonl");
    const QString summary = dir_.filePath("summary.json");
    auto r = runCli(QStringList{"detect", "--cases", f.fileName(), "--db-root", dir_.filePath("root"),
                                "--out", out, "--summary", summary, "--mrs", "PS,CRE,RC"} +
                    llmArgs());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    json m = json::parse(r.out.toStdString());
    QCOMPARE(m["cases"].get<int>(), 2);
    QCOMPARE(m["hallucinations"].get<int>(), 1);
    const auto& c = m["confusion"];
    QCOMPARE(c["tp"].get<int>() + c["fp"].get<int>() + c["tn"].get<int>() + c["fn"].get<int>(), 2);
    QVERIFY(m["per_mr"].size() == 17 && m["per_class"].size() == 8 && m["per_stage"].size() == 2);
    QVERIFY(m["llm_calls_per_question"].get<double>() > 0.0);
    QVERIFY(QFile::exists(summary));
    QFile lines(out);
    QVERIFY(lines.open(QIODevice::ReadOnly));
    int n = 0;
    while (!lines.atEnd()) {
      json line = json::parse(lines.readLine().toStdString());
      QVERIFY(line.contains("hallucination") && line.contains("flagged") && line.contains("stages"));
      QCOMPARE(line["hallucination"].get<bool>(), n == 1);
      ++n;
    }
    QCOMPARE(n, 2);
    // The summary orders the next run's MRs for early stopping; a file without per_mr is refused.
    auto next = runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--order-from", summary,
                                   "--early-stop", "1"} +
                       llmArgs());
    QVERIFY2(next.exitCode == 0, next.err.constData());
    QCOMPARE(json::parse(next.out.toStdString())["early_stopped"].get<bool>(), true);
    auto bad =
        runCli(QStringList{"detect", "--db", db_, "--question", kQuestion, "--order-from", out} + llmArgs());
    QCOMPARE(bad.exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestCliDetect)
#include "test_cli_detect.moc"
