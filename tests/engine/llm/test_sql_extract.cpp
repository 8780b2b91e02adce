// SQL extraction from realistic model outputs: the chosen span must be exact and explained.
#include <QtTest>

#include "engine/llm/sql_extract.h"

using namespace hs;

Q_DECLARE_METATYPE(std::string)

class TestSqlExtract : public QObject {
  Q_OBJECT
 private slots:
  void extracts_data() {
    QTest::addColumn<std::string>("raw");
    QTest::addColumn<std::string>("sql");
    QTest::addColumn<std::string>("method");

    QTest::newRow("bare") << std::string("SELECT count(*) FROM singer")
                          << std::string("SELECT count(*) FROM singer") << std::string("whole");
    QTest::newRow("bare-semicolon-newline")
        << std::string("SELECT name\nFROM singer\nWHERE age > 30;\n")
        << std::string("SELECT name\nFROM singer\nWHERE age > 30") << std::string("whole");
    QTest::newRow("sql-fence")
        << std::string(
               "Here is the query:\n```sql\nSELECT name FROM singer ORDER BY age DESC LIMIT 1;\n```\n")
        << std::string("SELECT name FROM singer ORDER BY age DESC LIMIT 1") << std::string("sql_fence");
    QTest::newRow("SQL-fence-uppercase-info")
        << std::string("```SQLite\nSELECT 1\n```") << std::string("SELECT 1") << std::string("sql_fence");
    QTest::newRow("plain-fence")
        << std::string(
               "The answer:\n```\nSELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = "
               "T2.sid\n```\nThis joins the tables.")
        << std::string("SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid")
        << std::string("fence");
    QTest::newRow("python-fence-then-sql-fence")
        << std::string("```python\nprint('x')\n```\nand\n```sql\nSELECT 2;\n```") << std::string("SELECT 2")
        << std::string("sql_fence");
    QTest::newRow("unclosed-fence") << std::string("```sql\nSELECT a FROM t WHERE b = 'x'")
                                    << std::string("SELECT a FROM t WHERE b = 'x'")
                                    << std::string("sql_fence");
    QTest::newRow("prose-before-after")
        << std::string(
               "To answer this, we count the singers.\nSELECT COUNT(*) FROM singer;\nThis returns the number "
               "of singers.")
        << std::string("SELECT COUNT(*) FROM singer") << std::string("keyword");
    QTest::newRow("trailing-explanation-no-semicolon")
        << std::string(
               "SELECT name, age\nFROM singer\nWHERE country = 'France'\n\nExplanation: we filter French "
               "singers.")
        << std::string("SELECT name, age\nFROM singer\nWHERE country = 'France'") << std::string("whole");
    QTest::newRow("trailing-prose-line-no-blank")
        << std::string("SELECT name FROM singer\nThis query lists every singer name in the table.")
        << std::string("SELECT name FROM singer") << std::string("whole");
    QTest::newRow("multi-line-select-list")
        << std::string("SELECT\n  name,\n  age\nFROM\n  singer\nORDER BY\n  age")
        << std::string("SELECT\n  name,\n  age\nFROM\n  singer\nORDER BY\n  age") << std::string("whole");
    QTest::newRow("sql-prefix") << std::string("SQL: SELECT max(age) FROM singer")
                                << std::string("SELECT max(age) FROM singer") << std::string("prefix");
    QTest::newRow("sqlquery-prefix") << std::string(
                                            "Question: oldest?\nSQLQuery: SELECT name FROM singer ORDER BY "
                                            "age DESC LIMIT 1\nSQLResult: ...")
                                     << std::string("SELECT name FROM singer ORDER BY age DESC LIMIT 1")
                                     << std::string("prefix");
    QTest::newRow("with-cte") << std::string("```sql\nWITH t AS (SELECT 1 AS x) SELECT x FROM t;\n```")
                              << std::string("WITH t AS (SELECT 1 AS x) SELECT x FROM t")
                              << std::string("sql_fence");
    QTest::newRow("prose-with-word-not-a-query")
        << std::string("I answer this with a join:\nSELECT a FROM t JOIN u ON t.id = u.id")
        << std::string("SELECT a FROM t JOIN u ON t.id = u.id") << std::string("keyword");
    QTest::newRow("semicolon-inside-string")
        << std::string("SELECT * FROM t WHERE name = 'a;b'; SELECT 2")
        << std::string("SELECT * FROM t WHERE name = 'a;b'") << std::string("whole");
    QTest::newRow("think-block-skipped")
        << std::string(
               "<think>Maybe SELECT * FROM wrong; no.</think>\n```sql\nSELECT id FROM right_table\n```")
        << std::string("SELECT id FROM right_table") << std::string("sql_fence");
    QTest::newRow("think-then-bare")
        << std::string("<think>\nselect the table singer\n</think>\nSELECT name FROM singer")
        << std::string("SELECT name FROM singer") << std::string("keyword");
    QTest::newRow("lowercase") << std::string("select distinct country from singer")
                               << std::string("select distinct country from singer") << std::string("whole");
    QTest::newRow("comment-inside-kept")
        << std::string("```sql\n-- count them\nSELECT count(*) FROM singer -- all rows\n```")
        << std::string("SELECT count(*) FROM singer -- all rows") << std::string("sql_fence");
    QTest::newRow("utf8-values") << std::string("答案：\nSELECT 名字 FROM 歌手 WHERE 国家 = '法国'")
                                 << std::string("SELECT 名字 FROM 歌手 WHERE 国家 = '法国'")
                                 << std::string("keyword");
    QTest::newRow("bird-continuation") << std::string(
                                              "SELECT T1.`School Name` FROM frpm AS T1\nINNER JOIN schools "
                                              "AS T2 ON T1.CDSCode = T2.CDSCode\nWHERE T2.County = 'Alameda'")
                                       << std::string(
                                              "SELECT T1.`School Name` FROM frpm AS T1\nINNER JOIN schools "
                                              "AS T2 ON T1.CDSCode = T2.CDSCode\nWHERE T2.County = 'Alameda'")
                                       << std::string("whole");
  }

  void extracts() {
    QFETCH(std::string, raw);
    QFETCH(std::string, sql);
    QFETCH(std::string, method);
    auto x = llm::extractSql(raw);
    QVERIFY2(x.ok(), x.ok() ? "" : x.error().message.c_str());
    QCOMPARE(QString::fromStdString(x->sql), QString::fromStdString(sql));
    QCOMPARE(QString::fromStdString(x->method), QString::fromStdString(method));
    // The span points at exactly these bytes of the raw text.
    QVERIFY(x->end <= raw.size());
    QCOMPARE(QString::fromStdString(raw.substr(x->begin, x->end - x->begin)), QString::fromStdString(sql));
  }

  void severalStatementsAreExplained() {
    std::string raw =
        "```sql\nPRAGMA table_info(singer);\nSELECT name FROM singer;\nSELECT age FROM singer;\n```";
    auto x = llm::extractSql(raw);
    QVERIFY(x.ok());
    QCOMPARE(x->sql, std::string("SELECT name FROM singer"));
    QCOMPARE(x->statements, std::size_t{3});
    QVERIFY2(x->note.find("first SELECT/WITH") != std::string::npos, x->note.c_str());
    QVERIFY(x->note.find("statement 2 of 3") != std::string::npos);

    auto y = llm::extractSql("SELECT 1; SELECT 2;");
    QVERIFY(y.ok());
    QCOMPARE(y->sql, std::string("SELECT 1"));
    QCOMPARE(y->statements, std::size_t{2});
    QVERIFY(y->note.find("2 statements") != std::string::npos);

    auto z = llm::extractSql("```sql\nSELECT 1\n```\nor\n```sql\nSELECT 2\n```");
    QVERIFY(z.ok());
    QCOMPARE(z->sql, std::string("SELECT 1"));
    QVERIFY(z->note.find("2 code blocks") != std::string::npos);

    // Statements are split by the SQL lexer: a ';' inside a string, a quoted name or a comment
    // ends nothing, and a byte no SQL token starts with ('#' in prose) does not stop the count.
    auto w = llm::extractSql(
        "```sql\nSELECT 'a;b', \"c;d\" FROM t -- e;f\n/* g; */ WHERE x = 1;\n# then {h}\nSELECT 2;\n```");
    QVERIFY(w.ok());
    QCOMPARE(w->sql, std::string("SELECT 'a;b', \"c;d\" FROM t -- e;f\n/* g; */ WHERE x = 1"));
    QCOMPARE(w->statements, std::size_t{2});
  }

  void noSqlIsAnError() {
    for (std::string raw :
         {std::string(""), std::string("   \n"), std::string("I cannot answer that question."),
          std::string("```sql\nDROP TABLE singer;\n```")}) {
      auto x = llm::extractSql(raw);
      QVERIFY(!x.ok());
      QCOMPARE(x.error().code, std::string("no_sql"));
      QCOMPARE(x.error().kind, ErrorKind::BadInput);
    }
  }

  // Found by fuzz_llm_extract (issue 16): a <think> block inside the chosen span made `sql`
  // differ from the raw text of its span.
  void sqlIsAlwaysTheRawTextOfItsSpan() {
    for (std::string raw : {std::string("```sql\nSELECT 1 <think>x</think>\n"),
                            std::string("SQL: SELECT a <think>\nSELECT b</think> FROM t"),
                            std::string("<think>SELECT 0</think>\nSELECT 1")}) {
      auto x = llm::extractSql(raw);
      QVERIFY(x.ok());
      QVERIFY(x->end <= raw.size());
      QCOMPARE(x->sql, raw.substr(x->begin, x->end - x->begin));
    }
  }
};

QTEST_GUILESS_MAIN(TestSqlExtract)
#include "test_sql_extract.moc"
