// The question cue `cue_number` on the numbers of comparison phrases (comparedNumbers,
// goldfree_number.cpp): a number word one..ten after "at least", "more than", "between", ... or
// before "or more" is a number of the question; "at least N" may be answered by N-1 (`> 1`), "at
// most N" and "more than N" by N+1, "fewer than N" by N-1, each with its own operator (`> 1`, `< 3`,
// `>= 3`, `<= 1`; `> 51` for "more than 50" is a slip), for number words and digits alike. Not
// counted: "at least one", "one or more", a number word that a scale word follows ("one hundred"),
// a number word in no comparison phrase ("one of the singers"), a table alias (T2 is not 2).
// Hand-written schema, no database.
#include <QtTest>

#include "engine/annotate/checks.h"
#include "support/annotate_findings.h"
#include "support/test_schema.h"

using hs::test::column;
using hs::test::table;

namespace {

hs::db::Schema schema() {
  hs::db::Schema s;
  s.tables = {table("teacher", {column("Teacher_ID", "INT", true), column("Name", "TEXT")}),
              table("course_arrange", {column("Course_ID", "INT"), column("Teacher_ID", "INT")}),
              table("Documents", {column("Document_ID", "INT", true), column("Template_ID", "INT")}),
              table("Paragraphs", {column("Paragraph_ID", "INT", true), column("Document_ID", "INT"),
                                   column("Template_ID", "INT")}),
              table("student", {column("StuID", "INT", true), column("Name", "TEXT"), column("Age", "INT")}),
              table("has_pet", {column("StuID", "INT"), column("PetID", "INT")}),
              hs::test::singerTable()};
  return s;
}

std::vector<hs::Finding> numberCue(const std::string& sql, const std::string& question) {
  return hs::test::findingsOf(schema(), sql, question, "cue_number");
}

bool fires(const std::string& sql, const std::string& question) {
  return !numberCue(sql, question).empty();
}

const char* kTeachers = "What are the names of the teachers who teach at least two courses?";
const char* kTeachersIn =
    "SELECT Name FROM teacher WHERE Teacher_ID IN (SELECT Teacher_ID FROM course_arrange)";
const char* kTeachersBy =
    "SELECT Name FROM teacher WHERE Teacher_ID IN (SELECT Teacher_ID FROM "
    "course_arrange GROUP BY Teacher_ID HAVING COUNT(*) ";
const char* kWithPets = "SELECT s.Name FROM student AS s JOIN has_pet AS p ON s.StuID = p.StuID";
const char* kPetsBy =
    "SELECT Name FROM student WHERE StuID IN (SELECT StuID FROM has_pet GROUP BY StuID "
    "HAVING COUNT(*) ";

std::string petsHaving(const std::string& condition) {
  return kPetsBy + condition + ")";
}

}  // namespace

class TestAnnotateComparedNumber : public QObject {
  Q_OBJECT
 private slots:
  void numberWordsOfComparisonsFire() {
    const auto f = numberCue(kTeachersIn, kTeachers);
    QCOMPARE(f.size(), std::size_t(1));
    QVERIFY2(f[0].message.find("2") != std::string::npos, f[0].message.c_str());
    QVERIFY(
        fires("SELECT Document_ID FROM Documents WHERE Template_ID IN (SELECT Template_ID FROM Paragraphs)",
              "Give the ids of documents that have between one and two paragraphs."));
    for (const char* q :
         {"Which students have at most two pets?", "Which students have more than two pets?",
          "Which students have fewer than three pets?", "Which students have less than three pets?",
          "Which students have a count greater than two?", "Which students have a count larger than two?",
          "Which students have a count smaller than three?", "Which students have exactly two pets?",
          "Which students have over two pets?", "Which students have under three pets?",
          "Which students have two or more pets?", "Which students have two or fewer pets?",
          "Which students have two or less pets?", "Which students have more than one pet?",
          "Which students have between two and 5 pets?"})
      QVERIFY2(fires(kWithPets, q), q);
    // The risk feature is the finding's confidence, and the fitted weight makes it a reason.
    const std::string problem =
        hs::test::cueReasonProblem(schema(), kTeachersIn, kTeachers, "cue_number", 0.7);
    QVERIFY2(problem.empty(), problem.c_str());
  }

  // A table alias is no number of the SQL: T2 does not answer "at least two", T3 not "older than 3".
  void tableAliasesAreNoNumbers() {
    QVERIFY(
        fires("SELECT T1.Name FROM teacher AS T1 JOIN course_arrange AS T2 ON T1.Teacher_ID = T2.Teacher_ID",
              kTeachers));
    QVERIFY(fires("SELECT Name FROM singer AS T3 WHERE T3.Age > 30", "Singers older than 3?"));
    QVERIFY(!fires("SELECT Name FROM singer AS T3 WHERE T3.Age > 3", "Singers older than 3?"));
  }

  // N itself or the equivalent form silences the cue; another number does not. N itself with any
  // operator does (`> 2` for "at least two" is a bound of the wrong strictness, not a missing number).
  void equivalentFormsOfNumberWords() {
    QVERIFY(!fires(kTeachersBy + std::string(">= 2)"), kTeachers));
    QVERIFY(!fires(kTeachersBy + std::string("> 1)"), kTeachers));
    QVERIFY(!fires(kTeachersBy + std::string("> 2)"), kTeachers));
    QVERIFY(fires(kTeachersBy + std::string("> 3)"), kTeachers));
    QVERIFY(!fires(petsHaving("< 3"), "Which students have at most two pets?"));
    QVERIFY(fires(petsHaving("< 4"), "Which students have at most two pets?"));
    QVERIFY(!fires(petsHaving(">= 3"), "Which students have more than two pets?"));
    QVERIFY(!fires(petsHaving(">= 3"), "Which students have over two pets?"));
    QVERIFY(!fires(petsHaving("<= 2"), "Which students have fewer than three pets?"));
    QVERIFY(!fires(petsHaving("<= 2"), "Which students have under three pets?"));
    QVERIFY(!fires(petsHaving("> 1"), "Which students have two or more pets?"));
    QVERIFY(!fires(petsHaving("> 1"), "Which students have more than one pet?"));
    QVERIFY(!fires(petsHaving("< 3"), "Which students have no more than two pets?"));
    QVERIFY(!fires(petsHaving("<= 2"), "Which students have no more than two pets?"));
    QVERIFY(!fires(kPetsBy + std::string("1 < COUNT(*))"), "Which students have at least two pets?"));
    // The equivalent number with another operator is a slip, not an equivalent form.
    QVERIFY(fires(kTeachersBy + std::string(">= 1)"), kTeachers));
    QVERIFY(fires(petsHaving("> 3"), "Which students have more than two pets?"));
    QVERIFY(fires(petsHaving("< 3"), "Which students have more than two pets?"));
    QVERIFY(fires(petsHaving("> 1"), "Which students have exactly two pets?"));  // "exactly" takes N only
    QVERIFY(!fires(petsHaving("BETWEEN 1 AND 2"), "Which students have between one and two pets?"));
    QVERIFY(fires(petsHaving("BETWEEN 1 AND 3"), "Which students have between one and two pets?"));
  }

  // The same equivalent forms for digit numbers, which counted before ("at least 2" as `> 1`).
  void equivalentFormsOfDigits() {
    QVERIFY(!fires(petsHaving("> 1"), "Which students have at least 2 pets?"));
    QVERIFY(!fires(petsHaving(">= 3"), "Which students have more than 2 pets?"));
    QVERIFY(!fires(petsHaving("< 3"), "Which students have at most 2 pets?"));
    QVERIFY(!fires(petsHaving("<= 2"), "Which students have fewer than 3 pets?"));
    QVERIFY(!fires(petsHaving("> 1"), "Which students have 2 or more pets?"));
    QVERIFY(!fires(petsHaving("> 1"), "Which students have not less than 2 pets?"));
    QVERIFY(fires(petsHaving("> 3"), "Which students have at least 2 pets?"));
    QVERIFY(fires(petsHaving("> 51"), "Which students have more than 50 pets?"));  // change_number's slip
    QVERIFY(fires(petsHaving(">= 1"), "Which students have at least 2 pets?"));
    QVERIFY(fires(petsHaving("> 1"), "Which students have exactly 2 pets?"));
    QVERIFY(fires(petsHaving("> 1"), "Which students have 2 pets?"));  // no comparison phrase
  }

  // "at least one" and "one or more" are joins; a scale word makes the number another; a number word
  // outside a comparison phrase, and a word that merely contains one, are no number.
  void noNumberOfTheQuestion() {
    QVERIFY(!fires(kWithPets, "Find the names of students with at least one pet."));
    QVERIFY(!fires(kWithPets, "Find the names of students with one or more pets."));
    QVERIFY(fires(kWithPets, "Find the names of students with more than one pet."));
    QVERIFY(!fires(kWithPets, "Which students have more than one hundred pets?"));
    QVERIFY(!fires("SELECT Name FROM singer WHERE Age > 100", "Which singers are older than one hundred?"));
    QVERIFY(!fires("SELECT Name FROM singer", "Which singers earn over two million?"));
    QVERIFY(!fires("SELECT Name FROM singer", "Name one of the singers."));
    QVERIFY(!fires("SELECT Name FROM singer", "Which singers sang duets between two concerts?"));  // no "and"
    QVERIFY(!fires("SELECT Name FROM singer", "Which singers sang at least twenty songs or more?"));
    QVERIFY(!fires("SELECT Name FROM singer", "Which singers have more than someone else?"));
    QVERIFY(!fires("SELECT Name FROM singer", "Which singers are over tension?"));
  }

  void comparedNumbersRead() {
    using hs::annotate::comparedNumbers;
    const auto c =
        comparedNumbers(hs::annotate::questionWords("At least two, at most 7, between one and ten."));
    QCOMPARE(c.size(), std::size_t(4));
    QCOMPARE(c[0].number, std::string("2"));
    QVERIFY(c[0].word);
    QCOMPARE(c[0].equivalent, 1L);
    QCOMPARE(c[0].equivalentOp, std::string(">"));
    QCOMPARE(c[1].number, std::string("7"));
    QVERIFY(!c[1].word);
    QCOMPARE(c[1].equivalent, 8L);
    QCOMPARE(c[1].equivalentOp, std::string("<"));
    QCOMPARE(c[2].number, std::string("1"));
    QCOMPARE(c[2].equivalent, -1L);
    QVERIFY(c[2].equivalentOp.empty());
    QCOMPARE(c[3].number, std::string("10"));
    QVERIFY(comparedNumbers(hs::annotate::questionWords("fewer than 0 rows")).at(0).equivalent == -1);
    const auto no = comparedNumbers(hs::annotate::questionWords("no more than two, not under 4"));
    QCOMPARE(no.size(), std::size_t(2));
    QCOMPARE(no[0].equivalentOp, std::string("<"));  // at most two: < 3
    QCOMPARE(no[1].equivalentOp, std::string(">"));  // at least 4: > 3
  }
};

QTEST_GUILESS_MAIN(TestAnnotateComparedNumber)
#include "tst_annotate_compared_number.moc"
