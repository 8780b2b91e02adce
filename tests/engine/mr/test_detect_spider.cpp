// The SQLHD pipeline on real Spider dev questions against a stand-in model (the fake server's
// oracle: gold SQL and the gold query's columns for the nearest dev question, deterministic
// rewrites): LLM calls per question with and without early stopping. Needs ../shared/data.
// HALLUSQL_DETECT_SAMPLE=N sets how many questions (default 40, spread over dev; 0 = all);
// HALLUSQL_DETECT_REPORT=FILE writes the numbers as JSON.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "detect_test_support.h"
#include "engine/db/database.h"
#include "engine/mr/detect_metrics.h"
#include "engine/mr/pipeline.h"
#include "support/shared_data.h"

using namespace hs;
using nlohmann::json;

namespace {

struct DevCase {
  std::string dbId, question, sql;
  std::set<std::string> linking;
};

// The columns the gold query reads, as the authorizer saw them: the reference linking.
std::set<std::string> goldLinking(db::Database& database, const std::string& sql) {
  std::set<std::string> out;
  auto r = database.query(sql);
  if (!r) return out;
  for (const auto& read : r->reads)
    out.insert(read.column.empty() ? read.table : read.table + "." + read.column);
  return out;
}

struct Tally {
  std::vector<mr::DetectOutcome> outcomes;
  std::map<std::string, std::map<std::string, int>> verdicts;  // MR -> verdict -> count
  double ms = 0.0;
  std::size_t sourceIsGold = 0;
};

json tallyJson(const Tally& t) {
  auto metrics = mr::metricsJson(mr::computeDetectMetrics(t.outcomes));
  std::size_t flagged = 0;
  for (const auto& o : t.outcomes) flagged += o.flagged ? 1 : 0;
  return {{"questions", t.outcomes.size()},
          {"llm_calls_per_question", metrics["llm_calls_per_question"]},
          {"llm_calls_saved_per_question", metrics["llm_calls_saved_per_question"]},
          {"early_stopped", metrics["early_stopped"]},
          {"flagged", flagged},
          {"source_sql_is_gold", t.sourceIsGold},
          {"verdicts", t.verdicts},
          {"ms_per_question", t.outcomes.empty() ? 0.0 : t.ms / static_cast<double>(t.outcomes.size())}};
}

}  // namespace

class TestDetectSpider : public QObject {
  Q_OBJECT
 private slots:
  void callsPerQuestionWithAndWithoutEarlyStopping() {
    HS_REQUIRE_SHARED_DATA();
    std::ifstream devFile(test::sharedPath("spider/dev.json"));
    QVERIFY(devFile);
    auto dev = json::parse(devFile);
    const QByteArray sampleEnv = qgetenv("HALLUSQL_DETECT_SAMPLE");
    const std::size_t sample = sampleEnv.isEmpty() ? 40 : static_cast<std::size_t>(sampleEnv.toLongLong());
    const std::size_t stride = sample == 0 || sample >= dev.size() ? 1 : dev.size() / sample;

    // Every dev question with its gold SQL and linking goes to the oracle (so follow-ups can be
    // matched to a wrong neighbour, as a real model can confuse them).
    std::vector<DevCase> cases;
    std::map<std::string, std::unique_ptr<db::Database>> dbs;
    json oracle = json::array();
    for (const auto& item : dev) {
      DevCase c{item["db_id"].get<std::string>(),
                item["question"].get<std::string>(),
                item["query"].get<std::string>(),
                {}};
      auto& database = dbs[c.dbId];
      if (!database) {
        auto opened = db::Database::openReadOnly(test::spiderDb(QString::fromStdString(c.dbId)));
        if (!opened) continue;  // a dev database missing from the shared data (wta_1)
        database = std::move(opened.value());
      }
      c.linking = goldLinking(*database, c.sql);
      oracle.push_back({{"question", c.question}, {"sql", c.sql}, {"linking", c.linking}});
      cases.push_back(std::move(c));
    }
    test::FakeLlmServer server(test::fakeLlmScript());
    server.oracle(oracle);
    QTemporaryDir tmp;

    std::map<int, Tally> tallies;  // early-stop K -> results
    for (int k : {0, 3}) {
      Tally& t = tallies[k];
      QElapsedTimer timer;
      timer.start();
      for (std::size_t i = 0; i < cases.size(); i += stride) {
        if (sample != 0 && t.outcomes.size() >= sample) break;
        const DevCase& c = cases[i];
        auto client = test::fakeClient(server, 8);
        mr::DetectInput in{test::spiderDb(QString::fromStdString(c.dbId)), c.question, "", std::nullopt};
        mr::DetectOptions o;
        o.earlyStopK = k;
        o.tempDir = tmp.path().toStdString();
        o.params.temperature = 0.0;
        auto r = mr::detect(in, *client, o);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        std::size_t records = 0;
        for (const auto& s : r->stages) {
          for (const auto& rec : s.mrs) {
            ++records;
            ++t.verdicts[rec.mr][rec.skipped ? "skipped" : std::string(mr::toString(rec.verdict))];
          }
        }
        QCOMPARE(records, std::size_t{17});
        QVERIFY(!r->sql.empty());
        t.sourceIsGold += r->sql == c.sql ? 1 : 0;  // else a same-worded neighbour's SQL, or cut ';'
        t.outcomes.push_back(mr::outcomeOf(r.value(), false));
      }
      t.ms = static_cast<double>(timer.elapsed());
    }
    json report{{"k0", tallyJson(tallies[0])},
                {"k3", tallyJson(tallies[3])},
                {"oracle_hits", server.stats()["oracle_hits"]}};
    qInfo("%s", report.dump(1).c_str());
    if (auto path = qgetenv("HALLUSQL_DETECT_REPORT"); !path.isEmpty()) {
      std::ofstream(path.toStdString()) << report.dump(2) << "\n";
    }
    const double full = report["k0"]["llm_calls_per_question"].get<double>();
    const double early = report["k3"]["llm_calls_per_question"].get<double>();
    QVERIFY2(early < full, (std::to_string(early) + " vs " + std::to_string(full)).c_str());
    QVERIFY(report["k3"]["llm_calls_saved_per_question"].get<double>() > 0.0);
  }
};

QTEST_GUILESS_MAIN(TestDetectSpider)
#include "test_detect_spider.moc"
