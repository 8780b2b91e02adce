// The whole drill-down pipeline against the scripted fake OpenAI-compatible server: known
// hallucinations at known steps (one persists to the final step, one appears only at the final
// step, one that history carries over), exact recurrent / emergent probabilities in both history
// modes; a capped Spider dev run with a fake model, then again from the cache.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <mutex>

#include "../llm/llm_test_support.h"
#include "engine/drilldown/run.h"
#include "engine/drilldown/stats.h"
#include "engine/workspace/import/import.h"
#include "engine/workspace/llm_calls.h"
#include "support/shared_data.h"

using namespace hs;
using namespace hs::drilldown;

namespace {

const CategoryStats& cat(const GroupStats& g, const std::string& name) {
  for (const auto& c : g.categories)
    if (c.category == name) return c;
  qFatal("no category %s", name.c_str());
}

const GroupStats& group(const Statistics& s, const std::string& history) {
  for (const auto& g : s.groups)
    if (g.history == history) return g;
  qFatal("no group %s", history.c_str());
}

nlohmann::json answer(const std::string& text) {
  return {{"content", text}};
}

void check(const Ratio& r, std::size_t n, std::size_t N) {
  QCOMPARE(r.n, n);
  QCOMPARE(r.N, N);
}

}  // namespace

class TestDrilldownPipeline : public QObject {
  Q_OBJECT
 private slots:
  void scriptedHallucinations() {
    HS_REQUIRE_SHARED_DATA();
    test::FakeLlmServer server(test::fakeLlmScript());
    // History: only a conversation that carries step 2's answer (a redundant JOIN) asks for it.
    const std::string join = "JOIN singer_in_concert ON singer.singer_id = singer_in_concert.singer_id";
    server.command(
        {{"cmd", "rule"},
         {"match", "FROM singer " + join + " WHERE singer.age > 30\""},  // an assistant turn
         {"behavior", answer("SELECT singer.name, nationality FROM singer " + join +
                             " WHERE singer.age > 30 AND country = 'France' ORDER BY singer.name")},
         {"times", -1}});
    // Per-step SQL (Prompt 2), by sub-question.
    server.ruleRegex("QSTEP_A1", answer("SELECT name, nationality FROM singer"));  // unknown column: persists
    server.ruleRegex("QSTEP_A2", answer("SELECT singer.name FROM singer " + join + " WHERE singer.age > 30"));
    server.ruleRegex(
        "QSTEP_A3",  // the same unknown column, and an ORDER BY only here (emergent)
        answer("SELECT name, nationality FROM singer WHERE age > 30 AND country = 'France' ORDER BY name"));
    server.ruleRegex("QSTEP_B1", answer("SELECT count(*) FROM singer"));
    server.ruleRegex("QSTEP_B2", answer("SELECT count(*) FROM singer WHERE country = 'France'"));
    // Sub-questions (Prompt 1), by the partial SQL in the prompt.
    server.ruleRegex("WHERE age > 30 AND country = 'France'", answer("QSTEP_A3 French singers over 30?"));
    server.ruleRegex("WHERE age > 30\\s*\\n", answer("QSTEP_A2 Singers over 30?"));
    server.ruleRegex("SELECT name FROM singer\\s*\\n", answer("QSTEP_A1 All singer names?"));
    server.ruleRegex("SELECT count\\(\\*\\) FROM singer WHERE", answer("QSTEP_B2 How many French singers?"));
    server.ruleRegex("SELECT count\\(\\*\\) FROM singer\\s*\\n", answer("QSTEP_B1 How many singers?"));

    std::vector<Case> cases(2);
    cases[0].id = "A";
    cases[0].dbId = "concert_singer";
    cases[0].question = "Names of singers older than 30 from France?";
    cases[0].goldSql = "SELECT name FROM singer WHERE age > 30 AND country = 'France'";
    cases[0].difficulty = "moderate";
    cases[1].id = "B";
    cases[1].dbId = "concert_singer";
    cases[1].question = "How many singers are from France?";
    cases[1].goldSql = "SELECT count(*) FROM singer WHERE country = 'France'";
    cases[1].difficulty = "simple";

    auto client = test::makeClient(test::fastOptions(test::fakeProfile(server)));
    RunOptions o;
    o.dbRoot = test::sharedPath("spider/database");
    o.modes = {History::Off, History::On};
    std::mutex progressMutex;  // progress is called from worker threads
    std::size_t lastDone = 0, total = 0;
    o.progress = [&](const workflow::Progress& p) {
      std::lock_guard lock(progressMutex);
      lastDone = std::max(lastDone, p.done);
      total = p.total;
    };
    auto r = runDrilldown(*client, cases, o);
    QVERIFY(r.ok());
    QCOMPARE(r->cases, std::size_t(2));
    QCOMPARE(r->rows.size(), std::size_t(2 * (3 + 2)));
    QCOMPARE(r->llmCalls, std::size_t(5 + 2 * 5));  // sub-questions shared by both modes
    QCOMPARE(r->failedCalls, std::size_t(0));
    QCOMPARE(lastDone, total);
    for (const auto& row : r->rows) {
      QVERIFY2(row.predSql.has_value(), row.error.c_str());
      QVERIFY(row.question.rfind("QSTEP_", 0) == 0);
      if (row.caseId == "B") QCOMPARE(row.ex, std::optional<bool>(true));
    }

    Statistics s = computeStatistics(r->rows);
    QCOMPARE(s.groups.size(), std::size_t(2));
    for (const char* h : {"off", "on"}) {
      const GroupStats& g = group(s, h);
      QCOMPARE(g.paths, std::size_t(2));
      // The unknown column 'nationality' persists from step 1 to the final step.
      const CategoryStats& sc = cat(g, "Schema Contradiction");
      check(sc.same.recurrent, 1, 1);
      check(sc.same.emergent, 0, 1);
      check(sc.exact.recurrent, 1, 1);
      check(sc.same.inFinal, 1, 2);
      check(sc.same.inEarlier, 1, 2);
      // ORDER BY appears only in the final step.
      const CategoryStats& ca = cat(g, "Clause Abuse");
      check(ca.same.recurrent, 0, 0);
      check(ca.same.emergent, 1, 2);
      check(ca.exact.emergent, 1, 2);
    }
    // The redundant JOIN of step 2 reaches the final step only when history carries it.
    const CategoryStats& jrOff = cat(group(s, "off"), "Join Redundancy");
    check(jrOff.same.recurrent, 0, 1);
    check(jrOff.same.emergent, 0, 1);
    const CategoryStats& jrOn = cat(group(s, "on"), "Join Redundancy");
    check(jrOn.same.recurrent, 1, 1);
    check(jrOn.exact.recurrent, 1, 1);
    check(jrOn.same.emergent, 0, 1);

    // With history, the final request carried the earlier sub-questions and answers.
    auto stats = server.stats();
    bool sawConversation = false;
    for (const auto& body : stats["bodies"]) {
      auto j = nlohmann::json::parse(body.get<std::string>(), nullptr, false);
      if (j.is_discarded() || !j.contains("messages")) continue;
      if (j["messages"].size() >= 5 &&
          j["messages"].back()["content"].get<std::string>().find("QSTEP_A3") != std::string::npos) {
        sawConversation = true;
        QVERIFY(j.dump().find("QSTEP_A1") != std::string::npos);
        QVERIFY(j.dump().find("nationality FROM singer") != std::string::npos);
      }
    }
    QVERIFY(sawConversation);
  }

  // A capped run over Spider dev questions with a fake model, then the same run from the cache.
  void spiderDevCappedRunAndCache() {
    HS_REQUIRE_SHARED_DATA();
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"content", "{echo}"}});  // distinct answers: the prompt itself
    ws::import::ImportOptions io;
    io.casesPath = test::sharedPath("spider/dev.json");
    auto report = ws::import::importCases(io);
    QVERIFY(report.cases.size() >= 1034);
    std::vector<Case> cases(report.cases.begin(), report.cases.begin() + 12);
    QTemporaryDir dir;
    auto store = ws::WorkspaceCallStore::openOrCreate(dir.filePath("cache.hallusql").toStdString());
    QVERIFY(store.ok());
    std::shared_ptr<llm::CallStore> shared = std::move(store.value());
    RunOptions o;
    o.dbRoot = test::sharedPath("spider/database");
    o.modes = {History::Off, History::On};
    auto client = test::makeClient(test::fastOptions(test::fakeProfile(server), shared));
    auto first = runDrilldown(*client, cases, o);
    QVERIFY(first.ok());
    std::size_t steps = first->rows.size() / 2;
    QVERIFY(steps >= cases.size());
    QCOMPARE(first->llmCalls, 3 * steps);
    // Identical requests (a first step with and without history) are answered from the cache.
    const auto requests = static_cast<std::size_t>(server.requests());
    QVERIFY(first->cacheHits >= cases.size());
    QCOMPARE(requests + first->cacheHits, 3 * steps);
    auto again = runDrilldown(*client, cases, o);
    QVERIFY(again.ok());
    QCOMPARE(again->cacheHits, 3 * steps);
    QCOMPARE(static_cast<std::size_t>(server.requests()), requests);  // no new request
    QCOMPARE(again->rows.size(), first->rows.size());
  }

  void cancelStopsTheRun() {
    HS_REQUIRE_SHARED_DATA();
    test::FakeLlmServer server(test::fakeLlmScript());
    server.setDefault({{"latency_ms", 3000}});
    std::vector<Case> cases(1);
    cases[0].id = "A";
    cases[0].dbId = "concert_singer";
    cases[0].question = "q";
    cases[0].goldSql = "SELECT name FROM singer WHERE age > 30";
    RunOptions o;
    o.dbRoot = test::sharedPath("spider/database");
    o.cancel.cancel();  // cancelled before the first answer: every request is cancelled
    auto client = test::makeClient(test::fastOptions(test::fakeProfile(server)));
    auto r = runDrilldown(*client, cases, o);
    QVERIFY(r.ok());
    QVERIFY(r->cancelled);
    QCOMPARE(r->failedCalls, r->llmCalls);
    for (const auto& row : r->rows) QVERIFY(!row.predSql.has_value());
  }
};

QTEST_APPLESS_MAIN(TestDrilldownPipeline)
#include "test_pipeline.moc"
