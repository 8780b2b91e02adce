// What is built from detection results: the metrics over a labelled set (HDN, HDR per MR, class
// and stage, confusion, P/R/F1, calls per question), the JSON of a result, the rows written to
// the workspace table `followups`, the rewrite checks and the linking parser.
#include <QTemporaryDir>
#include <QtTest>

#include "engine/mr/detect_json.h"
#include "engine/mr/detect_metrics.h"
#include "engine/mr/followup_store.h"
#include "engine/mr/stage_linking.h"
#include "engine/mr/stage_rewrite.h"
#include "engine/workspace/workspace.h"

using namespace hs;
using mr::Verdict;

namespace {

mr::DetectOutcome outcome(bool hallucination, bool flagged, int calls,
                          std::vector<std::pair<std::string, Verdict>> verdicts) {
  mr::DetectOutcome o;
  o.hallucination = hallucination;
  o.flagged = flagged;
  o.llmCalls = calls;
  o.verdicts = std::move(verdicts);
  return o;
}

const mr::HdStats& find(const std::vector<mr::HdStats>& list, const std::string& name) {
  for (const auto& s : list) {
    if (s.name == name) return s;
  }
  qFatal("no stats for %s", name.c_str());
}

// A small result: AROE violated (with a finding), PI satisfied, ESR with a follow-up linking.
mr::DetectResult sampleResult() {
  mr::DetectResult r;
  r.question = "Which singer is the oldest?";
  r.sql = "SELECT name FROM singer ORDER BY age DESC LIMIT 1";
  r.flagged = true;
  r.llmCalls = 6;
  r.llmCallsSaved = 2;
  mr::StageResult s1, s2;
  s1.stage = mr::Stage::SchemaLinking;
  s1.artifact = {"singer.name", "singer.age"};
  mr::MrRecord esr;
  esr.stage = mr::Stage::SchemaLinking;
  esr.mr = "ESR";
  esr.followUp = "Which vocalist is the oldest?";
  esr.followUpLinking = {"singer.name", "singer.age"};
  esr.verdict = Verdict::Satisfied;
  esr.reason = "same schema linking";
  s1.mrs.push_back(esr);
  s2.stage = mr::Stage::LogicalSynthesis;
  s2.sql = r.sql;
  mr::MrRecord aroe;
  aroe.stage = mr::Stage::LogicalSynthesis;
  aroe.mr = "AROE";
  aroe.relation = mr::Relation::Different;
  aroe.followUp = "Which singer is the youngest?";
  aroe.followUpSql = r.sql;
  aroe.verdict = Verdict::Violated;
  aroe.reason = "the opposite extremum gives the same result";
  aroe.sourceRows = 1;
  aroe.followUpRows = 1;
  s2.mrs.push_back(aroe);
  r.stages = {s1, s2};
  Finding f;
  f.taxonomy = "mr";
  f.category = "AROE";
  f.spans = {{"pred", 24, 49}};
  r.findings = {f};
  return r;
}

}  // namespace

class TestDetectResults : public QObject {
  Q_OBJECT
 private slots:
  void metricsCountHdnHdrAndTheConfusion() {
    std::vector<mr::DetectOutcome> all = {
        outcome(true, true, 10,
                {{"AROE", Verdict::Violated}, {"PI", Verdict::Violated}, {"ESR", Verdict::Satisfied}}),
        outcome(true, true, 12, {{"PI", Verdict::Violated}, {"SROE", Verdict::Inapplicable}}),
        outcome(true, false, 8, {{"PI", Verdict::Satisfied}, {"ESR", Verdict::Error}}),
        outcome(false, true, 14, {{"ESR", Verdict::Violated}}),
        outcome(false, false, 6, {{"ESR", Verdict::Satisfied}}),
    };
    auto m = mr::computeDetectMetrics(all);
    QCOMPARE(m.cases, std::size_t{5});
    QCOMPARE(m.hallucinations, std::size_t{3});
    QCOMPARE(m.confusion.tp, std::size_t{2});
    QCOMPARE(m.confusion.fp, std::size_t{1});
    QCOMPARE(m.confusion.fn, std::size_t{1});
    QCOMPARE(m.confusion.tn, std::size_t{1});
    QCOMPARE(m.accuracy, 0.6);
    QCOMPARE(m.precision, 2.0 / 3.0);
    QCOMPARE(m.recall, 2.0 / 3.0);
    QCOMPARE(m.hdn, std::size_t{2});
    QCOMPARE(m.callsPerQuestion, 10.0);
    const auto& pi = find(m.perMr, "PI");
    QCOMPARE(pi.hdn, std::size_t{2});
    QCOMPARE(pi.parent, std::string("PWM"));
    QCOMPARE(pi.hdr, 1.0);  // PWM caught the same two
    const auto& aroe = find(m.perMr, "AROE");
    QCOMPARE(aroe.hdn, std::size_t{1});
    QCOMPARE(aroe.hdr, 1.0);  // EXM caught one, AROE it
    const auto& esr = find(m.perMr, "ESR");
    QCOMPARE(esr.violated, std::size_t{1});  // a false alarm: no HDN
    QCOMPARE(esr.hdn, std::size_t{0});
    QCOMPARE(esr.applicable, std::size_t{4});
    QCOMPARE(esr.decided, std::size_t{3});
    QCOMPARE(find(m.perMr, "SROE").applicable, std::size_t{0});
    // Classes against their stage: logical synthesis caught 2 hallucinations, PWM both, EXM one.
    QCOMPARE(find(m.perFamily, "PWM").hdr, 1.0);
    QCOMPARE(find(m.perFamily, "EXM").hdr, 0.5);
    QCOMPARE(find(m.perStage, "logical_synthesis").hdn, std::size_t{2});
    QCOMPARE(find(m.perStage, "schema_linking").hdn, std::size_t{0});
    QCOMPARE(m.perMr.size(), std::size_t{17});
    QCOMPARE(m.perFamily.size(), std::size_t{8});
    auto j = mr::metricsJson(m);
    QCOMPARE(j["confusion"]["tp"].get<int>(), 2);
    QCOMPARE(j["per_class"].size(), std::size_t{8});
    // Nothing to score: zeros, no division by zero.
    auto empty = mr::computeDetectMetrics({});
    QCOMPARE(empty.f1, 0.0);
    QCOMPARE(empty.callsPerQuestion, 0.0);
  }

  void resultJsonFollowsTheContract() {
    auto j = mr::detectJson(sampleResult());
    QCOMPARE(j["flagged"].get<bool>(), true);
    QCOMPARE(j["llm_calls_saved"].get<int>(), 2);
    QCOMPARE(j["stages"][0]["artifact"], (nlohmann::json{"singer.age", "singer.name"}));
    const auto& aroe = j["stages"][1]["mrs"][0];
    QCOMPARE(aroe["mr"].get<std::string>(), std::string("AROE"));
    QCOMPARE(aroe["relation"].get<std::string>(), std::string("different"));
    QCOMPARE(aroe["verdict"].get<std::string>(), std::string("violated"));
    QCOMPARE(aroe["source_rows"].get<int>(), 1);
    QCOMPARE(j["stages"][0]["mrs"][0]["source_rows"], nlohmann::json(nullptr));
    QCOMPARE(j["findings"][0]["spans"][0]["begin"].get<int>(), 24);
  }

  void followupsAreStoredInTheWorkspace() {
    QTemporaryDir dir;
    auto w = ws::Workspace::create(dir.filePath("w.hallusql").toStdString());
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    auto result = sampleResult();
    auto ids = mr::saveFollowups(w.value(), result);
    QVERIFY2(ids.ok(), ids.ok() ? "" : ids.error().message.c_str());
    QCOMPARE(ids->size(), std::size_t{2});
    auto rows = mr::loadFollowups(w.value(), std::nullopt, result.question);
    QVERIFY(rows.ok());
    QCOMPARE(rows->size(), std::size_t{2});
    const auto& esr = rows->at(0);
    QCOMPARE(esr.stage, std::string("schema_linking"));
    QCOMPARE(esr.mr, std::string("ESR"));
    QCOMPARE(esr.followUpSql.value_or(""), std::string(R"(["singer.age","singer.name"])"));
    QVERIFY(!esr.sourceRows);
    const auto& aroe = rows->at(1);
    QCOMPARE(aroe.verdict, std::string("violated"));
    QCOMPARE(aroe.relation, std::string("different"));
    QCOMPARE(aroe.sourceRows.value_or(-1), std::int64_t{1});
    QCOMPARE(aroe.sourceSql.value_or(""), result.sql);
    QVERIFY(!aroe.createdAt.empty());
    QCOMPARE(w->rowCount("followups").value(), std::int64_t{2});
    // Another question's rows are not mixed in; a case id that does not exist is refused (FK).
    QCOMPARE(mr::loadFollowups(w.value(), std::nullopt, "other").value().size(), std::size_t{0});
    QVERIFY(!mr::saveFollowups(w.value(), result, std::int64_t{999}).ok());
    QCOMPARE(w->rowCount("followups").value(), std::int64_t{2});
  }

  void savedDetectionComesBackOnReopen() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.hallusql").toStdString();
    auto result = sampleResult();
    {
      auto w = ws::Workspace::create(path);
      QVERIFY(w.ok());
      QVERIFY(mr::saveFollowups(w.value(), result).ok());
    }
    auto w = ws::Workspace::open(path);
    QVERIFY(w.ok());
    auto restored = mr::loadLatestDetection(w.value());
    QVERIFY(restored.ok() && restored->has_value());
    const mr::DetectResult& r = **restored;
    QCOMPARE(r.question, result.question);
    QCOMPARE(r.sql, result.sql);
    QVERIFY(r.flagged);
    QCOMPARE(r.violated, std::size_t{1});
    QCOMPARE(r.satisfied + r.violated + r.inapplicable + r.errors, std::size_t{2});
    QCOMPARE(r.stages.size(), std::size_t{2});
    QCOMPARE(r.stages[0].mrs[0].mr, std::string("ESR"));
    QCOMPARE(r.stages[0].mrs[0].followUpLinking, result.stages[0].mrs[0].followUpLinking);
    const mr::MrRecord* aroe = r.record("AROE");
    QVERIFY(aroe);
    QVERIFY(aroe->verdict == Verdict::Violated);
    QVERIFY(aroe->relation == mr::Relation::Different);
    QCOMPARE(aroe->sourceRows.value_or(-1), std::int64_t{1});
    QVERIFY(!mr::loadLatestDetection(w.value(), "another question")->has_value());
  }

  void rewritesAreCheckedBeforeUse() {
    const std::string q = "What are the names of singers whose age is above 20?";
    QVERIFY(!mr::checkRewrite("ESR", q, "What are the names of vocalists whose age is above 20?"));
    QVERIFY(mr::checkRewrite("ESR", q, q));                                   // unchanged
    QVERIFY(mr::checkRewrite("ESR", q, "SELECT name FROM singer"));           // code
    QVERIFY(mr::checkRewrite("ESR", q, "List every concert held in 2014."));  // a different question
    QVERIFY(!mr::checkRewrite("RC", q, "What are the names of singers?"));
    QVERIFY(mr::checkRewrite("RC", q, q + " Thanks"));  // not shorter
    QVERIFY(!mr::checkRewrite(
        "SC", q, "Could you kindly tell me what are the names of singers whose age is above 20?"));
    QVERIFY(mr::checkRewrite("SC", q, "Names of singers?"));
    QVERIFY(mr::checkRewrite("OS", q, "%%%% #### ????"));
    QCOMPARE(mr::readRewrite("Rewritten: \"How many vocalists are there?\"\nexplanation"),
             std::string("How many vocalists are there?"));
    auto changed = mr::changedWords(q, "What are the names of vocalists whose age is above 20?");
    QCOMPARE(changed.size(), std::size_t{1});
    QCOMPARE(changed[0], (std::pair<std::size_t, std::size_t>{22, 31}));
  }

  void linkingAnswersAreRead() {
    QCOMPARE(mr::parseLinking("Sure:\n```json\n[\"singer.name\", \"Singer.Age\"]\n```").value(),
             (std::set<std::string>{"singer.name", "Singer.Age"}));
    QCOMPARE(mr::parseLinking("I need singer.name and concert.year (version 3.5).").value(),
             (std::set<std::string>{"singer.name", "concert.year"}));
    QVERIFY(!mr::parseLinking("no idea").ok());
    db::Schema schema;
    db::TableInfo t;
    t.name = "singer";
    t.columns.push_back(db::ColumnInfo{"name", "TEXT", false, false, 0, std::nullopt});
    schema.tables.push_back(t);
    auto v = mr::verifyLinking({"Singer.Name", "singer.nope", "ghost.x", "singer"}, schema);
    QCOMPARE(v.verified, (std::set<std::string>{"Singer.Name", "singer"}));
    QCOMPARE(v.unknown.size(), std::size_t{2});
  }
};

QTEST_GUILESS_MAIN(TestDetectResults)
#include "test_detect_results.moc"
