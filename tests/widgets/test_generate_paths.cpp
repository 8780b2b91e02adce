// The generate workflow is written once (engine/workflow/generate.h): the three front ends that
// call it -- `hallusql-cli generate --db`, `hallusql-cli generate --cases` and the GUI's
// GenerationController -- send the same request for the same question and, for the same answer of
// the fake server, produce the same SQL annotated the same way (findings, spans, risk, rows).
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>

#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "support/fake_llm/fake_llm.h"
#include "support/run_cli.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_log_model.h"
#include "widgets/llm/profile_settings.h"

namespace {

const char* kQuestion = "Which pets are dragons?";
const char* kSql = "SELECT name FROM pets WHERE species = 'Dragon'";

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

// The annotation of the GUI's outcome in the CLI's JSON terms (pred-side spans only, as the GUI
// keeps them), to compare like with like.
nlohmann::json guiAnnotation(const hs::ui::GenerationOutcome& o) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : o.findings)
    findings.push_back(
        {f.taxonomy.toStdString(), f.category.toStdString(), f.message.toStdString(), f.begin, f.end});
  nlohmann::json reasons = nlohmann::json::array();
  for (const QString& r : o.riskReasons) reasons.push_back(r.toStdString());
  return {{"findings", findings}, {"risk", o.risk}, {"reasons", reasons}, {"rows", o.resultRows}};
}

nlohmann::json cliAnnotation(const nlohmann::json& annotation) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : annotation["findings"])
    for (const auto& s : f["spans"])
      if (s["side"] == "pred")
        findings.push_back({f["taxonomy"], f["category"], f["message"], s["begin"], s["end"]});
  const auto& result = annotation["result"];
  return {{"findings", findings},
          {"risk", annotation["risk"]["score"]},
          {"reasons", annotation["risk"]["reasons"]},
          {"rows", result.contains("rows") ? result["rows"].get<qint64>() : qint64(-1)}};
}

}  // namespace

class TestGeneratePaths : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.filePath("settings"));
    QCoreApplication::setOrganizationName("HalluSQLTest");
    QCoreApplication::setApplicationName("hallusql-generate-paths-test");
    QVERIFY(QDir().mkpath(dir_.filePath("root/pets")));
    makePetsDb(dir_.filePath("root/pets/pets.sqlite"));
    // No answer cached by an earlier run of this test (the port may be reused).
    QFile::remove(
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("llm-cache.sqlite"));
  }

  void threePathsOneOutcome() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content", std::string("Here it is:\n```sql\n") + kSql + ";\n```\n"}});
    const QString db = dir_.filePath("root/pets/pets.sqlite");
    const QStringList llm{"--base-url",    QString::fromStdString(server.baseUrl()),
                          "--model",       "fake-model",
                          "--max-retries", "0"};

    // 1. hallusql-cli generate --db
    const auto single = hs::test::runCli(QStringList{"generate", "--db", db, "--question", kQuestion} + llm);
    QVERIFY2(single.exitCode == 0, single.err.constData());
    const auto one = nlohmann::json::parse(single.out.toStdString());

    // 2. hallusql-cli generate --cases
    const QString cases = dir_.filePath("cases.jsonl");
    {
      QFile f(cases);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(nlohmann::json({{"id", "p1"}, {"db_id", "pets"}, {"question", kQuestion}}).dump().c_str());
      f.write("\n");
    }
    const QString out = dir_.filePath("pred.jsonl");
    const auto batch = hs::test::runCli(QStringList{"generate", "--cases", cases, "--format", "jsonl",
                                                    "--db-root", dir_.filePath("root"), "--out", out} +
                                        llm);
    QVERIFY2(batch.exitCode == 0, batch.err.constData());
    QFile o(out);
    QVERIFY(o.open(QIODevice::ReadOnly));
    const auto line = nlohmann::json::parse(o.readAll().trimmed().toStdString());
    const auto& two = line["generation"];

    // 3. the GUI's controller
    hs::ui::LlmProfile p;
    p.endpoint.name = "fake";
    p.endpoint.baseUrl = server.baseUrl();
    p.endpoint.model = "fake-model";
    p.endpoint.maxRetries = 0;
    hs::ui::ProfileSettings::save({p});
    hs::ui::ProfileSettings::setActiveName("fake");
    hs::ui::LlmLogModel log;
    hs::ui::GenerationController controller(&log);
    controller.setWorkspacePath({});
    QSignalSpy done(&controller, &hs::ui::GenerationController::finished);
    controller.generate(db, QString::fromLatin1(kQuestion), {});
    QVERIFY(done.wait(30000));
    const auto gui = done.first().at(0).value<hs::ui::GenerationOutcome>();
    QVERIFY2(gui.ok, qPrintable(gui.error));

    // The same request reached the server three times: prompt, sampling (one max-tokens default).
    const auto bodies = server.stats()["bodies"];
    QCOMPARE(bodies.size(), std::size_t{3});
    const auto first = nlohmann::json::parse(bodies[0].get<std::string>());
    QCOMPARE(first["max_tokens"].get<int>(), 768);
    for (const auto& b : bodies) {
      const auto body = nlohmann::json::parse(b.get<std::string>());
      QCOMPARE(body["messages"], first["messages"]);
      QCOMPARE(body["max_tokens"], first["max_tokens"]);
      QCOMPARE(body["temperature"], first["temperature"]);
      QCOMPARE(body["model"], first["model"]);
    }

    // The same SQL, annotated the same way.
    QCOMPARE(one["sql"].get<std::string>(), std::string(kSql));
    QCOMPARE(two["sql"], one["sql"]);
    QCOMPARE(gui.sql.toStdString(), std::string(kSql));
    QVERIFY(one["annotation"].is_object());
    QCOMPARE(two["annotation"], one["annotation"]);
    const auto cli = cliAnnotation(one["annotation"]);
    QCOMPARE(guiAnnotation(gui), cli);
    // And the annotation is not empty: 'Dragon' is no species of the database.
    QVERIFY2(!cli["findings"].empty(), one["annotation"].dump().c_str());
    QCOMPARE(cli["rows"].get<qint64>(), qint64(0));
    QVERIFY(cli["risk"].get<double>() > 0.0);
    qInfo("annotation: %s", one["annotation"].dump().c_str());
  }
};

QTEST_MAIN(TestGeneratePaths)
#include "test_generate_paths.moc"
