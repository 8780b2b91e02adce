// Workspace file: creation, migrations, refusals, transactions, attached databases.
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <nlohmann/json.hpp>

#include "engine/core/hash.h"
#include "engine/workspace/migrations.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"
#include "support/temp_copy.h"

namespace fs = std::filesystem;
using hs::ws::Workspace;

namespace {

std::string pathIn(const QTemporaryDir& dir, const char* name) {
  return dir.filePath(name).toStdString();
}

// Runs SQL on a plain SQLite file (creating it), outside the workspace API.
void rawExec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  QVERIFY2(rc == SQLITE_OK, err ? err : "");
  sqlite3_close(db);
}

std::vector<std::string> columnsOf(sqlite3* db, const std::string& table) {
  std::vector<std::string> out;
  auto st = hs::ws::Statement::prepare(db, "SELECT name FROM pragma_table_info('" + table + "')", "t");
  while (st && st->step().value()) out.push_back(st->text(0));
  return out;
}

std::int64_t count(const Workspace& ws, const std::string& table) {
  auto n = ws.rowCount(table);
  return n ? n.value() : -1;
}

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

}  // namespace

class TestWorkspace : public QObject {
  Q_OBJECT
 private slots:
  void createThenReopen() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "p.hallusql");
    {
      auto ws = Workspace::create(path);
      QVERIFY2(ws.ok(), ws.ok() ? "" : ws.error().describe().c_str());
      QCOMPARE(ws->schemaVersion().value(), hs::ws::currentSchemaVersion());
      QVERIFY(ws->setSetting("ui.theme", "dark").ok());
      QCOMPARE(hs::ws::queryInt(ws->handle(), "PRAGMA foreign_keys", path).value(), 1);
      auto mode = hs::ws::Statement::prepare(ws->handle(), "PRAGMA journal_mode", path);
      QVERIFY(mode && mode->step().value());
      QCOMPARE(mode->text(0), std::string("wal"));
    }
    // Nothing but the workspace (and no temporary file) is left in the directory after close.
    QStringList entries = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    QCOMPARE(entries, QStringList{"p.hallusql"});
    QVERIFY(hs::ws::isWorkspaceFile(path));
    auto again = Workspace::open(path);
    QVERIFY(again.ok());
    QCOMPARE(again->setting("ui.theme").value().value_or(""), std::string("dark"));
    QVERIFY(again->setting("workspace.created_at").value().has_value());
    auto tables = again->tableNames().value();
    for (const char* t : {"settings", "databases", "runs", "cases", "executions", "findings", "annotations",
                          "llm_calls", "followups", "drilldown_steps"}) {
      QVERIFY2(std::find(tables.begin(), tables.end(), t) != tables.end(), t);
    }
    // llm_calls is shared with the LLM module's own connection: exactly these columns.
    std::vector<std::string> expected = {"id",
                                         "cache_key",
                                         "endpoint",
                                         "model",
                                         "template",
                                         "template_version",
                                         "request_json",
                                         "response_json",
                                         "response_text",
                                         "status",
                                         "error",
                                         "prompt_tokens",
                                         "completion_tokens",
                                         "latency_ms",
                                         "cost",
                                         "created_at"};
    QCOMPARE(columnsOf(again->handle(), "llm_calls"), expected);
    auto idx = hs::ws::queryInt(again->handle(),
                                "SELECT count(*) FROM pragma_index_list('llm_calls') l "
                                "JOIN pragma_index_info(l.name) i WHERE i.name = 'cache_key'",
                                path);
    QCOMPARE(idx.value(), 1);
    QCOMPARE(hs::ws::queryInt(again->handle(), "SELECT count(*) FROM pragma_foreign_key_check", path).value(),
             0);
  }

  void refusesEmptyFileUntouched() {
    // Issue 16: `workspace --info` on an empty file must not turn it into a workspace.
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "empty.hallusql");
    writeBytes(path, "");
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QCOMPARE(ws.error().code, std::string("not_workspace"));
    QVERIFY(ws.error().message.find("empty file") != std::string::npos);
    QCOMPARE(fs::file_size(path), std::uintmax_t{0});
    QVERIFY(!fs::exists(path + "-wal") && !fs::exists(path + "-shm"));
  }

  void migratesOlderVersionKeepingData() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "old.hallusql");
    {
      sqlite3* db = nullptr;
      QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
      QVERIFY(hs::ws::migrate(db, path, 1).ok());  // a workspace as version 1 wrote it
      QVERIFY(
          hs::ws::exec(db, "INSERT INTO runs(name, created_at) VALUES('old run', '2025-01-01')", path).ok());
      QCOMPARE(hs::ws::queryInt(db, "PRAGMA user_version", path).value(), 1);
      QCOMPARE(
          hs::ws::queryInt(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'llm_calls'", path).value(),
          0);
      sqlite3_close(db);
    }
    auto ws = Workspace::open(path);
    QVERIFY2(ws.ok(), ws.ok() ? "" : ws.error().describe().c_str());
    QCOMPARE(ws->schemaVersion().value(), hs::ws::currentSchemaVersion());
    QCOMPARE(count(ws.value(), "llm_calls"), 0);
    QCOMPARE(ws->findRun("old run").value().has_value(), true);
  }

  void migratesVersion6CasesToAbstentionColumns() {
    // A version 6 workspace with a case: version 7 adds cases.abstention_json (NULL: abstention was
    // off) and cases.infeasible_type (''); the old case reads back unchanged, without a record.
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "v6.hallusql");
    {
      sqlite3* db = nullptr;
      QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
      QVERIFY(hs::ws::migrate(db, path, 6).ok());
      QVERIFY(
          hs::ws::exec(db,
                       "INSERT INTO runs(id, name, created_at) VALUES(1, 'old run', '2025-01-01');"
                       "INSERT INTO cases(run_id, position, case_key, db_id, question, gold_sql, pred_sql) "
                       "VALUES(1, 0, 'k1', 'zoo', 'How many?', 'SELECT 1', 'SELECT 2');",
                       path)
              .ok());
      const auto cols = columnsOf(db, "cases");
      QVERIFY(std::find(cols.begin(), cols.end(), "abstention_json") == cols.end());
      sqlite3_close(db);
    }
    auto ws = Workspace::open(path);
    QVERIFY2(ws.ok(), ws.ok() ? "" : ws.error().describe().c_str());
    QCOMPARE(ws->schemaVersion().value(), 7);
    auto old = ws->cases(1);
    QVERIFY(old.ok());
    QCOMPARE(old->size(), std::size_t(1));
    QCOMPARE((*old)[0].kase.predSql.value(), std::string("SELECT 2"));
    QVERIFY(!(*old)[0].kase.abstention);
    QVERIFY((*old)[0].kase.infeasibleType.empty());

    // New cases keep the record and the marker.
    hs::Case answered;
    answered.id = "k2";
    answered.goldSql = "SELECT 1";
    answered.abstention =
        hs::Abstention{false, "", "after_generation", {{"schema_linking", 0.5}, {"risk", 0.6}}};
    hs::Case held;
    held.id = "k3";
    held.infeasibleType = "non-sql";
    held.abstention =
        hs::Abstention{true, "asks for a prediction", "before_generation", {{"schema_linking", 0.5}}};
    QVERIFY(ws->insertCases(1, {answered, held}).ok());
    auto all = ws->cases(1);
    QVERIFY(all.ok());
    QCOMPARE(all->size(), std::size_t(3));
    const hs::Case& a = (*all)[1].kase;
    QVERIFY(a.abstention && !a.abstention->abstained);
    QCOMPARE(a.abstention->stage, std::string("after_generation"));
    QVERIFY(a.abstention->thresholds == answered.abstention->thresholds);
    const hs::Case& h = (*all)[2].kase;
    QVERIFY(h.abstention && h.abstention->abstained);
    QCOMPARE(h.abstention->reason, std::string("asks for a prediction"));
    QCOMPARE(h.infeasibleType, std::string("non-sql"));
    QCOMPARE(ws->caseById((*all)[2].id).value().kase.infeasibleType, std::string("non-sql"));

    // The case list's rows carry them too, and RS(c) follows (nothing evaluated: an answer is wrong).
    auto rows = hs::ws::caseSummaries(*ws, 1);
    QVERIFY(rows.ok());
    QVERIFY(!(*rows)[0].abstention && (*rows)[0].hasGold);
    QCOMPARE((*rows)[2].infeasibleType, std::string("non-sql"));
    QCOMPARE((*rows)[2].abstention->reason, std::string("asks for a prediction"));
    const nlohmann::json rs = hs::ws::runReliability(*rows);
    QCOMPARE(rs["questions"].get<int>(), 3);
    QCOMPARE(rs["rs"]["rs_0"].get<double>(), 1.0 / 3.0);
    QCOMPARE(rs["rs"]["rs_10"].get<double>(), (1.0 - 20.0) / 3.0);
    QCOMPARE(rs["thresholds"], (nlohmann::json{{"infeasible", 0.5}, {"risk", 0.6}}));
  }

  void refusesNewerVersion() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "future.hallusql");
    { QVERIFY(Workspace::create(path).ok()); }
    rawExec(path, "PRAGMA user_version = " + std::to_string(hs::ws::currentSchemaVersion() + 7));
    const QByteArray before = hs::test::fileSha256(QString::fromStdString(path));
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QCOMPARE(ws.error().code, std::string("too_new"));
    QCOMPARE(ws.error().where, path);
    QVERIFY(ws.error().message.find(path) != std::string::npos);
    QVERIFY(ws.error().message.find("newer") != std::string::npos);
    QCOMPARE(hs::test::fileSha256(QString::fromStdString(path)), before);
  }

  void refusesOtherSqliteFile() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "user.sqlite");
    rawExec(path, "CREATE TABLE t(a); INSERT INTO t VALUES (1), (2);");
    const QByteArray before = hs::test::fileSha256(QString::fromStdString(path));
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QCOMPARE(ws.error().code, std::string("not_workspace"));
    QVERIFY(ws.error().message.find(path) != std::string::npos);
    // create() never overwrites it either, and the file is byte-identical afterwards.
    auto created = Workspace::create(path);
    QVERIFY(!created.ok());
    QCOMPARE(created.error().code, std::string("exists"));
    QVERIFY(created.error().message.find("refusing to overwrite") != std::string::npos);
    QCOMPARE(hs::test::fileSha256(QString::fromStdString(path)), before);
    QVERIFY(!fs::exists(path + "-wal"));
  }

  void refusesRandomBytes() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "noise.hallusql");
    std::mt19937 rng(7);
    std::string bytes(8192, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
    writeBytes(path, bytes);
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QCOMPARE(ws.error().code, std::string("not_workspace"));
    QCOMPARE(ws.error().where, path);
    QVERIFY(ws.error().message.find("not a SQLite database") != std::string::npos);
    auto missing = Workspace::open(pathIn(dir, "nope.hallusql"));
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, std::string("not_found"));
  }

  void refusesCorruptWorkspace() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "broken.hallusql");
    { QVERIFY(Workspace::create(path).ok()); }
    // Keep the 100-byte header (so it still looks like our file), garble the schema page.
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    std::string garbage(3000, '\x5a');
    f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
    f.close();
    auto ws = Workspace::open(path);
    QVERIFY(!ws.ok());
    QCOMPARE(ws.error().code, std::string("corrupt"));
    QCOMPARE(ws.error().where, path);
    QVERIFY(ws.error().message.find("corrupt") != std::string::npos);
  }

  void createRefusesExistingWorkspace() {
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "w.hallusql");
    {
      auto ws = Workspace::create(path);
      QVERIFY(ws.ok());
      QVERIFY(ws->createRun({"keep me", "", "", "{}"}).ok());
    }
    auto again = Workspace::create(path);
    QVERIFY(!again.ok());
    QCOMPARE(again.error().code, std::string("exists"));
    auto ws = Workspace::open(path);
    QCOMPARE(ws->runs().value().size(), std::size_t{1});
    auto noDir = Workspace::create(pathIn(dir, "missing-dir/x.hallusql"));
    QVERIFY(!noDir.ok());
  }

  void transactionRollsBackWithoutCommit() {
    QTemporaryDir dir;
    auto ws = Workspace::create(pathIn(dir, "tx.hallusql"));
    QVERIFY(ws.ok());
    {
      auto tx = ws->transaction();
      QVERIFY(tx.ok());
      QVERIFY(ws->createRun({"lost", "", "", "{}"}).ok());
      QVERIFY(ws->setSetting("lost.key", "v").ok());
      QCOMPARE(count(ws.value(), "runs"), 1);  // visible inside the transaction
    }                                          // no commit
    QCOMPARE(count(ws.value(), "runs"), 0);
    QVERIFY(!ws->setting("lost.key").value().has_value());
    {
      auto tx = ws->transaction();
      QVERIFY(ws->createRun({"kept", "", "", "{}"}).ok());
      {
        auto inner = ws->transaction();  // a savepoint
        QVERIFY(inner->nested());
        QVERIFY(ws->createRun({"inner lost", "", "", "{}"}).ok());
      }
      QVERIFY(tx->commit().ok());
      QVERIFY(!tx->active());
    }
    auto runs = ws->runs().value();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].info.name, std::string("kept"));
  }

  void casesRoundTripAndAtomicInsert() {
    QTemporaryDir dir;
    auto ws = Workspace::create(pathIn(dir, "c.hallusql"));
    QVERIFY(ws.ok());
    auto run = ws->createRun({"spider dev", "gpt-4", "/data/dev.json", R"({"temperature":0})"});
    QVERIFY(run.ok());
    std::vector<hs::Case> cases(3);
    for (int i = 0; i < 3; ++i) {
      cases[i].id = "dev:" + std::to_string(i);
      cases[i].dbId = "concert_singer";
      cases[i].question = "question \xe5\xad\xa6 " + std::to_string(i);
      cases[i].goldSql = "SELECT " + std::to_string(i);
      cases[i].predSql = i == 1 ? std::nullopt : std::optional<std::string>("SELECT 9");
      cases[i].sourceLine = static_cast<std::size_t>(i + 1);
    }
    hs::HumanLabel label;
    label.taxonomy = "mrsqlgen";
    label.category = "C3";
    label.annotator = "alice";
    label.note = "join on the wrong key";
    cases[2].labels.push_back(label);
    auto ids = ws->insertCases(run.value(), cases);
    QVERIFY(ids.ok());
    QCOMPARE(ids->size(), std::size_t{3});
    auto listed = ws->cases(run.value()).value();
    QCOMPARE(listed.size(), std::size_t{3});
    QCOMPARE(listed[1].kase.id, std::string("dev:1"));
    QVERIFY(!listed[1].kase.predSql.has_value());
    QCOMPARE(listed[0].kase.question, cases[0].question);
    QCOMPARE(listed[2].kase.labels.size(), std::size_t{1});
    QCOMPARE(listed[2].kase.labels[0].category, std::string("C3"));
    QCOMPARE(listed[2].kase.labels[0].note, label.note);
    QCOMPARE(ws->caseById(ids->at(2)).value().kase.sourceLine, std::size_t{3});
    // A batch for a run that does not exist fails as a whole (foreign key), nothing is kept.
    auto bad = ws->insertCases(run.value() + 100, cases);
    QVERIFY(!bad.ok());
    QCOMPARE(count(ws.value(), "cases"), 3);
    // Deleting the run cascades to its cases.
    QVERIFY(ws->deleteRun(run.value()).ok());
    QCOMPARE(count(ws.value(), "cases"), 0);
    QVERIFY(!ws->createRun({"x", "", "", "{not json"}).ok());
  }

  void attachRecordsHashAndVerifyDetectsChanges() {
    QTemporaryDir dir;
    QTemporaryDir elsewhere;
    auto ws = Workspace::create(pathIn(dir, "a.hallusql"));
    QVERIFY(ws.ok());
    const std::string dbPath = pathIn(elsewhere, "shop.sqlite");
    rawExec(dbPath,
            "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items VALUES (1, 'pen');");
    auto id = ws->attachDatabase(dbPath);
    QVERIFY2(id.ok(), id.ok() ? "" : id.error().describe().c_str());
    auto rec = ws->database(id.value()).value();
    QCOMPARE(rec.sha256, hs::sha256File(dbPath).value());
    QCOMPARE(rec.sizeBytes, static_cast<std::int64_t>(fs::file_size(dbPath)));
    QCOMPARE(rec.path, dbPath);
    QCOMPARE(rec.displayName, std::string("shop"));
    QCOMPARE(ws->attachDatabase(dbPath).value(), id.value());  // same path: same record
    QCOMPARE(ws->databases().value().size(), std::size_t{1});
    QCOMPARE(ws->verifyDatabase(id.value())->state, hs::ws::DatabaseState::Unchanged);

    // Same bytes, new time: touched, not changed.
    fs::last_write_time(dbPath, fs::last_write_time(dbPath) + std::chrono::seconds(5));
    QCOMPARE(ws->verifyDatabase(id.value())->state, hs::ws::DatabaseState::Touched);

    // Different content of the same size and time: only the hash can tell.
    QVERIFY(ws->attachDatabase(dbPath).ok());  // refresh the record
    auto stamp = fs::last_write_time(dbPath);
    {
      std::fstream f(dbPath, std::ios::in | std::ios::out | std::ios::binary);
      f.seekg(-1, std::ios::end);
      char last = 0;
      f.get(last);
      f.seekp(-1, std::ios::end);
      f.put(static_cast<char>(last ^ 0x01));
    }
    fs::last_write_time(dbPath, stamp);
    auto changed = ws->verifyDatabase(id.value());
    QCOMPARE(changed->state, hs::ws::DatabaseState::Changed);
    QVERIFY(changed->message.find(dbPath) != std::string::npos);
    QCOMPARE(ws->verifyDatabase(id.value(), hs::ws::VerifyMode::Quick)->state,
             hs::ws::DatabaseState::Unchanged);

    // Re-attach refreshes the record; then move the file next to the workspace.
    QVERIFY(ws->attachDatabase(dbPath).ok());
    const std::string moved = pathIn(dir, "shop.sqlite");
    fs::rename(dbPath, moved);
    auto m = ws->verifyDatabase(id.value());
    QCOMPARE(m->state, hs::ws::DatabaseState::Moved);
    QCOMPARE(m->movedTo.value_or(""), moved);
    fs::remove(moved);
    QCOMPARE(ws->verifyDatabase(id.value())->state, hs::ws::DatabaseState::Missing);

    // Detach keeps the cases (their database_id becomes NULL).
    auto run = ws->createRun({"r", "", "", "{}"}).value();
    hs::Case c;
    c.id = "1";
    QVERIFY(ws->insertCases(run, {c}, [&](const hs::Case&) {
                return std::optional<std::int64_t>(id.value());
              }).ok());
    QCOMPARE(ws->cases(run).value()[0].databaseId.value_or(-1), id.value());
    QVERIFY(ws->detachDatabase(id.value()).ok());
    QVERIFY(ws->databases().value().empty());
    QVERIFY(!ws->cases(run).value()[0].databaseId.has_value());
    QVERIFY(!ws->detachDatabase(id.value()).ok());
    QVERIFY(!ws->attachDatabase(pathIn(dir, "absent.sqlite")).ok());
  }

  void secondConnectionWritesWhileOpen() {
    // The LLM module writes llm_calls through its own connection to the same file.
    QTemporaryDir dir;
    const std::string path = pathIn(dir, "shared.hallusql");
    auto ws = Workspace::create(path);
    QVERIFY(ws.ok());
    auto tx = ws->transaction();  // hold the write lock briefly
    int rc = -1;
    std::thread other([&] {
      sqlite3* db = nullptr;
      sqlite3_open(path.c_str(), &db);
      sqlite3_busy_timeout(db, hs::ws::kBusyTimeoutMs);
      rc = sqlite3_exec(db,
                        "INSERT INTO llm_calls(cache_key, endpoint, model, request_json, status, created_at) "
                        "VALUES('k', 'http://x', 'm', '{}', 'ok', '2026-01-01')",
                        nullptr, nullptr, nullptr);
      sqlite3_close(db);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    QVERIFY(tx->commit().ok());
    other.join();
    QCOMPARE(rc, SQLITE_OK);
    QCOMPARE(count(ws.value(), "llm_calls"), 1);
  }
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "test_workspace.moc"
