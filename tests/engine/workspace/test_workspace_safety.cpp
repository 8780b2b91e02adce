// Nothing the user opens is ever written: files refused as workspaces (or as the LLM cache) stay
// byte-identical with no -wal/-shm left; planted triggers, views and foreign tables are refused by
// name; temporary files live in a private directory and a crashed run's leftovers are removed.
#include <QtTest>

#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/core/temp_files.h"
#include "engine/workspace/followups.h"
#include "engine/workspace/llm_calls.h"
#include "engine/workspace/migrations.h"
#include "engine/workspace/workspace.h"
#include "support/temp_copy.h"

namespace fs = std::filesystem;
using hs::ws::Workspace;

namespace {

void rawExec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  QVERIFY2(rc == SQLITE_OK, err ? err : "");
  sqlite3_close(db);
}

QByteArray hashOf(const std::string& path) {
  return hs::test::fileSha256(QString::fromStdString(path));
}

bool noSidecars(const std::string& path) {
  return !fs::exists(path + "-wal") && !fs::exists(path + "-shm") && !fs::exists(path + "-journal");
}

std::string newWorkspace(const QTemporaryDir& dir, const char* name) {
  const std::string path = dir.filePath(name).toStdString();
  auto ws = Workspace::create(path);
  if (!ws) qFatal("%s", ws.error().describe().c_str());
  return path;
}

// Opening `path` as a workspace and as the LLM cache is refused with `code`, naming `mention`,
// and leaves the file byte-identical with no side files.
void expectRefusedUntouched(const std::string& path, const std::string& code, const std::string& mention) {
  const QByteArray before = hashOf(path);
  const auto size = fs::file_size(path);
  auto ws = Workspace::open(path);
  QVERIFY(!ws.ok());
  QCOMPARE(ws.error().code, code);
  QVERIFY2(ws.error().message.find(mention) != std::string::npos, ws.error().message.c_str());
  auto cache = hs::ws::WorkspaceCallStore::openOrCreate(path);
  QVERIFY(!cache.ok());
  QCOMPARE(cache.error().code, code);
  QCOMPARE(hashOf(path), before);
  QCOMPARE(fs::file_size(path), size);
  QVERIFY(noSidecars(path));
}

}  // namespace

class TestWorkspaceSafety : public QObject {
  Q_OBJECT
 private slots:
  void plantedTriggerNeverRuns() {
    QTemporaryDir dir;
    const std::string path = newWorkspace(dir, "w.hallusql");
    {
      auto ws = Workspace::open(path);
      QVERIFY(ws.ok());
      hs::llm::CallRecord rec;
      rec.cacheKey = "k";
      rec.endpoint = "http://x";
      rec.model = "m";
      rec.requestJson = "{}";
      QVERIFY(hs::ws::recordLlmCall(ws.value(), rec).ok());
    }
    rawExec(path, "CREATE TRIGGER wipe AFTER INSERT ON settings BEGIN DELETE FROM llm_calls; END;");
    expectRefusedUntouched(path, "unexpected_object", "trigger");
    auto ws = Workspace::open(path);
    QVERIFY(ws.error().message.find("'wipe'") != std::string::npos);
    rawExec(path, "DROP TRIGGER wipe;");
    // A trigger planted while a workspace is open never fires on its connection either.
    auto open = Workspace::open(path);
    QVERIFY(open.ok());
    rawExec(path, "CREATE TRIGGER wipe AFTER INSERT ON settings BEGIN DELETE FROM llm_calls; END;");
    QVERIFY(open->setSetting("after", "plant").ok());
    QCOMPARE(open->rowCount("llm_calls").value(), std::int64_t{1});
  }

  void viewsAndForeignTablesAreRefusedByName() {
    QTemporaryDir dir;
    const std::string a = newWorkspace(dir, "a.hallusql");
    rawExec(a, "CREATE VIEW secrets AS SELECT * FROM settings;");
    expectRefusedUntouched(a, "unexpected_object", "view named 'secrets'");
    const std::string b = newWorkspace(dir, "b.hallusql");
    rawExec(b, "CREATE TABLE extra(x); CREATE INDEX extra_x ON extra(x);");
    expectRefusedUntouched(b, "unexpected_object", "'extra'");
  }

  void emptyFilesStayEmpty() {
    QTemporaryDir dir;
    const std::string zero = dir.filePath("zero.hallusql").toStdString();
    { std::ofstream out(zero); }
    expectRefusedUntouched(zero, "not_workspace", "empty file");
    QCOMPARE(fs::file_size(zero), std::uintmax_t{0});
    // An empty SQLite database (no tables, no application id) is not a workspace either.
    const std::string bare = dir.filePath("bare.sqlite").toStdString();
    rawExec(bare, "PRAGMA user_version = 0; VACUUM;");
    expectRefusedUntouched(bare, "not_workspace", "another application");
  }

  void userDatabasesAreNeverWritten() {
    QTemporaryDir dir;
    const std::string rollback = dir.filePath("user.sqlite").toStdString();
    rawExec(rollback, "CREATE TABLE t(a); INSERT INTO t VALUES (1);");
    expectRefusedUntouched(rollback, "not_workspace", rollback);
    const std::string wal = dir.filePath("wal.sqlite").toStdString();
    rawExec(wal, "PRAGMA journal_mode = WAL; CREATE TABLE t(a); INSERT INTO t VALUES (1);");
    QVERIFY(noSidecars(wal));
    expectRefusedUntouched(wal, "not_workspace", wal);
    // --cache naming the database being queried is refused before anything is opened.
    auto same = hs::ws::WorkspaceCallStore::openOrCreate(rollback, {rollback});
    QVERIFY(!same.ok());
    QCOMPARE(same.error().code, std::string("workspace_is_input"));
    const std::string ws = newWorkspace(dir, "q.hallusql");
    const QByteArray before = hashOf(ws);
    auto queried = hs::ws::WorkspaceCallStore::openOrCreate(dir.filePath("./q.hallusql").toStdString(), {ws});
    QVERIFY(!queried.ok());
    QCOMPARE(queried.error().code, std::string("workspace_is_input"));
    QCOMPARE(hashOf(ws), before);
  }

  void newerWorkspaceIsNotWritten() {
    QTemporaryDir dir;
    const std::string path = newWorkspace(dir, "future.hallusql");
    rawExec(path, "PRAGMA user_version = " + std::to_string(hs::ws::currentSchemaVersion() + 1));
    expectRefusedUntouched(path, "too_new", "newer");
  }

  // A migration that fails leaves the file exactly as it was: not half migrated, not switched to
  // WAL (found by fuzz_workspace on a damaged version-3 workspace).
  void failedMigrationLeavesTheFileUntouched() {
    QTemporaryDir dir;
    const std::string path = newWorkspace(dir, "old.hallusql");
    // Version 4 on paper, but version 5's column is already there: migration 5 must fail.
    rawExec(path,
            "PRAGMA journal_mode = DELETE; ALTER TABLE findings DROP COLUMN explanation; "
            "PRAGMA user_version = 4;");
    const QByteArray before = hashOf(path);
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QVERIFY2(ws.error().message.find("migration to workspace version 5") != std::string::npos,
             ws.error().message.c_str());
    QCOMPARE(hashOf(path), before);
    QVERIFY(noSidecars(path));
  }

  void fifoIsRefusedWithoutBlocking() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("pipe.hallusql").toStdString();
    QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QCOMPARE(ws.error().code, std::string("not_a_file"));
    QVERIFY(!hs::ws::isWorkspaceFile(path));
  }

  void cacheCreatesAWorkspaceWhenMissing() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("cache.hallusql").toStdString();
    {
      auto store = hs::ws::WorkspaceCallStore::openOrCreate(path);
      QVERIFY2(store.ok(), store.ok() ? "" : store.error().describe().c_str());
    }
    QVERIFY(hs::ws::isWorkspaceFile(path));
    QVERIFY(hs::ws::WorkspaceCallStore::openOrCreate(path).ok());
  }

  void followupsComeBackOnReopen() {
    QTemporaryDir dir;
    const std::string path = newWorkspace(dir, "f.hallusql");
    std::vector<hs::ws::FollowupRow> first(2), second(3);
    for (auto* rows : {&first, &second}) {
      for (std::size_t i = 0; i < rows->size(); ++i) {
        auto& r = (*rows)[i];
        r.question = rows == &first ? "How many singers?" : "Oldest singer?";
        r.stage = i == 0 ? "schema_linking" : "logical_synthesis";
        r.mr = i == 0 ? "ESR" : "PI";
        r.followUp = "rewritten " + std::to_string(i);
        r.relation = "equal";
        r.verdict = i == 1 ? "violated" : "satisfied";
        r.sourceRows = 3;
      }
    }
    {
      auto ws = Workspace::open(path);
      QVERIFY(ws.ok());
      QCOMPARE(hs::ws::saveFollowups(ws.value(), first).value().size(), std::size_t{2});
      QCOMPARE(hs::ws::saveFollowups(ws.value(), second).value().size(), std::size_t{3});
      // A bad verdict fails the whole batch: nothing of it is kept.
      auto bad = second;
      bad[2].verdict = "maybe";
      QVERIFY(!hs::ws::saveFollowups(ws.value(), bad).ok());
    }
    auto ws = Workspace::open(path);
    QVERIFY(ws.ok());
    QCOMPARE(ws->rowCount("followups").value(), std::int64_t{5});
    auto latest = hs::ws::latestDetection(ws.value());
    QVERIFY(latest.ok());
    QCOMPARE(latest->size(), std::size_t{3});
    QCOMPARE(latest->at(1).verdict, std::string("violated"));
    QCOMPARE(latest->at(0).sourceRows.value_or(-1), std::int64_t{3});
    auto older = hs::ws::latestDetection(ws.value(), "How many singers?");
    QCOMPARE(older->size(), std::size_t{2});
    QCOMPARE(hs::ws::followups(ws.value(), std::nullopt, "Oldest singer?")->size(), std::size_t{3});
    QVERIFY(hs::ws::latestDetection(ws.value(), "never asked")->empty());
  }

  void privateTempDirIsClosedAndSweptAfterACrash() {
    auto dir = hs::privateTempDir();
    QVERIFY2(dir.ok(), dir.ok() ? "" : dir.error().describe().c_str());
    struct stat st {};
    QCOMPARE(::stat(dir->c_str(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0700u);
    QCOMPARE(::stat(fs::path(*dir).parent_path().c_str(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0700u);
    auto file = hs::privateTempPath("t", ".sqlite");
    QVERIFY(file.ok());
    QCOMPARE(fs::path(*file).parent_path().string(), *dir);
    // A run directory of a process that is gone (a crashed detect) is removed at the next start.
    pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    QVERIFY(child > 0);
    int status = 0;
    ::waitpid(child, &status, 0);
    QVERIFY(!hs::processRunning(child));
    const fs::path stale = fs::path(*dir).parent_path() / ("run-" + std::to_string(child));
    fs::create_directories(stale);
    std::ofstream(stale / "mr-copy-1.sqlite") << "copy of a user database";
    const fs::path live = fs::path(*dir).parent_path() / ("run-" + std::to_string(::getppid()));
    const bool liveExisted = fs::exists(live);
    fs::create_directories(live);
    hs::removeStaleTempDirs();
    QVERIFY(!fs::exists(stale));
    QVERIFY(fs::exists(*dir));
    QVERIFY(fs::exists(live));  // its process still runs
    if (!liveExisted) fs::remove_all(live);
  }

  void staleSiblingsOfACrashedCreateAreRemoved() {
    QTemporaryDir dir;
    const std::string target = dir.filePath("w.hallusql").toStdString();
    pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    const std::string name = ".w.hallusql.tmp-" + std::to_string(child) + "-1";
    for (const std::string& leftover :
         {name, name + "-wal", "." + name + ".tmp-" + std::to_string(child) + "-2"})
      std::ofstream(dir.filePath(QString::fromStdString(leftover)).toStdString()) << "x";
    const std::string mine = hs::siblingTempPath(target);
    std::ofstream(mine) << "in use";
    QVERIFY(Workspace::create(target).ok());
    const QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    QCOMPARE(left, QStringList({QString::fromStdString(fs::path(mine).filename().string()), "w.hallusql"}));
  }
};

QTEST_GUILESS_MAIN(TestWorkspaceSafety)
#include "test_workspace_safety.moc"
