// Causes a careful reviewer names (tests/fixtures/blind_labels/PROTOCOL.md): an extra table joined
// in whose repair cannot run is not named over the verified differences; extra output columns that
// only add information are no C-type; a grouping that only changes which tied row comes first is
// no cause beside a LIMIT; != where the gold excludes rows through NOT IN and a MAX subquery without
// the main block's filter are condition logic. The probe is a fake that scores the repaired texts
// by what they contain (hs::test::Probe scores exact texts).
#include <QtTest>

#include <algorithm>
#include <functional>
#include <set>

#include "engine/annotate/annotate.h"
#include "support/causes_probe.h"
#include "support/test_schema.h"

using namespace hs::annotate;
using hs::Finding;

namespace {

hs::db::Schema schema() {
  using hs::test::column;
  using hs::test::table;
  hs::db::Schema s;
  s.tables.push_back(hs::test::singerTable());
  s.tables.push_back(hs::test::concertTable());
  s.tables.push_back(
      table("stadium", {column("Stadium_ID", "INT", true), column("Name", "TEXT"), column("City", "TEXT")}));
  return s;
}

bool has(const std::string& sql, const char* part) {
  return sql.find(part) != std::string::npos;
}

// A probe whose closeness is `score(sql)` (nullopt: the repaired SQL does not run).
CauseProbe fakeProbe(double baseline, std::function<std::optional<double>(const std::string&)> score) {
  CauseProbe p;
  p.baseline = baseline;
  p.closeness = std::move(score);
  return p;
}

std::set<std::string> types(const std::string& pred, const std::string& gold, const CauseProbe* probe,
                            std::vector<Finding>* kept = nullptr, const std::string& question = {}) {
  std::set<std::string> t;
  for (Finding& f : hs::test::ctypeFindings(schema(), pred, gold, question, probe)) {
    t.insert(f.category);
    if (kept) kept->push_back(std::move(f));
  }
  return t;
}

const char* kJoin = "FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID";

}  // namespace

class TestAnnotateCausesReviewer : public QObject {
  Q_OBJECT
 private slots:
  // A prediction that cannot run gets the type of the mistake that stops it: MAX(COUNT(*)) nests an
  // aggregate (C7), whatever else differs from the gold (here the MAX subquery against a LIMIT, C2
  // when the aggregate is not nested). A window function or the scalar two-argument MAX is no nesting.
  void nestedAggregateIsTheCause() {
    const std::string gold = "SELECT Country FROM singer GROUP BY Country ORDER BY count(*) DESC LIMIT 1";
    const std::string head = "SELECT Country FROM singer GROUP BY Country HAVING count(*) = ";
    std::vector<Finding> kept;
    const auto nested =
        types(head + "(SELECT max(count(*)) FROM singer GROUP BY Country)", gold, nullptr, &kept);
    QCOMPARE(nested, std::set<std::string>{"C7"});
    QCOMPARE(kept.size(), std::size_t{1});
    QCOMPARE(kept[0].subcategory, std::string("nested aggregate"));
    QVERIFY2(kept[0].message.find("max(count(*))") != std::string::npos, kept[0].message.c_str());
    QVERIFY(!kept[0].explanation.empty());
    QCOMPARE(types(head + "(SELECT max(c) FROM (SELECT count(*) AS c FROM singer GROUP BY Country))", gold,
                   nullptr),
             std::set<std::string>{"C2"});
    QVERIFY(
        !types("SELECT Country, max(count(*), 2) FROM singer GROUP BY Country", gold, nullptr).count("C7"));
    QVERIFY(!types("SELECT Country, max(count(*)) OVER () FROM singer GROUP BY Country", gold, nullptr)
                 .count("C7"));
  }

  // The prediction returns the gold's rows, some more times, and no repair gives the gold result:
  // against the gold's UNION, an OR only restates it and the duplicates are the missing DISTINCT
  // (C8); against INTERSECT, the OR asks for either ship where the gold asks for both (C1).
  void orAgainstIntersectIsTheOperator() {
    CauseProbe probe = fakeProbe(0.5, [](const std::string&) { return std::optional<double>(0.5); });
    probe.moreDuplicates = true;
    const std::string pred = "SELECT Name FROM singer WHERE Country = 'France' OR Country = 'Italy'";
    auto gold = [](const char* op) {
      return std::string("SELECT Name FROM singer WHERE Country = 'France' ") + op +
             " SELECT Name FROM singer WHERE Country = 'Italy'";
    };
    std::vector<Finding> kept;
    QCOMPARE(types(pred, gold("INTERSECT"), &probe, &kept), std::set<std::string>{"C1"});
    QCOMPARE(kept.size(), std::size_t{1});
    QCOMPARE(kept[0].subcategory, std::string("set operator as OR"));
    QVERIFY2(kept[0].explanation.find("INTERSECT") != std::string::npos, kept[0].explanation.c_str());
    kept.clear();
    QCOMPARE(types(pred, gold("UNION"), &probe, &kept), std::set<std::string>{"C8"});
    QCOMPARE(kept[0].subcategory, std::string("duplicate rows"));
  }

  void unverifiedExtraTableIsNotNamedOverAVerifiedCause() {
    // The prediction joins stadium to take its Name and compares the wrong year. Putting the gold's
    // joins in cannot run (T3.Name has no table then); the year repair moves the result.
    const std::string gold = std::string("SELECT T1.Name ") + kJoin + " WHERE T2.Year = 2014";
    const std::string pred = std::string("SELECT T3.Name ") + kJoin +
                             " JOIN stadium AS T3 ON T2.Stadium_ID = T3.Stadium_ID WHERE T2.Year = 2015";
    std::vector<Finding> raw;
    types(pred, gold, nullptr, &raw);
    bool extra = false;
    for (const Finding& f : raw) extra = extra || (f.category == "C3" && f.subcategory == "extra table");
    QVERIFY(extra);
    const CauseProbe p = fakeProbe(0.2, [](const std::string& sql) -> std::optional<double> {
      if (has(sql, "T3.") && !has(sql, "stadium")) return std::nullopt;  // T3 without its table
      return has(sql, "2014") ? 0.6 : 0.2;
    });
    const auto t = types(pred, gold, &p);
    QVERIFY(t.count("C4"));
    QVERIFY(!t.count("C3"));
  }

  void extraTableWhoseRepairFixesIsNamed() {
    // The only difference is the extra table, and dropping it gives the gold rows: it drops rows.
    const std::string gold = std::string("SELECT T1.Name ") + kJoin + " WHERE T2.Year = 2014";
    const std::string pred = std::string("SELECT T1.Name ") + kJoin +
                             " JOIN stadium AS T3 ON T2.Stadium_ID = T3.Stadium_ID WHERE T2.Year = 2014";
    const CauseProbe p = fakeProbe(
        0.5, [](const std::string& sql) -> std::optional<double> { return has(sql, "stadium") ? 0.5 : 1.0; });
    QCOMPARE(types(pred, gold, &p), (std::set<std::string>{"C3"}));
  }

  void extraTableForAnExtraColumnIsNoType() {
    // The stadium is joined in only to return its name beside the gold's columns; dropping both
    // gives the gold rows, and the prediction has as many rows: no join error, no C-type.
    const std::string gold = std::string("SELECT T1.Name ") + kJoin + " WHERE T2.Year = 2014";
    const std::string pred = std::string("SELECT T1.Name, T3.Name ") + kJoin +
                             " JOIN stadium AS T3 ON T2.Stadium_ID = T3.Stadium_ID WHERE T2.Year = 2014";
    CauseProbe p = fakeProbe(0.2, [](const std::string& sql) -> std::optional<double> {
      if (has(sql, "stadium")) return 0.2;
      if (has(sql, "T3.")) return std::nullopt;
      return 1.0;
    });
    p.sameRowCount = true;
    QVERIFY(types(pred, gold, &p, nullptr, "What are the names of singers and stadiums in 2014?").empty());
    // The join changes the number of rows: it is named.
    p.sameRowCount = false;
    QCOMPARE(types(pred, gold, &p, nullptr, "What are the names of singers and stadiums in 2014?"),
             (std::set<std::string>{"C3"}));
  }

  void goldTableGetsThePredictionsAlias() {
    // The gold reads singer bare, the prediction as T1 with an extra join: the repair puts the
    // gold's FROM in with the prediction's alias, so T1.Age still runs and the join is verified.
    const std::string gold = "SELECT count(*) FROM singer WHERE Age > 30";
    const std::string pred = std::string("SELECT count(*) ") + kJoin + " WHERE T1.Age > 30";
    std::vector<std::string> asked;
    CauseProbe p = fakeProbe(0.5, [&asked](const std::string& sql) -> std::optional<double> {
      asked.push_back(sql);
      return sql.find("FROM singer AS t1 WHERE") != std::string::npos ? 1.0 : 0.5;
    });
    QCOMPARE(types(pred, gold, &p), (std::set<std::string>{"C3"}));
    QVERIFY(std::any_of(asked.begin(), asked.end(), [](const std::string& sql) {
      return sql.rfind("SELECT count(*) FROM singer AS t1", 0) == 0 && has(sql, "WHERE T1.Age > 30");
    }));
  }

  void bareGoldColumnIsQualifiedInAJoin() {
    // The gold's bare Singer_ID would be ambiguous in the prediction's join of singer and concert:
    // the repair qualifies it with the prediction's alias, and the count is the verified cause.
    const std::string gold = "SELECT count(DISTINCT Singer_ID) FROM concert";
    const std::string pred = std::string("SELECT count(*) ") + kJoin;
    const CauseProbe p = fakeProbe(0.5, [](const std::string& sql) -> std::optional<double> {
      if (has(sql, "DISTINCT Singer_ID")) return std::nullopt;  // ambiguous
      return has(sql, "DISTINCT t2.Singer_ID") ? 1.0 : 0.5;
    });
    QCOMPARE(types(pred, gold, &p), (std::set<std::string>{"C7"}));
  }

  void extraInformativeColumnIsNoType() {
    // The gold rows with an extra column beside them (same number of rows): the question is served.
    const std::string gold = "SELECT Name FROM singer WHERE Age > 30";
    const std::string pred = "SELECT Name, Country FROM singer WHERE Age > 30";
    CauseProbe p = fakeProbe(
        0.3, [](const std::string& sql) -> std::optional<double> { return has(sql, "Country") ? 0.3 : 1.0; });
    p.sameRowCount = true;
    QVERIFY(types(pred, gold, &p).empty());
    // With the extra column the prediction returns other rows (fewer duplicates dropped, say): C5.
    p.sameRowCount = false;
    QCOMPARE(types(pred, gold, &p), (std::set<std::string>{"C5"}));
  }
  void extraInformativeColumnBesideAnotherCauseIsNoType() {
    // A wrong value and an extra column: only both repairs give the gold result; the extra column
    // only adds information, the value is the cause.
    const std::string gold = "SELECT Name FROM singer WHERE Age > 30";
    const CauseProbe p = fakeProbe(0.2, [](const std::string& sql) -> std::optional<double> {
      return has(sql, "> 30") && !has(sql, "Country") ? 1.0 : has(sql, "> 30") ? 0.5 : 0.2;
    });
    QCOMPARE(types("SELECT Name, Country FROM singer WHERE Age > 40", gold, &p),
             (std::set<std::string>{"C4"}));
    // Under DISTINCT the extra column splits rows the gold merges: both stay named.
    QCOMPARE(types("SELECT DISTINCT Name, Country FROM singer WHERE Age > 40",
                   "SELECT DISTINCT Name FROM singer WHERE Age > 30", &p),
             (std::set<std::string>{"C4", "C5"}));
  }

  void unaskedMissingColumnIsNoType() {
    // The gold also selects the country, which the question does not ask for; the prediction
    // returns the gold's rows without it.
    const std::string gold = "SELECT Name, Country FROM singer WHERE Age > 30";
    const std::string pred = "SELECT Name FROM singer WHERE Age > 30";
    CauseProbe p = fakeProbe(
        0.3, [](const std::string& sql) -> std::optional<double> { return has(sql, "Country") ? 1.0 : 0.3; });
    p.sameRowCount = true;
    QVERIFY(types(pred, gold, &p, nullptr, "What are the names of singers older than 30?").empty());
    // Asked for: a requested output column is missing (C5); without a question the same.
    QCOMPARE(types(pred, gold, &p, nullptr, "What are the names and countries of singers older than 30?"),
             (std::set<std::string>{"C5"}));
    QCOMPARE(types(pred, gold, &p), (std::set<std::string>{"C5"}));
    // A name is asked for without being named ("which singers"): C5.
    CauseProbe q = fakeProbe(
        0.3, [](const std::string& sql) -> std::optional<double> { return has(sql, "Name") ? 1.0 : 0.3; });
    q.sameRowCount = true;
    QCOMPARE(
        types("SELECT Country FROM singer WHERE Age > 30", "SELECT Country, Name FROM singer WHERE Age > 30",
              &q, nullptr, "Which singers older than 30 come from which country?"),
        (std::set<std::string>{"C5"}));
  }

  void notEqualForAnExcludedSetIsConditionLogic() {
    // "Singers who never sang in 2014": the gold excludes the singers with a 2014 concert; the
    // prediction keeps the singers with a concert in another year. The negation of the wrong set
    // (C6), not an operator swap; '!=' against a plain '=' stays an operator (C1).
    const std::string gold =
        "SELECT Name FROM singer WHERE Singer_ID NOT IN (SELECT Singer_ID FROM concert WHERE Year = 2014)";
    const std::string pred = std::string("SELECT DISTINCT T1.Name ") + kJoin + " WHERE T2.Year != 2014";
    std::vector<Finding> raw;
    const auto t = types(pred, gold, nullptr, &raw);
    QVERIFY(t.count("C6"));
    QVERIFY(!t.count("C1"));
    bool negatedSet = false;
    for (const Finding& f : raw) negatedSet = negatedSet || f.subcategory == "negated set";
    QVERIFY(negatedSet);
    const std::string plain = std::string("SELECT DISTINCT T1.Name ") + kJoin + " WHERE T2.Year = 2014";
    QVERIFY(types(pred, plain, nullptr).count("C1"));
  }

  void maxSubqueryOverOtherRowsIsConditionLogic() {
    // "The oldest French singer": the MAX is taken over every singer, not the French ones (a
    // sub-query computing the wrong set, C6); with the filter repeated inside, only ties (C2).
    const std::string gold = "SELECT Name FROM singer WHERE Country = 'France' ORDER BY Age DESC LIMIT 1";
    auto subcategoryOf = [&](const std::string& pred) {
      std::vector<Finding> raw;
      types(pred, gold, nullptr, &raw);
      std::string s;
      for (const Finding& f : raw) s += f.category + ":" + f.subcategory + ";";
      return s;
    };
    QCOMPARE(subcategoryOf(
                 "SELECT Name FROM singer WHERE Country = 'France' AND Age = (SELECT max(Age) FROM singer)"),
             std::string("C6:MAX/MIN subquery over other rows;"));
    const std::string filtered = subcategoryOf(
        "SELECT Name FROM singer WHERE Country = 'France' AND Age = (SELECT max(Age) FROM singer WHERE "
        "Country = "
        "'France')");
    QVERIFY(filtered.find("C2:MAX/MIN subquery instead of LIMIT;") != std::string::npos);
    QVERIFY(filtered.find("over other rows") == std::string::npos);
    // The repair is the gold's ORDER BY ... LIMIT in place of the subquery form.
    const CauseProbe p = fakeProbe(0.0, [](const std::string& sql) -> std::optional<double> {
      return has(sql, "LIMIT") && !has(sql, "max(") ? 1.0 : 0.0;
    });
    QCOMPARE(types("SELECT Name FROM singer WHERE Country = 'France' AND Age = (SELECT max(Age) FROM singer)",
                   gold, &p),
             (std::set<std::string>{"C6"}));
  }

  void countOverDistinctDerivedRowsIsNoAggregationDifference() {
    // COUNT(*) over an INTERSECT counts distinct names, like COUNT(DISTINCT Name): no C7; the
    // difference lies in the conditions (OR for "both").
    const std::string gold =
        "SELECT count(*) FROM (SELECT Name FROM singer WHERE Country = 'a' INTERSECT SELECT Name FROM singer "
        "WHERE "
        "Country = 'b')";
    const std::string pred = "SELECT count(DISTINCT Name) FROM singer WHERE Country = 'a' OR Country = 'b'";
    QVERIFY(!types(pred, gold, nullptr).count("C7"));
    // Over the table itself COUNT(*) counts every row: C7.
    QVERIFY(
        types(pred, "SELECT count(*) FROM singer WHERE Country = 'a' OR Country = 'b'", nullptr).count("C7"));
  }

  void groupingThatOnlyPicksTheTiedRowIsNoCause() {
    // The prediction groups by the key where the gold groups by the name (the same groups) and
    // keeps every row where the gold takes the top one. Adding LIMIT 1 alone comes close; with the
    // gold's grouping it returns the gold's tied row, but the grouping alone changes nothing.
    const std::string gold =
        std::string("SELECT T1.Name ") + kJoin + " GROUP BY T1.Name ORDER BY count(*) DESC LIMIT 1";
    const std::string pred =
        std::string("SELECT T1.Name ") + kJoin + " GROUP BY T1.Singer_ID ORDER BY count(*) DESC";
    const CauseProbe p = fakeProbe(0.4, [](const std::string& sql) -> std::optional<double> {
      if (has(sql, "LIMIT")) return has(sql, "GROUP BY T1.Name") ? 1.0 : 0.7;
      return 0.4;
    });
    std::vector<Finding> raw;
    QVERIFY(types(pred, gold, nullptr, &raw).count("C10"));
    QCOMPARE(types(pred, gold, &p), (std::set<std::string>{"C2"}));
  }
};

QTEST_GUILESS_MAIN(TestAnnotateCausesReviewer)
#include "tst_annotate_causes_reviewer.moc"
