// The pretty printer (engine/sql/printer.h, printPretty): clauses on their own lines, subqueries
// indented, the same tokens as the canonical print, and source spans mapped into the printed text.
#include <QtTest>

#include "engine/sql/parser.h"
#include "engine/sql/printer.h"

using namespace hs::sql;

namespace {

std::string collapse(std::string s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == '\n' || c == ' ') {
      space = true;
      continue;
    }
    if (space && !out.empty() && out.back() != '(' && c != ')') out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

class TestPrinterPretty : public QObject {
  Q_OBJECT
 private slots:
  void clausesStartLines() {
    const std::string sql =
        "select T1.name, count(*) from singer as T1 join concert as T2 on T1.id = T2.singer_id "
        "where T2.year > 2014 group by T1.name having count(*) > 1 order by 2 desc limit 3";
    auto tree = parseSelect(sql);
    QVERIFY(tree.ok());
    const PrettySql pretty = printPretty(*tree.value());
    QCOMPARE(QString::fromStdString(pretty.text),
             QStringLiteral("SELECT T1.name, count(*)\n"
                            "FROM singer AS T1\n"
                            "  JOIN concert AS T2 ON T1.id = T2.singer_id\n"
                            "WHERE T2.year > 2014\n"
                            "GROUP BY T1.name\n"
                            "HAVING count(*) > 1\n"
                            "ORDER BY 2 DESC\n"
                            "LIMIT 3"));
    // The canonical one-line print is unchanged and has the same tokens.
    const std::string canonical = print(*tree.value());
    QVERIFY(canonical.find('\n') == std::string::npos);
    QCOMPARE(QString::fromStdString(collapse(pretty.text)), QString::fromStdString(canonical));
    // It parses back to the same tree.
    auto again = parseSelect(pretty.text);
    QVERIFY(again.ok());
    QCOMPARE(QString::fromStdString(print(*again.value())), QString::fromStdString(canonical));
  }

  void subqueriesAreIndented() {
    auto tree = parseSelect(
        "SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer WHERE x = 1) "
        "UNION SELECT name FROM band");
    QVERIFY(tree.ok());
    const PrettySql pretty = printPretty(*tree.value());
    QCOMPARE(QString::fromStdString(pretty.text), QStringLiteral("SELECT name\n"
                                                                 "FROM singer\n"
                                                                 "WHERE age > (SELECT avg(age)\n"
                                                                 "  FROM singer\n"
                                                                 "  WHERE x = 1)\n"
                                                                 "UNION\n"
                                                                 "SELECT name\n"
                                                                 "FROM band"));
  }

  void spansMapIntoThePrintedText() {
    const std::string sql = "select   nmae from   singer where  age>30";
    auto tree = parseSelect(sql);
    QVERIFY(tree.ok());
    const PrettySql pretty = printPretty(*tree.value());
    // The misspelt column, the table and the comparison, found where they are printed.
    for (const std::string word : {"nmae", "singer", "age>30"}) {
      const std::size_t at = sql.find(word);
      const auto mapped = pretty.map(Span{at, at + word.size()});
      QVERIFY2(mapped.has_value(), word.c_str());
      const std::string printed = pretty.text.substr(mapped->begin, mapped->size());
      const std::string expected = word == "age>30" ? "age > 30" : word;
      QCOMPARE(QString::fromStdString(printed), QString::fromStdString(expected));
    }
    // Part of a name maps to the whole name; a keyword alone maps to nothing.
    const std::size_t n = sql.find("nmae");
    const auto part = pretty.map(Span{n + 1, n + 3});
    QVERIFY(part.has_value());
    QCOMPARE(QString::fromStdString(pretty.text.substr(part->begin, part->size())), QStringLiteral("nmae"));
    QVERIFY(!pretty.map(Span{0, 6}).has_value());
  }
};

QTEST_APPLESS_MAIN(TestPrinterPretty)
#include "test_printer_pretty.moc"
