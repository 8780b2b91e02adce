// engine/bench: the labelled set from a mutation set or a run, the risk score and the LLM
// verifier (against the scripted fake server), combinations, and the summary fields.
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "engine/bench/bench.h"
#include "engine/llm/client.h"
#include "engine/llm/verifier.h"
#include "engine/mutate/mutate.h"
#include "support/fake_llm/fake_llm.h"
#include "tests/engine/llm/llm_test_support.h"
#include "tests/engine/mutate/zoo_db.h"

using namespace hs;

namespace {
Case goldCase(const std::string& id, const std::string& q, const std::string& gold) {
  Case c;
  c.id = id;
  c.dbId = "zoo";
  c.question = q;
  c.goldSql = gold;
  return c;
}
}  // namespace

class TestBench : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string root_;

 private slots:
  void initTestCase() {
    root_ = test::makeZooRoot(dir_);
    QVERIFY(!root_.empty());
  }

  void parsesVerifierAnswers() {
    auto a = llm::parseVerifierAnswer("```json\n{\"verdict\": \"wrong\", \"confidence\": 0.8}\n```");
    QVERIFY(a.ok());
    QVERIFY(a->wrong);
    QCOMPARE(a->score, 0.9);
    auto b = llm::parseVerifierAnswer("{\"verdict\": \"correct\", \"confidence\": \"60\"}");
    QVERIFY(b.ok());
    QCOMPARE(b->score, 0.2);
    auto c = llm::parseVerifierAnswer("The query is incorrect.");  // no JSON: the word decides
    QVERIFY(c.ok() && c->wrong);
    QCOMPARE(c->score, 0.75);
    QVERIFY(!llm::parseVerifierAnswer("I cannot tell.").ok());
    auto f = llm::parseFeasibilityAnswer("{\"feasible\": false, \"type\": \"non-sql\", \"confidence\": 1}");
    QVERIFY(f.ok() && !f->feasible);
    QCOMPARE(f->score, 1.0);
    QVERIFY(!llm::parseFeasibilityAnswer("{\"feasible\": \"maybe\"}").ok());
  }

  void mutationSetWithRiskAndVerifier() {
    std::vector<Case> golds{
        goldCase("a", "Names of animals older than 4?", "SELECT name FROM animal WHERE age > 4"),
        goldCase("b", "How many dogs?", "SELECT count(*) FROM animal WHERE kind = 'dog'"),
        goldCase("c", "Heavy animals?", "SELECT name FROM animal WHERE weight > 10")};
    mutate::MutateOptions mo;
    mo.dbRoot = root_;
    mo.rules = {mutate::Rule::OperatorInversion};
    auto mutants = mutate::mutateCases(golds, mo);
    QCOMPARE(mutants.mutants.size(), std::size_t(3));
    std::vector<Case> cases;
    std::map<std::string, bench::MutationInfo> info;
    for (const auto& m : mutants.mutants) {
      cases.push_back(m.item);
      info[m.item.id] = {mutate::toString(m.candidate.rule), m.sourceId, m.expected.tasql, m.expected.ctype};
    }

    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", R"({"verdict": "correct", "confidence": 0.9})"}});
    // The scripted judge: the inverted operators of the mutants are wrong.
    server.ruleRegex(R"(SQL query:\n[^\n]*(<=|!=))",
                     {{"content", R"({"verdict": "wrong", "confidence": 0.7})"}});
    auto client = test::makeClient(test::fastOptions(test::fakeProfile(server)));

    bench::BenchOptions o;
    o.dbRoot = root_;
    o.detectors = {"risk", "verifier", "risk+verifier"};
    o.client = client.get();
    o.bootstrap = 200;
    auto r = bench::runBench(cases, info, o);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->kind, std::string("mutation"));
    QCOMPARE(r->cases.size(), std::size_t(6));  // 3 mutants + their 3 gold queries
    QCOMPARE(server.stats().value("chat_requests", -1), 6);

    nlohmann::json j = bench::benchToJson(*r, o);
    QCOMPARE(j["set"]["wrong"].get<int>(), 3);
    QCOMPARE(j["set"]["correct"].get<int>(), 3);
    const auto& d = j["detectors"];
    QCOMPARE(d.size(), std::size_t(3));
    QCOMPARE(d[1]["name"].get<std::string>(), std::string("verifier"));
    QCOMPARE(d[1]["auroc"].get<double>(), 1.0);  // the scripted judge separates the classes
    QCOMPARE(d[1]["auprc"].get<double>(), 1.0);
    QCOMPARE(d[1]["llm_calls"].get<int>(), 6);
    QCOMPARE(d[1]["failed"].get<int>(), 0);
    QCOMPARE(d[0]["llm_calls"].get<int>(), 0);  // the risk score needs no LLM
    QVERIFY(d[0]["ci"].is_object() || d[0]["ci"].is_null());
    QCOMPARE(d[1]["threshold_for_precision"]["threshold"].get<double>(), 0.85);
    QCOMPARE(d[1]["rs"][1]["c"].get<std::string>(), std::string("10"));
    QCOMPARE(d[1]["rs"][1]["rs"].get<double>(), 0.5);  // abstain on the 3 mutants, answer the 3 golds
    QCOMPARE(d[1]["rs"][1]["threshold"].get<double>(), 0.85);
    QCOMPARE(d[1]["by_rule"][0]["key"].get<std::string>(), std::string("operator_inversion"));
    // The combination is the mean of its members.
    for (std::size_t i = 0; i < r->cases.size(); ++i)
      QCOMPARE(r->detectors[2].scores[i], (r->detectors[0].scores[i] + r->detectors[1].scores[i]) / 2.0);
  }

  void localisationOnAMutationSet() {
    std::vector<Case> golds{
        goldCase("a", "Names of animals older than 4?", "SELECT name FROM animal WHERE age > 4"),
        goldCase("c", "Heavy animals?", "SELECT name FROM animal WHERE weight > 10")};
    mutate::MutateOptions mo;
    mo.dbRoot = root_;
    mo.rules = {mutate::Rule::OperatorInversion};
    auto mutants = mutate::mutateCases(golds, mo);
    QCOMPARE(mutants.mutants.size(), std::size_t(2));
    std::vector<Case> cases;
    std::map<std::string, bench::MutationInfo> info;
    for (const auto& m : mutants.mutants) {
      cases.push_back(m.item);
      bench::MutationInfo i{mutate::toString(m.candidate.rule), m.sourceId, m.expected.tasql,
                            m.expected.ctype};
      i.hasSpan = true;
      i.spanBegin = m.span.begin;
      i.spanEnd = m.span.end;
      info[m.item.id] = i;
    }
    bench::BenchOptions o;
    o.dbRoot = root_;
    o.bootstrap = 50;
    auto r = bench::runBench(cases, info, o);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->localisation.size(), std::size_t(2));
    const bench::Localisation& all = r->localisation[0];
    QCOMPARE(all.source, bench::FindingSource::All);
    QCOMPARE(all.all.mutants, std::size_t(2));  // the gold queries are not localised
    // with the gold, the operator rule's finding is on the inverted comparison: the Filter
    QCOMPARE(all.all.detected, std::size_t(2));
    QCOMPARE(all.all.nodeHit, std::size_t(2));
    QCOMPARE(all.byRule.at("operator_inversion").mutants, std::size_t(2));
    nlohmann::json j = bench::benchToJson(*r, o);
    QCOMPARE(j["localisation"].size(), std::size_t(2));
    QCOMPARE(j["localisation"][1]["findings"].get<std::string>(), std::string("gold_free"));
    QCOMPARE(j["localisation"][0]["plan_node"].get<double>(), 1.0);
    // a real run (no mutation info) has no localisation
    auto run = bench::runBench(golds, {}, o);
    QVERIFY(run.ok());
    QVERIFY(run->localisation.empty());
  }

  void metamorphicDetectorCountsCalls() {
    // The MR pipeline against the fake server (every answer the same scripted SQL): it runs, its
    // score is a share of violated MRs, and its LLM calls are counted per case.
    std::vector<Case> cases{goldCase("m", "How many animals?", "SELECT count(*) FROM animal")};
    cases[0].predSql = "SELECT count(*) FROM animal";
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "SELECT count(*) FROM animal"}});
    auto client = test::makeClient(test::fastOptions(test::fakeProfile(server)));
    bench::BenchOptions o;
    o.dbRoot = root_;
    o.detectors = {"mr"};
    o.client = client.get();
    o.bootstrap = 10;
    o.mrOptions.mrs = {"PI", "SROE"};
    auto r = bench::runBench(cases, {}, o);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->detectors.size(), std::size_t(1));
    QVERIFY(r->detectors[0].llmCalls > 0);
    QCOMPARE(static_cast<int>(r->detectors[0].llmCalls), server.stats().value("chat_requests", -1));
    QVERIFY(r->detectors[0].scores[0] >= 0.0 && r->detectors[0].scores[0] <= 1.0);
  }

  void runLabelledByEx() {
    std::vector<Case> cases{goldCase("x", "q", "SELECT name FROM animal WHERE age > 4"),
                            goldCase("y", "q", "SELECT count(*) FROM animal"),
                            goldCase("z", "q", "SELECT 1")};
    cases[0].predSql = "SELECT name FROM animal WHERE age >= 5";     // same rows: correct
    cases[1].predSql = "SELECT count(*) FROM animal WHERE age > 1";  // 4 != 5: wrong
    cases[2].dbId = "missing";                                       // no database: skipped
    cases[2].predSql = "SELECT 1";
    bench::BenchOptions o;
    o.dbRoot = root_;
    o.bootstrap = 50;
    auto r = bench::runBench(cases, {}, o);
    QVERIFY(r.ok());
    QCOMPARE(r->kind, std::string("run"));
    QCOMPARE(r->cases.size(), std::size_t(2));
    QCOMPARE(r->skipped, std::size_t(1));
    QVERIFY(!r->cases[0].wrong);
    QVERIFY(r->cases[1].wrong);
    o.detectors = {"verifier"};
    QVERIFY(!bench::runBench(cases, {}, o).ok());  // an LLM detector without a client is refused
    QVERIFY(!bench::parseDetectorList("risk,oracle").ok());
    QCOMPARE(bench::parseDetectorList("risk+mr,verifier")->size(), std::size_t(2));
  }
};

QTEST_GUILESS_MAIN(TestBench)
#include "test_bench.moc"
