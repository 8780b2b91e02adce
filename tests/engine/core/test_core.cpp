#include <QtTest>

#include "engine/core/error.h"
#include "engine/core/hash.h"
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
