// hallusql-cli hkb as a process: leave-one-out on a labelled fixture, retrieval for a question
// from a file and from a workspace, and bad usage.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/workspace/workspace.h"
#include "support/run_cli.h"

using nlohmann::json;

namespace {

// Exit code and parsed stdout (null when it is not JSON).
std::pair<int, json> hkbCli(const QStringList& args) {
  const auto r = hs::test::runCli(QStringList{"hkb"} + args, 60000);
  return {r.exitCode, json::parse(r.out.toStdString(), nullptr, false)};
}

const QString kFixture = QStringLiteral(HALLUSQL_SOURCE_DIR "/tests/fixtures/annotate/cases.jsonl");

}  // namespace

class TestCliHkb : public QObject {
  Q_OBJECT

 private slots:
  void leaveOneOutOnFixture() {
    auto [code, j] = hkbCli({"--cases", kFixture, "--neighbours", "5"});
    QCOMPARE(code, 0);
    QCOMPARE(j["hkb_entries"].get<int>(), 33);
    // One fixture (an extra output column the question asks for) has no C-type since the
    // causes-not-differences rules, so 32 of the 33 entries carry a label.
    QCOMPARE(j["hkb_labelled"].get<int>(), 32);
    const json& loo = j["leave_one_out"];
    QCOMPARE(loo["evaluated"].get<int>(), 32);
    QCOMPARE(loo["neighbours"].get<int>(), 5);
    QVERIFY(loo["hit_at_3"].get<double>() >= loo["hit_at_1"].get<double>());
    QCOMPARE(loo["hit_at_1"].get<double>(), loo["hits_1"].get<double>() / 32.0);
  }

  void retrievalFromFile() {
    auto [code, j] =
        hkbCli({"--cases", kFixture, "--question", "Who are the 3 oldest singers?", "--top", "2"});
    QCOMPARE(code, 0);
    QCOMPARE(j["standardised"].get<std::string>(), std::string("who are the [NUMBER] oldest [NOUN] ?"));
    QVERIFY(j["types"].size() >= 1 && j["types"].size() <= 2);
    for (const auto& t : j["types"]) {
      QVERIFY(t["family"].get<std::string>().rfind("QMR-", 0) == 0);
      QVERIFY(!t["evidence"].empty());
    }
    // The nearest fixture case is the one with the same words.
    QCOMPARE(j["neighbours"][0]["question"].get<std::string>(), std::string("Who are the 3 oldest singers?"));
  }

  void retrievalFromWorkspace() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.hallusql").toStdString();
    {
      auto ws = hs::ws::Workspace::create(path);
      QVERIFY(ws);
      auto run = ws->createRun({"r", "", "", "{}"});
      QVERIFY(run);
      hs::Case c;
      c.id = "a";
      c.dbId = "concert_singer";
      c.question = "How many singers are there per country?";
      c.labels.push_back({"mrsqlgen", "C10", "", "t", ""});
      QVERIFY(ws->insertCases(*run, {c}));
    }
    auto [code, j] = hkbCli({"--workspace", QString::fromStdString(path), "--question",
                             "How many pilots are there per airline?"});
    QCOMPARE(code, 0);
    QCOMPARE(j["hkb_entries"].get<int>(), 1);
    QCOMPARE(j["types"][0]["type"].get<std::string>(), std::string("C10"));
    QCOMPARE(j["types"][0]["family"].get<std::string>(), std::string("QMR-4"));
  }

  void badUsage() {
    QCOMPARE(hkbCli({}).first, 2);
    QCOMPARE(hkbCli({"--cases", "/no/such/file.jsonl"}).first, 2);
    QCOMPARE(hkbCli({"--cases", kFixture, "--question", "Q", "--check"}).first, 2);  // no --db, no model
  }
};

QTEST_APPLESS_MAIN(TestCliHkb)
#include "test_cli_hkb.moc"
