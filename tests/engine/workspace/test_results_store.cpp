// Evaluation results in the workspace: round trip of outcomes (hand-made and from a real
// evaluation of the demo with the rule annotator), replacement on re-run, all-or-nothing batches
// (a failing batch and a process killed mid-transaction leave the earlier results), 10,000 cases.
#include <QtTest>

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include "engine/annotate/eval_annotator.h"
#include "engine/eval/runner.h"
#include "engine/workspace/demo.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"

using hs::ws::Workspace;

namespace {

hs::Case makeCase(int i) {
  hs::Case c;
  c.id = "t:" + std::to_string(i);
  c.dbId = i % 2 ? "alpha" : "beta";
  c.question = "Question number " + std::to_string(i);
  c.goldSql = "SELECT " + std::to_string(i);
  c.predSql = "SELECT " + std::to_string(i) + " + 0";
  c.model = i % 3 ? "gpt-4" : "llama";
  c.difficulty = i % 4 ? "simple" : "challenging";
  return c;
}

// An outcome with every field set; `variant` changes the verdicts and findings.
hs::eval::CaseOutcome makeOutcome(int variant) {
  using hs::db::Value;
  hs::eval::CaseOutcome o;
  o.dbPath = "/data/alpha.sqlite";
  o.gold.ran = o.gold.ok = true;
  o.gold.columns = {"name", "n"};
  o.gold.rows = {{Value::text("Ann"), Value::integer(3)}, {Value::null(), Value::real(1.0)}};
  o.gold.elapsedMs = 1.5;
  o.pred.ran = true;
  if (variant == 0) {
    o.pred.ok = true;
    o.pred.columns = {"name", "n"};
    o.pred.rows = {{Value::text("Ann"), Value::integer(3)},
                   {Value::blob(std::string("\x00\xff", 2)), Value::integer(7)}};
    o.exSet = false;
    o.exBag = false;
    o.exOrdered = std::nullopt;
    o.softF1 = 0.5;
    o.diff = hs::eval::diffResults(o.gold.rows, 2, o.pred.rows, 2);
    o.findings.push_back({"tasql",
                          "Schema Contradiction",
                          "Unknown columns",
                          "no column 'x'",
                          {{"pred", 7, 8}},
                          "rule",
                          0.9,
                          ""});
    o.findings.push_back(
        {"mrsqlgen", "C4", "", "wrong value", {{"pred", 1, 3}, {"gold", 2, 4}}, "rule", 1.0, ""});
    o.findings.push_back(
        {"goldfree", "value_absent", "", "'Dragon' is not in pets.species", {}, "gold_free", 0.7, ""});
    o.risk = hs::Risk{0.82, {"value_absent", "superlative"}, {}};
  } else {
    o.pred.ok = false;
    o.pred.error = hs::eval::ExecError{hs::eval::ExecErrorClass::NoSuchColumn, "no such column: x"};
    o.exSet = false;
    o.exBag = false;
    o.softF1 = 0.0;
    o.findings.push_back({"tasql", "Schema Hallucination", "", "x", {{"pred", 0, 1}}, "rule", 1.0, ""});
    o.risk = hs::Risk{0.4, {}, {}};
  }
  return o;
}

struct Fixture {
  QTemporaryDir dir;
  std::optional<Workspace> ws;
  std::int64_t runId = 0;
  std::vector<std::int64_t> ids;
};

std::unique_ptr<Fixture> makeFixture(int cases) {
  auto f = std::make_unique<Fixture>();
  auto ws = Workspace::create(f->dir.filePath("r.hallusql").toStdString());
  if (!ws) qFatal("%s", ws.error().describe().c_str());
  f->ws.emplace(std::move(*ws));
  f->runId = f->ws->createRun({"run", "gpt-4", "x.jsonl", "{}"}).value();
  std::vector<hs::Case> cs;
  for (int i = 0; i < cases; ++i) cs.push_back(makeCase(i));
  f->ids = f->ws->insertCases(f->runId, cs).value();
  return f;
}

std::vector<hs::db::Row> capped(const std::vector<hs::db::Row>& rows) {
  const std::size_t n = std::min(rows.size(), hs::ws::kStoredRowsPerSide);
  return {rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(n)};
}

std::int64_t countRows(const Workspace& ws, const std::string& table) {
  return ws.rowCount(table).value();
}

}  // namespace

class TestResultsStore : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip() {
    auto f = makeFixture(2);
    const auto a = makeOutcome(0);
    const auto b = makeOutcome(1);
    QVERIFY(hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &a}, {f->ids[1], &b}}).ok());

    auto loaded = hs::ws::loadOutcome(*f->ws, f->ids[0]);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().describe().c_str());
    QVERIFY(loaded->has_value());
    const auto& o = **loaded;
    QCOMPARE(o.dbPath, a.dbPath);
    QCOMPARE(o.exSet, a.exSet);
    QCOMPARE(o.exBag, a.exBag);
    QVERIFY(!o.exOrdered.has_value());
    QCOMPARE(*o.softF1, 0.5);
    QVERIFY(o.gold.ok && o.gold.ran && o.pred.ok);
    QCOMPARE(o.gold.columns, a.gold.columns);
    QVERIFY(o.gold.rows == a.gold.rows);  // types survive: 1.0 stays real, NULL stays NULL
    QVERIFY(o.pred.rows == a.pred.rows);  // blob bytes survive
    QCOMPARE(o.gold.rows[1][1].type, hs::db::Value::Type::Real);
    QCOMPARE(o.gold.elapsedMs, 1.5);
    QVERIFY(o.diff.has_value());
    QCOMPARE(o.diff->missingTotal, a.diff->missingTotal);
    QCOMPARE(o.diff->extraTotal, a.diff->extraTotal);
    QVERIFY(o.diff->missing[0].row == a.diff->missing[0].row);
    QCOMPARE(o.findings.size(), a.findings.size());
    for (std::size_t i = 0; i < a.findings.size(); ++i) {
      QCOMPARE(o.findings[i].taxonomy, a.findings[i].taxonomy);
      QCOMPARE(o.findings[i].category, a.findings[i].category);
      QCOMPARE(o.findings[i].subcategory, a.findings[i].subcategory);
      QCOMPARE(o.findings[i].message, a.findings[i].message);
      QVERIFY(o.findings[i].spans == a.findings[i].spans);
      QCOMPARE(o.findings[i].origin, a.findings[i].origin);
      QCOMPARE(o.findings[i].confidence, a.findings[i].confidence);
    }
    QCOMPARE(o.risk->score, 0.82);
    QCOMPARE(o.risk->reasons, a.risk->reasons);

    auto failed = hs::ws::loadOutcome(*f->ws, f->ids[1]).value();
    QVERIFY(failed.has_value());
    QVERIFY(!failed->pred.ok && failed->pred.ran);
    QCOMPARE(failed->pred.error->kind, hs::eval::ExecErrorClass::NoSuchColumn);
    QCOMPARE(failed->pred.error->message, std::string("no such column: x"));

    auto rows = hs::ws::caseSummaries(*f->ws, f->runId).value();
    QCOMPARE(rows.size(), std::size_t{2});
    QVERIFY(rows[0].evaluated);
    QCOMPARE(rows[0].caseKey, std::string("t:0"));
    QCOMPARE(rows[0].categories, (std::vector<std::string>{"Schema Contradiction", "C4", "value_absent"}));
    QCOMPARE(*rows[0].risk, 0.82);
    QCOMPARE(rows[1].predError, std::string("no_such_column"));
    QCOMPARE(rows[1].goldSql, std::string("SELECT 1"));
  }

  void unevaluatedCaseHasNoOutcome() {
    auto f = makeFixture(1);
    QVERIFY(!hs::ws::loadOutcome(*f->ws, f->ids[0]).value().has_value());
    auto rows = hs::ws::caseSummaries(*f->ws, f->runId).value();
    QVERIFY(!rows[0].evaluated && !rows[0].exSet.has_value());
    QCOMPARE(hs::ws::evaluatedCount(*f->ws, f->runId).value(), std::int64_t{0});
  }

  void storedRowsAreCapped() {
    auto f = makeFixture(1);
    auto a = makeOutcome(0);
    a.gold.rows.assign(30, {hs::db::Value::integer(1), hs::db::Value::integer(2)});
    QVERIFY(hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &a}}, 10).ok());
    auto o = hs::ws::loadOutcome(*f->ws, f->ids[0]).value();
    QCOMPARE(o->gold.rows.size(), std::size_t{10});
    QVERIFY(o->gold.truncated);
    QVERIFY(!o->pred.truncated);
  }

  void rerunReplacesButKeepsOtherFindings() {
    auto f = makeFixture(1);
    const auto a = makeOutcome(0);
    QVERIFY(hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &a}}).ok());
    // A human finding on the same case (not from an evaluation) must survive a re-run.
    QVERIFY(hs::ws::exec(f->ws->handle(),
                         "INSERT INTO findings(case_id, taxonomy, category, origin, created_at) VALUES(" +
                             std::to_string(f->ids[0]) + ", 'tasql', 'Human', 'human', 'now')",
                         "t")
                .ok());
    const auto b = makeOutcome(1);
    QVERIFY(hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &b}}).ok());
    auto o = hs::ws::loadOutcome(*f->ws, f->ids[0]).value();
    QCOMPARE(o->findings.size(), std::size_t{1});
    QCOMPARE(o->findings[0].category, std::string("Schema Hallucination"));
    QVERIFY(!o->pred.ok);
    QVERIFY(o->pred.rows.empty());
    QVERIFY(!o->diff.has_value());
    QCOMPARE(countRows(*f->ws, "findings"), std::int64_t{2});  // b's one + the human one
    QCOMPARE(countRows(*f->ws, "executions"), std::int64_t{2});
    QCOMPARE(countRows(*f->ws, "case_scores"), std::int64_t{1});
    QVERIFY(hs::ws::clearOutcomes(*f->ws, f->runId).ok());
    QCOMPARE(countRows(*f->ws, "findings"), std::int64_t{1});
    QCOMPARE(countRows(*f->ws, "case_scores"), std::int64_t{0});
  }

  void failingBatchKeepsPreviousResults() {
    auto f = makeFixture(2);
    const auto a = makeOutcome(0);
    QVERIFY(hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &a}}).ok());
    const auto b = makeOutcome(1);
    // The second item names a case that does not exist: the foreign key fails the whole batch.
    auto s = hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &b}, {f->ids[1], &b}, {987654, &b}});
    QVERIFY(!s.ok());
    QVERIFY(s.error().message.find("987654") != std::string::npos);
    auto o = hs::ws::loadOutcome(*f->ws, f->ids[0]).value();
    QCOMPARE(o->findings.size(), std::size_t{3});  // still a's
    QVERIFY(o->pred.ok);
    QVERIFY(!hs::ws::loadOutcome(*f->ws, f->ids[1]).value().has_value());
  }

  void killedWriterLeavesPreviousResults() {
    auto f = makeFixture(50);
    const auto a = makeOutcome(0);
    QVERIFY(hs::ws::saveOutcomes(*f->ws, {{f->ids[0], &a}}).ok());
    const std::string path = f->ws->path();
    const pid_t pid = fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      // Child: a second connection writes a batch and dies after 20 row changes, mid-transaction.
      auto ws = Workspace::open(path);
      if (!ws) _exit(10);
      static int changes = 0;
      sqlite3_update_hook(
          ws->handle(),
          [](void*, int, const char*, const char*, sqlite3_int64) {
            if (++changes == 20) _exit(0);
          },
          nullptr);
      const auto b = makeOutcome(1);
      std::vector<hs::ws::StoredOutcome> batch;
      for (std::int64_t id : f->ids) batch.push_back({id, &b});
      (void)hs::ws::saveOutcomes(*ws, batch);
      _exit(11);  // not reached when the hook fired
    }
    int status = 0;
    QCOMPARE(waitpid(pid, &status, 0), pid);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    f->ws->close();
    auto ws = Workspace::open(path);
    QVERIFY(ws.ok());
    auto o = hs::ws::loadOutcome(*ws, f->ids[0]).value();
    QVERIFY(o.has_value());
    QCOMPARE(o->findings.size(), std::size_t{3});  // a's, not b's
    QCOMPARE(hs::ws::evaluatedCount(*ws, f->runId).value(), std::int64_t{1});
  }

  void realEvaluationOfTheDemoRoundTrips() {
    QTemporaryDir dir;
    auto demo = hs::ws::createDemo(dir.path().toStdString());
    QVERIFY(demo.ok());
    auto ws = Workspace::open(demo->workspacePath).value();
    auto records = ws.cases(demo->runId).value();
    std::vector<hs::Case> cases;
    for (const auto& r : records) cases.push_back(r.kase);
    hs::annotate::RuleAnnotator rules;
    hs::eval::EvalOptions opts;
    opts.dbRoot = demo->dir;
    opts.keepRows = true;
    opts.annotator = &rules;
    const auto outcomes = hs::eval::evaluateCases(cases, opts);
    std::vector<hs::ws::StoredOutcome> batch;
    for (std::size_t i = 0; i < records.size(); ++i) batch.push_back({records[i].id, &outcomes[i]});
    QVERIFY(hs::ws::saveOutcomes(ws, batch).ok());
    int wrong = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      auto o = hs::ws::loadOutcome(ws, records[i].id).value();
      QVERIFY(o.has_value());
      QCOMPARE(o->exSet, outcomes[i].exSet);
      QCOMPARE(o->exBag, outcomes[i].exBag);
      QCOMPARE(o->exOrdered, outcomes[i].exOrdered);
      QCOMPARE(o->softF1.has_value(), outcomes[i].softF1.has_value());
      QCOMPARE(o->findings.size(), outcomes[i].findings.size());
      QVERIFY(o->gold.rows == capped(outcomes[i].gold.rows));
      QVERIFY(o->pred.rows == capped(outcomes[i].pred.rows));  // the cross join has more
      QCOMPARE(o->pred.truncated, outcomes[i].pred.rows.size() > hs::ws::kStoredRowsPerSide);
      if (outcomes[i].exSet == false) ++wrong;
    }
    QVERIFY2(wrong > 0, "the demo has wrong predictions; none scored wrong");
    QCOMPARE(hs::ws::evaluatedCount(ws, demo->runId).value(), static_cast<std::int64_t>(records.size()));
  }

  void tenThousandCases() {
    using Clock = std::chrono::steady_clock;
    auto f = makeFixture(10000);
    const auto a = makeOutcome(0);
    const auto b = makeOutcome(1);
    std::vector<hs::ws::StoredOutcome> batch;
    for (std::size_t i = 0; i < f->ids.size(); ++i) batch.push_back({f->ids[i], i % 3 ? &a : &b});
    auto t0 = Clock::now();
    QVERIFY(hs::ws::saveOutcomes(*f->ws, batch).ok());
    auto t1 = Clock::now();
    auto rows = hs::ws::caseSummaries(*f->ws, f->runId);
    auto t2 = Clock::now();
    QVERIFY(rows.ok());
    QCOMPARE(rows->size(), std::size_t{10000});
    int wrongWithC4 = 0;
    for (const auto& r : *rows)
      if (r.exSet == false && r.categories.size() == 3 && r.categories[1] == "C4") ++wrongWithC4;
    QCOMPARE(wrongWithC4, 6666);  // i % 3 != 0 got outcome a
    const auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
    qInfo("10k cases: save %.0f ms, summary query %.0f ms", ms(t1 - t0), ms(t2 - t1));
    QVERIFY2(ms(t2 - t1) < 3000, "the summary query of 10,000 cases is too slow");
  }
};

QTEST_GUILESS_MAIN(TestResultsStore)
#include "test_results_store.moc"
