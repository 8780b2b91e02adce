// Lexer unit tests: token kinds and byte ranges, keywords, quoting, numbers, comments, errors.
#include <QtTest>

#include <string>
#include <vector>

#include "engine/sql/lexer.h"

using namespace hs::sql;

namespace {

std::string kinds(std::string_view src) {
  LexResult r = tokenize(src);
  std::string out;
  for (const Token& t : r.tokens) {
    if (!out.empty()) out += ' ';
    out += t.kw != Kw::None ? std::string(keywordText(t.kw)) : describe(t.tok);
    out += '@' + std::to_string(t.begin) + '-' + std::to_string(t.end);
  }
  return out;
}

}  // namespace

class TestLexer : public QObject {
  Q_OBJECT

 private slots:
  void tokensAndOffsets() {
    QCOMPARE(QString::fromStdString(kinds("select a,b from t")),
             QString("SELECT@0-6 an identifier@7-8 ','@8-9 an identifier@9-10 FROM@11-15 an identifier@16-17 "
                     "end of input@17-17"));
    QCOMPARE(
        QString::fromStdString(kinds("a<=b<>c!=d==e||f->g->>h<<1>>2")),
        QString("an identifier@0-1 '<='@1-3 an identifier@3-4 '<>'@4-6 an identifier@6-7 '<>'@7-9 "
                "an identifier@9-10 '='@10-12 an identifier@12-13 '||'@13-15 an identifier@15-16 "
                "'->'@16-18 an identifier@18-19 '->>'@19-22 an identifier@22-23 '<<'@23-25 an integer@25-26 "
                "'>>'@26-28 an integer@28-29 end of input@29-29"));
  }

  void numbersAndBlobs() {
    QCOMPARE(QString::fromStdString(kinds("1 1.5 .5 5. 1e10 1E-3 0x1F x'0A' X''")),
             QString("an integer@0-1 a number@2-5 a number@6-8 a number@9-11 a number@12-16 a number@17-21 "
                     "an integer@22-26 a blob literal@27-32 a blob literal@33-36 end of input@36-36"));
    LexResult bad = tokenize("SELECT 12abc");
    QVERIFY(bad.error);
    QCOMPARE(QString::fromStdString(bad.error->code), QString("illegal_token"));
    QCOMPARE(static_cast<int>(bad.error->offset), 7);
    QCOMPARE(static_cast<int>(bad.error->end), 12);
    QVERIFY(tokenize("x'abc'").error);  // odd number of hex digits
  }

  void quotingStyles() {
    QCOMPARE(
        QString::fromStdString(kinds("\"a\"\"b\" `c``d` [e\"] 'f''g'")),
        QString("a quoted identifier@0-6 a quoted identifier@7-13 a quoted identifier@14-18 a string@19-25 "
                "end of input@25-25"));
    LexResult stray = tokenize("[e]]");
    QVERIFY(stray.error);
    QCOMPARE(static_cast<int>(stray.error->offset), 3);
  }

  void unquoteResolvesEscapes() {
    QCOMPARE(QString::fromStdString(unquote("\"a\"\"b\"")), QString("a\"b"));
    QCOMPARE(QString::fromStdString(unquote("`c``d`")), QString("c`d"));
    QCOMPARE(QString::fromStdString(unquote("[e f]")), QString("e f"));
    QCOMPARE(QString::fromStdString(unquote("'it''s'")), QString("it's"));
  }

  void parametersAndComments() {
    QCOMPARE(QString::fromStdString(kinds("? ?12 :a @b $c -- x\n/* y */ z /* open")),
             QString("a parameter@0-1 a parameter@2-5 a parameter@6-8 a parameter@9-11 a parameter@12-14 "
                     "an identifier@28-29 end of input@37-37"));
    LexResult r = tokenize("SELECT : FROM t");
    QVERIFY(r.error);
    QCOMPARE(static_cast<int>(r.error->offset), 7);
  }

  void keywords() {
    QVERIFY(keywordOf("select") == Kw::kSELECT);
    QVERIFY(keywordOf("SeLeCt") == Kw::kSELECT);
    QVERIFY(keywordOf("current_timestamp") == Kw::kCURRENT_TIMESTAMP);
    QVERIFY(keywordOf("year") == Kw::None);
    QVERIFY(keywordOf("selects") == Kw::None);
    QVERIFY(isFallbackKeyword(Kw::kKEY));
    QVERIFY(isFallbackKeyword(Kw::kREPLACE));
    QVERIFY(!isFallbackKeyword(Kw::kLEFT));
    QVERIFY(isJoinKeyword(Kw::kLEFT));
    QVERIFY(!isFallbackKeyword(Kw::kORDER));
  }

  void unterminatedAndInvalid() {
    struct Bad {
      const char* src;
      const char* code;
      int offset;
    };
    for (const Bad& b :
         {Bad{"SELECT 'abc", "unterminated_string", 7}, Bad{"SELECT \"abc", "unterminated_identifier", 7},
          Bad{"SELECT [abc", "unterminated_identifier", 7}, Bad{"SELECT `abc", "unterminated_identifier", 7},
          Bad{"SELECT \xc3\x28", "utf8", 7}, Bad{"SELECT 'ok' \x80", "utf8", 12},
          Bad{"SELECT 'a\xff'", "utf8", 9}, Bad{"SELECT !", "illegal_token", 7}}) {
      LexResult r = tokenize(b.src);
      QVERIFY2(r.error, b.src);
      QCOMPARE(QString::fromStdString(r.error->code), QString(b.code));
      QCOMPARE(static_cast<int>(r.error->offset), b.offset);
      QCOMPARE(static_cast<int>(r.tokens.back().begin), b.offset);
      QVERIFY(r.tokens.back().tok == Tok::End);
    }
    // Valid multi-byte UTF-8 is fine inside names and strings.
    QVERIFY(!tokenize("SELECT 'café', naïve FROM 表").error);
  }
};

QTEST_GUILESS_MAIN(TestLexer)
#include "test_lexer.moc"
