// The question cue `cue_table_missing` (goldfree_table_missing.cpp): the question names a table of
// the schema that the SQL never reads. Hand-written schemas (Spider's concert_singer and pets_1
// shapes), no database needed: the cue fires on "singers in concerts" answered from singer alone and
// on "students who have no pets" answered from Student alone, and not when the table is read in a
// subquery, when a read table's column or name holds the table's word, when a read table is keyed to
// it, on generic and sentence-opening words, on a one-table schema, a Chinese or an empty question.
#include <QtTest>

#include <algorithm>
#include <optional>

#include "engine/annotate/annotate.h"
#include "engine/annotate/checks.h"
#include "engine/annotate/risk.h"
#include "support/annotate_findings.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;
using hs::test::column;
using hs::test::table;

namespace {

hs::db::ForeignKey fk(const char* from, const char* to, const char* toColumn) {
  hs::db::ForeignKey k;
  k.fromColumns = {from};
  k.toTable = to;
  k.toColumns = {toColumn};
  return k;
}

hs::db::Schema concertSinger() {
  hs::db::Schema s;
  s.tables = {
      hs::test::singerTable(),
      table("concert",
            {column("concert_ID", "INT", true), column("concert_Name", "TEXT"), column("Theme", "TEXT"),
             column("Stadium_ID", "TEXT"), column("Year", "TEXT")},
            {fk("Stadium_ID", "stadium", "Stadium_ID")}),
      table("singer_in_concert", {column("concert_ID", "INT", true), column("Singer_ID", "TEXT", true)},
            {fk("concert_ID", "concert", "concert_ID"), fk("Singer_ID", "singer", "Singer_ID")}),
      table("stadium",
            {column("Stadium_ID", "INT", true), column("Location", "TEXT"), column("Capacity", "INT")}),
      table("Status", {column("Status_ID", "INT", true), column("Label", "TEXT")})};
  return s;
}

hs::db::Schema pets() {
  hs::db::Schema s;
  s.tables = {
      table("Student", {column("StuID", "INT", true), column("LName", "TEXT"), column("Fname", "TEXT"),
                        column("Age", "INT"), column("Major", "INT")}),
      table("Has_Pet", {column("StuID", "INT"), column("PetID", "INT")},
            {fk("StuID", "Student", "StuID"), fk("PetID", "Pets", "PetID")}),
      table("Pets", {column("PetID", "INT", true), column("PetType", "TEXT"), column("pet_age", "INT")}),
      table("list", {column("LastName", "TEXT"), column("Grade", "INT")})};
  return s;
}

std::vector<Finding> missing(const hs::db::Schema& s, const std::string& sql, const std::string& question) {
  return hs::test::findingsOf(s, sql, question, "cue_table_missing");
}

bool fires(const hs::db::Schema& s, const std::string& sql, const std::string& question) {
  return !missing(s, sql, question).empty();
}

const char* kConcerts = "List singer names in concerts in year 2014.";
const char* kNoPets = "Find the first name of students who have no pets.";

}  // namespace

class TestAnnotateTableMissing : public QObject {
  Q_OBJECT
 private slots:
  void namedTableNotRead() {
    const hs::db::Schema s = concertSinger();
    const std::string sql = "SELECT Name FROM singer";
    const auto f = missing(s, sql, kConcerts);
    QCOMPARE(f.size(), std::size_t(1));
    // Names concert only: singer_in_concert shares "singer" with the read table singer (rule 5a).
    QVERIFY2(f[0].message.find("concert") != std::string::npos, f[0].message.c_str());
    QVERIFY2(f[0].message.find("singer_in_concert") == std::string::npos, f[0].message.c_str());
    QCOMPARE(f[0].spans.size(), std::size_t(1));
    QCOMPARE(f[0].spans[0].begin, sql.find("singer"));
    QCOMPARE(f[0].spans[0].end, sql.find("singer") + 6);
    QVERIFY(fires(pets(), "SELECT Fname FROM Student", kNoPets));
    // The risk feature is the finding's confidence, and the fitted weight makes it a reason.
    const std::string problem = hs::test::cueReasonProblem(s, sql, kConcerts, "cue_table_missing", 0.5);
    QVERIFY2(problem.empty(), problem.c_str());
  }

  void tableReadAnywhere() {
    // Read in a join, in a NOT IN subquery: no cue.
    QVERIFY(
        !fires(concertSinger(),
               "SELECT T2.Name FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.Singer_ID = T2.Singer_ID "
               "JOIN concert AS T3 ON T1.concert_ID = T3.concert_ID WHERE T3.Year = 2014",
               kConcerts));
    QVERIFY(
        !fires(pets(),
               "SELECT Fname FROM Student WHERE StuID NOT IN (SELECT T1.StuID FROM Has_Pet AS T1 JOIN Pets "
               "AS T2 ON T1.PetID = T2.PetID)",
               kNoPets));
  }

  void conservativeSkips() {
    const hs::db::Schema s = concertSinger();
    // Rule 5a: a column of a read table holds the word (concert.Stadium_ID for "stadium").
    QVERIFY(!fires(s, "SELECT Stadium_ID, count(*) FROM concert GROUP BY Stadium_ID",
                   "Show the stadium id and the number of concerts held there."));
    // Rule 5a: a read table's name holds it (singer_in_concert for "concerts").
    QVERIFY(!fires(
        s, "SELECT T2.Name FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.Singer_ID = T2.Singer_ID",
        "What are the names of singers who performed in concerts?"));
    // Rule 5c: a read table declares a foreign key to the named one (Has_Pet -> Student).
    QVERIFY(!fires(pets(), "SELECT count(DISTINCT StuID) FROM Has_Pet", "How many students have a pet?"));
    // Rule 3: a table whose words are generic ("status") says nothing of an entity.
    QVERIFY(
        !fires(s, "SELECT Name FROM singer WHERE Age > 30", "What is the status of singers older than 30?"));
    // Rule 4: the first word of a sentence is a verb of asking, not the table `list`; a verb form
    // ("concerted") is no noun form, a substring ("concertgoers") no word.
    QVERIFY(!fires(pets(), "SELECT Fname FROM Student", "List the first names of all students."));
    QVERIFY(!fires(pets(), "SELECT Fname FROM Student", "Please list the first names of all students."));
    QVERIFY(fires(pets(), "SELECT Fname FROM Student", "Please give the students in the list."));
    QVERIFY(!fires(s, "SELECT Name FROM singer", "Which singers concerted with others?"));
    QVERIFY(!fires(s, "SELECT Name FROM singer", "Which singers are liked by concertgoers?"));
  }

  void unreadQuestions() {
    // One table in the schema (rule 1), no question, a Chinese question: no cue.
    hs::db::Schema one;
    one.tables = {hs::test::singerTable()};
    QVERIFY(!fires(one, "SELECT Name FROM singer", kConcerts));
    QVERIFY(!fires(concertSinger(), "SELECT Name FROM singer", ""));
    QVERIFY(!fires(concertSinger(), "SELECT Name FROM singer", "列出2014年音乐会中歌手的名字"));
    QVERIFY(!fires(concertSinger(), "SELECT Name FROM", kConcerts));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateTableMissing)
#include "tst_annotate_table_missing.moc"
