#include "engine/eval/report_json.h"

#include <map>
#include <set>

#include "engine/db/value_json.h"
#include "engine/eval/metrics.h"
#include "engine/eval/reliability.h"
#include "engine/eval/spider_hardness.h"

namespace hs::eval {

namespace {

using nlohmann::json;

json optBool(const std::optional<bool>& b) {
  return b ? json(*b) : json(nullptr);
}

json optText(const std::optional<std::string>& s) {
  return s ? json(*s) : json(nullptr);
}

json execErrorJson(const std::string& side, const std::optional<ExecError>& e) {
  if (!e) return nullptr;
  return json{{"side", side}, {"class", toString(e->kind)}, {"message", e->message}};
}

json rowCountsJson(const std::vector<RowCount>& rows) {
  json out = json::array();
  for (const RowCount& rc : rows) out.push_back(json{{"row", db::toJson(rc.row)}, {"count", rc.count}});
  return out;
}

// Running totals of one group (overall or a difficulty).
struct Tally {
  std::size_t cases = 0;
  std::size_t setN = 0, setOk = 0, bagN = 0, bagOk = 0, ordN = 0, ordOk = 0, softN = 0, anyN = 0, anyOk = 0;
  double softSum = 0.0;

  void add(const CaseOutcome& o) {
    ++cases;
    if (o.exSet) {
      ++setN;
      setOk += *o.exSet ? 1 : 0;
    }
    if (o.exBag) {
      ++bagN;
      bagOk += *o.exBag ? 1 : 0;
    }
    if (o.exOrdered) {
      ++ordN;
      ordOk += *o.exOrdered ? 1 : 0;
    }
    if (o.exSetAnyColumnOrder) {
      ++anyN;
      anyOk += *o.exSetAnyColumnOrder ? 1 : 0;
    }
    if (o.softF1) {
      ++softN;
      softSum += *o.softF1;
    }
  }

  static json rate(std::size_t ok, std::size_t n) {
    return json{
        {"correct", ok}, {"scored", n}, {"rate", n ? json(static_cast<double>(ok) / n) : json(nullptr)}};
  }

  json toJson() const {
    json j{{"cases", cases},
           {"ex_set", rate(setOk, setN)},
           {"ex_bag", rate(bagOk, bagN)},
           {"ex_ordered", rate(ordOk, ordN)},
           {"soft_f1", softN ? json(softSum / static_cast<double>(softN)) : json(nullptr)}};
    if (anyN) j["ex_set_any_column_order"] = rate(anyOk, anyN);
    return j;
  }
};

}  // namespace

json errorToJson(const Error& e) {
  return json{{"code", e.code},
              {"message", e.message},
              {"where", e.where},
              {"line", e.line ? json(*e.line) : json(nullptr)},
              {"offset", e.offset ? json(*e.offset) : json(nullptr)},
              {"text", e.describe()}};
}

json findingsToJson(const std::vector<Finding>& findings) {
  json out = json::array();
  for (const Finding& f : findings) {
    json spans = json::array();
    for (const FindingSpan& s : f.spans)
      spans.push_back(json{{"side", s.side}, {"begin", s.begin}, {"end", s.end}});
    out.push_back(json{{"taxonomy", f.taxonomy},
                       {"category", f.category},
                       {"subcategory", f.subcategory},
                       {"message", f.message},
                       {"explanation", f.explanation},
                       {"spans", spans}});
  }
  return out;
}

std::vector<Finding> findingsFromJson(const json& j) {
  std::vector<Finding> out;
  if (!j.is_array()) return out;
  for (const json& f : j) {
    if (!f.is_object()) continue;
    Finding x;
    x.taxonomy = f.value("taxonomy", "");
    x.category = f.value("category", "");
    x.subcategory = f.value("subcategory", "");
    x.message = f.value("message", "");
    x.explanation = f.value("explanation", "");
    if (f.contains("spans") && f["spans"].is_array())
      for (const json& s : f["spans"])
        if (s.is_object() && s.value("begin", -1) >= 0 && s.value("end", -1) >= 0)
          x.spans.push_back(
              {s.value("side", "pred"), s["begin"].get<std::size_t>(), s["end"].get<std::size_t>()});
    out.push_back(std::move(x));
  }
  return out;
}

json timeLimitJson(const std::optional<TimeLimitReached>& reached) {
  if (!reached) return nullptr;
  return json{
      {"limit_ms", reached->limitMs}, {"step", toString(reached->step)}, {"message", reached->message}};
}

json riskToJson(const std::optional<Risk>& risk) {
  return risk ? json{{"score", risk->score}, {"reasons", risk->reasons}} : json(nullptr);
}

json caseToJson(const Case& c, const CaseOutcome& o) {
  json j;
  j["id"] = c.id;
  j["db_id"] = c.dbId;
  j["question"] = c.question;
  j["gold_sql"] = optText(c.goldSql);
  j["pred_sql"] = optText(c.predSql);
  json error = execErrorJson("pred", o.pred.error);
  if (error.is_null()) error = execErrorJson("gold", o.gold.error);
  j["exec"] = json{{"gold_ok", o.gold.ok},
                   {"pred_ok", o.pred.ok},
                   {"error", error},
                   {"gold_error", execErrorJson("gold", o.gold.error)},
                   {"pred_error", execErrorJson("pred", o.pred.error)},
                   {"gold_ms", o.gold.elapsedMs},
                   {"pred_ms", o.pred.elapsedMs},
                   {"truncated", o.gold.truncated || o.pred.truncated}};
  j["ex"] = json{{"set", optBool(o.exSet)}, {"bag", optBool(o.exBag)}, {"ordered", optBool(o.exOrdered)}};
  if (o.exSetAnyColumnOrder) j["ex"]["set_any_column_order"] = *o.exSetAnyColumnOrder;
  j["soft_f1"] = o.softF1 ? json(*o.softF1) : json(nullptr);
  if (o.diff) {
    json d;
    d["gold_columns"] = o.diff->goldColumns;
    d["pred_columns"] = o.diff->predColumns;
    d["column_count_mismatch"] = o.diff->columnCountMismatch;
    d["column_permutation"] = o.diff->columnPermutation ? json(*o.diff->columnPermutation) : json(nullptr);
    d["missing_total"] = o.diff->missingTotal;
    d["extra_total"] = o.diff->extraTotal;
    d["missing"] = rowCountsJson(o.diff->missing);
    d["extra"] = rowCountsJson(o.diff->extra);
    j["diff"] = d;
  } else {
    j["diff"] = nullptr;
  }
  j["findings"] = findingsToJson(o.findings);
  j["risk"] = riskToJson(o.risk);
  j["time_limit"] = timeLimitJson(o.timeLimit);
  const CaseDifficulty difficulty = caseDifficulty(c);
  j["difficulty"] = difficulty.level;
  if (difficulty.derived) j["difficulty_source"] = "spider_hardness";
  j["model"] = c.model;
  json labels = json::array();
  for (const HumanLabel& l : c.labels) {
    labels.push_back(json{{"taxonomy", l.taxonomy},
                          {"category", l.category},
                          {"subcategory", l.subcategory},
                          {"annotator", l.annotator},
                          {"note", l.note}});
  }
  j["labels"] = labels;
  // A run generated with abstention keeps its fields (as `generate --abstain` wrote them), so that
  // this output read again scores RS(c) the same way.
  if (!c.infeasibleType.empty()) j["infeasible_type"] = c.infeasibleType;
  if (c.abstention) {
    const Abstention& a = *c.abstention;
    j["abstained"] = a.abstained;
    j["abstain_reason"] = a.abstained ? json(a.reason) : json(nullptr);
    json checks = json::array();
    for (const auto& [name, threshold] : a.thresholds)
      checks.push_back(json{{"check", name}, {"ran", true}, {"threshold", threshold}});
    j["abstain"] = json{{"stage", a.stage}, {"checks", checks}};
  }
  return j;
}

// What RunSummary::add() accumulates: counters, tallies and the per-case scores the metrics need.
struct RunSummary::State {
  std::size_t n = 0;
  std::size_t withGold = 0, withPred = 0, goldOk = 0, predOk = 0, goldFailed = 0, predFailed = 0, noDb = 0;
  std::size_t timeLimited = 0;
  Tally overall;
  std::map<std::string, Tally> byDifficulty;
  std::map<std::string, std::map<std::string, std::size_t>> errors;  // side -> class -> count
  std::map<std::string, std::size_t> findingsPerCategory;
  std::vector<double> riskScores;
  std::vector<bool> riskWrong;
  std::vector<bool> riskExecutes;  // the prediction ran: where a reviewer needs the score most
  bool anyLabels = false, anyMrsqlgenFinding = false;
  std::vector<std::set<std::string>> predTypes, humanTypes;
  std::vector<std::optional<bool>> exSet;
};

RunSummary::RunSummary() : state_(std::make_unique<State>()) {}
RunSummary::~RunSummary() = default;
RunSummary::RunSummary(RunSummary&&) noexcept = default;
RunSummary& RunSummary::operator=(RunSummary&&) noexcept = default;

void RunSummary::add(const Case& c, const CaseOutcome& o) {
  State& st = *state_;
  ++st.n;
  st.exSet.push_back(o.exSet);
  st.withGold += c.goldSql ? 1 : 0;
  st.withPred += c.predSql ? 1 : 0;
  st.goldOk += o.gold.ok ? 1 : 0;
  st.predOk += o.pred.ok ? 1 : 0;
  if (o.gold.error && o.gold.error->kind == ExecErrorClass::NoDatabase) ++st.noDb;
  st.timeLimited += o.timeLimit ? 1 : 0;
  if (o.gold.error) {
    st.goldFailed += o.gold.error->kind != ExecErrorClass::NoDatabase ? 1 : 0;
    ++st.errors["gold"][toString(o.gold.error->kind)];
  }
  if (o.pred.error) {
    st.predFailed += o.pred.error->kind != ExecErrorClass::NoDatabase ? 1 : 0;
    ++st.errors["pred"][toString(o.pred.error->kind)];
  }
  st.overall.add(o);
  const std::string difficulty = caseDifficulty(c).level;
  st.byDifficulty[difficulty.empty() ? "unknown" : difficulty].add(o);
  std::set<std::string> pt, ht;
  for (const Finding& f : o.findings) {
    ++st.findingsPerCategory[f.taxonomy + ":" + f.category];
    if (f.taxonomy == "mrsqlgen") {
      pt.insert(f.category);
      st.anyMrsqlgenFinding = true;
    }
  }
  for (const HumanLabel& l : c.labels) {
    if (l.taxonomy == "mrsqlgen") {
      ht.insert(l.category);
      st.anyLabels = true;
    }
  }
  st.predTypes.push_back(std::move(pt));
  st.humanTypes.push_back(std::move(ht));
  if (o.risk && o.exSet) {
    st.riskScores.push_back(o.risk->score);
    st.riskWrong.push_back(!*o.exSet);
    st.riskExecutes.push_back(o.pred.ok);
  }
}

json RunSummary::finish(const std::vector<Case>& cases, const SummaryContext& context) const {
  const State& st = *state_;
  json s;
  s["counts"] = json{{"cases", st.n},
                     {"with_gold", st.withGold},
                     {"with_pred", st.withPred},
                     {"gold_ok", st.goldOk},
                     {"pred_ok", st.predOk},
                     {"gold_failed", st.goldFailed},
                     {"pred_failed", st.predFailed},
                     {"no_database", st.noDb},
                     {"time_limited", st.timeLimited},
                     {"scored", st.overall.setN}};
  json ov = st.overall.toJson();
  s["ex"] = json{{"set", ov["ex_set"]}, {"bag", ov["ex_bag"]}, {"ordered", ov["ex_ordered"]}};
  if (ov.contains("ex_set_any_column_order")) s["ex"]["set_any_column_order"] = ov["ex_set_any_column_order"];
  s["soft_f1"] = ov["soft_f1"];
  json byDiff = json::object();
  for (const auto& [k, t] : st.byDifficulty) byDiff[k] = t.toJson();
  s["by_difficulty"] = byDiff;
  json errs = json::object();
  for (const auto& [side, m] : st.errors) errs[side] = m;
  s["exec_errors"] = errs;
  s["findings_per_category"] = st.findingsPerCategory.empty() ? json::object() : json(st.findingsPerCategory);
  if (!st.riskScores.empty()) {
    auto auc = auroc(st.riskScores, st.riskWrong);
    auto ap = averagePrecision(st.riskScores, st.riskWrong);
    std::vector<bool> correct;
    for (bool w : st.riskWrong) correct.push_back(!w);
    json rs = json::object();
    auto N = static_cast<double>(st.riskScores.size());
    for (double threshold : {0.5}) {
      auto items = abstainAtThreshold(st.riskScores, correct, threshold);
      rs["threshold"] = threshold;
      rs["rs_0"] = reliabilityScore(items, 0);
      rs["rs_10"] = reliabilityScore(items, 10);
      rs["rs_N"] = reliabilityScore(items, N);
    }
    BinaryScores b = scoreAtThreshold(st.riskScores, st.riskWrong, 0.5);
    // The same on the predictions that execute: an execution error is already visible.
    std::vector<double> execScores;
    std::vector<bool> execWrong;
    for (std::size_t i = 0; i < st.riskScores.size(); ++i)
      if (st.riskExecutes[i]) {
        execScores.push_back(st.riskScores[i]);
        execWrong.push_back(st.riskWrong[i]);
      }
    auto execAuc = auroc(execScores, execWrong);
    auto execAp = averagePrecision(execScores, execWrong);
    auto cal = calibration(st.riskScores, st.riskWrong, 10);
    auto execCal = calibration(execScores, execWrong, 10);
    json bins = json::array();
    if (cal)
      for (const CalibrationBin& bin : cal->bins)
        bins.push_back({{"low", bin.low},
                        {"high", bin.high},
                        {"cases", bin.cases},
                        {"mean_score", bin.meanScore},
                        {"wrong_rate", bin.positiveRate}});
    s["risk"] = json{{"cases", st.riskScores.size()},
                     {"auroc_vs_ex_wrong", auc ? json(*auc) : json(nullptr)},
                     {"auprc_vs_ex_wrong", ap ? json(*ap) : json(nullptr)},
                     {"executable", json{{"cases", execScores.size()},
                                         {"auroc_vs_ex_wrong", execAuc ? json(*execAuc) : json(nullptr)},
                                         {"auprc_vs_ex_wrong", execAp ? json(*execAp) : json(nullptr)},
                                         {"ece_10", execCal ? json(execCal->ece) : json(nullptr)}}},
                     {"calibration", json{{"ece_10", cal ? json(cal->ece) : json(nullptr)}, {"bins", bins}}},
                     {"at_0_5", json{{"precision", b.precision},
                                     {"recall", b.recall},
                                     {"f1", b.f1},
                                     {"tp", b.confusion.tp},
                                     {"fp", b.confusion.fp},
                                     {"tn", b.confusion.tn},
                                     {"fn", b.confusion.fn}}},
                     {"reliability", rs}};
  } else {
    s["risk"] = nullptr;
  }
  // RS(c) when the run was generated with abstention (null otherwise).
  s["reliability"] = reliabilityOfCases(cases, st.exSet);
  if (st.anyLabels && st.anyMrsqlgenFinding) {
    std::vector<std::string> types;
    for (int k = 1; k <= 10; ++k) types.push_back("C" + std::to_string(k));
    LabelAgreement a = labelAgreement(st.predTypes, st.humanTypes, types);
    json per = json::object();
    for (const auto& t : a.perType)
      per[t.type] = json{{"tp", t.tp},         {"fp", t.fp}, {"fn", t.fn}, {"precision", t.precision},
                         {"recall", t.recall}, {"f1", t.f1}};
    s["label_agreement"] = json{{"per_type", per},
                                {"micro_precision", a.microPrecision},
                                {"micro_recall", a.microRecall},
                                {"micro_f1", a.microF1}};
  } else {
    s["label_agreement"] = nullptr;
  }
  json warnings = json::array();
  for (std::size_t k = 0; k < context.importWarnings.size() && k < 200; ++k)
    warnings.push_back(errorToJson(context.importWarnings[k]));
  json importErrors = json::array();
  for (std::size_t k = 0; k < context.importErrors.size() && k < 200; ++k)
    importErrors.push_back(errorToJson(context.importErrors[k]));
  s["import"] = json{
      {"format", context.format},
      {"warning_count",
       context.importWarnings.size() - (context.omittedWarnings ? 1 : 0) + context.omittedWarnings},
      {"error_count", context.importErrors.size() - (context.omittedErrors ? 1 : 0) + context.omittedErrors},
      {"warnings", warnings},
      {"errors", importErrors}};
  s["elapsed_ms"] = context.elapsedMs;
  s["jobs"] = context.jobs;
  return s;
}

json summarize(const std::vector<Case>& cases, const std::vector<CaseOutcome>& outcomes,
               const SummaryContext& context) {
  RunSummary summary;
  const std::size_t n = std::min(cases.size(), outcomes.size());
  for (std::size_t i = 0; i < n; ++i) summary.add(cases[i], outcomes[i]);
  return summary.finish(cases, context);
}

}  // namespace hs::eval
