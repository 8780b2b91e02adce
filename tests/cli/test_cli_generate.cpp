// hallusql-cli generate as a process, against the fake server: JSON out, cache and offline
// replay, exit codes, and a --cases run whose JSONL `evaluate` can read.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include "support/run_cli.h"
#include "tests/engine/llm/llm_test_support.h"

using namespace hs;
using hs::test::FakeLlmServer;

namespace {

using hs::test::runCli;

void makeDb(const QString& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.toUtf8().constData(), &db);
  sqlite3_exec(db,
               "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, age INTEGER);"
               "INSERT INTO singer VALUES (1, 'Ann', 30), (2, 'Bob', 41);",
               nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

}  // namespace

class TestCliGenerate : public QObject {
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
    QDir().mkpath(dir_.filePath("root/concert"));
    db_ = dir_.filePath("root/concert/concert.sqlite");
    makeDb(db_);
  }
  void init() { server_->reset(); }

  void singleQuestion() {
    server_->setDefault(
        {{"content", "Sure.\n```sql\nSELECT count(*) FROM singer;\n```\nIt counts singers."}});
    auto r = runCli(QStringList{"generate", "--db", db_, "--question", "How many singers?", "--evidence",
                                "singer means a person"} +
                    llmArgs());
    QCOMPARE(r.exitCode, 0);
    auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["sql"].get<std::string>(), std::string("SELECT count(*) FROM singer"));
    std::string raw = j["raw_text"].get<std::string>();
    auto b = j["sql_span"]["begin"].get<std::size_t>();
    auto e = j["sql_span"]["end"].get<std::size_t>();
    QCOMPARE(raw.substr(b, e - b), j["sql"].get<std::string>());
    QCOMPARE(j["usage"]["prompt_tokens"].get<int>(), 11);
    QCOMPARE(j["cached"].get<bool>(), false);
    QCOMPARE(j["template"].get<std::string>(), std::string("text_to_sql"));
    QCOMPARE(j["template_version"].get<std::string>(), std::string("1"));
    QVERIFY(j["latency_ms"].get<double>() > 0);
    // The prompt carried the schema (CREATE + samples), the evidence and the question.
    auto body = nlohmann::json::parse(server_->stats()["bodies"][0].get<std::string>());
    std::string prompt = body["messages"][0]["content"].get<std::string>();
    QVERIFY(prompt.find("CREATE TABLE singer") != std::string::npos);
    QVERIFY(prompt.find("'Ann'") != std::string::npos);
    QVERIFY(prompt.find("-- External Knowledge: singer means a person") != std::string::npos);
    QVERIFY(prompt.find("-- How many singers?") != std::string::npos);
  }

  void cacheThenOfflineReplay() {
    QString cache = dir_.filePath("cache.sqlite");
    QStringList base =
        QStringList{"generate", "--db", db_, "--question", "Oldest singer?", "--cache", cache} + llmArgs();
    auto first = runCli(base);
    QCOMPARE(first.exitCode, 0);
    auto second = runCli(base + QStringList{"--offline"});
    QCOMPARE(second.exitCode, 0);
    QCOMPARE(nlohmann::json::parse(second.out.toStdString())["cached"].get<bool>(), true);
    QCOMPARE(server_->requests(), 1);
    auto miss = runCli(QStringList{"generate", "--db", db_, "--question", "Youngest singer?", "--cache",
                                   cache, "--offline"} +
                       llmArgs());
    QCOMPARE(miss.exitCode, 3);
    auto err = nlohmann::json::parse(miss.err.toStdString());
    QCOMPARE(err["error"]["code"].get<std::string>(), std::string("offline_miss"));
    QVERIFY(err["error"]["message"].get<std::string>().find("Youngest singer?") != std::string::npos);
    QCOMPARE(server_->requests(), 1);
  }

  void endpointFailureExitsThree() {
    server_->setDefault({{"status", 401}});
    auto r = runCli(QStringList{"generate", "--db", db_, "--question", "q"} + llmArgs());
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(nlohmann::json::parse(r.err.toStdString())["error"]["code"].get<std::string>(),
             std::string("auth"));
  }

  void badInputExitsTwo() {
    QCOMPARE(runCli(QStringList{"generate", "--db", db_, "--question", "q", "--model", "m"}).exitCode, 2);
    QCOMPARE(
        runCli(QStringList{"generate", "--db", dir_.filePath("nope.sqlite"), "--question", "q"} + llmArgs())
            .exitCode,
        2);
    QCOMPARE(runCli(QStringList{"generate", "--db", db_, "--question", "q", "--concurrency", "0"} + llmArgs())
                 .exitCode,
             2);
    QCOMPARE(
        runCli(QStringList{"generate", "--db", db_, "--question", "q", "--offline"} + llmArgs()).exitCode, 2);
    QCOMPARE(server_->requests(), 0);
  }

  void casesFileToPredictions() {
    // Every prompt holds the sample value 'Bob': match on the questions.
    server_->rule("Please fail", {{"status", 404}});
    server_->rule("How old is Bob?", {{"content", "SELECT age FROM singer WHERE name = 'Bob'"}});
    QString cases = dir_.filePath("cases.jsonl");
    QFile f(cases);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "{\"id\": \"c1\", \"db_id\": \"concert\", \"question\": \"How old is Bob?\", \"gold_sql\": \"SELECT "
        "age FROM "
        "singer WHERE name = 'Bob'\"}\n"
        "{\"id\": \"c2\", \"db_id\": \"concert\", \"question\": \"Please fail\"}\n"
        "{\"id\": \"c3\", \"db_id\": \"nowhere\", \"question\": \"No database\"}\n"
        "{\"id\": \"c4\", \"db_id\": \"concert\", \"question\": \"How many?\"}\n");
    f.close();
    QString out = dir_.filePath("pred.jsonl");
    auto r = runCli(QStringList{"generate", "--cases", cases, "--db-root", dir_.filePath("root"), "--out",
                                out, "--concurrency", "2"} +
                    llmArgs());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("4/4 done"), r.err.constData());
    auto summary = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(summary["total"].get<int>(), 4);
    QCOMPARE(summary["failed"].get<int>(), 2);
    QFile o(out);
    QVERIFY(o.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = o.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    auto l1 = nlohmann::json::parse(lines[0].toStdString());
    QCOMPARE(l1["id"].get<std::string>(), std::string("c1"));
    QCOMPARE(l1["db_id"].get<std::string>(), std::string("concert"));
    QCOMPARE(l1["pred_sql"].get<std::string>(), std::string("SELECT age FROM singer WHERE name = 'Bob'"));
    QCOMPARE(l1["gold_sql"].get<std::string>(), std::string("SELECT age FROM singer WHERE name = 'Bob'"));
    auto l2 = nlohmann::json::parse(lines[1].toStdString());
    QVERIFY(l2["pred_sql"].is_null());
    QCOMPARE(l2["error"]["code"].get<std::string>(), std::string("model_not_found"));
    auto l3 = nlohmann::json::parse(lines[2].toStdString());
    QCOMPARE(l3["error"]["code"].get<std::string>(), std::string("no_database"));
    auto l4 = nlohmann::json::parse(lines[3].toStdString());
    QCOMPARE(l4["pred_sql"].get<std::string>(), std::string("SELECT 1"));
    QCOMPARE(server_->requests(), 3);  // c3 never reached the model
  }
};

QTEST_GUILESS_MAIN(TestCliGenerate)
#include "test_cli_generate.moc"
