// RS(c) of a run generated with abstention (seed 004) outside `generate`: the JSONL importer reads
// the abstention fields and the infeasible marker (warning on a wrong type, with the line), and
// eval::summarize adds the `reliability` block, scored by hand here for c = 0, 10 and N; the block
// is null for a run without abstention; evaluate's output read again scores the same.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/eval/reliability.h"
#include "engine/eval/report_json.h"
#include "engine/workspace/import/import.h"

using hs::Abstention;
using hs::Case;
using hs::eval::CaseOutcome;
using nlohmann::json;

namespace {

hs::ws::import::ImportReport importText(const QTemporaryDir& dir, const char* name, const std::string& text) {
  const std::string path = dir.filePath(name).toStdString();
  std::ofstream(path, std::ios::binary) << text;
  hs::ws::import::ImportOptions o;
  o.casesPath = path;
  return hs::ws::import::importCases(o);
}

const hs::Error* warningOnLine(const std::vector<hs::Error>& warnings, std::size_t line,
                               const std::string& word) {
  for (const auto& w : warnings)
    if (w.line && *w.line == line && w.message.find(word) != std::string::npos) return &w;
  return nullptr;
}

Case feasible(const char* id, bool abstained) {
  Case c;
  c.id = id;
  c.goldSql = "SELECT 1";
  c.predSql = "SELECT 1";
  c.abstention =
      Abstention{abstained, abstained ? "risky" : "", "", {{"schema_linking", 0.5}, {"risk", 0.6}}};
  return c;
}

Case infeasible(const char* id, bool abstained) {
  Case c;
  c.id = id;
  c.infeasibleType = "column-surface";
  c.predSql = "SELECT 1";
  c.abstention = Abstention{
      abstained, abstained ? "no such column" : "", "before_generation", {{"schema_linking", 0.5}}};
  return c;
}

CaseOutcome withEx(std::optional<bool> ex) {
  CaseOutcome o;
  o.exSet = ex;
  return o;
}

}  // namespace

class TestReliability : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void importerReadsAbstentionAndInfeasibleMarker() {
    const std::string text =
        // 1: answered, the checks that ran with their thresholds (one did not run: no threshold)
        R"({"id": "a", "db_id": "zoo", "question": "q", "gold_sql": "SELECT 1", "pred_sql": "SELECT 1", )"
        R"("abstained": false, "abstain_reason": null, "abstain": {"stage": "after_generation", "checks": [)"
        R"({"check": "schema_linking", "stage": "before_generation", "ran": true, "abstained": false, "score": 0.1, "threshold": 0.5},)"
        R"({"check": "risk", "ran": true, "threshold": 0.6}, {"check": "llm_verifier", "ran": false, "threshold": 0.7}]}})"
        "\n"
        // 2: abstained on an infeasible question written by generate
        R"({"id": "b", "db_id": "zoo", "question": "q", "gold_sql": null, "pred_sql": null, "infeasible_type": "non-sql", )"
        R"("abstained": true, "abstain_reason": "asks for a prediction", "abstain": {"stage": "before_generation", "checks": []}})"
        "\n"
        // 3: the infeasible fixture's own field, no gold; no abstention record
        R"({"id": "c", "db_id": "zoo", "question": "q", "type": "ext-know", "reason": "world knowledge"})"
        "\n"
        // 4: wrong types everywhere: warnings, the record is kept without them
        R"({"id": "d", "db_id": "zoo", "question": "q", "gold_sql": "SELECT 1", "infeasible_type": 3, "abstained": "yes"})"
        "\n"
        // 5: a wrong reason type and a bad check: the record stays, the good parts are read
        R"({"id": "e", "db_id": "zoo", "question": "q", "gold_sql": "SELECT 1", "abstained": true, "abstain_reason": 7, )"
        R"("abstain": {"checks": [{"check": "risk", "threshold": "high"}, 5, {"check": "schema_linking", "threshold": 0.4}]}})"
        "\n"
        // 6: "type" beside a gold query is not a marker; "feasible" never is
        R"({"id": "f", "db_id": "zoo", "question": "q", "gold_sql": "SELECT 1", "type": "column-surface"})"
        "\n"
        R"({"id": "g", "db_id": "zoo", "question": "q", "infeasible_type": "feasible", "abstain": []})"
        "\n";
    auto r = importText(dir_, "abstain.jsonl", text);
    QVERIFY(r.errors.empty());
    QCOMPARE(r.cases.size(), std::size_t(7));
    const auto& a = r.cases[0];
    QVERIFY(a.abstention);
    QVERIFY(!a.abstention->abstained);
    QCOMPARE(a.abstention->stage, std::string("after_generation"));
    QCOMPARE(a.abstention->thresholds.size(), std::size_t(2));  // llm_verifier did not run
    QCOMPARE(a.abstention->thresholds.at("schema_linking"), 0.5);
    QCOMPARE(a.abstention->thresholds.at("risk"), 0.6);
    QVERIFY(a.infeasibleType.empty());
    const auto& b = r.cases[1];
    QVERIFY(b.abstention && b.abstention->abstained);
    QCOMPARE(b.abstention->reason, std::string("asks for a prediction"));
    QCOMPARE(b.infeasibleType, std::string("non-sql"));
    QVERIFY(!warningOnLine(r.warnings, 2, "no SQL"));  // an abstention is no failed generation
    QCOMPARE(r.cases[2].infeasibleType, std::string("ext-know"));
    QVERIFY(!r.cases[2].abstention);
    const auto& d = r.cases[3];
    QVERIFY(!d.abstention);
    QVERIFY(d.infeasibleType.empty());
    QVERIFY(warningOnLine(r.warnings, 4, "\"infeasible_type\" is a JSON number"));
    QVERIFY(warningOnLine(r.warnings, 4, "\"abstained\" is a JSON string, not a boolean"));
    const auto& e = r.cases[4];
    QVERIFY(e.abstention && e.abstention->abstained);
    QVERIFY(e.abstention->reason.empty());
    QCOMPARE(e.abstention->thresholds.size(), std::size_t(1));
    QCOMPARE(e.abstention->thresholds.at("schema_linking"), 0.4);
    QVERIFY(warningOnLine(r.warnings, 5, "\"abstain_reason\" is a JSON number"));
    QVERIFY(warningOnLine(r.warnings, 5, "abstain.checks[0].threshold\" is a JSON string"));
    QVERIFY(warningOnLine(r.warnings, 5, "abstain.checks[1]\" is a JSON number"));
    const hs::Error* w = warningOnLine(r.warnings, 5, "abstain_reason");
    QVERIFY(w && w->where.find("abstain.jsonl") != std::string::npos);
    QCOMPARE(w->code, std::string("field_type"));
    QVERIFY(r.cases[5].infeasibleType.empty());
    QVERIFY(r.cases[6].infeasibleType.empty());
    QVERIFY(!r.cases[6].abstention);  // no "abstained": abstention was off
  }

  void summaryScoresByHand() {
    // 2 correct answers, 1 wrong, 1 abstained feasible, 1 abstained infeasible, 1 answered
    // infeasible; and one case neither with gold nor marked infeasible (unscored).
    std::vector<Case> cases{feasible("ok1", false),      feasible("ok2", false),
                            feasible("wrong", false),    feasible("held", true),
                            infeasible("inf-abs", true), infeasible("inf-ans", false)};
    Case loose;
    loose.id = "loose";
    loose.abstention = Abstention{false, "", "", {}};
    cases.push_back(loose);
    std::vector<CaseOutcome> outcomes{withEx(true), withEx(true),         withEx(false),       withEx(true),
                                      withEx({}),   withEx(std::nullopt), withEx(std::nullopt)};
    const json s = hs::eval::summarize(cases, outcomes, {});
    const json& r = s["reliability"];
    QVERIFY(r.is_object());
    // per question: +1 +1 -c 0 +1 -c over N = 6 scored questions
    QCOMPARE(r["questions"].get<int>(), 6);
    QCOMPARE(r["answered"].get<int>(), 4);
    QCOMPARE(r["abstained"].get<int>(), 2);
    QCOMPARE(r["correct_answers"].get<int>(), 2);
    QCOMPARE(r["feasible"].get<int>(), 4);
    QCOMPARE(r["infeasible"].get<int>(), 2);
    QCOMPARE(r["unscored"].get<int>(), 1);
    QCOMPARE(r["rs"]["rs_0"].get<double>(), 3.0 / 6.0);
    QCOMPARE(r["rs"]["rs_10"].get<double>(), (3.0 - 2 * 10.0) / 6.0);
    QCOMPARE(r["rs"]["rs_N"].get<double>(), (3.0 - 2 * 6.0) / 6.0);
    QCOMPARE(r["penalties"]["c_0"].get<double>(), 0.0);
    QCOMPARE(r["penalties"]["c_10"].get<double>(), 10.0);
    QCOMPARE(r["penalties"]["c_N"].get<double>(), 6.0);
    QCOMPARE(r["thresholds"], (json{{"infeasible", 0.5}, {"risk", 0.6}}));

    // Thresholds that differ between cases are listed; a run without abstention has no block.
    cases[0].abstention->thresholds["risk"] = 0.7;
    QCOMPARE(hs::eval::summarize(cases, outcomes, {})["reliability"]["thresholds"]["risk"], (json{0.6, 0.7}));
    for (Case& c : cases) c.abstention.reset();
    QVERIFY(hs::eval::summarize(cases, outcomes, {})["reliability"].is_null());
  }

  void evaluateOutputReadAgainScoresTheSame() {
    std::vector<Case> cases{feasible("ok", false), feasible("held", true), infeasible("inf", true)};
    std::vector<CaseOutcome> outcomes{withEx(true), withEx(true), withEx({})};
    std::string text;
    for (std::size_t i = 0; i < cases.size(); ++i)
      text += hs::eval::caseToJson(cases[i], outcomes[i]).dump() + "\n";
    auto r = importText(dir_, "evaluated.jsonl", text);
    QCOMPARE(r.cases.size(), std::size_t(3));
    for (std::size_t i = 0; i < cases.size(); ++i) {
      QVERIFY(r.cases[i].abstention);
      QCOMPARE(r.cases[i].abstention->abstained, cases[i].abstention->abstained);
      QCOMPARE(r.cases[i].abstention->reason, cases[i].abstention->reason);
      QCOMPARE(r.cases[i].abstention->stage, cases[i].abstention->stage);
      QVERIFY(r.cases[i].abstention->thresholds == cases[i].abstention->thresholds);
      QCOMPARE(r.cases[i].infeasibleType, cases[i].infeasibleType);
    }
    QCOMPARE(hs::eval::summarize(r.cases, outcomes, {})["reliability"],
             hs::eval::summarize(cases, outcomes, {})["reliability"]);
  }

  void thresholdKeysMatchTheGenerateSummary() {
    QCOMPARE(hs::eval::thresholdKey("schema_linking"), std::string("infeasible"));
    QCOMPARE(hs::eval::thresholdKey("llm_classifier"), std::string("classifier"));
    QCOMPARE(hs::eval::thresholdKey("llm_verifier"), std::string("verifier"));
    QCOMPARE(hs::eval::thresholdKey("risk"), std::string("risk"));
  }
};

QTEST_GUILESS_MAIN(TestReliability)
#include "test_reliability.moc"
