#include <QtTest>

#include <sqlite3.h>

#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/hash.h"
#include "engine/core/sql_quote.h"
#include "engine/core/text.h"

class TestCore : public QObject {
  Q_OBJECT
 private slots:
  void sha256KnownVectors() {
    QCOMPARE(QString::fromStdString(hs::sha256Hex("")),
             QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    QCOMPARE(QString::fromStdString(hs::sha256Hex("abc")),
             QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    // 56 bytes: the padding spills into a second block.
    QCOMPARE(
        QString::fromStdString(hs::sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
        QStringLiteral("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    // FIPS 180-2's long vector: a million 'a', many blocks.
    QCOMPARE(QString::fromStdString(hs::sha256Hex(std::string(1000000, 'a'))),
             QStringLiteral("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
  }

  void sha256FileKnownVector() {
    // The same million 'a' streamed from a file in 64 KiB reads (the last one partial).
    QTemporaryFile f;
    QVERIFY(f.open());
    f.write(QByteArray(1000000, 'a'));
    f.flush();
    auto h = hs::sha256File(f.fileName().toStdString());
    QVERIFY(h.ok());
    QCOMPARE(QString::fromStdString(h.value()),
             QStringLiteral("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
  }

  void sha256FileMatchesMemory() {
    QTemporaryFile f;
    QVERIFY(f.open());
    QByteArray data(200000, 'x');
    f.write(data);
    f.flush();
    auto h = hs::sha256File(f.fileName().toStdString());
    QVERIFY(h.ok());
    QCOMPARE(h.value(), hs::sha256Hex(std::string(200000, 'x')));
    auto missing = hs::sha256File("/nonexistent/file");
    QVERIFY(!missing.ok());
    QCOMPARE(QString::fromStdString(missing.error().where), QStringLiteral("/nonexistent/file"));
  }

  void quoteIdentifierDoublesQuotes() {
    QCOMPARE(hs::quoteIdentifier("singer"), std::string("\"singer\""));
    QCOMPARE(hs::quoteIdentifier("my\"tab"), std::string("\"my\"\"tab\""));
    QCOMPARE(hs::quoteIdentifier("\""), std::string("\"\"\"\""));
    QCOMPARE(hs::quoteIdentifier(""), std::string("\"\""));
    // UTF-8 bytes, spaces, other quote characters and NUL pass through as they are.
    QCOMPARE(hs::quoteIdentifier("caf\xC3\xA9 \xE5\xAD\xA6\xE7\x94\x9F"),
             std::string("\"caf\xC3\xA9 \xE5\xAD\xA6\xE7\x94\x9F\""));
    QCOMPARE(hs::quoteIdentifier("a'b`c]"), std::string("\"a'b`c]\""));
    QCOMPARE(hs::quoteIdentifier(std::string_view("a\0b", 3)), std::string("\"a\0b\"", 5));
  }

  // What SQLite reads back from a quoted name is the name itself, whatever it holds.
  void quoteIdentifierRoundTripsThroughSqlite() {
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
    const std::vector<std::string> names = {
        "plain",      "my\"tab", "\"\"", "select", "two words", "x'); --", "\xE5\xAD\xA6\xE7\x94\x9F",
        "a]b`c\"d\"e"};
    for (const std::string& name : names) {
      const std::string sql =
          "CREATE TABLE " + hs::quoteIdentifier(name) + " (" + hs::quoteIdentifier(name) + " INTEGER)";
      QVERIFY2(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK, sql.c_str());
      sqlite3_stmt* st = nullptr;
      QCOMPARE(sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1)", -1, &st, nullptr), SQLITE_OK);
      sqlite3_bind_text(st, 1, name.c_str(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
      QCOMPARE(sqlite3_step(st), SQLITE_ROW);
      QCOMPARE(std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 0))), name);
      sqlite3_finalize(st);
    }
    sqlite3_close(db);
  }

  void utf8Validation() {
    QVERIFY(!hs::firstInvalidUtf8("plain ascii").has_value());
    QVERIFY(!hs::firstInvalidUtf8("caf\xC3\xA9 \xE5\xAD\xA6\xE7\x94\x9F").has_value());
    QCOMPARE(hs::firstInvalidUtf8("ab\xFF"
                                  "cd")
                 .value(),
             std::size_t{2});
    QCOMPARE(hs::firstInvalidUtf8("abc\xC3").value(), std::size_t{3});        // truncated
    QCOMPARE(hs::firstInvalidUtf8("\xC0\xAF").value(), std::size_t{0});       // overlong
    QCOMPARE(hs::firstInvalidUtf8("x\xED\xA0\x80").value(), std::size_t{1});  // surrogate
  }

  void lineColumn() {
    auto lc = hs::lineColAt("ab\ncd\nef", 4);
    QCOMPARE(lc.line, std::size_t{2});
    QCOMPARE(lc.column, std::size_t{2});
  }

  void identifierParts() {
    using V = std::vector<std::string>;
    QCOMPARE(hs::identifierParts("car_makers"), (V{"car", "makers"}));
    QCOMPARE(hs::identifierParts("CountryName"), (V{"country", "name"}));
    QCOMPARE(hs::identifierParts("CDSCode"), (V{"cds", "code"}));
    QCOMPARE(hs::identifierParts("Address2 Line"), (V{"address", "2", "line"}));
    QCOMPARE(hs::identifierParts("Enrollment (Ages 5-17)"), (V{"enrollment", "ages", "5", "17"}));
    QCOMPARE(hs::identifierParts("préfecture_ID"), (V{"préfecture", "id"}));  // UTF-8 stays in its word
    QVERIFY(hs::identifierParts("__").empty());
  }

  void errorDescribe() {
    hs::Error e = hs::makeError(hs::ErrorKind::BadInput, "syntax", "unexpected token");
    e.where = "q.sql";
    e.line = 3;
    e.offset = 17;
    QCOMPARE(QString::fromStdString(e.describe()), QStringLiteral("q.sql:3: unexpected token (at byte 17)"));
    hs::Result<int> r = e;
    QVERIFY(!r.ok());
    hs::Result<int> v = 4;
    QCOMPARE(v.value(), 4);
  }
};

QTEST_GUILESS_MAIN(TestCore)
#include "test_core.moc"
