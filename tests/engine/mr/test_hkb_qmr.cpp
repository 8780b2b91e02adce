// MRSQLGen's QMR families (engine/mr/qmr.h) against the fake LLM server on Spider's
// concert_singer: satisfied when the model is consistent, violated when it is not, the
// threshold, errors excluded from the vote, a source that fails.
#include <QtTest>

#include "engine/llm/llm_test_support.h"
#include "engine/mr/qmr.h"
#include "engine/mr/qmr_json.h"
#include "support/shared_data.h"

using namespace hs::mr;

namespace {

const std::string kQuestion = "Which singers are from France?";
const std::string kSource = "SELECT Name FROM singer WHERE Country = 'France'";

std::string str(Verdict v) {
  return std::string(toString(v));
}

nlohmann::json answer(const std::string& content) {
  return {{"content", content}};
}

nlohmann::json sqlAnswer(const std::string& sql) {
  return answer("```sql\n" + sql + "\n```");
}

}  // namespace

class TestHkbQmr : public QObject {
  Q_OBJECT

  std::unique_ptr<hs::test::FakeLlmServer> server_;
  std::unique_ptr<hs::db::Database> db_;

  void rule(const std::string& match, const nlohmann::json& behaviour) {
    server_->command({{"cmd", "rule"}, {"match", match}, {"behavior", behaviour}, {"times", -1}});
  }

  // The QMR-1 rewrite answers three follow-ups; each follow-up's SQL is given.
  void qmr1Model(const std::vector<std::string>& followUpSql) {
    rule("equivalent questions for the following question",
         answer("1. List the singers whose country is France.\n2. Show singers coming from the country "
                "France.\n3. Give every singer from France.\n"));
    rule("List the singers whose country is France", sqlAnswer(followUpSql.at(0)));
    rule("Show singers coming from the country France", sqlAnswer(followUpSql.at(1)));
    rule("Give every singer from France", sqlAnswer(followUpSql.at(2)));
  }

  QmrReport run(const std::vector<std::string>& types, double threshold = 0.8,
                const std::string& source = kSource) {
    auto client = hs::test::makeClient(hs::test::fastOptions(hs::test::fakeProfile(*server_)));
    QmrOptions options;
    options.n = 3;
    options.threshold = threshold;
    options.params.temperature = 0.0;
    auto r = runQmr(*client, *db_, kQuestion, source, types, options);
    if (!r) qFatal("runQmr failed: %s", r.error().message.c_str());
    return r.value();
  }

 private slots:
  void init() {
    if (!hs::test::hasSharedData()) return;
    server_ = std::make_unique<hs::test::FakeLlmServer>(hs::test::fakeLlmScript());
    auto db = hs::db::Database::openReadOnly(hs::test::spiderDb("concert_singer"));
    if (!db) qFatal("%s", db.error().message.c_str());
    db_ = std::move(db.value());
  }
  void cleanup() {
    server_.reset();
    db_.reset();
  }

  void parseVariantLists() {
    auto v = parseVariantList("Here:\n1. A?\n2) B?\n- A?\n\nQuestion 3: C?\nD?", "c?", 3);
    QCOMPARE(v, (std::vector<std::string>{"Here:", "A?", "B?"}));
    v = parseVariantList("1. Which singers are from France?\n2. X\n", "Which singers are from France?", 5);
    QCOMPARE(v, std::vector<std::string>{"X"});
  }

  void tally() {
    QmrTypeResult r;
    r.relation = hs::mr::Relation::Equal;
    r.variants.resize(5);
    r.variants[0].verdict = r.variants[1].verdict = r.variants[2].verdict = r.variants[3].verdict =
        Verdict::Satisfied;
    r.variants[4].verdict = Verdict::Violated;
    tallyVariants(r, 0.8);
    QCOMPARE(str(r.verdict), std::string("satisfied"));  // 4/5 = 0.8 reaches the default threshold
    tallyVariants(r, 0.81);
    QCOMPARE(str(r.verdict), std::string("violated"));
    for (auto& v : r.variants) v.verdict = Verdict::Error;
    tallyVariants(r, 0.8);
    QCOMPARE(str(r.verdict), std::string("error"));
    QCOMPARE(r.errors, 5);
  }

  void spansFollowTheType() {
    const std::string src =
        "SELECT Country, count(*) FROM singer WHERE Age > 20 GROUP BY Country ORDER BY Country";
    const std::string follow =
        "SELECT Country, count(*) FROM singer WHERE Age > 30 GROUP BY Name ORDER BY Country";
    auto text = [&](const std::vector<hs::FindingSpan>& spans) {
      std::string out;
      for (const auto& sp : spans) out += src.substr(sp.begin, sp.end - sp.begin) + "|";
      return out;
    };
    const std::string groupBy = text(qmrSpans(10, src, {follow}));  // C10: the GROUP BY only
    QVERIFY2(groupBy.find("Country") != std::string::npos && groupBy.find("Age") == std::string::npos,
             groupBy.c_str());
    const std::string where = text(qmrSpans(6, src, {follow}));  // C6: the WHERE only
    QVERIFY2(where.find("Age > 20") != std::string::npos && where.find("GROUP") == std::string::npos,
             where.c_str());
    QVERIFY(!qmrSpans(9, src, {follow}).empty());  // no ORDER BY change: falls back to every change
    QVERIFY(qmrSpans(1, src, {src}).empty());      // nothing differs
    QVERIFY(qmrSpans(1, src, {"not sql"}).empty());
  }

  void consistentModelSatisfies() {
    HS_REQUIRE_SHARED_DATA();
    qmr1Model({kSource, "SELECT Name FROM singer WHERE country = 'France'",
               "SELECT s.Name FROM singer AS s WHERE s.Country = 'France' ORDER BY s.Name"});
    QmrReport r = run({"C4"});
    QCOMPARE(r.types.size(), std::size_t(1));
    const QmrTypeResult& t = r.types.front();
    QCOMPARE(static_cast<int>(t.family), 1);
    QCOMPARE(t.variants.size(), std::size_t(3));
    QCOMPARE(t.satisfied, 3);
    QCOMPARE(str(t.verdict), std::string("satisfied"));
    QVERIFY(!r.flagged);
    QVERIFY(r.findings.empty());
    QCOMPARE(r.sourceRows, std::optional<std::size_t>(4));
    QCOMPARE(r.llmCalls, 4);  // one rewrite, three SQL
  }

  void inconsistentModelViolates() {
    HS_REQUIRE_SHARED_DATA();
    qmr1Model({kSource, "SELECT Name FROM singer WHERE Country = 'france'",
               "SELECT Name FROM singer WHERE Country = 'Netherlands'"});
    QmrReport r = run({"C4"});
    const QmrTypeResult& t = r.types.front();
    QCOMPARE(t.satisfied, 1);
    QCOMPARE(t.violated, 2);
    QCOMPARE(str(t.verdict), std::string("violated"));
    QVERIFY(r.flagged);
    QCOMPARE(r.findings.size(), std::size_t(1));
    QCOMPARE(r.findings.front().taxonomy, std::string("mrsqlgen"));
    QCOMPARE(r.findings.front().category, std::string("C4"));
    QCOMPARE(r.findings.front().origin, std::string("mr"));
    QVERIFY(r.findings.front().confidence > 0.6);
    // The finding points at the WHERE comparison of the source SQL.
    QVERIFY(!r.findings.front().spans.empty());
    for (const auto& sp : r.findings.front().spans) {
      QCOMPARE(sp.side, std::string("pred"));
      QVERIFY(kSource.substr(sp.begin, sp.end - sp.begin).find("France") != std::string::npos);
    }
    auto j = qmrJson(r);
    QCOMPARE(j["types"][0]["verdict"].get<std::string>(), std::string("violated"));
    QCOMPARE(j["types"][0]["variants"].size(), std::size_t(3));
  }

  void thresholdDecides() {
    HS_REQUIRE_SHARED_DATA();
    qmr1Model({kSource, kSource, "SELECT Name FROM singer"});  // 2 of 3 keep the relation
    QCOMPARE(str(run({"C4"}, 0.8).types.front().verdict), std::string("violated"));
    QCOMPARE(str(run({"C4"}, 0.6).types.front().verdict), std::string("satisfied"));
  }

  void errorsAreExcluded() {
    HS_REQUIRE_SHARED_DATA();
    qmr1Model({kSource, "SELECT no_such_column FROM singer", kSource});
    QmrReport r = run({"C4"});
    const QmrTypeResult& t = r.types.front();
    QCOMPARE(t.errors, 1);
    QCOMPARE(t.satisfied, 2);
    QCOMPARE(t.fraction, 1.0);
    QCOMPARE(str(t.verdict), std::string("satisfied"));
    QVERIFY(t.variants[1].reason.find("failed") != std::string::npos);
  }

  void subsetAndSelfCheckFamilies() {
    HS_REQUIRE_SHARED_DATA();
    // QMR-2 (C6): strengthened follow-ups must return a subset of the source rows.
    rule("strengthened questions for the following question",
         answer("Which singers are from France and older than 30?\nWhich singers are from France and "
                "younger than 30?\nWhich singers are from France and named Tribal King?"));
    rule("older than 30", sqlAnswer("SELECT Name FROM singer WHERE Country = 'France' AND Age > 30"));
    rule("younger than 30", sqlAnswer("SELECT Name FROM singer WHERE Age < 35"));  // drops France
    rule("named Tribal King", sqlAnswer("SELECT Name FROM singer WHERE Name = 'Tribal King'"));
    // QMR-4 (C7): the self-verified regeneration returns the source again.
    rule("Important rules", sqlAnswer(kSource));
    QmrReport r = run({"C6", "C7"}, 0.6);
    QCOMPARE(r.types.size(), std::size_t(2));
    const QmrTypeResult& c6 = r.types[0];
    QCOMPARE(static_cast<int>(c6.family), 2);
    QCOMPARE(std::string(toString(c6.relation)), std::string("subset"));
    QCOMPARE(c6.satisfied, 2);  // "younger than 30" brings Timbaland (United States): not a subset
    QCOMPARE(c6.violated, 1);
    QCOMPARE(str(c6.verdict), std::string("satisfied"));  // 0.67 >= 0.6
    const QmrTypeResult& c7 = r.types[1];
    QCOMPARE(static_cast<int>(c7.family), 4);
    QCOMPARE(c7.satisfied, 3);
    QVERIFY(c7.variants[0].question.find("Aggregation Function Misuse") != std::string::npos);
  }

  void sourceGeneratedOrBroken() {
    HS_REQUIRE_SHARED_DATA();
    qmr1Model({kSource, kSource, kSource});
    // No source SQL: the model writes it (the text_to_sql request of the source question).
    rule("-- Which singers are from France?", sqlAnswer(kSource));
    QmrReport gen = run({"C4"}, 0.8, "");
    QVERIFY(gen.sourceGenerated);
    QCOMPARE(gen.sourceSql, kSource);
    QCOMPARE(str(gen.types.front().verdict), std::string("satisfied"));
    // A source that fails to run: every type is an error, nothing is flagged.
    QmrReport broken = run({"C4", "C9"}, 0.8, "SELECT nope FROM singer");
    for (const auto& t : broken.types) QCOMPARE(str(t.verdict), std::string("error"));
    QVERIFY(!broken.flagged);
    QCOMPARE(broken.llmCalls, 0);
  }

  void garbageModelIsError() {
    HS_REQUIRE_SHARED_DATA();
    rule("equivalent questions", answer("1. A rephrasing\n2. Another one\n3. A third"));
    server_->command({{"cmd", "default"}, {"behavior", answer("I cannot help with that.")}});
    QmrReport r = run({"C1"});
    QCOMPARE(r.types.front().errors, 3);
    QCOMPARE(str(r.types.front().verdict), std::string("error"));
    QVERIFY(!r.flagged);
  }

  void unknownTypeIsBadInput() {
    HS_REQUIRE_SHARED_DATA();
    auto client = hs::test::makeClient(hs::test::fastOptions(hs::test::fakeProfile(*server_)));
    auto r = runQmr(*client, *db_, kQuestion, kSource, {"C11"});
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("bad_type"));
  }
};

QTEST_APPLESS_MAIN(TestHkbQmr)
#include "test_hkb_qmr.moc"
