// The statements of a text and the token under a byte (engine/sql/statements.h).
#include <QtTest>

#include "engine/sql/statements.h"

using hs::sql::Span;

namespace {
std::vector<std::string> texts(std::string_view sql) {
  std::vector<std::string> out;
  for (const Span& s : hs::sql::statementRanges(sql)) out.emplace_back(s.in(sql));
  return out;
}
}  // namespace

class TestStatements : public QObject {
  Q_OBJECT
 private slots:
  void splitsAtSemicolonTokensOnly() {
    QCOMPARE(texts("SELECT ';' AS a; -- x; y\nSELECT \"b;c\", [d;e], `f;g` FROM t /* ; */ ;  SELECT 3"),
             (std::vector<std::string>{"SELECT ';' AS a",
                                       "-- x; y\nSELECT \"b;c\", [d;e], `f;g` FROM t /* ; */", "SELECT 3"}));
    QCOMPARE(texts("SELECT 'it''s; fine'; SELECT 2;"),
             (std::vector<std::string>{"SELECT 'it''s; fine'", "SELECT 2"}));
    QVERIFY(texts(" ;\n ; ").empty());
    QVERIFY(texts("").empty());
  }

  // Half-typed text still splits: the lexer resumes after a bad token; an open quote takes the rest.
  void lexicalErrorsDoNotStopTheSplit() {
    QCOMPARE(texts("SELECT # FROM t; SELECT 2"), (std::vector<std::string>{"SELECT # FROM t", "SELECT 2"}));
    QCOMPARE(texts("SELECT 1; SELECT 'open; SELECT 3"),
             (std::vector<std::string>{"SELECT 1", "SELECT 'open; SELECT 3"}));
    QCOMPARE(texts("SELECT 1 /* open; SELECT 2"), (std::vector<std::string>{"SELECT 1 /* open; SELECT 2"}));
  }

  void statementUnderAPosition() {
    const std::string_view sql = "SELECT 1;  SELECT 2 ;SELECT 3";
    QCOMPARE(hs::sql::statementAt(sql, sql.find("2")).in(sql), std::string_view("SELECT 2"));
    QCOMPARE(hs::sql::statementAt(sql, sql.find(";  ") + 1).in(sql),
             std::string_view("SELECT 1"));  // between
    QCOMPARE(hs::sql::statementAt(sql, 0).in(sql), std::string_view("SELECT 1"));
    QCOMPARE(hs::sql::statementAt(sql, sql.size()).in(sql), std::string_view("SELECT 3"));
    QVERIFY(hs::sql::statementAt("  \n ", 1).empty());
  }

  void tokenEndsAreBytes() {
    const std::string_view sql = "SELECT 名字, \"a b\", 'x FROM t";
    QCOMPARE(hs::sql::tokenEndAt(sql, 0), std::size_t(6));
    const std::size_t name = sql.find("名字");
    QCOMPARE(hs::sql::tokenEndAt(sql, name), name + 6);  // two 3-byte characters
    const std::size_t quoted = sql.find('"');
    QCOMPARE(hs::sql::tokenEndAt(sql, quoted), quoted + 5);
    QCOMPARE(hs::sql::tokenEndAt(sql, sql.find(',')), sql.find(',') + 1);
    QCOMPARE(hs::sql::tokenEndAt(sql, sql.find('\'')), sql.size());  // unterminated: to the end
    QCOMPARE(hs::sql::tokenEndAt(sql, 6), std::size_t(7));           // a blank: one byte
    QCOMPARE(hs::sql::tokenEndAt(sql, sql.size()), sql.size());
  }
};

QTEST_APPLESS_MAIN(TestStatements)
#include "test_statements.moc"
