// The bundled demo: database and workspace creation, idempotence, cases that run.
#include <QtTest>

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "engine/db/database.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/workspace.h"
#include "support/temp_copy.h"

namespace fs = std::filesystem;

namespace {

// Rows each table should hold, counted from the INSERT statements of the embedded SQL.
std::map<std::string, std::int64_t> insertsPerTable() {
  std::map<std::string, std::int64_t> out;
  std::string sql(hs::ws::demoSql());
  std::regex insert(R"(^INSERT INTO (\w+) VALUES)", std::regex::multiline);
  for (auto it = std::sregex_iterator(sql.begin(), sql.end(), insert); it != std::sregex_iterator(); ++it) {
    ++out[(*it)[1].str()];
  }
  return out;
}

std::int64_t countRows(hs::db::Database& db, const std::string& table) {
  auto r = db.query("SELECT count(*) FROM " + table);
  if (!r || r->rows.empty()) return -1;
  return r->rows[0][0].i;
}

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

}  // namespace

class TestDemo : public QObject {
  Q_OBJECT
 private slots:
  void embeddedResourcesParse() {
    QVERIFY(!hs::ws::demoSql().empty());
    auto cases = hs::ws::demoCases();
    QVERIFY2(cases.ok(), cases.ok() ? "" : cases.error().describe().c_str());
    QVERIFY(cases->size() >= 10);
    for (const auto& c : cases.value()) {
      QCOMPARE(c.dbId, std::string("demo"));
      QVERIFY(c.goldSql && !c.goldSql->empty());
      QVERIFY(c.predSql && !c.predSql->empty());
      QVERIFY(!c.question.empty());
    }
    auto bad = hs::ws::parseCasesJsonl("{\"id\":\"a\"}\n\n[1,2]\n", "x.jsonl");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().line.value_or(0), std::size_t{3});
    QCOMPARE(bad.error().where, std::string("x.jsonl"));
  }

  void createsValidDatabaseAndWorkspace() {
    QTemporaryDir tmp;
    const std::string dir = (fs::path(tmp.path().toStdString()) / "nested" / "demo").string();
    auto info = hs::ws::createDemo(dir);
    QVERIFY2(info.ok(), info.ok() ? "" : info.error().describe().c_str());
    QVERIFY(!info->reused);
    QVERIFY(fs::exists(info->databasePath));
    QVERIFY(hs::ws::isWorkspaceFile(info->workspacePath));

    auto db = hs::db::Database::openReadOnly(info->databasePath);
    QVERIFY2(db.ok(), db.ok() ? "" : db.error().describe().c_str());
    auto expected = insertsPerTable();
    QCOMPARE(expected.size(), std::size_t{6});
    std::int64_t total = 0;
    for (const auto& [table, rows] : expected) {
      QCOMPARE(countRows(*db.value(), table), rows);
      total += rows;
    }
    QVERIFY2(total >= 300, "a few hundred rows");
    auto schema = db.value()->schema();
    QVERIFY(schema.ok());
    QVERIFY(schema->findTable("pets") && !schema->findTable("pets")->foreignKeys.empty());
    auto fk = db.value()->query("SELECT count(*) FROM pragma_foreign_key_check");
    QVERIFY(fk.ok());
    QCOMPARE(fk->rows[0][0].i, std::int64_t{0});

    auto ws = hs::ws::Workspace::open(info->workspacePath);
    QVERIFY(ws.ok());
    auto dbs = ws->databases().value();
    QCOMPARE(dbs.size(), std::size_t{1});
    QCOMPARE(dbs[0].path, info->databasePath);
    auto run = ws->findRun("demo").value();
    QVERIFY(run.has_value());
    auto cases = ws->cases(run->id).value();
    QCOMPARE(cases.size(), hs::ws::demoCases()->size());
    QCOMPARE(cases[0].databaseId.value_or(-1), dbs[0].id);
    QCOMPARE(cases[0].kase.id, std::string("demo:1"));
  }

  void isIdempotentAndRepairs() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    auto first = hs::ws::createDemo(dir);
    QVERIFY(first.ok());
    const QByteArray dbHash = hs::test::fileSha256(q(first->databasePath));
    auto second = hs::ws::createDemo(dir);
    QVERIFY(second.ok());
    QVERIFY(second->reused);
    QCOMPARE(second->runId, first->runId);
    QCOMPARE(hs::test::fileSha256(q(second->databasePath)), dbHash);
    {
      auto ws = hs::ws::Workspace::open(second->workspacePath);
      QCOMPARE(ws->runs().value().size(), std::size_t{1});
      QCOMPARE(ws->caseCount(second->runId).value(), static_cast<std::int64_t>(second->caseCount));
    }
    // A damaged demo database is rebuilt, and the workspace with it.
    { std::ofstream(first->databasePath, std::ios::app) << "junk"; }
    auto third = hs::ws::createDemo(dir);
    QVERIFY2(third.ok(), third.ok() ? "" : third.error().describe().c_str());
    QVERIFY(!third->reused);
    QCOMPARE(hs::test::fileSha256(q(third->databasePath)).isEmpty(), false);
    auto ws = hs::ws::Workspace::open(third->workspacePath);
    auto dbId = ws->databases().value().at(0).id;
    QCOMPARE(ws->verifyDatabase(dbId)->state, hs::ws::DatabaseState::Unchanged);
    QCOMPARE(ws->runs().value().size(), std::size_t{1});
    // A file in the way of the workspace that is not one: replaced, as the demo folder is ours.
    ws.value().close();
    { std::ofstream(third->workspacePath, std::ios::trunc) << "not a workspace"; }
    auto fourth = hs::ws::createDemo(dir);
    QVERIFY(fourth.ok());
    QVERIFY(!fourth->reused);
    QVERIFY(hs::ws::isWorkspaceFile(fourth->workspacePath));
    // No temporary files left behind.
    for (const auto& e : fs::directory_iterator(dir)) {
      QVERIFY2(e.path().filename().string().find(".tmp-") == std::string::npos, e.path().c_str());
    }
  }

  void crashedBuildLeftoversAreRemoved() {
    QTemporaryDir tmp;
    const fs::path dir = tmp.path().toStdString();
    pid_t child = ::fork();  // a process id that no longer runs: a crashed build
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    const std::string pid = std::to_string(child);
    const std::vector<std::string> leftovers = {".demo.sqlite.tmp-" + pid + "-1",
                                                ".demo.hallusql.tmp-" + pid + "-2",
                                                "..demo.hallusql.tmp-" + pid + "-2.tmp-" + pid + "-3",
                                                "..demo.hallusql.tmp-" + pid + "-2.tmp-" + pid + "-3-wal"};
    for (const auto& name : leftovers) std::ofstream(dir / name) << "half-built";
    auto info = hs::ws::createDemo(dir.string());
    QVERIFY(info.ok());
    for (const auto& name : leftovers) QVERIFY2(!fs::exists(dir / name), name.c_str());
    const QStringList files = QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden);
    QCOMPARE(files, QStringList({"demo.hallusql", "demo.sqlite"}));
  }

  void goldSqlRunsReadOnly() {
    QTemporaryDir tmp;
    auto info = hs::ws::createDemo(tmp.path().toStdString());
    QVERIFY(info.ok());
    const QByteArray before = hs::test::fileSha256(q(info->databasePath));
    auto db = hs::db::Database::openReadOnly(info->databasePath);
    QVERIFY(db.ok());
    auto cases = hs::ws::demoCases();
    QVERIFY(cases.ok());
    for (const auto& c : cases.value()) {
      auto r = db.value()->query(*c.goldSql);
      QVERIFY2(r.ok(), (c.id + ": " + (r.ok() ? "" : r.error().describe())).c_str());
      QVERIFY2(!r->rows.empty(), c.id.c_str());
    }
    QCOMPARE(hs::test::fileSha256(q(info->databasePath)), before);
  }

  void defaultDirFollowsXdg() {
    qputenv("XDG_DATA_HOME", "/tmp/xdg-test-data");
    QCOMPARE(q(hs::ws::defaultDemoDir()), QStringLiteral("/tmp/xdg-test-data/hallusql/demo"));
    qunsetenv("XDG_DATA_HOME");
    QVERIFY(q(hs::ws::defaultDemoDir()).endsWith("/.local/share/hallusql/demo"));
  }
};

QTEST_GUILESS_MAIN(TestDemo)
#include "test_demo.moc"
