// SQL errors carry SQLite's message and the byte offset of the problem, also where SQLite itself
// gives none (unknown table, a bad column in JOIN ... ON).
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <string>

#include "db_test_util.h"
#include "engine/db/database.h"
#include "support/shared_data.h"

using hs::db::Database;

class TestDbErrors : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  std::unique_ptr<Database> db_;

  // Runs `sql`, expects a "sql" error whose offset is where `at` first occurs (after `from`).
  void expectErrorAt(const std::string& sql, const std::string& at, const std::string& message,
                     std::size_t from = 0, bool spanCoversAt = true) {
    auto r = db_->query(sql);
    QVERIFY2(!r.ok(), sql.c_str());
    const hs::Error& e = r.error();
    QCOMPARE(e.kind, hs::ErrorKind::BadInput);
    QCOMPARE(e.code, std::string("sql"));
    QVERIFY2(e.message.find(message) != std::string::npos, (sql + " -> " + e.message).c_str());
    QVERIFY2(e.offset.has_value(), (sql + " -> no offset: " + e.message).c_str());
    std::size_t expected = sql.find(at, from);
    QVERIFY(expected != std::string::npos);
    QCOMPARE(*e.offset, expected);
    if (spanCoversAt && e.end) QCOMPARE(*e.end, expected + at.size());
    QVERIFY(e.line.has_value());
  }

 private slots:
  void initTestCase() {
    // Spider's concert_singer when ../shared/data is there, else a stand-in with its tables (the
    // errors depend only on the schema).
    std::string path = hs::test::spiderDb("concert_singer");
    if (!hs::test::hasSharedData()) {
      QVERIFY(tmp_.isValid());
      const QString standIn = tmp_.filePath("concert_singer.sqlite");
      const std::string err = hs::test::execOnFile(
          standIn,
          "CREATE TABLE stadium(Stadium_ID INTEGER PRIMARY KEY, Location TEXT, Name TEXT, Capacity INT);"
          "CREATE TABLE singer(Singer_ID INTEGER PRIMARY KEY, Name TEXT, Country TEXT, Song_Name TEXT,"
          "  Age INT, Is_male BOOL);"
          "CREATE TABLE concert(concert_ID INTEGER PRIMARY KEY, concert_Name TEXT, Theme TEXT,"
          "  Stadium_ID INT REFERENCES stadium(Stadium_ID), Year TEXT);"
          "CREATE TABLE singer_in_concert(concert_ID INT REFERENCES concert(concert_ID),"
          "  Singer_ID INT REFERENCES singer(Singer_ID), PRIMARY KEY(concert_ID, Singer_ID));"
          "INSERT INTO singer VALUES (1, 'Joe Sharp', 'Netherlands', 'You', 52, 'F');");
      QVERIFY2(err.empty(), err.c_str());
      path = standIn.toStdString();
    }
    auto db = Database::openReadOnly(path);
    QVERIFY2(db.ok(), db.ok() ? "" : db.error().describe().c_str());
    db_ = std::move(*db);
  }

  void incompleteInputPointsAtTheDanglingClause() {
    // SQLite says "incomplete input" without an offset: the last token is the culprit.
    expectErrorAt("SELECT * FROM singer WHERE", "WHERE", "incomplete input");
    expectErrorAt("SELECT * FROM singer WHERE  -- nothing follows\n", "WHERE", "incomplete input");
  }

  void unknownColumnOffset() {
    expectErrorAt("SELECT nme FROM singer", "nme", "no such column: nme");
    auto r = db_->query("SELECT nme FROM singer");
    QCOMPARE(r.error().end.value_or(0), std::size_t{10});  // the span covers the name
    expectErrorAt("SELECT Name FROM singer WHERE Age > 20 AND contry = 'France'", "contry", "no such column");
  }

  void unknownTableOffsetFallback() {
    // sqlite3_error_offset gives -1 here; the name is found in the SQL, not inside the literal.
    expectErrorAt("SELECT 'singr' FROM singr", "singr", "no such table: singr", 10);
    expectErrorAt("SELECT *\nFROM stadium JOIN \"singr\" ON 1", "\"singr\"", "no such table: singr");
    auto r = db_->query("SELECT *\nFROM stadium\nJOIN singr ON 1");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().line.value_or(0), std::size_t{3});
  }

  void badColumnInJoinOn() {
    expectErrorAt(
        "SELECT T1.Name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.Singer_ID = T2.singer_idd",
        "T2.singer_idd", "no such column: T2.singer_idd");
    // The literal 's.foo' must not be taken for the column.
    expectErrorAt("SELECT 's.foo' FROM singer s JOIN concert c ON s.foo = c.concert_ID", "s.foo",
                  "no such column: s.foo", 10);
  }

  void syntaxErrorOffset() {
    expectErrorAt("SELECT * FORM singer", "FORM", "syntax error", 0, false);
    expectErrorAt("SELECT Name FROM singer GROUP Age", "Age", "syntax error", 0, false);
  }

  void unknownFunctionOffset() {
    expectErrorAt("SELECT Name, mediann(Age) FROM singer", "mediann", "no such function: mediann");
  }

  void runtimeErrorsHaveMessages() {
    auto r = db_->query("SELECT abs(-9223372036854775807 - 1)");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("sql"));
    QVERIFY2(r.error().message.find("integer overflow") != std::string::npos, r.error().message.c_str());
  }

  void emptyStatement() {
    for (const char* sql : {"", "   ", "-- only a comment", ";;"}) {
      auto r = db_->query(sql);
      QVERIFY(!r.ok());
      QCOMPARE(r.error().code, std::string("empty"));
      QCOMPARE(r.error().kind, hs::ErrorKind::BadInput);
    }
  }

  void refusedStatementOffsets() {
    auto r = db_->query("  /* x */ DELETE FROM singer");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, std::string("refused"));
    QCOMPARE(r.error().offset.value_or(999), std::size_t{10});
    QCOMPARE(r.error().end.value_or(999), std::size_t{16});
    r = db_->query("SELECT 1;\n  SELECT 2");
    QVERIFY(!r.ok());
    QCOMPARE(r.error().offset.value_or(999), std::size_t{12});
    QCOMPARE(r.error().line.value_or(0), std::size_t{2});
  }
};

QTEST_GUILESS_MAIN(TestDbErrors)
#include "test_db_errors.moc"
