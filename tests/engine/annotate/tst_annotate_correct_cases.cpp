// Findings on correct answers (issue 28, part 4) on real Spider dev pairs: a prediction that returns
// the gold's rows keeps no gold-based finding, wherever it is annotated; an anti-join is no extra
// join; "student id" refers to `StuID`; a value stored with a trailing blank is not called a
// letter-case difference.
#include <QtTest>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/annotate/annotate.h"
#include "engine/annotate/database_checks.h"
#include "engine/annotate/eval_annotator.h"
#include "engine/db/database.h"
#include "engine/eval/runner.h"
#include "support/shared_data.h"

namespace {

// One Spider dev case evaluated the way `hallusql-cli evaluate` does it (RuleAnnotator).
hs::eval::CaseOutcome evaluateSpider(const std::string& dbId, const std::string& question,
                                     const std::string& gold, const std::string& pred) {
  hs::Case c;
  c.id = "case";
  c.dbId = dbId;
  c.question = question;
  c.goldSql = gold;
  c.predSql = pred;
  hs::annotate::RuleAnnotator rules;
  hs::eval::EvalOptions opts;
  opts.dbRoot = hs::test::sharedPath("spider/database");
  opts.annotator = &rules;
  opts.keepRows = true;
  const auto outcomes = hs::eval::evaluateCases({c}, opts);
  return outcomes.size() == 1 ? outcomes[0] : hs::eval::CaseOutcome{};
}

bool has(const std::vector<hs::Finding>& fs, const std::string& taxonomy, const std::string& category = {}) {
  return std::any_of(fs.begin(), fs.end(), [&](const hs::Finding& f) {
    return f.taxonomy == taxonomy && (category.empty() || f.category == category);
  });
}

std::unique_ptr<hs::db::Database> openSpider(const QString& dbId) {
  auto opened = hs::db::Database::openReadOnly(hs::test::spiderDb(dbId));
  return opened ? std::move(opened.value()) : nullptr;
}

}  // namespace

class TestAnnotateCorrectCases : public QObject {
  Q_OBJECT
 private slots:
  void correctCaseKeepsNoGoldBasedFinding();
  void emptyResultOfTheGoldIsNoFinding();
  void queryTabAgreesWithEvaluation();
  void antiJoinIsNoExtraJoin();
  void studentIdRefersToStuid();
  void trailingBlankIsNoLetterCase();
};

// Spider dev question 52 (pets_1) answered with a join of Pets too: TA-SQL's comparison with the gold
// counts an extra table and join, but the count is the gold's.
void TestAnnotateCorrectCases::correctCaseKeepsNoGoldBasedFinding() {
  HS_REQUIRE_SHARED_DATA();
  const std::string question = "Find number of pets owned by students who are older than 20.";
  const std::string gold =
      "SELECT count(*) FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid  =  T2.stuid WHERE T1.age  >  20";
  const std::string pred =
      "SELECT count(*) FROM Has_Pet AS T1 JOIN Student AS T2 ON T1.StuID = T2.StuID JOIN Pets AS T3 ON "
      "T1.PetID = T3.PetID WHERE T2.Age > 20";
  const hs::eval::CaseOutcome right = evaluateSpider("pets_1", question, gold, pred);
  QVERIFY(right.exBag.value_or(false));
  QVERIFY(!has(right.findings, "tasql", "Join Redundancy"));
  QVERIFY(!has(right.findings, "tasql", "Attribute Overanalysis"));
  QVERIFY(!has(right.findings, "mrsqlgen"));
  // The same extra join on a wrong answer is still named.
  const std::string wrong =
      "SELECT count(*) FROM Has_Pet AS T1 JOIN Student AS T2 ON T1.StuID = T2.StuID JOIN Pets AS T3 ON "
      "T1.PetID = T3.PetID WHERE T2.Age > 18";
  const hs::eval::CaseOutcome off = evaluateSpider("pets_1", question, gold, wrong);
  QVERIFY(!off.exBag.value_or(true));
  QVERIFY(has(off.findings, "tasql", "Join Redundancy"));
}

// Spider dev question 187 (flight_2): the gold's own answer is empty (the stored city is 'Anthony ').
void TestAnnotateCorrectCases::emptyResultOfTheGoldIsNoFinding() {
  HS_REQUIRE_SHARED_DATA();
  const std::string question = "Give the airport code and airport name corresonding to the city Anthony.";
  const std::string gold = "SELECT AirportCode ,  AirportName FROM AIRPORTS WHERE city  =  \"Anthony\"";
  const std::string pred = "SELECT AirportCode, AirportName FROM airports WHERE City = 'Anthony'";
  const hs::eval::CaseOutcome right = evaluateSpider("flight_2", question, gold, pred);
  QVERIFY(right.exBag.value_or(false));
  QVERIFY(right.pred.ok && right.pred.rows.empty());
  QVERIFY(!has(right.findings, "goldfree", "empty_result"));
  // An empty answer where the gold has rows is still suspicious.
  const std::string wrong = "SELECT AirportCode, AirportName FROM airports WHERE City = 'Nowhere'";
  const std::string goldRows = "SELECT AirportCode ,  AirportName FROM AIRPORTS WHERE city  =  \"Anthony \"";
  const hs::eval::CaseOutcome off = evaluateSpider("flight_2", question, goldRows, wrong);
  QVERIFY(!off.exBag.value_or(true));
  QVERIFY(has(off.findings, "goldfree", "empty_result"));
}

// The Query tab (annotateWithDatabase with a gold query) decides it the same way.
void TestAnnotateCorrectCases::queryTabAgreesWithEvaluation() {
  HS_REQUIRE_SHARED_DATA();
  auto db = openSpider(QStringLiteral("pets_1"));
  QVERIFY(db);
  const std::string gold =
      "SELECT count(*) FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid  =  T2.stuid WHERE T1.age  >  20";
  const std::string pred =
      "SELECT count(*) FROM Has_Pet AS T1 JOIN Student AS T2 ON T1.StuID = T2.StuID JOIN Pets AS T3 ON "
      "T1.PetID = T3.PetID WHERE T2.Age > 20";
  auto a = hs::annotate::annotateWithDatabase(
      *db, "Find number of pets owned by students who are older than 20.", pred, std::string_view(gold));
  QVERIFY(a);
  QVERIFY(!has(a->annotation.findings, "tasql", "Join Redundancy"));
  const std::string wrong = pred.substr(0, pred.size() - 2) + "18";
  auto b = hs::annotate::annotateWithDatabase(
      *db, "Find number of pets owned by students who are older than 20.", wrong, std::string_view(gold));
  QVERIFY(b);
  QVERIFY(has(b->annotation.findings, "tasql", "Join Redundancy"));
}

// Spider dev question 29 (concert_singer): `LEFT JOIN concert ... WHERE concert.stadium_id IS NULL`
// says what the gold's NOT IN (SELECT stadium_id FROM concert) says. Judged without a result (the
// static rules), so only the TA-SQL comparison decides.
void TestAnnotateCorrectCases::antiJoinIsNoExtraJoin() {
  HS_REQUIRE_SHARED_DATA();
  auto db = openSpider(QStringLiteral("concert_singer"));
  QVERIFY(db);
  auto schema = db->schema();
  QVERIFY(schema);
  const std::string gold =
      "SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)";
  auto annotate = [&](const std::string& pred) {
    hs::annotate::CaseInput in;
    in.predSql = pred;
    in.goldSql = gold;
    in.question = "What are the names of the stadiums without any concerts?";
    in.schema = &schema.value();
    return hs::annotate::annotateCase(in).findings;
  };
  const auto anti = annotate(
      "SELECT T1.Name FROM stadium AS T1 LEFT JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID WHERE "
      "T2.Stadium_ID IS NULL");
  QVERIFY(!has(anti, "tasql", "Join Redundancy"));
  QVERIFY(!has(anti, "tasql", "Clause Abuse"));
  // A LEFT JOIN that keeps every stadium (no IS NULL) is no anti-join: still an extra join.
  const auto outer = annotate(
      "SELECT T1.Name FROM stadium AS T1 LEFT JOIN concert AS T2 ON T1.Stadium_ID = T2.Stadium_ID WHERE "
      "T2.Year IS NOT NULL");
  QVERIFY(has(outer, "tasql", "Join Redundancy"));
  QVERIFY(has(outer, "tasql", "Clause Abuse"));
}

// Spider dev question 80 (pets_1): "... and student id" names Student.StuID, written `stuid`.
void TestAnnotateCorrectCases::studentIdRefersToStuid() {
  HS_REQUIRE_SHARED_DATA();
  auto db = openSpider(QStringLiteral("pets_1"));
  QVERIFY(db);
  auto schema = db->schema();
  QVERIFY(schema);
  const std::string pred =
      "SELECT count(*) ,  T1.stuid FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid  =  T2.stuid GROUP BY "
      "T1.stuid";
  auto unnamed = [&](const std::string& question, const hs::db::Schema& s) {
    hs::annotate::CaseInput in;
    in.predSql = pred;
    in.question = question;
    in.schema = &s;
    for (const hs::Finding& f : hs::annotate::annotateCase(in).findings)
      if (f.category == "cue_column_unnamed") return f.message;
    return std::string();
  };
  QCOMPARE(unnamed("Find the number of pets for each student who has any pet and student id.", *schema),
           std::string());
  // Without "id" the question names no column of it.
  QVERIFY(unnamed("Find the number of pets for each student who has any pet.", *schema).find("stuid") !=
          std::string::npos);
  // A schema that spells it `stuid` too: "stu" abbreviates its table, student.
  hs::db::Schema lower = *schema;
  for (hs::db::TableInfo& t : lower.tables)
    for (hs::db::ColumnInfo& c : t.columns)
      if (c.name == "StuID") c.name = "stuid";
  QCOMPARE(unnamed("Find the number of pets for each student who has any pet and student id.", lower),
           std::string());
}

// Spider dev question 186 (flight_2): the city is stored as 'Anthony ' (a trailing blank).
void TestAnnotateCorrectCases::trailingBlankIsNoLetterCase() {
  HS_REQUIRE_SHARED_DATA();
  auto db = openSpider(QStringLiteral("flight_2"));
  QVERIFY(db);
  const hs::annotate::ValueLookup lookup = hs::annotate::databaseLookup(*db);
  using hs::annotate::ValueCheck;
  QVERIFY(lookup("airports", "City", "Anthony", false) == ValueCheck::ExistsIgnoringBlanks);
  QVERIFY(lookup("airports", "City", "anthony", false) == ValueCheck::ExistsIgnoringCaseAndBlanks);
  // Every city there ends in a blank: with the blank, only the letter case differs.
  QVERIFY(lookup("airports", "City", "anthony ", false) == ValueCheck::ExistsIgnoringCase);
  auto a = hs::annotate::annotateWithDatabase(
      *db, "List the airport code and name in the city of Anthony.",
      "SELECT AirportCode, AirportName FROM airports WHERE City = 'Anthony'");
  QVERIFY(a);
  const auto& fs = a->annotation.findings;
  const auto f =
      std::find_if(fs.begin(), fs.end(), [](const hs::Finding& x) { return x.category == "value_case"; });
  QVERIFY(f != fs.end());
  QVERIFY2(f->message.find("blanks") != std::string::npos, f->message.c_str());
  QVERIFY2(f->message.find("letter case") == std::string::npos, f->message.c_str());
}

QTEST_GUILESS_MAIN(TestAnnotateCorrectCases)
#include "tst_annotate_correct_cases.moc"
