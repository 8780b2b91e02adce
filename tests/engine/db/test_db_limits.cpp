// Time limit, cancel from another thread, row cap, memory cap and cursors of hs::db::Database.
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
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

// Unit tests assert that a limit or a cancel fires, never how fast: on two busy cores under the
// sanitizers anything can take seconds. The ceiling only says "it stopped at all" (a query without
// the limit would run for hours); the latencies are measured by tests/bench/db (BM_TimeLimit*).
constexpr double kCeilingMs = 30000;

const char* kCountToTrillion =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000000) "
    "SELECT count(*) FROM c";

}  // namespace

class TestDbLimits : public QObject {
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
    QString path = tmp_.filePath("numbers.sqlite");
    QCOMPARE(
        hs::test::execOnFile(path,
                             "CREATE TABLE n(x INTEGER PRIMARY KEY, label TEXT);"
                             "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) "
                             "INSERT INTO n SELECT x, 'row ' || x FROM c;"),
        std::string());
    path_ = path.toStdString();
  }

  void runawayRecursiveCteStopsAtTimeLimit() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 300;
    auto start = Clock::now();
    auto r = db->query(kCountToTrillion, limits);
    double ms = msSince(start);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, hs::ErrorKind::Timeout);
    QCOMPARE(r.error().code, std::string("timeout"));
    QVERIFY2(r.error().message.find("300 ms") != std::string::npos, r.error().message.c_str());
    qInfo("recursive CTE with a 300 ms limit stopped after %.1f ms", ms);
    QVERIFY2(ms < kCeilingMs, qPrintable(QString("took %1 ms").arg(ms)));
  }

  void workLimitStopsAtTheSamePointEveryTime() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 0;  // no clock: only the work limit
    limits.maxSteps = 200000;
    auto r = db->query(kCountToTrillion, limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, hs::ErrorKind::Timeout);
    QCOMPARE(r.error().code, std::string("step_limit"));
    QVERIFY2(r.error().message.find("200000 VM instructions") != std::string::npos,
             r.error().message.c_str());
    // a statement under the limit runs, the same one twice gives the same answer, and the
    // connection works again after a stop
    const char* join = "SELECT count(*) FROM n a, n b WHERE a.label < b.label";
    limits.maxSteps = 10000;
    auto small = db->query("SELECT count(*) FROM n WHERE x < 10", limits);
    QVERIFY(small.ok());
    auto first = db->query(join, limits);
    auto second = db->query(join, limits);
    QCOMPARE(first.ok(), second.ok());
    QVERIFY(!first.ok());  // a million row pairs are well over 10,000 instructions
    QCOMPARE(first.error().code, std::string("step_limit"));
    limits.maxSteps = 0;  // no work limit
    auto all = db->query(join, limits);
    QVERIFY(all.ok());
    QCOMPARE(all->rows.front().front().display(), std::string("499500"));
  }

  void cartesianJoinStopsAtTimeLimit() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 250;
    auto start = Clock::now();
    // 1000^5 rows.
    auto r = db->query("SELECT count(*) FROM n a, n b, n c, n d, n e", limits);
    double ms = msSince(start);
    qInfo("5-way cross join with a 250 ms limit stopped after %.1f ms", ms);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, hs::ErrorKind::Timeout);
    QVERIFY2(ms < kCeilingMs, qPrintable(QString("took %1 ms").arg(ms)));

    // A sorting cartesian join, too.
    start = Clock::now();
    r = db->query("SELECT a.x, b.x, c.x FROM n a, n b, n c ORDER BY random() LIMIT 5", limits);
    ms = msSince(start);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, hs::ErrorKind::Timeout);
    QVERIFY2(ms < kCeilingMs, qPrintable(QString("took %1 ms").arg(ms)));

    // The connection is usable afterwards.
    auto ok = db->query("SELECT count(*) FROM n", limits);
    QVERIFY(ok.ok());
    QCOMPARE(ok->rows.at(0).at(0), hs::db::Value::integer(1000));
  }

  void cancelFromAnotherThread() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 0;  // no time limit: only the cancel can stop it
    for (int via = 0; via < 2; ++via) {
      auto interrupter = db->interrupter();
      std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (via == 0) {
          interrupter->interrupt();
        } else {
          db->interrupt();
        }
      });
      auto start = Clock::now();
      auto r = db->query(kCountToTrillion, limits);
      double ms = msSince(start);
      canceller.join();
      qInfo("cancel sent after 200 ms, query returned after %.1f ms", ms);
      QVERIFY(!r.ok());
      QCOMPARE(r.error().kind, hs::ErrorKind::Cancelled);
      QCOMPARE(r.error().code, std::string("cancelled"));
      QVERIFY2(ms < kCeilingMs, qPrintable(QString("took %1 ms").arg(ms)));
    }
    // A cancel leaves no stale state: the next query runs to the end.
    auto next = db->query("SELECT max(x) FROM n", limits);
    QVERIFY2(next.ok(), next.ok() ? "" : next.error().describe().c_str());
    QCOMPARE(next->rows.at(0).at(0), hs::db::Value::integer(1000));
  }

  void cancelCursorFetch() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 0;
    auto cur = db->openCursor(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x % "
        "1000000007 = 0",
        limits);
    QVERIFY(cur.ok());
    auto interrupter = db->interrupter();
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
      interrupter->interrupt();
    });
    auto start = Clock::now();
    auto rows = (*cur)->fetch(1000);
    double ms = msSince(start);
    canceller.join();
    QVERIFY(!rows.ok());
    QCOMPARE(rows.error().kind, hs::ErrorKind::Cancelled);
    QVERIFY(ms < kCeilingMs);
    QVERIFY((*cur)->atEnd());
  }

  void interrupterOutlivesDatabase() {
    std::shared_ptr<hs::db::Interrupter> interrupter;
    {
      auto db = open();
      interrupter = db->interrupter();
      interrupter->interrupt();  // idle: harmless
      auto r = db->query("SELECT count(*) FROM n");
      QVERIFY2(r.ok(), "an interrupt while idle must not cancel the next query");
    }
    interrupter->interrupt();  // the connection is closed: a no-op, no crash
    // And a database opened afterwards is not touched by the old interrupter.
    auto db = open();
    interrupter->interrupt();
    auto r = db->query("SELECT count(*) FROM n");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().describe().c_str());
    QCOMPARE(r->rows.at(0).at(0), hs::db::Value::integer(1000));
  }

  void rowCap() {
    auto db = open();
    Limits limits;
    limits.maxRows = 10;
    auto r = db->query("SELECT x FROM n ORDER BY x", limits);
    QVERIFY(r.ok());
    QCOMPARE(r->rows.size(), std::size_t{10});
    QVERIFY(r->truncated);
    QCOMPARE(r->rows.back().at(0), hs::db::Value::integer(10));

    limits.maxRows = 1000;  // exactly all rows: not truncated
    r = db->query("SELECT x FROM n", limits);
    QVERIFY(r.ok());
    QCOMPARE(r->rows.size(), std::size_t{1000});
    QVERIFY(!r->truncated);

    limits.maxRows = 0;  // no cap
    r = db->query("SELECT a.x FROM n a, n b WHERE b.x <= 3", limits);
    QVERIFY(r.ok());
    QCOMPARE(r->rows.size(), std::size_t{3000});
    QVERIFY(!r->truncated);
  }

  void memoryCap() {
    auto db = open();
    Limits limits;
    limits.maxResultBytes = 1 << 20;  // 1 MiB
    limits.maxRows = 0;
    auto start = Clock::now();
    auto r = db->query("SELECT a.x, randomblob(1000) FROM n a, n b", limits);  // ~1 GB if unbounded
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, hs::ErrorKind::BadInput);
    QCOMPARE(r.error().code, std::string("memory_limit"));
    QVERIFY2(r.error().message.find("1048576") != std::string::npos, r.error().message.c_str());
    QVERIFY(msSince(start) < 2000);

    // One huge value is refused by SQLite's length limit, reported the same way.
    r = db->query("SELECT zeroblob(600000000)");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("memory_limit"));

    // Under the cap, the same shape of query works.
    r = db->query("SELECT x, randomblob(100) FROM n LIMIT 50", limits);
    QVERIFY(r.ok());
    QCOMPARE(r->rows.size(), std::size_t{50});
    QCOMPARE(r->rows[0][1].bytes.size(), std::size_t{100});
  }

  void cursorFetchesInBlocks() {
    auto db = open();
    Limits limits;
    limits.maxRows = 250;
    auto cur = db->openCursor("SELECT x, label FROM n ORDER BY x", limits);
    QVERIFY(cur.ok());
    QCOMPARE((*cur)->columns(), (std::vector<std::string>{"x", "label"}));
    QCOMPARE((*cur)->reads().size(), std::size_t{2});
    std::int64_t expect = 1;
    while (!(*cur)->atEnd()) {
      auto block = (*cur)->fetch(100);
      QVERIFY(block.ok());
      for (const auto& row : *block) {
        QCOMPARE(row.at(0), hs::db::Value::integer(expect));
        QCOMPARE(row.at(1).bytes, "row " + std::to_string(expect));
        ++expect;
      }
    }
    QCOMPARE((*cur)->rowsFetched(), std::size_t{250});
    QVERIFY((*cur)->truncated());
    auto after = (*cur)->fetch(10);
    QVERIFY(after.ok());
    QVERIFY(after->empty());

    // A cursor keeps its connection alive after the Database is gone.
    auto cur2 = db->openCursor("SELECT x FROM n ORDER BY x DESC");
    QVERIFY(cur2.ok());
    db.reset();
    auto block = (*cur2)->fetch(3);
    QVERIFY(block.ok());
    QCOMPARE(block->size(), std::size_t{3});
    QCOMPARE(block->at(0).at(0), hs::db::Value::integer(1000));
    QVERIFY(!(*cur2)->atEnd());
  }

  void cursorTimeLimitPerFetch() {
    auto db = open();
    Limits limits;
    limits.timeoutMs = 200;
    auto cur = db->openCursor(kCountToTrillion, limits);
    QVERIFY(cur.ok());
    auto start = Clock::now();
    auto rows = (*cur)->fetch(1);
    QVERIFY(!rows.ok());
    QCOMPARE(rows.error().kind, hs::ErrorKind::Timeout);
    QVERIFY(msSince(start) < 600);
  }

  void valuesKeepTheirTypes() {
    auto db = open();
    auto r = db->query("SELECT 42, -7.25, 'text', x'00ff10', NULL, 9223372036854775807, 1e308 * 10");
    QVERIFY(r.ok());
    const auto& row = r->rows.at(0);
    QCOMPARE(row[0], hs::db::Value::integer(42));
    QCOMPARE(row[1], hs::db::Value::real(-7.25));
    QCOMPARE(row[2], hs::db::Value::text("text"));
    QCOMPARE(row[3], hs::db::Value::blob(std::string("\x00\xff\x10", 3)));
    QVERIFY(row[4].isNull());
    QCOMPARE(row[5].i, INT64_MAX);
    QCOMPARE(row[1].display(), std::string("-7.25"));
    QCOMPARE(row[3].display(), std::string("x'00ff10'"));
    QCOMPARE(row[4].display(), std::string("NULL"));
    QCOMPARE(row[6].display(), std::string("Inf"));
    QCOMPARE(hs::db::Value::real(3.0).display(), std::string("3.0"));
    QVERIFY(hs::db::Value::integer(1) != hs::db::Value::real(1.0));
    QVERIFY(r->elapsedMs >= 0.0);
  }
};

QTEST_GUILESS_MAIN(TestDbLimits)
#include "test_db_limits.moc"
