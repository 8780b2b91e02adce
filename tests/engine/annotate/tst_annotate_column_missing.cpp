// The question cue `cue_column_missing` (goldfree_column_missing.cpp): the question asks for more
// output attributes than the SQL returns, one of them returned by no column or aggregate. Hand-written
// cases over the singer/stadium/concert schema, no database needed: the cue fires on a dropped
// attribute, a dropped count after "and how many" / "along with the number of", and not on SQL
// that returns everything asked, on filters read as requests, on a Chinese or empty question.
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

namespace {

hs::db::Schema schema() {
  using hs::test::column;
  hs::db::Schema s;
  s.tables = {hs::test::singerTable(),
              hs::test::table("stadium", {column("Stadium_ID", "INT", true), column("Name", "TEXT"),
                                          column("Capacity", "INT"), column("num_staff", "INT")}),
              hs::test::concertTable()};
  return s;
}

std::vector<Finding> missing(const std::string& sql, const std::string& question) {
  return hs::test::findingsOf(schema(), sql, question, "cue_column_missing");
}

bool fires(const std::string& sql, const std::string& question) {
  return !missing(sql, question).empty();
}

}  // namespace

class TestAnnotateColumnMissing : public QObject {
  Q_OBJECT
 private slots:
  void attributeDropped() {
    const std::string sql = "SELECT Name FROM singer WHERE Country = 'France'";
    const auto f = missing(sql, "What are the name and age of the singers from France?");
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(f[0].spans.size(), std::size_t(1));
    QCOMPARE(f[0].spans[0].begin, sql.find("Name"));
    QCOMPARE(f[0].spans[0].end, sql.find("Name") + 4);
    QVERIFY2(f[0].message.find("'age'") != std::string::npos, f[0].message.c_str());
    QVERIFY2(f[0].message.find("2 asked, 1 returned") != std::string::npos, f[0].message.c_str());
    // Verbs of asking, commas and a shared head ("first and last name" is two attributes).
    QVERIFY(fires("SELECT Name, Age FROM singer", "List the name, country and age of all singers."));
    QVERIFY(fires("SELECT Name FROM stadium", "Show the stadium names and capacities."));
    // The risk feature is the finding's confidence.
    const hs::db::Schema s = schema();
    CaseInput in;
    in.predSql = sql;
    in.question = "What are the name and age of the singers from France?";
    in.schema = &s;
    const Annotation a = annotateCase(in);
    const std::optional<std::size_t> k = riskFeatureIndex("cue_column_missing");
    QVERIFY(k.has_value());
    const SqlView v = analyse(sql, s);
    QCOMPARE(riskFeatures(v, a.findings).at(*k), 0.6);
    // Fitted on BIRD (tests/fit/README.md): a small positive weight, so the cue is a risk reason.
    const double weight = defaultRiskModel().weights.at(*k);
    QVERIFY(weight > 0);
    QVERIFY(std::any_of(a.risk.reasons.begin(), a.risk.reasons.end(),
                        [](const std::string& r) { return r.rfind("cue_column_missing: ", 0) == 0; }));
  }

  void countDropped() {
    // "..., and how many ...": the entity and a count; the SQL returns the entity only.
    const std::string top =
        "SELECT T2.Name FROM concert AS T1 JOIN stadium AS T2 ON T1.Stadium_ID = T2.Stadium_ID "
        "GROUP BY T1.Stadium_ID ORDER BY count(*) DESC LIMIT 1";
    QVERIFY(fires(top, "Which stadium had the most concerts, and how many concerts did it have?"));
    QVERIFY(
        !fires("SELECT T2.Name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.Stadium_ID = "
               "T2.Stadium_ID GROUP BY T1.Stadium_ID ORDER BY count(*) DESC LIMIT 1",
               "Which stadium had the most concerts, and how many concerts did it have?"));
    const std::string names =
        "SELECT T2.Name FROM concert AS T1 JOIN stadium AS T2 ON T1.Stadium_ID = "
        "T2.Stadium_ID GROUP BY T1.Stadium_ID";
    QVERIFY(fires(names, "Show the stadium names, along with the number of concerts in each."));
    QVERIFY(fires(names, "Show the name of each stadium as well as the number of concerts in it."));
    // A column that stores a count answers the count; another column does not.
    const std::string staff = "Which stadium is the largest, and how many staff does it have?";
    QVERIFY(!fires("SELECT num_staff FROM stadium ORDER BY Capacity DESC LIMIT 1", staff));
    QVERIFY(fires("SELECT Capacity FROM stadium ORDER BY Capacity DESC LIMIT 1", staff));
  }

  void everythingReturned() {
    QVERIFY(!fires("SELECT Name, Age FROM singer", "What are the name and age of the singers?"));
    QVERIFY(!fires("SELECT Age, Name FROM singer", "What are the name and age of the singers?"));
    QVERIFY(
        !fires("SELECT avg(Age), max(Age) FROM singer", "What is the average and maximum age of singers?"));
    // An expression may be anything: skipped.
    QVERIFY(!fires("SELECT Name || ' ' || Country FROM singer", "List the name and country of singers."));
    QVERIFY(!fires("SELECT * FROM singer", "List the name and country of singers."));
    // As many items as attributes: a synonym the rule does not know is not a missing column.
    QVERIFY(!fires("SELECT Name, Country FROM singer", "What are the name and nation of the singers?"));
  }

  void filtersAreNotRequests() {
    // "and" after the filter word ("of", "who", "with") joins conditions, not requested columns.
    QVERIFY(!fires("SELECT Name FROM singer WHERE Country = 'France' AND Age > 30",
                   "What are the names of singers from France and older than 30?"));
    QVERIFY(!fires("SELECT Name FROM singer WHERE Age > 30",
                   "List the names of singers who are French and old."));
    QVERIFY(!fires("SELECT Name FROM stadium", "Show names of stadiums with concerts and singers."));
    // Openings the rule does not read, and requests of unknown width.
    QVERIFY(
        !fires("SELECT count(*) FROM singer", "For each country, how many singers and stadiums are there?"));
    QVERIFY(!fires("SELECT Name FROM singer", "Show the name and all details of singers."));
  }

  void noQuestionNoCue() {
    QVERIFY(!fires("SELECT Name FROM singer", ""));
    QVERIFY(!fires("SELECT Name FROM singer", "歌手的名字和年龄是什么？"));
    QVERIFY(!fires("SELEC Name FROM", "What are the name and age of singers?"));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateColumnMissing)
#include "tst_annotate_column_missing.moc"
