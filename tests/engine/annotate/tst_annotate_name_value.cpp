// The question cue `cue_name_value` (goldfree_name_value.cpp): the question names a value in capitals,
// without quotes, that no SQL string literal or identifier holds. Hand-written schemas, no database
// needed: the cue fires on "singers from France" answered without the filter and on a filter with
// another value, and not when a literal holds the value (letter case ignored, by a four-letter
// prefix, by a code literal), on sentence-opening words, "I", short acronyms, schema words, names
// written with '_', quoted values (cue_value's part), a Chinese or an empty question.
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

hs::db::Schema singers() {
  hs::db::Schema s;
  s.tables = {
      hs::test::singerTable(),
      table("TV_Channel",
            {column("id", "INT", true), column("series_name", "TEXT"), column("Language", "TEXT")}),
      table("Ship", {column("Ship_ID", "INT", true), column("Name", "TEXT"), column("Type", "TEXT")})};
  return s;
}

std::vector<Finding> nameValue(const hs::db::Schema& s, const std::string& sql, const std::string& question) {
  return hs::test::findingsOf(s, sql, question, "cue_name_value");
}

bool fires(const std::string& sql, const std::string& question) {
  return !nameValue(singers(), sql, question).empty();
}

const char* kFrance = "What is the average age of singers from France?";

}  // namespace

class TestAnnotateNameValue : public QObject {
  Q_OBJECT
 private slots:
  void valueMissing() {
    const std::string sql = "SELECT avg(Age) FROM singer";
    const auto f = nameValue(singers(), sql, kFrance);
    QCOMPARE(f.size(), std::size_t(1));
    QVERIFY2(f[0].message.find("France") != std::string::npos, f[0].message.c_str());
    QCOMPARE(f[0].spans.size(), std::size_t(1));
    QCOMPARE(f[0].spans[0].begin, std::size_t(0));
    QCOMPARE(f[0].spans[0].end, sql.size());
    // Another value in the filter; a run of capitalised words is one value.
    QVERIFY(fires("SELECT avg(Age) FROM singer WHERE Country = 'Spain'", kFrance));
    const auto run = nameValue(singers(), "SELECT Type FROM Ship", "What type is the ship HMS Atalanta?");
    QCOMPARE(run.size(), std::size_t(1));
    QVERIFY2(run[0].message.find("HMS Atalanta") != std::string::npos, run[0].message.c_str());
    // The risk feature is the finding's confidence, and the fitted weight makes it a reason.
    const std::string problem = hs::test::cueReasonProblem(singers(), sql, kFrance, "cue_name_value", 0.6);
    QVERIFY2(problem.empty(), problem.c_str());
  }

  void valuePresent() {
    // Letter case ignored; a word of a longer literal; a four-letter prefix ("African" / 'Africa').
    QVERIFY(!fires("SELECT avg(Age) FROM singer WHERE Country = 'france'", kFrance));
    QVERIFY(
        !fires("SELECT Type FROM Ship WHERE Name = 'HMS Atalanta'", "What type is the ship HMS Atalanta?"));
    QVERIFY(!fires("SELECT Type FROM Ship WHERE Name = 'Atalanta'", "What type is the ship HMS Atalanta?"));
    QVERIFY(!fires("SELECT Name FROM singer WHERE Country = 'Africa'", "Which singers are African?"));
    // A code literal the word begins with ('F' for "Female").
    QVERIFY(!fires("SELECT Name FROM singer WHERE Country = 'F'", "List the singers who are Female."));
    // "French" shares only "Fr" with 'France': the cue fires (a false alarm the rule accepts).
    QVERIFY(fires("SELECT Name FROM singer WHERE Country = 'France'", "Which singers are French?"));
  }

  void wordsThatAreNoValue() {
    const std::string sql = "SELECT Name FROM singer";
    // A sentence's first word, and the word after a first "please".
    QVERIFY(!fires(sql, "Singers of all ages? List their names."));
    QVERIFY(!fires(sql, "Please List the names of singers."));
    // "I", acronyms of one or two letters, months and weekdays, "No." as number.
    QVERIFY(!fires(sql, "Can I see the names of singers on TV in May, on a Monday, in race No. 5?"));
    // Schema words: an entity or an attribute, not a value ("TV Channel", "Name", "Singers").
    QVERIFY(!fires(sql, "Show every Name of the Singers on a TV Channel."));
    // A name written with '_' and a quoted value (cue_value's part).
    QVERIFY(!fires(sql, "Which singers of the Student_Club are there?"));
    QVERIFY(!fires(sql, "Which singers sing \"Bohemian Rhapsody\"?"));
    // A lower-case word is no value.
    QVERIFY(!fires(sql, "Which singers are from france?"));
  }

  void unreadQuestions() {
    QVERIFY(!fires("SELECT Name FROM singer", ""));
    QVERIFY(!fires("SELECT Name FROM singer", "法国歌手的平均年龄是多少？"));
    QVERIFY(!fires("SELECT Name FROM", kFrance));
    QVERIFY(nameValue(hs::db::Schema{}, "SELECT avg(Age) FROM singer", kFrance).empty());
  }
};

QTEST_GUILESS_MAIN(TestAnnotateNameValue)
#include "tst_annotate_name_value.moc"
