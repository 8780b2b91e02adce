// engine/workflow: the cancel token, the generate workflow (one question and a batch of cases, each
// step's failure as a value, cancel) against the fake server, annotate a query, and evaluate a run
// (the demo workspace, saved in batches; a cancelled run saves nothing half-done).
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/llm/client.h"
#include "engine/workflow/annotate_query.h"
#include "engine/workflow/evaluate_run.h"
#include "engine/workflow/generate.h"
#include "engine/workflow/generate_json.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"
#include "support/fake_llm/fake_llm.h"

using namespace hs;
using hs::test::FakeLlmServer;

namespace {

void makePetsDb(const QString& path) {
  sqlite3* db = nullptr;
  sqlite3_open(path.toUtf8().constData(), &db);
  sqlite3_exec(db,
               "CREATE TABLE pets(id INTEGER PRIMARY KEY, name TEXT, species TEXT);"
               "INSERT INTO pets(name, species) VALUES ('Rex','Dog'),('Tom','Cat');",
               nullptr, nullptr, nullptr);
  sqlite3_close(db);
}

std::unique_ptr<llm::Client> makeClient(const FakeLlmServer& server) {
  llm::ClientOptions o;
  o.profile.name = "fake";
  o.profile.baseUrl = server.baseUrl();
  o.profile.model = "fake-model";
  o.profile.maxConcurrency = 2;
  o.profile.maxRetries = 0;
  o.profile.connectTimeoutMs = 2000;
  o.profile.timeoutMs = 60000;
  auto c = llm::Client::create(std::move(o));
  if (!c) qFatal("cannot create the client");
  return std::move(c.value());
}

Case makeCase(const std::string& id, const std::string& dbId, const std::string& question) {
  Case c;
  c.id = id;
  c.dbId = dbId;
  c.question = question;
  return c;
}

}  // namespace

class TestWorkflow : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  std::unique_ptr<FakeLlmServer> server_;
  QString db_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(QDir().mkpath(dir_.filePath("root/pets")));
    db_ = dir_.filePath("root/pets/pets.sqlite");
    makePetsDb(db_);
    server_ =
        std::make_unique<FakeLlmServer>(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
  }
  void init() { server_->reset(); }

  void cancelTokenRunsHooksOnce() {
    workflow::CancelToken token;
    workflow::CancelToken copy = token;  // copies share the state
    int runs = 0;
    {
      auto hook = token.onCancel([&runs] { ++runs; });
      QVERIFY(!copy.cancelled());
      copy.cancel();
      copy.cancel();
      QCOMPARE(runs, 1);
      QVERIFY(token.cancelled());
      QVERIFY(token.flag()->load());
    }
    auto late = token.onCancel([&runs] { ++runs; });  // already cancelled: runs at once
    QCOMPARE(runs, 2);
    workflow::CancelToken other;
    {
      auto gone = other.onCancel([&runs] { ++runs; });
    }
    other.cancel();  // the hook went away with its Hook
    QCOMPARE(runs, 2);
  }

  void generateOneQuestionWithChecks() {
    server_->setDefault({{"content", "```sql\nSELECT name FROM pets WHERE species = 'Dragon';\n```"}});
    auto client = makeClient(*server_);
    std::vector<std::string> steps;
    auto out = workflow::generateQuestion(*client, db_.toStdString(), {"Which pets are dragons?", ""}, {},
                                          [&](const workflow::Progress& p) { steps.push_back(p.step); });
    QVERIFY2(out.ok(), out.error.describe().c_str());
    QCOMPARE(out.generation->extraction->sql, std::string("SELECT name FROM pets WHERE species = 'Dragon'"));
    QVERIFY(out.annotation && out.annotation->ok());
    QVERIFY(!out.annotation->value().annotation.findings.empty());  // 'Dragon' is no species
    QCOMPARE(steps.front(), std::string("Reading the schema"));
    QCOMPARE(steps.back(), std::string("Done"));
    // The defaults: temperature 0 and 768 tokens.
    auto body = nlohmann::json::parse(server_->stats()["bodies"][0].get<std::string>());
    QCOMPARE(body["max_tokens"].get<int>(), workflow::kDefaultMaxTokens);
    QCOMPARE(body["temperature"].get<double>(), 0.0);
    auto j = workflow::generationJson(out);
    QVERIFY(j["annotation"]["findings"].is_array() && !j["annotation"]["findings"].empty());
    QCOMPARE(j["annotation"]["result"]["rows"].get<int>(), 0);
  }

  void eachStepFailsAsAValue() {
    auto client = makeClient(*server_);
    auto noDb =
        workflow::generateQuestion(*client, dir_.filePath("nope.sqlite").toStdString(), {"q", ""}, {});
    QCOMPARE(noDb.failedAt, workflow::GenerateStep::Database);
    QVERIFY(!noDb.request);
    QVERIFY(!noDb.callResult());

    server_->setDefault({{"status", 401}});
    auto denied = workflow::generateQuestion(*client, db_.toStdString(), {"q", ""}, {});
    QCOMPARE(denied.failedAt, workflow::GenerateStep::Call);
    QCOMPARE(denied.error.code, std::string("auth"));
    QVERIFY(denied.request && denied.callResult() && !denied.callResult()->ok());

    server_->setDefault({{"content", "I cannot answer that."}});
    auto prose = workflow::generateQuestion(*client, db_.toStdString(), {"q", ""}, {});
    QCOMPARE(prose.failedAt, workflow::GenerateStep::Extract);
    QVERIFY(prose.generation && !prose.annotation);
  }

  void cancelAbortsTheCall() {
    server_->setDefault({{"latency_ms", 30000}});
    auto client = makeClient(*server_);
    workflow::CancelToken cancel;
    std::atomic<bool> waiting{false};
    std::thread canceller([&] {  // queued or in flight: either way the batch is cancelled
      while (!waiting.load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      cancel.cancel();
    });
    auto out = workflow::generateQuestion(
        *client, db_.toStdString(), {"slow", ""}, {},
        [&](const workflow::Progress& p) {
          if (p.step == "Waiting for the model") waiting = true;
        },
        cancel);
    canceller.join();
    QCOMPARE(out.failedAt, workflow::GenerateStep::Call);
    QCOMPARE(out.error.kind, ErrorKind::Cancelled);
  }

  void casesComeBackInInputOrder() {
    server_->rule("first", {{"latency_ms", 400}, {"content", "SELECT 1"}});
    server_->rule("second", {{"content", "SELECT 2"}});
    auto client = makeClient(*server_);
    const std::vector<Case> cases = {makeCase("a", "pets", "first"), makeCase("b", "nowhere", "lost"),
                                     makeCase("c", "pets", "second")};
    std::vector<std::size_t> order;
    std::vector<workflow::GenerateOutcome> outs;
    workflow::generateCases(*client, cases, dir_.filePath("root").toStdString(), {},
                            [&](std::size_t i, workflow::GenerateOutcome o) {
                              order.push_back(i);
                              outs.push_back(std::move(o));
                            });
    QCOMPARE(order, (std::vector<std::size_t>{0, 1, 2}));
    QCOMPARE(outs[0].generation->extraction->sql, std::string("SELECT 1"));
    QCOMPARE(outs[1].failedAt, workflow::GenerateStep::Database);
    QCOMPARE(outs[1].error.code, std::string("no_database"));
    QCOMPARE(outs[2].generation->extraction->sql, std::string("SELECT 2"));
    QVERIFY(outs[2].annotation && outs[2].annotation->ok());
    QCOMPARE(server_->requests(), 2);
  }

  void annotateAQuery() {
    auto r = workflow::annotateQuery(
        db_.toStdString(),
        {"Which pets are dragons?", "SELECT name FROM pets WHERE species = 'Dragon'", std::nullopt, {}});
    QVERIFY(r.ok());
    QVERIFY(!r->annotation.findings.empty());
    QVERIFY(r->predResult && r->predResult->ok());
    auto missing =
        workflow::annotateQuery(dir_.filePath("nope.sqlite").toStdString(), {"q", "SELECT 1", {}, {}});
    QVERIFY(!missing.ok());
  }

  void evaluateTheDemoRun() {
    QTemporaryDir dir;
    auto demo = ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    QCOMPARE(workflow::runDbRoot(R"({"db_root": "/x"})"), std::string("/x"));
    QCOMPARE(workflow::runDbRoot("not json"), std::string());

    // Cancelled before it starts: nothing saved, said so.
    workflow::CancelToken cancelled;
    cancelled.cancel();
    auto none = workflow::evaluateRun(demo->workspacePath, demo->runId, {}, {}, cancelled);
    QVERIFY(!none.error);
    QCOMPARE(none.saved, std::size_t{0});
    QVERIFY(none.cancelled);

    workflow::EvaluateRunOptions options;
    options.batchSize = 3;
    std::size_t lastDone = 0;
    auto r = workflow::evaluateRun(demo->workspacePath, demo->runId, options,
                                   [&](const workflow::Progress& p) { lastDone = p.done; });
    QVERIFY2(!r.error, r.error ? r.error->describe().c_str() : "");
    QCOMPARE(r.total, demo->caseCount);
    QCOMPARE(r.saved, demo->caseCount);
    QVERIFY(!r.cancelled);
    QCOMPARE(lastDone, demo->caseCount);
    QVERIFY(std::filesystem::equivalent(r.dbRoot, demo->dir));  // no db_root setting: the workspace's folder
    auto ws = ws::Workspace::open(demo->workspacePath);
    QVERIFY(ws.ok());
    QCOMPARE(ws::evaluatedCount(*ws, demo->runId).value(), static_cast<std::int64_t>(demo->caseCount));

    auto bad = workflow::evaluateRun(dir.filePath("nope.hallusql").toStdString(), 1, {});
    QVERIFY(bad.error);
  }

  // Evaluate gives the C1..C10 types of the model fitted on people's labels unless the run setting
  // "learned_types" is false (the Review tab's Run menu, `evaluate --rule-types`); an option
  // overrides the setting.
  void learnedTypesFollowTheRunSetting() {
    QTemporaryDir dir;
    auto demo = ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    QVERIFY(workflow::runUsesLearnedTypes("{}"));
    QVERIFY(workflow::runUsesLearnedTypes(R"({"learned_types": true})"));
    QVERIFY(!workflow::runUsesLearnedTypes(R"({"learned_types": false})"));
    QVERIFY(workflow::runUsesLearnedTypes(R"({"learned_types": "no"})"));  // not a yes/no: the default
    // Each case's C-types; a learned type the rules did not give must keep its span and reason.
    auto typesOf = [&](const workflow::EvaluateRunOptions& options) {
      auto r = workflow::evaluateRun(demo->workspacePath, demo->runId, options);
      if (r.error) qFatal("%s", r.error->describe().c_str());
      auto ws = ws::Workspace::open(demo->workspacePath);
      std::map<std::string, std::set<std::string>> types;
      const auto cases = ws->cases(demo->runId);  // kept: the loop reads into it
      for (const auto& c : cases.value()) {
        auto outcome = ws::loadOutcome(*ws, c.id).value();
        std::set<std::string>& t = types[std::to_string(c.id)];
        for (const Finding& f : outcome->findings)
          if (f.taxonomy == "mrsqlgen") {
            t.insert(f.category);
            if (f.subcategory == "learned" && (f.spans.empty() || f.message.empty()))
              qFatal("a learned type without its span or reason");
          }
      }
      return types;
    };
    {
      // The demo's single edits keep the rules' types under the model; a join written as an IN
      // subquery (with `>` written `>=`) is one where people, and the model, see a join error.
      auto ws = ws::Workspace::open(demo->workspacePath);
      Case c = makeCase("join_as_in", "demo", "Which students over 20 have a pet?");
      c.goldSql =
          "SELECT s.first_name FROM students AS s JOIN has_pet AS h ON s.student_id = h.student_id "
          "WHERE s.age > 20";
      c.predSql =
          "SELECT first_name FROM students WHERE student_id IN (SELECT student_id FROM has_pet) AND age >= "
          "20";
      QVERIFY(ws->insertCases(demo->runId, {c}, [&](const Case&) {
                  return std::optional<std::int64_t>(demo->databaseId);
                }).ok());
    }
    workflow::EvaluateRunOptions rulesOnly, learnedOnly;
    rulesOnly.learnedTypes = false;
    learnedOnly.learnedTypes = true;
    const auto rules = typesOf(rulesOnly);
    const auto learned = typesOf({});  // the learned types by default
    QVERIFY(learned != rules);         // the model adds or drops a type somewhere
    {
      auto ws = ws::Workspace::open(demo->workspacePath);
      QVERIFY(ws->setRunSetting(demo->runId, "learned_types", "false").ok());
    }
    QCOMPARE(typesOf({}), rules);
    QCOMPARE(typesOf(learnedOnly), learned);
  }
};

QTEST_GUILESS_MAIN(TestWorkflow)
#include "test_workflow.moc"
