// The SQLHD pipeline end to end against the fake LLM server: a consistent model, violated AROE
// and CRE with spans in the source SQL, early stopping, inapplicable MRs, failing follow-up SQL,
// a garbage model, DSR's mapped linking, a given source SQL and cancellation.
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

#include "detect_test_support.h"
#include "engine/mr/detect_json.h"
#include "engine/mr/pipeline.h"

using namespace hs;
using hs::test::FakeLlmServer;

namespace {

const char* kQuestion = "Show me the names of singers whose age is greater than 30.";

std::string verdictOf(const mr::DetectResult& r, const char* mr) {
  const auto* rec = r.record(mr);
  return rec ? std::string(mr::toString(rec->verdict)) : "missing";
}

// "MR verdict: reason" of every record, for failure messages.
std::string summary(const mr::DetectResult& r) {
  std::string out;
  for (const auto& s : r.stages) {
    for (const auto& rec : s.mrs)
      out += rec.mr + " " + std::string(mr::toString(rec.verdict)) + ": " + rec.reason + "\n";
  }
  return out;
}

}  // namespace

class TestDetectPipeline : public QObject {
  Q_OBJECT
  std::unique_ptr<FakeLlmServer> server_;
  QTemporaryDir dir_;
  std::string db_;

  mr::DetectInput input(const std::string& question = kQuestion) {
    mr::DetectInput in;
    in.dbPath = db_;
    in.question = question;
    return in;
  }
  mr::DetectOptions options() {
    mr::DetectOptions o;
    o.tempDir = dir_.path().toStdString();
    o.params.temperature = 0.0;
    return o;
  }
  mr::DetectResult run(const mr::DetectInput& in, const mr::DetectOptions& o) {
    auto client = test::fakeClient(*server_);
    auto r = mr::detect(in, *client, o);
    if (!r) qFatal("detect failed: %s", r.error().message.c_str());
    return std::move(r.value());
  }

 private slots:
  void initTestCase() {
    server_ = std::make_unique<FakeLlmServer>(test::fakeLlmScript());
    db_ = dir_.filePath("singer.sqlite").toStdString();
    test::makeSingerDb(db_);
  }
  void init() { server_->reset(); }

  void consistentModelIsNotFlagged() {
    test::scriptConsistentModel(*server_);
    auto r = run(input(), options());
    QVERIFY2(!r.flagged, summary(r).c_str());
    QCOMPARE(r.violated, std::size_t{0});
    QCOMPARE(r.findings.size(), std::size_t{0});
    QCOMPARE(r.sql, std::string("SELECT name FROM singer WHERE age > 30"));
    QCOMPARE(r.stages.size(), std::size_t{2});
    QCOMPARE(r.stages[0].artifact, (std::set<std::string>{"singer.name", "singer.age"}));
    for (const char* m :
         {"ESR", "ENSR", "RC", "OS", "SC", "SROCW", "AROCW", "DSR", "CRU", "CRE", "DR", "PR", "PS"}) {
      QVERIFY2(verdictOf(r, m) == "satisfied", (std::string(m) + ": " + r.record(m)->reason).c_str());
    }
    // Every request the pipeline made went to the server: llm_calls counts them.
    QCOMPARE(r.llmCalls, server_->requests());
    QVERIFY(r.llmCalls >= 15);
    // Stage 2 records carry both results for the GUI.
    const auto* cre = r.record("CRE");
    QCOMPARE(cre->sourceRows.value_or(-1), std::int64_t{3});
    QCOMPARE(cre->followUpRows.value_or(-1), std::int64_t{4});
    QCOMPARE(cre->followUpResult.rows.size(), std::size_t{4});
    QVERIFY(!cre->changed.empty());
    // ENSR: the LLM rewrite is highlighted where it changed.
    const auto* ensr = r.record("ENSR");
    QCOMPARE(ensr->changed.size(), std::size_t{1});
    QCOMPARE(ensr->followUp.substr(ensr->changed[0].first, ensr->changed[0].second - ensr->changed[0].first),
             std::string("concerts"));
  }

  void dsrComparesTheMappedLinking() {
    test::scriptConsistentModel(*server_);
    auto o = options();
    o.mrs = {"DSR"};
    auto r = run(input(), o);
    const auto* dsr = r.record("DSR");
    QVERIFY(dsr);
    QCOMPARE(verdictOf(r, "DSR"), std::string("satisfied"));
    QCOMPARE(dsr->followUpLinking, (std::set<std::string>{"tbl_singer.name_val", "tbl_singer.age_val"}));
    // A model that keeps the old names on the renamed schema violates DSR.
    server_->reset();
    server_->ruleRegex(test::renamed(test::linkingPrompt("")),
                       {{"content", R"(["singer.name", "singer.age"])"}});
    test::scriptConsistentModel(*server_);
    r = run(input(), o);
    QCOMPARE(verdictOf(r, "DSR"), std::string("violated"));
    QVERIFY(r.flagged);
    QVERIFY(r.record("DSR")->reason.find("old schema") != std::string::npos);
    // The finding points at the linked columns in the source SQL.
    QCOMPARE(r.findings.size(), std::size_t{1});
    QCOMPARE(r.findings[0].category, std::string("DSR"));
    QVERIFY(!r.findings[0].spans.empty());
    for (const auto& s : r.findings[0].spans) {
      auto text = r.sql.substr(s.begin, s.end - s.begin);
      QVERIFY2(text == "name" || text == "age", text.c_str());
    }
  }

  void creViolationPointsAtTheComparison() {
    // The model narrows "greater than or equal to" instead of widening it.
    server_->ruleRegex(test::sqlPrompt("or equal to"),
                       {{"content", "SELECT name FROM singer WHERE age > 31"}});
    test::scriptConsistentModel(*server_);
    auto r = run(input(), options());
    QVERIFY(r.flagged);
    QCOMPARE(verdictOf(r, "CRE"), std::string("violated"));
    const Finding* f = nullptr;
    for (const auto& x : r.findings) f = x.category == "CRE" ? &x : f;
    QVERIFY(f);
    QCOMPARE(f->taxonomy, std::string("mr"));
    QCOMPARE(f->spans.size(), std::size_t{1});
    QCOMPARE(f->spans[0].side, std::string("pred"));
    QCOMPARE(r.sql.substr(f->spans[0].begin, f->spans[0].end - f->spans[0].begin), std::string("age > 30"));
  }

  void aroeViolationPointsAtOrderBy() {
    const std::string q = "What is the name of the singer with the highest age?";
    const std::string sql = "SELECT name FROM singer ORDER BY age DESC LIMIT 1";
    server_->ruleRegex(test::sqlPrompt(""), {{"content", sql}});  // ignores highest / lowest
    server_->ruleRegex(test::linkingPrompt(""), {{"content", R"(["singer.name", "singer.age"])"}});
    auto o = options();
    o.mrs = {"AROE", "SROE", "CRE"};
    auto r = run(input(q), o);
    QCOMPARE(verdictOf(r, "AROE"), std::string("violated"));
    QCOMPARE(verdictOf(r, "SROE"), std::string("satisfied"));
    QCOMPARE(verdictOf(r, "CRE"), std::string("inapplicable"));
    QVERIFY(r.flagged);
    QCOMPARE(r.findings.size(), std::size_t{1});
    QCOMPARE(r.findings[0].category, std::string("AROE"));
    QCOMPARE(r.findings[0].spans.size(), std::size_t{1});
    const auto& s = r.findings[0].spans[0];
    QCOMPARE(r.sql.substr(s.begin, s.end - s.begin), std::string("ORDER BY age DESC LIMIT 1"));
    QVERIFY(r.record("AROE")->followUp.find("lowest") != std::string::npos);
  }

  void inapplicableMrsSayWhy() {
    test::scriptConsistentModel(*server_);
    auto r = run(input(), options());
    for (const char* m : {"SROE", "AROE"}) {
      const auto* rec = r.record(m);
      QVERIFY(rec);
      QCOMPARE(verdictOf(r, m), std::string("inapplicable"));
      QVERIFY(!rec->reason.empty());
      QVERIFY(!rec->evaluated);
      QCOMPARE(rec->llmCalls, 0);
    }
  }

  void earlyStoppingSavesCalls() {
    test::scriptConsistentModel(*server_);
    auto full = run(input(), options());
    server_->reset();
    test::scriptConsistentModel(*server_);
    auto o = options();
    o.earlyStopK = 3;
    auto r = run(input(), o);
    QVERIFY(r.earlyStopped);
    QVERIFY(!r.flagged);
    QVERIFY(r.llmCallsSaved > 0);
    QVERIFY(r.skipped > 0);
    QVERIFY2(r.llmCalls < full.llmCalls,
             (std::to_string(r.llmCalls) + " vs " + std::to_string(full.llmCalls)).c_str());
    QCOMPARE(r.llmCalls, server_->requests());
    // The first three MRs of the default order (ESR, SC, OS) ran, the rest were skipped.
    for (const char* m : {"ESR", "SC", "OS"}) QCOMPARE(verdictOf(r, m), std::string("satisfied"));
    QVERIFY(r.record("DSR")->skipped);
    QVERIFY(r.record("DSR")->reason.find("early stopping") != std::string::npos);
    // A violation among the first K runs everything.
    server_->reset();
    server_->ruleRegex("with a synonym, so that",
                       {{"content", "Show me the names of vocalists whose age is greater than 30."}});
    server_->ruleRegex(test::linkingPrompt("vocalists"), {{"content", R"(["singer.name"])"}});
    test::scriptConsistentModel(*server_);
    r = run(input(), o);
    QVERIFY(!r.earlyStopped);
    QVERIFY(r.flagged);
    QCOMPARE(verdictOf(r, "ESR"), std::string("violated"));
    QCOMPARE(r.skipped, std::size_t{0});
  }

  void failingFollowUpIsAnErrorOutsideTheVote() {
    server_->ruleRegex(test::sqlPrompt("Give me"), {{"content", "SELECT nme FROM singer WHERE age > 30"}});
    test::scriptConsistentModel(*server_);
    auto o = options();
    o.voteThreshold = 0.5;
    auto r = run(input(), o);
    QCOMPARE(verdictOf(r, "PS"), std::string("error"));
    const auto* ps = r.record("PS");
    QVERIFY(ps->reason.find("failed to execute") != std::string::npos);
    QCOMPARE(ps->followUpSql, std::string("SELECT nme FROM singer WHERE age > 30"));
    QVERIFY(!ps->followUpRows);
    QVERIFY(!r.flagged);
    QCOMPARE(r.violated, std::size_t{0});
    QVERIFY(r.errors >= 1);
  }

  void garbageModelGivesErrorVerdicts() {
    server_->setDefault({{"content", "%%% ??? ### !!!"}});
    auto r = run(input(), options());
    QVERIFY(!r.flagged);
    QVERIFY(!r.stages[0].error.empty());
    QVERIFY(!r.stages[1].error.empty());
    QVERIFY(r.errors > 5);
    QCOMPARE(r.violated, std::size_t{0});
    for (const auto& s : r.stages) {
      for (const auto& rec : s.mrs) {
        QVERIFY2(rec.verdict == mr::Verdict::Error || rec.verdict == mr::Verdict::Inapplicable,
                 rec.mr.c_str());
      }
    }
    // Rewrites that are no questions are rejected before use.
    server_->reset();
    server_->ruleRegex(R"(Rewritten:\s*$)", {{"content", "```sql\nSELECT 1\n```"}});
    test::scriptConsistentModel(*server_);
    r = run(input(), options());
    QCOMPARE(verdictOf(r, "ESR"), std::string("error"));
    QVERIFY(r.record("ESR")->reason.find("rewrite rejected") != std::string::npos);
    // An endpoint that fails outright is a clean error too.
    server_->reset();
    server_->setDefault({{"status", 500}});
    r = run(input(), options());
    QVERIFY(!r.flagged);
    QVERIFY(r.stages[0].error.find("LLM call failed") != std::string::npos);
  }

  void givenSqlIsTheSource() {
    test::scriptConsistentModel(*server_);
    auto in = input();
    in.sourceSql = "SELECT name FROM singer WHERE age > 31";
    auto o = options();
    o.mrs = {"CRE", "PS"};
    auto r = run(in, o);
    QCOMPARE(r.sql, *in.sourceSql);
    QVERIFY(r.stages[1].sqlGiven);
    // The model's own "greater than" SQL returns Bob's row too: PS (equal) is violated.
    QCOMPARE(verdictOf(r, "PS"), std::string("violated"));
    QCOMPARE(verdictOf(r, "CRE"), std::string("satisfied"));
    QCOMPARE(r.llmCalls, 3);  // source linking + two follow-ups, no source SQL call
  }

  void identicalRequestsAreSentOnce() {
    // RC and OS rewrite to the same question: its schema-linking request is sent once.
    server_->ruleRegex("Simplify the question", {{"content", "Show me the names of singers."}});
    test::scriptConsistentModel(*server_);
    auto o = options();
    o.mrs = {"RC", "OS"};
    auto r = run(input(), o);
    QCOMPARE(r.llmCalls, server_->requests());
    QCOMPARE(r.llmCalls, 5);  // source linking, source SQL, two rewrites, one follow-up linking
    QCOMPARE(r.llmCallsSaved, 1);
    QCOMPARE(r.record("RC")->deduplicated + r.record("OS")->deduplicated, 1);
    QCOMPARE(verdictOf(r, "RC"), std::string("satisfied"));
    QCOMPARE(verdictOf(r, "OS"), std::string("satisfied"));
  }

  void cancelStopsCleanly() {
    test::scriptConsistentModel(*server_);
    std::atomic<bool> cancel{false};
    auto o = options();
    o.cancel = &cancel;
    int progressCalls = 0;
    o.progress = [&](const mr::DetectProgress& p) {
      ++progressCalls;
      if (p.message.find("follow-ups") != std::string::npos) cancel = true;
    };
    auto r = run(input(), o);
    QVERIFY(r.cancelled);
    QVERIFY(progressCalls > 0);
    QVERIFY(!r.flagged);
    cancel = true;
    auto client = test::fakeClient(*server_);
    auto early = mr::detect(input(), *client, o);
    QVERIFY(!early.ok());
    QCOMPARE(early.error().kind, ErrorKind::Cancelled);
  }

  void badInputIsAnError() {
    auto client = test::fakeClient(*server_);
    auto in = input();
    in.dbPath = dir_.filePath("missing.sqlite").toStdString();
    QVERIFY(!mr::detect(in, *client, options()).ok());
    QVERIFY(!mr::detect(input("   "), *client, options()).ok());
    QVERIFY(!mr::parseMrList("PI,XYZ").ok());
    QCOMPARE(mr::parseMrList("pi, aroe,PI").value(), (std::vector<std::string>{"PI", "AROE"}));
  }

  void orderFollowsObservedRates() {
    auto order = mr::orderByRate({{"DSR", 10, 9}, {"ESR", 10, 0}});
    QCOMPARE(order.size(), std::size_t{17});
    QCOMPARE(order.front(), std::string("DSR"));
    QCOMPARE(order.back(), std::string("ESR"));
    QCOMPARE(mr::defaultMrOrder().size(), std::size_t{17});
  }
};

QTEST_GUILESS_MAIN(TestDetectPipeline)
#include "test_detect_pipeline.moc"
