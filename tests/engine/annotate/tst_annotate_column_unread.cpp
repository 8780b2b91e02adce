// The question cue `cue_column_unread` (goldfree_column_unread.cpp): the question names a column of
// a table the SQL reads and the SQL never uses it. Hand-written schemas (Spider's world_1 and
// car_1 shapes), no database needed: the cue fires on "official languages" answered without
// IsOfficial and on "the car with the largest horsepower" answered without Horsepower, and not when
// the column is used anywhere, on keys, on words that ask for an operation, on words of a name
// written in capitals, on verb forms, when a used column shares the words, nor on an empty, a
// Chinese or an unreadable question.
#include <QtTest>

#include "engine/annotate/annotate.h"
#include "engine/annotate/checks.h"
#include "support/annotate_findings.h"
#include "support/test_schema.h"

using hs::Finding;
using hs::test::column;
using hs::test::table;

namespace {

hs::db::Schema world() {
  hs::db::ForeignKey k;
  k.fromColumns = {"CountryCode"};
  k.toTable = "country";
  k.toColumns = {"Code"};
  hs::db::Schema s;
  s.tables = {table("country", {column("Code", "TEXT", true), column("Name", "TEXT"),
                                column("Continent", "TEXT"), column("Population", "INT")}),
              table("countrylanguage",
                    {column("CountryCode", "TEXT", true), column("Language", "TEXT", true),
                     column("IsOfficial", "TEXT"), column("Percentage", "REAL")},
                    {k}),
              table("stadium", {column("Stadium_ID", "INT", true), column("Capacity", "INT"),
                                column("Average", "INT"), column("State", "TEXT"), column("School", "TEXT")}),
              table("song", {column("Song_ID", "INT", true), column("Title", "TEXT"),
                             column("release_year", "INT"), column("Song_release_year", "INT")})};
  return s;
}

hs::db::Schema cars() {
  hs::db::Schema s;
  s.tables = {
      table("cars_data", {column("Id", "INT", true), column("Horsepower", "TEXT"),
                          column("Accelerate", "REAL"), column("Year", "INT")}),
      table("model_list", {column("ModelId", "INT", true), column("Maker", "INT"), column("Model", "TEXT")})};
  return s;
}

std::vector<Finding> unread(const hs::db::Schema& s, const std::string& sql, const std::string& question) {
  return hs::test::findingsOf(s, sql, question, "cue_column_unread");
}

bool fires(const hs::db::Schema& s, const std::string& sql, const std::string& question) {
  return !unread(s, sql, question).empty();
}

const char* kOfficial = "What are the official languages of the country named Aruba?";
const char* kNoOfficial =
    "SELECT T2.Language FROM country AS T1 JOIN countrylanguage AS T2 ON T1.Code = T2.CountryCode "
    "WHERE T1.Name = 'Aruba'";
const char* kFaster = "How many cars have a larger accelerate than the car with the largest horsepower?";

}  // namespace

class TestAnnotateColumnUnread : public QObject {
  Q_OBJECT
 private slots:
  void namedColumnNotUsed() {
    const hs::db::Schema s = world();
    const std::string sql = kNoOfficial;
    const auto f = unread(s, sql, kOfficial);
    QCOMPARE(f.size(), std::size_t(1));
    QVERIFY2(f[0].message.find("countrylanguage.IsOfficial") != std::string::npos, f[0].message.c_str());
    // Only IsOfficial: Language is used, Code and CountryCode are keys.
    QVERIFY2(f[0].message.find("Language,") == std::string::npos, f[0].message.c_str());
    QCOMPARE(f[0].spans.size(), std::size_t(1));
    // Spans the table the column belongs to, where the SQL reads it.
    QCOMPARE(f[0].spans[0].begin, sql.find("countrylanguage"));
    QCOMPARE(f[0].spans[0].end, sql.find("countrylanguage") + 15);
    QVERIFY(fires(cars(),
                  "SELECT count(*) FROM cars_data WHERE Accelerate > (SELECT max(Accelerate) FROM cars_data)",
                  kFaster));
    // The risk feature is the finding's confidence, and the fitted weight makes it a reason.
    const std::string problem = hs::test::cueReasonProblem(s, sql, kOfficial, "cue_column_unread", 0.5);
    QVERIFY2(problem.empty(), problem.c_str());
  }

  void columnUsedAnywhere() {
    // In a WHERE, in a subquery's ORDER BY, under another spelling of its case: no cue.
    QVERIFY(!fires(world(), std::string(kNoOfficial) + " AND T2.isofficial = 'T'", kOfficial));
    QVERIFY(
        !fires(cars(),
               "SELECT count(*) FROM cars_data WHERE Accelerate > (SELECT Accelerate FROM cars_data ORDER "
               "BY HORSEPOWER DESC LIMIT 1)",
               kFaster));
  }

  void keysAndOperationWords() {
    const hs::db::Schema s = world();
    // Rule 3: CountryCode is a key (a declared foreign key, and its last word is "code").
    QVERIFY(!fires(s, "SELECT Language FROM countrylanguage", "List each language and its country code."));
    // Rule 4: "average" asks for AVG, it does not name the column Average.
    QVERIFY(!fires(s, "SELECT avg(Capacity) FROM stadium", "What is the average capacity of the stadiums?"));
    // Rule 4: "percentage" is a measure the SQL may compute.
    QVERIFY(!fires(s, "SELECT count(*) FROM countrylanguage WHERE Language = 'English'",
                   "What percentage of countries speak English?"));
    // Rule 7: a used column shares every word (release_year for Song_release_year, "song" being the
    // read table's word).
    QVERIFY(!fires(s, "SELECT Title FROM song WHERE release_year > 2000",
                   "Which songs have a release year after 2000?"));
  }

  void questionReading() {
    const hs::db::Schema s = world();
    // Rule 5: words of a name written in capitals name a value, not the column State.
    QVERIFY(!fires(s, "SELECT Capacity FROM stadium WHERE School = 'State Special School'",
                   "What is the capacity of the State Special School?"));
    QVERIFY(fires(s, "SELECT Capacity FROM stadium WHERE School = 'State Special School'",
                  "What is the capacity of the school in that state?"));
    // Rule 5: a verb or adverb form is no noun form ("officially"), a substring no word.
    QVERIFY(!fires(s, kNoOfficial, "Which languages are spoken officially in Aruba?"));
    QVERIFY(!fires(s, kNoOfficial, "Which languages are unofficial in Aruba?"));
    // No question, a Chinese question, SQL that does not parse: no cue.
    QVERIFY(!fires(s, kNoOfficial, ""));
    QVERIFY(!fires(s, kNoOfficial, "阿鲁巴的官方语言是什么？"));
    QVERIFY(!fires(s, "SELECT Language FROM", kOfficial));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateColumnUnread)
#include "tst_annotate_column_unread.moc"
