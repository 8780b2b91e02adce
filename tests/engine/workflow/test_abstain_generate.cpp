// engine/workflow/abstain_generate: generation with abstention as the Query tab and
// `generate --abstain` run it, against the loopback fake OpenAI server: the schema-linking check
// (no LLM call when it abstains), the LLM classifier, the risk score, the LLM verifier, the SQL
// kept after an abstention, and RS(c) in the --cases summary.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

#include <nlohmann/json.hpp>

#include "engine/eval/reliability.h"
#include "engine/workflow/abstain_generate.h"
#include "support/fake_llm/fake_llm.h"
#include "support/run_cli.h"
#include "tests/engine/llm/llm_test_support.h"
#include "tests/engine/mutate/zoo_db.h"

using namespace hs;

namespace {

const char* kClassifierMarker = "A question is infeasible when no SQL query";
const char* kVerifierMarker = "You check whether an SQL query written by someone else";

std::unique_ptr<llm::Client> clientFor(const test::FakeLlmServer& server) {
  llm::ClientOptions o;
  o.profile.baseUrl = server.baseUrl();
  o.profile.model = "fake-model";
  auto c = llm::Client::create(std::move(o));
  if (!c) return nullptr;
  return std::move(c.value());
}

// Two lines of a --cases file on the zoo database: a feasible question the fake model answers right
// (a), and a feasible one (it has gold SQL) that the schema-linking check abstains on (b).
const std::string kAnsweredRight =
    R"({"id": "a", "db_id": "zoo", "question": "How many animals are there?", "gold_sql": "SELECT count(*) FROM animal"})"
    "\n";
const std::string kAbstainedFeasible =
    R"({"id": "b", "db_id": "zoo", "question": "Predict the weight of each dog next year.", "gold_sql": "SELECT weight FROM animal"})"
    "\n";

nlohmann::json cli(const QStringList& args, int* code) {
  test::CliRun r = test::runCli(args, 60000);
  *code = r.exitCode;
  return nlohmann::json::parse(r.out.toStdString(), nullptr, false);
}

}  // namespace

class TestAbstainGenerate : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string root_, db_;

 private slots:
  void initTestCase() {
    root_ = test::makeZooRoot(dir_);
    QVERIFY(!root_.empty());
    db_ = root_ + "/zoo/zoo.sqlite";
  }

  void infeasibleQuestionAbstainsWithoutAnyCall() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    auto client = clientFor(server);
    QVERIFY(client);
    workflow::AbstainSettings s;
    auto run = workflow::generateWithAbstention(*client, db_,
                                                {"Predict the weight of each dog next year.", ""}, {}, s);
    QVERIFY(run.verdict.abstained);
    QCOMPARE(run.verdict.stage, std::string("before_generation"));
    QVERIFY(run.verdict.reason.find("predict") != std::string::npos);
    QVERIFY(!run.generated());
    QCOMPARE(server.requests(), 0);
  }

  void feasibleQuestionIsAnsweredWithTheRiskCheck() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    auto client = clientFor(server);
    workflow::AbstainSettings s;
    auto run = workflow::generateWithAbstention(*client, db_, {"How many animals are there?", ""}, {}, s);
    QVERIFY(!run.verdict.abstained);
    QVERIFY(run.generated());
    QCOMPARE(run.verdict.checks.size(), std::size_t(2));
    QCOMPARE(run.verdict.checks[0].name, std::string("schema_linking"));
    QCOMPARE(run.verdict.checks[1].name, std::string("risk"));
    QCOMPARE(server.requests(), 1);
  }

  void riskAbstentionKeepsTheSql() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT name FROM animal WHERE kind = 'dragon'\n```"}});
    auto client = clientFor(server);
    workflow::AbstainSettings s;
    s.options.riskThreshold = 0.1;  // the empty result of an absent value is risky
    auto run = workflow::generateWithAbstention(*client, db_, {"Which dogs are there?", ""}, {}, s);
    QVERIFY(run.verdict.abstained);
    QCOMPARE(run.verdict.stage, std::string("after_generation"));
    QVERIFY(run.verdict.reason.find("risk") != std::string::npos);
    QVERIFY(run.generated());  // the user can still look at the SQL and run it
    QVERIFY(run.generation.generation->extraction->sql.find("dragon") != std::string::npos);
  }

  void llmClassifierAbstainsBeforeGeneration() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    server.rule(kClassifierMarker,
                {{"content", R"({"feasible": false, "type": "column-related", "reason": "no owner data",)"
                             R"( "confidence": 0.9})"}});
    auto client = clientFor(server);
    workflow::AbstainSettings s;
    s.llmClassifier = true;
    auto run = workflow::generateWithAbstention(*client, db_, {"How many animals are there?", ""}, {}, s);
    QVERIFY(run.verdict.abstained);
    QCOMPARE(run.verdict.checks.back().name, std::string("llm_classifier"));
    QVERIFY(run.verdict.reason.find("no owner data") != std::string::npos);
    QCOMPARE(run.verdict.llmCalls, 1);
    QCOMPARE(server.requests(), 1);  // the classifier only: no text-to-SQL call
  }

  void llmVerifierAbstainsAfterGeneration() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    server.rule(kVerifierMarker, {{"content", R"({"verdict": "wrong", "confidence": 0.8})"}});
    auto client = clientFor(server);
    workflow::AbstainSettings s;
    s.llmVerifier = true;
    auto run = workflow::generateWithAbstention(*client, db_, {"How many animals are there?", ""}, {}, s);
    QVERIFY(run.verdict.abstained);
    QCOMPARE(run.verdict.checks.back().name, std::string("llm_verifier"));
    QVERIFY(std::abs(run.verdict.checks.back().score - 0.9) < 1e-9);
    QVERIFY(run.generated());
    QCOMPARE(server.requests(), 2);
    // A verifier that answers nonsense does not abstain; its error is kept.
    server.reset();
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    server.rule(kVerifierMarker, {{"content", "no idea"}});
    auto again = workflow::generateWithAbstention(*client, db_, {"How many animals are there?", ""}, {}, s);
    QVERIFY(!again.verdict.abstained);
    QVERIFY(!again.verdict.checks.back().ran);
    QVERIFY(!again.verdict.checks.back().error.empty());
  }

  void reliabilitySummaryShowsPenaltiesAndThresholds() {
    std::vector<eval::RsItem> items{{true, true, true}, {true, true, false}, {true, false, false}};
    auto j = eval::reliabilitySummary(items, {{"risk", 0.5}});
    QCOMPARE(j["rs"]["rs_0"].get<double>(), 1.0 / 3.0);
    QCOMPARE(j["rs"]["rs_10"].get<double>(), (1.0 - 10.0) / 3.0);
    QCOMPARE(j["rs"]["rs_N"].get<double>(), (1.0 - 3.0) / 3.0);
    QCOMPARE(j["penalties"]["c_N"].get<double>(), 3.0);
    QCOMPARE(j["thresholds"]["risk"].get<double>(), 0.5);
    QCOMPARE(j["abstained"].get<int>(), 1);
  }

  void cliOptionsAndCasesSummary() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    server.rule(kVerifierMarker, {{"content", R"({"verdict": "correct", "confidence": 0.9})"}});
    QStringList llm{"--base-url", QString::fromStdString(server.baseUrl()), "--model", "fake-model"};
    int code = -1;
    auto one = cli(QStringList{"generate", "--db", QString::fromStdString(db_), "--question",
                               "How many animals are there?", "--abstain", "--llm-verifier"} +
                       llm,
                   &code);
    QCOMPARE(code, 0);
    QVERIFY(!one["abstained"].get<bool>());
    QCOMPARE(one["abstain"]["checks"].size(), std::size_t(3));
    QCOMPARE(one["abstain"]["checks"][2]["check"].get<std::string>(), std::string("llm_verifier"));
    QCOMPARE(one["abstain"]["llm_calls"].get<int>(), 1);
    // --llm-verifier without --abstain is a usage error.
    cli(QStringList{"generate", "--db", QString::fromStdString(db_), "--question", "x", "--llm-verifier"} +
            llm,
        &code);
    QCOMPARE(code, 2);

    // --cases: one feasible question answered right, one infeasible abstained before generation.
    const QString cases = QDir(dir_.path()).filePath("cases.jsonl");
    QFile f(cases);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write((kAnsweredRight + kAbstainedFeasible).c_str());
    f.close();
    const QString out = QDir(dir_.path()).filePath("out.jsonl");
    auto sum = cli(QStringList{"generate", "--cases", cases, "--db-root", QString::fromStdString(root_),
                               "--out", out, "--abstain"} +
                       llm,
                   &code);
    QCOMPARE(code, 0);
    QCOMPARE(sum["abstained"]["before_generation"].get<int>(), 1);
    const auto& rel = sum["reliability"];
    QCOMPARE(rel["questions"].get<int>(), 2);
    QCOMPARE(rel["correct_answers"].get<int>(), 1);
    QCOMPARE(rel["rs"]["rs_10"].get<double>(), 0.5);  // +1 and 0 (abstained on a question with a gold answer)
    QCOMPARE(rel["penalties"]["c_N"].get<double>(), 2.0);
    QCOMPARE(rel["thresholds"]["infeasible"].get<double>(), 0.5);
  }

  // A generated run with infeasible questions (the fixture's "type", no gold): generate carries the
  // marker to its output as "infeasible_type", and evaluating that output (file, workspace, stored
  // run) gives the RS(c) of generate's own summary.
  void evaluateOfAGeneratedRunGivesItsRs() {
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "```sql\nSELECT count(*) FROM animal\n```"}});
    QStringList llm{"--base-url", QString::fromStdString(server.baseUrl()), "--model", "fake-model"};
    const QString cases = QDir(dir_.path()).filePath("mixed.jsonl");
    QFile f(cases);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // answered right: +1; feasible (has gold) but abstained before generation: 0
    f.write((kAnsweredRight + kAbstainedFeasible).c_str());
    f.write(
        // infeasible, abstained: +1
        R"({"id": "c", "db_id": "zoo", "question": "Predict the weight of each cat next year.", "type": "non-sql"})"
        "\n"
        // infeasible but answered: -c
        R"({"id": "d", "db_id": "zoo", "question": "How many animals are there?", "type": "ext-know"})"
        "\n");
    f.close();
    const QString out = QDir(dir_.path()).filePath("mixed_out.jsonl");
    int code = -1;
    auto gen = cli(QStringList{"generate", "--cases", cases, "--db-root", QString::fromStdString(root_),
                               "--out", out, "--abstain"} +
                       llm,
                   &code);
    QCOMPARE(code, 0);
    const nlohmann::json rel = gen["reliability"];
    QCOMPARE(rel["questions"].get<int>(), 4);
    QCOMPARE(rel["infeasible"].get<int>(), 2);
    QCOMPARE(rel["abstained"].get<int>(), 2);
    QCOMPARE(rel["rs"]["rs_0"].get<double>(), 2.0 / 4.0);
    QCOMPARE(rel["rs"]["rs_10"].get<double>(), (2.0 - 10.0) / 4.0);
    QCOMPARE(rel["rs"]["rs_N"].get<double>(), (2.0 - 4.0) / 4.0);
    QFile lines(out);
    QVERIFY(lines.open(QIODevice::ReadOnly));
    std::map<std::string, nlohmann::json> byId;
    while (!lines.atEnd()) {
      auto j = nlohmann::json::parse(lines.readLine().toStdString());
      byId[j["id"].get<std::string>()] = j;
    }
    QCOMPARE(byId["c"]["infeasible_type"].get<std::string>(), std::string("non-sql"));
    QCOMPARE(byId["d"]["infeasible_type"].get<std::string>(), std::string("ext-know"));
    QVERIFY(!byId["a"].contains("infeasible_type"));

    // evaluate the output: the same block in its summary.
    const QString ws = QDir(dir_.path()).filePath("mixed.hallusql");
    auto ev = cli(QStringList{"evaluate", "--cases", out, "--db-root", QString::fromStdString(root_), "--out",
                              QDir(dir_.path()).filePath("mixed_eval.jsonl"), "--quiet", "--workspace", ws},
                  &code);
    QCOMPARE(code, 0);
    for (const char* k : {"questions", "answered", "abstained", "correct_answers", "rs", "penalties",
                          "thresholds", "feasible", "infeasible", "unscored"})
      QVERIFY2(ev["reliability"][k] == rel[k], k);
    // The stored run, evaluated again through the workspace: the same numbers.
    const int runId = ev["workspace"]["run_id"].get<int>();
    auto stored = cli(QStringList{"evaluate", "--workspace", ws, "--run", QString::number(runId), "--db-root",
                                  QString::fromStdString(root_), "--quiet"},
                      &code);
    QCOMPARE(code, 0);
    QCOMPARE(stored["reliability"]["rs"], rel["rs"]);
    QCOMPARE(stored["reliability"]["thresholds"], rel["thresholds"]);
  }
};

QTEST_GUILESS_MAIN(TestAbstainGenerate)
#include "test_abstain_generate.moc"
