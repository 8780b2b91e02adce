// Gold-free checks, the SQL view's resolution and robustness on bad input (no shared data needed).
#include <QtTest>

#include <algorithm>

#include "engine/annotate/annotate.h"
#include "engine/annotate/checks.h"
#include "engine/annotate/database_checks.h"
#include "engine/annotate/rules.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;
using hs::FindingSpan;

namespace {

hs::db::Schema schema() {
  using hs::test::column;
  hs::db::Schema s;
  s.tables = {hs::test::singerTable(),
              hs::test::table("stadium", {column("Stadium_ID", "INT", true), column("Name", "TEXT"),
                                          column("Capacity", "INT")}),
              hs::test::table("concert", {column("concert_ID", "INT", true), column("Stadium_ID", "INT"),
                                          column("Year", "TEXT")})};
  return s;
}

struct Run {
  hs::db::Schema s = schema();
  Annotation a;
  Run(const std::string& sql, const std::string& question = "", ValueLookup lookup = {},
      std::optional<ResultSummary> result = std::nullopt) {
    CaseInput in;
    in.predSql = sql;
    in.question = question;
    in.schema = &s;
    in.lookup = std::move(lookup);
    in.predResult = result;
    a = annotateCase(in);
  }
  std::vector<const Finding*> of(const std::string& cat) const {
    std::vector<const Finding*> out;
    for (const Finding& f : a.findings)
      if (f.category == cat) out.push_back(&f);
    return out;
  }
  bool has(const std::string& cat) const { return !of(cat).empty(); }
};

std::size_t at(const std::string& sql, const std::string& what) {
  return sql.find(what);
}

}  // namespace

class TestAnnotateChecks : public QObject {
  Q_OBJECT
 private slots:
  void aliasesAndCtesResolve() {
    std::string sql =
        "WITH big AS (SELECT Stadium_ID AS sid FROM stadium WHERE Capacity > 1000) "
        "SELECT T1.Name, b.sid FROM stadium AS T1 JOIN big AS b ON T1.Stadium_ID = b.sid";
    Run r(sql);
    QVERIFY(!r.has("unresolved_name"));
    QVERIFY(!r.has("ambiguous_name"));
    SqlView v = analyse(sql, r.s);
    QVERIFY(v.ok());
    QVERIFY(v.hasCte);
    bool found = false;
    for (const ColumnRef& c : v.columns)
      if (c.qualifier == "t1" && c.column == "name") {
        QCOMPARE(c.key, std::string("stadium.name"));
        QCOMPARE(c.begin, at(sql, "T1.Name"));
        QCOMPARE(c.end, at(sql, "T1.Name") + 7);
        found = true;
      }
    QVERIFY(found);
  }

  void unresolvedAndAmbiguousNames() {
    std::string sql = "SELECT nme, T9.Age FROM singer";
    Run r(sql);
    auto f = r.of("unresolved_name");
    QCOMPARE(f.size(), std::size_t(2));
    QCOMPARE(f[0]->spans[0].begin, at(sql, "nme"));
    QCOMPARE(f[1]->spans[0].begin, at(sql, "T9.Age"));
    std::string amb = "SELECT Name FROM singer JOIN stadium ON singer.Singer_ID = stadium.Stadium_ID";
    Run r2(amb);
    QVERIFY(r2.has("ambiguous_name"));
    QCOMPARE(r2.of("ambiguous_name")[0]->spans[0].begin, at(amb, "Name"));
    Run r3("SELECT Capacity FROM singer");  // a real column of a table missing from FROM
    QVERIFY(r3.has("unresolved_name"));
  }

  void quotedIdentifierMisuse() {
    std::string sql = "SELECT 'Name' FROM singer WHERE Country = 'France'";
    Run r(sql);
    QCOMPARE(r.of("quoted_identifier").size(), std::size_t(1));
    QCOMPARE(r.of("quoted_identifier")[0]->spans[0].begin, at(sql, "'Name'"));
    Run r2("SELECT `Name` FROM singer");
    QVERIFY(r2.has("quoted_identifier"));
    Run r3("SELECT Name FROM singer WHERE Country = \"France\"");  // a double-quoted value is a string
    QVERIFY(!r3.has("quoted_identifier"));
    QVERIFY(!r3.has("unresolved_name"));
  }

  void valuesAreLookedUp() {
    std::vector<std::string> asked;
    ValueLookup lookup = [&](const std::string& t, const std::string& c, const std::string& v, bool numeric) {
      asked.push_back(t + "." + c + "=" + v + (numeric ? "#" : ""));
      if (v == "France") return ValueCheck::Exists;
      if (v == "france") return ValueCheck::ExistsIgnoringCase;
      return ValueCheck::Absent;
    };
    std::string sql = "SELECT Name FROM singer WHERE Country IN ('France', 'Frnace') AND Age = 41";
    Run r(sql, "", lookup);
    QCOMPARE(r.of("value_absent").size(), std::size_t(2));
    QCOMPARE(r.of("value_absent")[0]->spans[0].begin, at(sql, "'Frnace'"));
    QVERIFY(std::find(asked.begin(), asked.end(), "singer.age=41#") != asked.end());
    Run r2("SELECT Name FROM singer WHERE Country = 'france'", "", lookup);
    QVERIFY(r2.has("value_case"));
    QVERIFY(!r2.has("value_absent"));
    asked.clear();
    Run r3("SELECT Name FROM singer WHERE Country LIKE '%ran%'", "", lookup);
    QVERIFY(asked.empty());  // a pattern is not a value
    QVERIFY(!r3.has("like_without_wildcard"));
    Run r4("SELECT Name FROM singer WHERE Country LIKE 'France'", "", lookup);
    QVERIFY(r4.has("like_without_wildcard"));
    QVERIFY(!r4.has("value_absent"));
  }

  // A join of columns that no foreign key, shared name or key naming links.
  void joinsOffTheKeys() {
    hs::db::Schema s = schema();
    s.tables.push_back(hs::test::table("member", {hs::test::column("id", "INT", true)}));
    // the target column does not exist (as in Spider's restaurants): it means the primary key
    s.tables.push_back(hs::test::table("visit", {hs::test::column("visitor_id", "INT")},
                                       {{{"visitor_id"}, "member", {"member_id"}}}));
    auto offKey = [&s](const std::string& sql) {
      CaseInput in;
      in.predSql = sql;
      in.schema = &s;
      std::vector<Finding> found;
      for (const Finding& f : annotateCase(in).findings)
        if (f.category == "join_off_key") found.push_back(f);
      return found;
    };
    const std::string bad =
        "SELECT T1.Name FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.concert_ID";
    const std::vector<Finding> f = offKey(bad);
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(bad.substr(f[0].spans[0].begin, f[0].spans[0].end - f[0].spans[0].begin),
             std::string("T1.Stadium_ID = T2.concert_ID"));
    QVERIFY(f[0].message.find("stadium.stadium_id") != std::string::npos);
    QCOMPARE(offKey("SELECT singer.Name FROM singer JOIN stadium ON singer.Age = stadium.Capacity").size(),
             std::size_t(1));
    // shared name, a declared key (to a column the table lacks), key naming, a self-join
    QVERIFY(offKey("SELECT T1.Name FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID")
                .empty());
    QVERIFY(offKey("SELECT * FROM member JOIN visit ON member.id = visit.visitor_id").empty());
    QVERIFY(offKey("SELECT * FROM singer AS a JOIN concert AS b ON a.Singer_ID = b.concert_ID").size() == 1);
    QVERIFY(offKey("SELECT * FROM singer AS a JOIN singer AS b ON a.Singer_ID = b.Age").empty());
    // Two tables' own `id` keys are two entities' row ids: their shared name is no link
    // (battle.id = ship.id, where ship.lost_in_battle is the key), unless a foreign key declares it.
    s.tables.push_back(hs::test::table("battle", {hs::test::column("id", "INT", true)}));
    s.tables.push_back(hs::test::table(
        "ship", {hs::test::column("id", "INT", true), hs::test::column("lost_in_battle", "INT")},
        {{{"lost_in_battle"}, "battle", {"id"}}}));
    s.tables.push_back(
        hs::test::table("ship_detail", {hs::test::column("id", "INT", true)}, {{{"id"}, "ship", {"id"}}}));
    s.tables.push_back(hs::test::table(
        "crew", {hs::test::column("id", "INT", true), hs::test::column("ship_no", "INT", true)}));
    QCOMPARE(offKey("SELECT T1.id FROM battle AS T1 JOIN ship AS T2 ON T1.id = T2.id").size(),
             std::size_t(1));
    QVERIFY(offKey("SELECT T1.id FROM battle AS T1 JOIN ship AS T2 ON T1.id = T2.lost_in_battle").empty());
    // A semi-join links like a join, written x NOT IN or NOT x IN (SELECT ...).
    QCOMPARE(offKey("SELECT * FROM battle WHERE id NOT IN (SELECT id FROM ship)").size(), std::size_t(1));
    QCOMPARE(offKey("SELECT * FROM battle WHERE NOT id IN (SELECT id FROM ship)").size(), std::size_t(1));
    QCOMPARE(offKey("SELECT * FROM battle WHERE NOT battle.id IN (SELECT ship.id FROM ship)").size(),
             std::size_t(1));
    QVERIFY(offKey("SELECT * FROM battle WHERE NOT battle.id IN (SELECT lost_in_battle FROM ship)").empty());
    QVERIFY(offKey("SELECT * FROM ship JOIN ship_detail ON ship.id = ship_detail.id").empty());
    // Not the table's whole key (crew's key has two columns): the shared name still links.
    QVERIFY(offKey("SELECT * FROM ship JOIN crew ON ship.id = crew.id").empty());
    // Two own keys whose names differ: a name that holds the other table's name ("student" in
    // student_enrolment_id) is no link either; a shared name other than `id` still is.
    s.tables.push_back(hs::test::table("students", {hs::test::column("student_id", "INT", true)}));
    s.tables.push_back(hs::test::table(
        "student_enrolment",
        {hs::test::column("student_enrolment_id", "INT", true), hs::test::column("student_id", "INT")}));
    s.tables.push_back(hs::test::table("student_detail", {hs::test::column("student_id", "INT", true)}));
    QCOMPARE(offKey("SELECT * FROM students AS T1 JOIN student_enrolment AS T2 ON T2.student_enrolment_id = "
                    "T1.student_id")
                 .size(),
             std::size_t(1));
    QVERIFY(
        offKey("SELECT * FROM students AS T1 JOIN student_enrolment AS T2 ON T2.student_id = T1.student_id")
            .empty());
    QVERIFY(
        offKey(
            "SELECT * FROM students JOIN student_detail ON students.student_id = student_detail.student_id")
            .empty());
  }

  void cartesianJoins() {
    QVERIFY(Run("SELECT singer.Name FROM singer, concert").has("cartesian_join"));
    QVERIFY(Run("SELECT stadium.Name FROM stadium JOIN concert").has("cartesian_join"));
    QVERIFY(!Run("SELECT stadium.Name FROM stadium, concert WHERE stadium.Stadium_ID = concert.Stadium_ID")
                 .has("cartesian_join"));
    QVERIFY(!Run("SELECT T1.Name FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID")
                 .has("cartesian_join"));
  }

  void integerDivision() {
    std::string sql = "SELECT count(*) / (SELECT count(*) FROM singer) FROM singer WHERE Age > 30";
    Run r(sql, "What is the ratio of singers older than 30?");
    QCOMPARE(r.of("integer_division").size(), std::size_t(1));
    QCOMPARE(r.of("integer_division")[0]->spans[0].begin, at(sql, "/"));
    QCOMPARE(r.of("integer_division")[0]->confidence, 1.0);
    QVERIFY(!Run("SELECT CAST(count(*) AS REAL) / 3 FROM singer").has("integer_division"));
    QVERIFY(!Run("SELECT count(*) * 1.0 / 3 FROM singer").has("integer_division"));
    QVERIFY(!Run("SELECT avg(Age) / 2 FROM singer").has("integer_division"));
  }

  void results() {
    QVERIFY(Run("SELECT Name FROM singer", "", {}, ResultSummary{false, 0, false}).has("empty_result"));
    QVERIFY(Run("SELECT Name FROM singer", "", {}, ResultSummary{false, 3, true}).has("all_null_result"));
    Run failed("SELECT Name FROM singer", "", {}, ResultSummary{true, 0, false});
    QVERIFY(failed.has("execution_error"));
    // A query that fails to execute is certainly wrong: risk 1 with that reason first.
    QCOMPARE(failed.a.risk.score, 1.0);
    QVERIFY(!failed.a.risk.reasons.empty() && failed.a.risk.reasons.front().rfind("execution_error", 0) == 0);
    Run ok("SELECT Name FROM singer", "", {}, ResultSummary{false, 3, false});
    QVERIFY(!ok.has("empty_result") && !ok.has("all_null_result") && !ok.has("execution_error"));
  }

  // Result shape (risk-only, no finding): some, not all, values NULL.
  void resultShape() {
    using hs::db::Row;
    using hs::db::Value;
    const Row filled{Value::text("Joe"), Value::integer(0)};
    const Row holed{Value::text("Ann"), Value::null()};
    const Row empty{Value::null(), Value::null()};
    QVERIFY(!summariseRows({}).someNull && !summariseRows({}).allNull);
    QVERIFY(!summariseRows({filled, filled}).someNull);
    QVERIFY(summariseRows({filled, holed}).someNull);
    QVERIFY(summariseRows({empty, filled}).someNull);
    ResultSummary allNull = summariseRows({empty, empty});
    QVERIFY(allNull.allNull && !allNull.someNull);  // all NULL is all_null_result, not null_values
    QCOMPARE(summariseRows({filled, holed}).rows, std::size_t(2));

    const auto found = riskFeatureIndex("null_values");
    QVERIFY(found);
    const std::size_t index = *found;
    ResultSummary holes = summariseRows({filled, holed});
    Run withHoles("SELECT Name, Age FROM singer", "", {}, holes);
    QCOMPARE(withHoles.a.risk.features[index], 1.0);
    QVERIFY(!withHoles.has("null_values"));  // risk-only: never a finding
    const bool weighted = defaultRiskModel().weights[index] > 0;
    const bool said = std::any_of(withHoles.a.risk.reasons.begin(), withHoles.a.risk.reasons.end(),
                                  [](const std::string& r) { return r.rfind("null_values: ", 0) == 0; });
    QCOMPARE(said, weighted);
    const double filledScore =
        Run("SELECT Name, Age FROM singer", "", {}, summariseRows({filled})).a.risk.score;
    if (weighted)
      QVERIFY(withHoles.a.risk.score > filledScore);
    else
      QCOMPARE(withHoles.a.risk.score, filledScore);
    QCOMPARE(Run("SELECT Name, Age FROM singer").a.risk.features[index], 0.0);  // not executed
    holes.failed = true;
    QCOMPARE(Run("SELECT Name, Age FROM singer", "", {}, holes).a.risk.features[index], 0.0);
  }

  void questionCues() {
    QVERIFY(Run("SELECT Name FROM singer", "What is the name of the oldest singer?").has("cue_superlative"));
    QVERIFY(
        !Run("SELECT Name FROM singer ORDER BY Age DESC LIMIT 1", "What is the name of the oldest singer?")
             .has("cue_superlative"));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Age >= 3", "Singers with at least 3 songs?")
                 .has("cue_superlative"));
    QVERIFY(Run("SELECT Name FROM singer ORDER BY Age DESC LIMIT 1", "Name the three oldest singers.")
                .has("cue_number"));
    QVERIFY(Run("SELECT Name FROM singer ORDER BY Age LIMIT 2", "List the top five singers by age.")
                .has("cue_number"));
    QVERIFY(!Run("SELECT Name FROM singer ORDER BY Age DESC LIMIT 3", "Name the three oldest singers.")
                 .has("cue_number"));
    QVERIFY(!Run("SELECT Name FROM singer", "Which two singers sang together?")
                 .has("cue_number"));  // not a row count
    QVERIFY(Run("SELECT sum(Age) FROM singer", "What is the average age of the singers?").has("cue_average"));
    QVERIFY(Run("SELECT max(Age) FROM singer", "Give the averages of the ages.").has("cue_average"));
    QVERIFY(
        !Run("SELECT avg(Age) FROM singer", "What is the average age of the singers?").has("cue_average"));
    QVERIFY(
        !Run("SELECT sum(Age) * 1.0 / count(*) FROM singer", "What is the average age?").has("cue_average"));
    QVERIFY(!Run("SELECT sum(Age) FROM singer", "What is the total age of the singers?").has("cue_average"));
    QVERIFY(!Run("SELECT Name FROM singer", "What does the name mean?").has("cue_average"));
    QVERIFY(!Run("SELECT AvgAge FROM singer", "What is the average age?")
                 .has("cue_average"));  // a stored average
    QVERIFY(Run("SELECT Name FROM singer", "How many singers are there?").has("cue_count"));
    QVERIFY(!Run("SELECT count(*) FROM singer", "How many singers are there?").has("cue_count"));
    QVERIFY(Run("SELECT Country, count(*) FROM singer", "How many singers are from each country?")
                .has("cue_group"));
    QVERIFY(!Run("SELECT Country, count(*) FROM singer GROUP BY Country",
                 "How many singers are from each country?")
                 .has("cue_group"));
    QVERIFY(Run("SELECT Country FROM singer", "List the different countries.").has("cue_distinct"));
    QVERIFY(!Run("SELECT DISTINCT Country FROM singer", "List the different countries.").has("cue_distinct"));
    QVERIFY(Run("SELECT Name FROM singer WHERE Age > 30", "Singers older than 40?").has("cue_number"));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Age > 40", "Singers older than 40?").has("cue_number"));
    QVERIFY(
        Run("SELECT Name FROM singer WHERE Country = 'Spain'", "Singers from \"France\"?").has("cue_value"));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Country = 'France'", "Singers from \"France\"?")
                 .has("cue_value"));
  }

  // Cues match whole words and their forms, never substrings (issue 13).
  void questionCuesAreWords() {
    QVERIFY(!Run("SELECT Country FROM singer", "List the countries in Europe.").has("cue_count"));
    QVERIFY(!Run("SELECT Name FROM singer", "Which county is each account in?").has("cue_count"));
    QVERIFY(
        !Run("SELECT Name FROM singer", "Which singers perform in summer, per country?").has("cue_group"));
    QVERIFY(Run("SELECT Name FROM singer", "Count the singers.").has("cue_count"));
    QVERIFY(Run("SELECT Name FROM singer", "Show the number of singers.").has("cue_count"));
    QVERIFY(
        Run("SELECT Country, sum(Age) FROM singer", "What is the summed age per country?").has("cue_group"));
    QVERIFY(
        Run("SELECT Country, avg(Age) FROM singer", "Show the averages for each country.").has("cue_group"));
    const std::vector<std::string> words{"the", "countries", "summer", "county", "totals"};
    QVERIFY(!hasWordForm(words, "count"));
    QVERIFY(!hasWordForm(words, "sum"));
    QVERIFY(hasWordForm({"counting"}, "count"));
    QVERIFY(hasWordForm({"totals"}, "total"));
    QVERIFY(hasWordForm({"averaging"}, "average"));
    QVERIFY(hasPhrase({"how", "many", "singers"}, {"how", "many"}));
    QVERIFY(!hasPhrase({"how", "are", "many"}, {"how", "many"}));
  }

  // "number of" and "count" as nouns are no request to count; numbers inside names, dates and
  // thousands separators are read as written; "-est" words are superlatives (BIRD gold, fit_risk).
  void questionCuesReadTheQuestion() {
    QVERIFY(!Run("SELECT Name FROM singer", "Tell the phone number of \"Joe\".").has("cue_count"));
    QVERIFY(!Run("SELECT Name FROM singer", "What is the view count in the latest poll?").has("cue_count"));
    QVERIFY(Run("SELECT Name FROM singer", "What is the total number of singers?").has("cue_count"));
    QVERIFY(Run("SELECT Name FROM singer", "Count the number of singers.").has("cue_count"));
    QVERIFY(
        !Run("SELECT Name FROM singer WHERE Song_ID = 'TR004'", "Singers of song TR004?").has("cue_number"));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Age > 100000", "Singers above 100,000?").has("cue_number"));
    QVERIFY(Run("SELECT Name FROM singer WHERE Age > 100", "Singers above 100,000?").has("cue_number"));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Age > 1", "Singers born before 1/1/1980?").has("cue_number"));
    QVERIFY(Run("SELECT Name FROM singer WHERE Age > 30", "Singers older than 3?").has("cue_number"));
    QVERIFY(Run("SELECT Name FROM singer", "Who is the tallest singer?").has("cue_superlative"));
    QVERIFY(
        !Run("SELECT Name FROM singer", "Which singers have an interest in jazz?").has("cue_superlative"));
    // The other direction: a LIMIT or a COUNT the question does not ask for.
    QVERIFY(Run("SELECT Name FROM singer LIMIT 1", "List the singers from France.").has("cue_unasked"));
    QVERIFY(
        !Run("SELECT Name FROM singer ORDER BY Age LIMIT 1", "Who is the oldest singer?").has("cue_unasked"));
    QVERIFY(!Run("SELECT Name FROM singer LIMIT 3", "List 3 singers.").has("cue_unasked"));
    QVERIFY(!Run("SELECT Name FROM singer LIMIT 1", "Which singer is older, Joe or Ann?").has("cue_unasked"));
    QVERIFY(Run("SELECT count(*) FROM singer", "List the singers from France.").has("cue_unasked"));
    QVERIFY(!Run("SELECT count(*) FROM singer", "How many singers are from France?").has("cue_unasked"));
    QVERIFY(!Run("SELECT count(*) FROM singer", "What is the total of singers?").has("cue_unasked"));
  }

  // The cues read English: a question in another script is not read, so no cue fires on it (the
  // Chinese question names `Name` and `Age`, but not in English words).
  void questionCuesReadEnglishOnly() {
    const std::string sql = "SELECT Singer_ID FROM singer LIMIT 1";
    QVERIFY(Run(sql, "What are the names of the singers from France?").has("cue_column_unnamed"));
    QVERIFY(Run(sql, "What are the names of the singers from France?").has("cue_unasked"));
    for (const char* q : {"列出所有歌手的名字和年龄。", "每个国家有多少歌手？",
                          "Перечислите имена всех певцов.", "列出 singer 的 name 和 age"}) {
      const Run r(sql, q);
      for (const Finding& f : r.a.findings) QVERIFY2(f.category.rfind("cue_", 0) != 0, q);
      QVERIFY2(!questionReadsLatin(q), q);
    }
    QVERIFY(questionReadsLatin("Which singers were born in Montréal or São Paulo?"));
    QVERIFY(questionReadsLatin("List the singers named 周杰伦 from Taiwan."));
    QVERIFY(!questionReadsLatin(""));
  }

  // cue_column_order: output columns in another order than the question names them
  // (goldfree_column_order.cpp).
  void columnOrderCue() {
    Run swapped("SELECT Age, Name FROM singer", "What are the name and age of every singer from France?");
    QCOMPARE(swapped.of("cue_column_order").size(), std::size_t(1));
    const Finding& f = *swapped.of("cue_column_order").front();
    QCOMPARE(f.spans.front().begin, std::size_t(7));  // the SELECT list "Age, Name"
    QCOMPARE(f.spans.front().end, std::size_t(16));
    QVERIFY2(f.message.find("names Name ('name') before Age") != std::string::npos, f.message.c_str());
    QVERIFY(!Run("SELECT Name, Age FROM singer", "What are the name and age of every singer from France?")
                 .has("cue_column_order"));
    // Plural and snake_case/camelCase names; aggregates by their word; COUNT(*) by "how many".
    QVERIFY(Run("SELECT T1.Age, T1.singer_name FROM singer AS T1", "Show the singer names and ages.")
                .has("cue_column_order"));
    QVERIFY(Run("SELECT `releaseYear`, Country FROM singer", "List the countries and release years.")
                .has("cue_column_order"));
    QVERIFY(Run("SELECT max(Age), avg(Age) FROM singer", "What is the average and maximum age of singers?")
                .has("cue_column_order"));
    QVERIFY(!Run("SELECT avg(Age), max(Age) FROM singer", "What is the average and maximum age of singers?")
                 .has("cue_column_order"));
    QVERIFY(
        Run("SELECT Country, count(*) FROM singer", "How many singers are there, and what is their country?")
            .has("cue_column_order"));
    // Must not fire: SELECT *, one placed item, an unplaced expression, ambiguous names ("name"
    // twice, first and last name on one word), a grouping or ordering ("each", "by"), a verb form.
    QVERIFY(!Run("SELECT * FROM singer", "What are the name and age of singers?").has("cue_column_order"));
    QVERIFY(!Run("SELECT Age, Name, * FROM singer", "What are the name and age of singers?")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Age + 1, Name FROM singer", "What are the name and age of singers?")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Age, Name FROM singer",
                 "What are the names of singers whose name starts with A, and ages?")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT last_name, first_name FROM singer", "What are the first and last names of singers?")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Country, count(*) FROM singer GROUP BY Country",
                 "How many singers are from each country?")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Age, Name FROM singer ORDER BY Age", "Show the names of singers sorted by age.")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Age, Name FROM singer", "What is the age of the singer named Joe?")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Age, Name FROM singer", "").has("cue_column_order"));
    // A verb of asking opening a sentence is no column's name ("State the ..." and `State`).
    QVERIFY(!Run("SELECT Name, State FROM singer", "State the names and ages of singers.")
                 .has("cue_column_order"));
    QVERIFY(Run("SELECT Name, Age FROM singer", "Please list the ages and names of singers.")
                .has("cue_column_order"));
    // Word forms, never substrings: "countries" is no count, "ages" names Age, "usage" does not.
    QVERIFY(!Run("SELECT count(*), Country FROM singer", "List the countries and their singers.")
                 .has("cue_column_order"));
    QVERIFY(!Run("SELECT Age, Name FROM singer", "What are the names and the usage of singers?")
                 .has("cue_column_order"));
  }

  // cue_column_unnamed: an output or WHERE-condition column the question never refers to
  // (goldfree_column_unnamed.cpp).
  void columnUnnamedCue() {
    const std::string c = "cue_column_unnamed";
    Run ids("SELECT T1.Singer_ID FROM singer AS T1 WHERE T1.Country = 'France'",
            "What are the names of the singers from France?");
    QCOMPARE(ids.of(c).size(), std::size_t(1));
    const Finding& f = *ids.of(c).front();
    QCOMPARE(f.spans.size(), std::size_t(1));
    QCOMPARE(f.spans.front().begin, std::size_t(7));  // T1.Singer_ID
    QCOMPARE(f.spans.front().end, std::size_t(19));
    QVERIFY2(f.message.find("T1.Singer_ID") != std::string::npos, f.message.c_str());
    // A condition on a column the question does not mention, its value not in the question either.
    QVERIFY(Run("SELECT Name FROM singer WHERE Age > 30", "Which singers are from France?").has(c));
    QVERIFY(Run("SELECT avg(Capacity) FROM stadium", "What is the average age of singers?").has(c));
    QVERIFY(Run("SELECT Age FROM singer", "What are the countries of the singers?").has(c));
    // Must not fire: the column named (plural, verb form, snake_case), a generic name by its table,
    // "who", a stand-in phrase, an abbreviation, the compared value in the question, id asked for,
    // a join key, COUNT's argument, SELECT *, no question.
    QVERIFY(
        !Run("SELECT Name FROM singer WHERE Country = 'France'", "Which singers are from France?").has(c));
    QVERIFY(!Run("SELECT T1.Name FROM singer AS T1", "Show all singers.").has(c));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Age > 30", "Who is older than 30?").has(c));
    QVERIFY(!Run("SELECT Age FROM singer WHERE Name = 'Joe'", "How old is the singer named Joe?").has(c));
    QVERIFY(!Run("SELECT Country FROM singer WHERE Name = 'Joe'", "Where is Joe from?").has(c));
    QVERIFY(
        !Run("SELECT Year FROM concert WHERE Stadium_ID = 1", "When did concert 1 of stadium 1 take place?")
             .has(c));
    QVERIFY(!Run("SELECT Singer_ID, Name FROM singer", "List the ids and names of all singers.").has(c));
    QVERIFY(!Run("SELECT dept_name FROM singer", "List the department names.").has(c));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Country = 'F'", "List the female singers.").has(c));
    QVERIFY(!Run("SELECT T2.Name FROM concert AS T1 JOIN stadium AS T2 ON T1.Stadium_ID = T2.Stadium_ID "
                 "WHERE T1.Year = 2014",
                 "Which stadiums had a concert in 2014?")
                 .has(c));
    QVERIFY(!Run("SELECT count(Singer_ID) FROM singer", "How many singers are there?").has(c));
    QVERIFY(!Run("SELECT * FROM singer WHERE Age > 30", "List everything.").has(c));
    QVERIFY(!Run("SELECT Singer_ID FROM singer", "").has(c));
    // Referred to as well: a date's numbers, "coordinates", "<table> numbers" for an id, a shared
    // stem, initials, a derived table's own alias.
    QVERIFY(!Run("SELECT Name FROM concert WHERE Year = '2014-08-24'", "Which concerts were on 2014/8/24?")
                 .has(c));
    QVERIFY(!Run("SELECT lat, lng FROM stadium", "What are the coordinates of the stadiums?").has(c));
    QVERIFY(!Run("SELECT Stadium_ID FROM stadium", "List the stadium numbers.").has(c));
    QVERIFY(Run("SELECT Stadium_ID FROM stadium", "List the stadiums.").has(c));
    QVERIFY(!Run("SELECT diagnosis FROM singer", "What were the singers diagnosed with?").has(c));
    QVERIFY(!Run("SELECT RBC FROM singer", "What is the red blood cell count of singers?").has(c));
    QVERIFY(!Run("SELECT t.x FROM (SELECT Age AS x FROM singer) AS t", "List the ages.").has(c));
    // Words, never substrings: "usage" does not name Age.
    QVERIFY(Run("SELECT Age FROM singer", "What is the usage of singers?").has(c));
  }

  void tableUnnamedCue() {
    const std::string join =
        "SELECT T1.Name FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID";
    Run extra(join, "What are the names of the stadiums?");
    QVERIFY(extra.has("cue_table_unnamed"));
    const Finding* f = extra.of("cue_table_unnamed").front();
    QCOMPARE(f->spans.size(), std::size_t(1));
    QCOMPARE(f->spans[0].begin, at(join, "concert"));
    QCOMPARE(f->spans[0].end, at(join, "concert") + 7);
    // The question names the table ("concerts" refers to concert): an existence filter it asks for.
    QVERIFY(!Run(join, "What are the names of the stadiums that had concerts?").has("cue_table_unnamed"));
    // Used for its content (a selected or filtered column), not only through its keys.
    QVERIFY(
        !Run("SELECT T1.Name, T2.Year FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID",
             "What are the names of the stadiums and the years?")
             .has("cue_table_unnamed"));
    QVERIFY(!Run("SELECT T1.Name FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID "
                 "WHERE T2.Year = 2014",
                 "What are the names of the stadiums in 2014?")
                 .has("cue_table_unnamed"));
    // Unqualified columns placed by the resolver.
    QVERIFY(Run("SELECT Name FROM stadium JOIN concert ON stadium.Stadium_ID = concert.Stadium_ID",
                "Show all stadium names.")
                .has("cue_table_unnamed"));
    // A bridge between two tables the question names is never an extra table.
    QVERIFY(!Run("SELECT S.Name, T.Name FROM singer AS S JOIN concert AS C ON S.Singer_ID = C.concert_ID "
                 "JOIN stadium AS T ON C.Stadium_ID = T.Stadium_ID",
                 "Give the names of the singers and of the stadiums.")
                 .has("cue_table_unnamed"));
    QVERIFY(!Run("SELECT Name FROM stadium", "What are the names of the stadiums?").has("cue_table_unnamed"));
    QVERIFY(!Run(join, "").has("cue_table_unnamed"));  // no question, no cue
  }

  void answerShapeCue() {
    const std::string sorted = "SELECT Name FROM singer ORDER BY Age";
    Run young(sorted, "Who is the youngest singer?");
    QVERIFY(young.has("cue_answer_shape"));
    QVERIFY(!young.has("cue_superlative"));  // ORDER BY is there: only the shape tells
    QCOMPARE(young.of("cue_answer_shape").front()->spans[0].begin, at(sorted, "Name"));
    QVERIFY(!Run(sorted + " LIMIT 1", "Who is the youngest singer?").has("cue_answer_shape"));
    QVERIFY(!Run(sorted, "List the singers from the youngest to the oldest, sorted by age.")
                 .has("cue_answer_shape"));
    QVERIFY(!Run(sorted, "List the names of the singers by age.").has("cue_answer_shape"));
    QVERIFY(!Run(sorted, "List the singers' names from the youngest to the oldest.").has("cue_answer_shape"));
    QVERIFY(!Run(sorted, "Show the singers, highest age to lowest.").has("cue_answer_shape"));
    QVERIFY(!Run("SELECT Name FROM singer WHERE Age = (SELECT min(Age) FROM singer) ORDER BY Name",
                 "Who is the youngest singer?")
                 .has("cue_answer_shape"));
    const std::string listed =
        "SELECT T1.Name FROM stadium AS T1 JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID "
        "GROUP BY T1.Stadium_ID HAVING count(*) > 2";
    Run many(listed, "How many stadiums have more than 2 concerts?");
    QVERIFY(many.has("cue_answer_shape"));
    QVERIFY(!many.has("cue_count"));  // the SQL counts, in HAVING
    QVERIFY(!Run("SELECT count(*) FROM (" + listed + ")", "How many stadiums have more than 2 concerts?")
                 .has("cue_answer_shape"));
    QVERIFY(!Run("SELECT Capacity FROM stadium WHERE Stadium_ID IN (SELECT Stadium_ID FROM concert GROUP BY "
                 "Stadium_ID HAVING count(*) > 2)",
                 "How many people fit in the stadiums with more than 2 concerts?")
                 .has("cue_answer_shape"));  // the COUNT is a subquery's filter: a stored quantity may answer
    QVERIFY(!Run(listed, "Which stadiums have more than 2 concerts?").has("cue_answer_shape"));
    QVERIFY(!Run("SELECT Name FROM singer", "How many singers are there?").has("cue_answer_shape"));
  }

  void riskIsBoundedWithReasons() {
    Run bad("SELECT nme FROM singer, concert", "How many singers are from each country?", {},
            ResultSummary{false, 0, false});
    Run good("SELECT Country, count(*) FROM singer GROUP BY Country",
             "How many singers are from each country?", {}, ResultSummary{false, 4, false});
    QVERIFY(bad.a.risk.score >= 0.0 && bad.a.risk.score <= 1.0);
    QVERIFY(good.a.risk.score >= 0.0 && good.a.risk.score <= 1.0);
    QVERIFY(bad.a.risk.score > good.a.risk.score);
    QVERIFY(!bad.a.risk.reasons.empty());
  }

  void badInputNeverCrashes() {
    for (const char* sql :
         {"", "   ", "SELECT (Name FROM singer", "SELECT Name FROM singer WHERE Country = 'Fr",
          "DELETE FROM singer", "SELECT Name FROM singer; DROP TABLE singer", ")))(((",
          "SELECT \xff\xfe FROM singer", "SELECT * FROM (SELECT * FROM (SELECT"}) {
      Run r(sql, "How many?");
      for (const Finding& f : r.a.findings)
        for (const FindingSpan& s : f.spans) QVERIFY(s.begin <= s.end && s.end <= std::string(sql).size());
      QVERIFY(r.a.risk.score >= 0.0 && r.a.risk.score <= 1.0);
    }
    Run r("SELECT (Name FROM singer");
    QVERIFY(!r.a.predParsed);
    bool malformed = false;
    for (const Finding& f : r.a.findings)
      malformed = malformed || f.subcategory == "Malformed operator structure";
    QVERIFY(malformed);
  }
};

QTEST_GUILESS_MAIN(TestAnnotateChecks)
#include "tst_annotate_checks.moc"
