// The question cue `cue_negation` (goldfree_negation.cpp): the question asks for a negation and the
// SQL negates nothing. Hand-written schema, no database needed: the cue fires on "not", "never",
// "without", "except", "other than", "no", contractions; it stays silent when the SQL has NOT IN,
// NOT EXISTS, NOT LIKE, EXCEPT, != / <>, IS NULL, a comparison with 0 or a negative code literal,
// and on words that are no negation ("notes", "number", "No. 5", "no more than", "whether or not"),
// on an empty and on a Chinese question.
#include <QtTest>

#include <algorithm>
#include <optional>

#include "engine/annotate/annotate.h"
#include "engine/annotate/checks.h"
#include "engine/annotate/risk.h"
#include "support/annotate_findings.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::test::column;
using hs::test::table;

namespace {

hs::db::Schema school() {
  hs::db::Schema s;
  s.tables = {table("student", {column("StuID", "INT", true), column("Name", "TEXT"), column("Notes", "TEXT"),
                                column("Age", "INT")}),
              table("has_pet", {column("StuID", "INT"), column("PetID", "INT")})};
  return s;
}

std::vector<hs::Finding> negation(const std::string& sql, const std::string& question) {
  return hs::test::findingsOf(school(), sql, question, "cue_negation");
}

bool fires(const std::string& sql, const std::string& question) {
  return !negation(sql, question).empty();
}

const char* kAll = "SELECT Name FROM student";
const char* kWithPets = "SELECT Name FROM student WHERE StuID IN (SELECT StuID FROM has_pet)";
const char* kNoPets = "Find the names of students who do not have any pets.";

}  // namespace

class TestAnnotateNegation : public QObject {
  Q_OBJECT
 private slots:
  void negationIgnored() {
    const auto f = negation(kWithPets, kNoPets);
    QCOMPARE(f.size(), std::size_t(1));
    QVERIFY2(f[0].message.find("\"not\"") != std::string::npos, f[0].message.c_str());
    QCOMPARE(f[0].spans.size(), std::size_t(1));
    QCOMPARE(f[0].spans[0].begin, std::size_t(0));
    QCOMPARE(f[0].spans[0].end, std::string(kWithPets).size());
    for (const char* q : {"Which students never had a pet?", "List the students without pets.",
                          "List every student except those with pets.", "Which students don't have pets?",
                          "Which students have no pets?", "List the students other than Bob.",
                          "Show the names, excluding students with pets.", "Which students have none?"})
      QVERIFY2(fires(kWithPets, q), q);
    QVERIFY(fires(kAll, "Which students are not older than twenty and have no pets?"));
    // The risk feature is the finding's confidence, and the fitted weight makes it a reason.
    const std::string problem = hs::test::cueReasonProblem(school(), kWithPets, kNoPets, "cue_negation", 0.6);
    QVERIFY2(problem.empty(), problem.c_str());
  }

  void sqlNegates() {
    for (const char* sql :
         {"SELECT Name FROM student WHERE StuID NOT IN (SELECT StuID FROM has_pet)",
          "SELECT Name FROM student AS s WHERE NOT EXISTS (SELECT 1 FROM has_pet AS p "
          "WHERE p.StuID = s.StuID)",
          "SELECT Name FROM student EXCEPT SELECT s.Name FROM student AS s JOIN has_pet AS p "
          "ON s.StuID = p.StuID",
          "SELECT Name FROM student WHERE Name NOT LIKE '%a%'", "SELECT Name FROM student WHERE Age != 20",
          "SELECT Name FROM student WHERE Age <> 20",
          "SELECT s.Name FROM student AS s LEFT JOIN has_pet AS p ON s.StuID = p.StuID "
          "WHERE p.PetID IS NULL",
          "SELECT s.Name FROM student AS s WHERE (SELECT count(*) FROM has_pet AS p WHERE "
          "p.StuID = s.StuID) = 0",
          "SELECT Name FROM student WHERE Notes = 'No'"})
      QVERIFY2(!fires(sql, kNoPets), sql);
  }

  void wordsThatAreNoNegation() {
    // Whole words only: "notes", "number", "another"; "No. 5" and "No 5" as number.
    QVERIFY(!fires(kAll, "Show the notes and the number of every student, and another name."));
    QVERIFY(!fires(kAll, "Which student is No. 5?"));
    QVERIFY(!fires(kAll, "Which student is No 5 in the list?"));
    QVERIFY(!fires(kAll, "List the no. of students by age."));
    // A negation inside a quoted value is the value's, not the question's.
    QVERIFY(!fires(kAll, "Which students wrote the note \"Do not disturb\"?"));
    QVERIFY(fires(kAll, "Which students did not write \"Hello\"?"));
    // A bound, a yes/no and "not only".
    QVERIFY(!fires(kAll, "Which students are no more than 20 years old?"));
    QVERIFY(!fires(kAll, "Which students are not older than 20?"));
    QVERIFY(!fires(kAll, "List the students and whether or not they have a pet."));
    QVERIFY(!fires(kAll, "List the students who not only sing but also dance."));
    QVERIFY(!fires(kAll, "List the names of all students."));
  }

  void unreadQuestions() {
    QVERIFY(!fires(kWithPets, ""));
    QVERIFY(!fires(kWithPets, "找出没有宠物的学生的名字。"));
    QVERIFY(!fires("SELECT Name FROM", kNoPets));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateNegation)
#include "tst_annotate_negation.moc"
