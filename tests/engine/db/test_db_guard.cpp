// The statement guard of engine/db (run_guard.h, printf_guard.h): time, cancel, memory and value
// limits that hold inside one expensive VM instruction and during prepare. Sizes are small (a few
// MB) so the test stays cheap under ASan; the ceilings are generous (seconds), not timing windows:
// without the guard each of these runs many times longer.
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "db_test_util.h"
#include "engine/db/database.h"

using hs::db::Database;
using hs::db::Limits;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// `terms` copies of `term` joined by '+', after SELECT.
std::string sumOf(const std::string& term, int terms) {
  std::string sql = "SELECT ";
  for (int i = 0; i < terms; ++i) sql += (i ? "+" : "") + term;
  return sql;
}

// WITH a0(x) AS (SELECT 1), a1(x) AS (SELECT x FROM a0 UNION ALL SELECT x FROM a0), ... a<n>.
std::string cteChain(int n) {
  std::string sql = "WITH a0(x) AS (SELECT 1)";
  for (int i = 1; i <= n; ++i) {
    std::string prev = "a" + std::to_string(i - 1);
    sql += ", a" + std::to_string(i) + "(x) AS (SELECT x FROM " + prev + " UNION ALL SELECT x FROM " + prev +
           ")";
  }
  return sql + " SELECT 1 FROM a" + std::to_string(n) + " LIMIT 1";
}

const char* kTwelveRows = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12) ";

// Counts to a billion: minutes of plain VM loops.
const char* kCountToABillion =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) "
    "SELECT count(*) FROM n";

}  // namespace

class TestDbGuard : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  std::string path_;

  std::unique_ptr<Database> open() {
    auto db = Database::openReadOnly(path_);
    if (!db) qFatal("%s", db.error().describe().c_str());
    return std::move(*db);
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    QString path = tmp_.filePath("t.sqlite");
    QCOMPARE(hs::test::execOnFile(path, "CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3);"),
             std::string());
    path_ = path.toStdString();
  }

  // One row of straight-line code: no loop, so the progress handler never runs in it.
  void straightLineBlobsStopAtTheTimeLimit() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 200;
    auto start = Clock::now();
    auto r = db->query(sumOf("length(randomblob(4000000))", 400), limits);  // ~1.6 GB of work
    double ms = msSince(start);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("timeout"));
    QCOMPARE(r.error().kind, hs::ErrorKind::Timeout);
    QVERIFY2(r.error().message.find("200 ms") != std::string::npos, r.error().message.c_str());
    QVERIFY2(ms < 5000, qPrintable(QString("took %1 ms").arg(ms)));
    // The connection is usable afterwards.
    auto again = db->query("SELECT count(*) FROM t");
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
    QCOMPARE(again->rows[0][0].i, std::int64_t{3});
  }

  // 2^22 expanded subqueries inside one prepare.
  void exponentialCteStopsDuringPrepare() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 200;
    limits.maxMemoryBytes = 0;  // only the time limit
    auto start = Clock::now();
    auto r = db->query(cteChain(22), limits);
    double ms = msSince(start);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("timeout"));
    QVERIFY2(ms < 5000, qPrintable(QString("took %1 ms").arg(ms)));
  }

  void exponentialCteStopsAtTheMemoryLimit() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 0;
    limits.maxMemoryBytes = 16LL << 20;
    auto r = db->query(cteChain(22), limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory_limit"));
    QVERIFY2(r.error().message.find("needed more than 16 MB") != std::string::npos,
             r.error().message.c_str());
    QVERIFY2(r.error().message.find("per-query memory limit") != std::string::npos,
             r.error().message.c_str());
  }

  // With the default limits, preparing one statement may take 64 MB: the expansion stops there.
  void exponentialCteStopsAtThePrepareLimit() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 0;
    auto r = db->query(cteChain(22), limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory_limit"));
    QVERIFY2(r.error().message.find("64 MB of memory before it started") != std::string::npos,
             r.error().message.c_str());
  }

  // Temporary b-trees spill to files of the guarded VFS, counted against the memory limit.
  void distinctOverBigValuesStopsAtTheMemoryLimit() {
    auto db = open();
    Limits limits;
    limits.maxMemoryBytes = 24LL << 20;
    auto r =
        db->query(std::string(kTwelveRows) + "SELECT count(DISTINCT randomblob(4000000)) FROM n", limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory_limit"));
    // Under the limit the same query answers.
    limits.maxMemoryBytes = 256LL << 20;
    auto ok =
        db->query(std::string(kTwelveRows) + "SELECT count(DISTINCT randomblob(400000)) FROM n", limits);
    QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().message.c_str());
    QCOMPARE(ok->rows[0][0].i, std::int64_t{12});
  }

  void valueLargerThanTheValueLimitIsRefused() {
    auto db = open();
    Limits limits;
    limits.maxValueBytes = 1LL << 20;
    auto r = db->query("SELECT randomblob(2000000)", limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory_limit"));
    QVERIFY2(r.error().message.find("1 MB") != std::string::npos, r.error().message.c_str());
    QVERIFY2(r.error().message.find("per-value limit") != std::string::npos, r.error().message.c_str());
    auto fits = db->query("SELECT length(randomblob(900000))", limits);
    QVERIFY2(fits.ok(), fits.ok() ? "" : fits.error().message.c_str());
    // The default allows 32 MB values, not 250 MB.
    auto big = db->query("SELECT randomblob(250000000)");
    QVERIFY(!big.ok());
    QCOMPARE(big.error().code, std::string("memory_limit"));
    QVERIFY2(big.error().message.find("per-value limit") != std::string::npos, big.error().message.c_str());
  }

  // printf('%.*c', 1e9, 'x') loops a billion times inside one call in SQLite 3.40.
  void printfWithHugePrecisionIsRefusedAtOnce() {
    auto db = open();
    auto start = Clock::now();
    for (const char* sql : {"SELECT printf('%.*c', 1e9, 'x')", "SELECT format('%.1000000000c', 'x')",
                            "SELECT printf('%*d', 2000000000, 1)"}) {
      auto r = db->query(sql);
      QVERIFY2(!r.ok(), sql);
      QCOMPARE(r.error().code, std::string("memory_limit"));
      QVERIFY2(r.error().message.find("per-value limit") != std::string::npos, r.error().message.c_str());
    }
    QVERIFY2(msSince(start) < 5000, "printf must be refused before it loops");
  }

  void printfStillFormatsLikeSqlite() {
    auto db = open();
    auto r = db->query(
        "SELECT printf('%5.2f|%s|%d|%-4s|%q|%.3s|%05d', 3.14159, 'a', 7, 'b', 'it''s', 'abcdef', 42), "
        "format('%c%c', 'x', 'y'), printf('%.*c', 3, 'z'), printf(NULL), printf('%s', NULL), "
        "printf('%.1000000000s', 'short')");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    const auto& row = r->rows[0];
    QCOMPARE(row[0].bytes, std::string(" 3.14|a|7|b   |it''s|abc|00042"));
    QCOMPARE(row[1].bytes, std::string("xy"));
    QCOMPARE(row[2].bytes, std::string("zzz"));
    QVERIFY(row[3].isNull());
    QCOMPARE(row[4].bytes, std::string(""));
    QCOMPARE(row[5].bytes, std::string("short"));
  }

  // Cancel reaches a statement that is still being prepared.
  void cancelStopsPrepare() {
    auto db = open();
    auto interrupter = db->interrupter();
    Limits limits;
    limits.timeoutMs = 0;
    limits.maxMemoryBytes = 0;
    std::thread canceller([interrupter] {
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
      interrupter->interrupt();
    });
    auto start = Clock::now();
    auto r = db->query(cteChain(24), limits);
    double ms = msSince(start);
    canceller.join();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("cancelled"));
    QVERIFY2(ms < 10000, qPrintable(QString("took %1 ms").arg(ms)));
  }

  // Limits::deadline is shared by several statements: the first one stops at it (long before its
  // own 5 s limit), the next ones (a query, a value look-up, a cursor) do not start; statements
  // without it run as before.
  void sharedDeadlineStopsEveryStatement() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 5000;
    limits.deadline = Clock::now() + std::chrono::milliseconds(300);
    auto start = Clock::now();
    auto r = db->query(kCountToABillion, limits);
    double ms = msSince(start);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("deadline"));
    QCOMPARE(r.error().kind, hs::ErrorKind::Timeout);
    QVERIFY2(ms < 4000, qPrintable(QString("took %1 ms").arg(ms)));
    auto next = db->query("SELECT count(*) FROM t", limits);
    QVERIFY(!next.ok());
    QCOMPARE(next.error().code, std::string("deadline"));
    auto exists = db->valueExists("t", "x", hs::db::Value::integer(1), limits);
    QVERIFY(!exists.ok());
    QCOMPARE(exists.error().code, std::string("deadline"));
    auto cursor = db->openCursor("SELECT x FROM t", limits);
    QVERIFY(!cursor.ok());
    QCOMPARE(cursor.error().code, std::string("deadline"));
    auto free = db->query("SELECT count(*) FROM t", Limits(5000));
    QVERIFY2(free.ok(), free.ok() ? "" : free.error().message.c_str());
    QCOMPARE(free->rows[0][0].i, std::int64_t{3});
    // Its own time limit, when it comes first, still says so.
    Limits own;
    own.timeoutMs = 200;
    own.deadline = Clock::now() + std::chrono::seconds(60);
    auto first = db->query(kCountToABillion, own);
    QVERIFY(!first.ok());
    QCOMPARE(first.error().code, std::string("timeout"));
  }

  // The limits also hold for each fetch() of a cursor.
  void cursorFetchIsGuarded() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 200;
    auto cursor = db->openCursor(sumOf("length(randomblob(4000000))", 400), limits);
    QVERIFY2(cursor.ok(), cursor.ok() ? "" : cursor.error().message.c_str());
    auto rows = (*cursor)->fetch(10);
    QVERIFY(!rows.ok());
    QCOMPARE(rows.error().code, std::string("timeout"));
  }
};

QTEST_GUILESS_MAIN(TestDbGuard)
#include "test_db_guard.moc"
