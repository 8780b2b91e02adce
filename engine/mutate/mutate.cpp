#include "engine/mutate/mutate.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/db/database.h"
#include "engine/eval/result_compare.h"
#include "engine/eval/runner.h"
#include "engine/eval/spider_hardness.h"
#include "engine/sql/parser.h"

namespace hs::mutate {
namespace {

// FNV-1a of the case id, mixed with the seed: each case draws from its own stream, so the output
// of one case does not depend on the cases before it.
std::uint64_t caseSeed(std::uint64_t seed, const std::string& id) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char ch : id) h = (h ^ ch) * 1099511628211ULL;
  return h ^ (seed * 0x9e3779b97f4a7c15ULL);
}

class Connections {
 public:
  explicit Connections(std::string root) : root_(std::move(root)) {}
  db::Database* get(const std::string& dbId) {
    auto it = open_.find(dbId);
    if (it != open_.end()) return it->second.get();
    std::unique_ptr<db::Database> d;
    if (auto path = eval::resolveDatabase(root_, dbId)) {
      auto opened = db::Database::openReadOnly(*path);
      if (opened) d = std::move(opened.value());
    }
    db::Database* raw = d.get();
    open_[dbId] = std::move(d);
    return raw;
  }
  const db::Schema* schema(const std::string& dbId) {
    auto it = schemas_.find(dbId);
    if (it != schemas_.end()) return it->second.get();
    db::Database* d = get(dbId);
    std::unique_ptr<db::Schema> s;
    if (d) {
      auto r = d->schema();
      if (r) s = std::make_unique<db::Schema>(std::move(r.value()));
    }
    const db::Schema* raw = s.get();
    schemas_[dbId] = std::move(s);
    return raw;
  }

 private:
  std::string root_;
  std::map<std::string, std::unique_ptr<db::Database>> open_;
  std::map<std::string, std::unique_ptr<db::Schema>> schemas_;
};

void mutateOne(const Case& c, const MutateOptions& o, Connections& conns, MutateReport& report) {
  if (!c.goldSql || c.goldSql->empty()) {
    ++report.noGold;
    return;
  }
  db::Database* d = conns.get(c.dbId);
  const db::Schema* schema = d ? conns.schema(c.dbId) : nullptr;
  if (!d || !schema) {
    ++report.noDatabase;
    return;
  }
  const std::string& gold = *c.goldSql;
  auto parsed = sql::parseSelect(gold);
  if (!parsed) {
    ++report.goldParseFailed;
    return;
  }
  db::Limits limits;
  limits.timeoutMs = o.timeoutMs;
  limits.maxSteps = o.maxSteps;
  auto goldRun = d->query(gold, limits);
  if (!goldRun || goldRun->truncated) {
    ++report.goldExecFailed;
    return;
  }
  Rng rng(caseSeed(o.seed, c.id));
  std::vector<Candidate> cands = findCandidates(gold, **parsed, *schema, d, o.rules, rng);
  for (const Candidate& cand : cands) ++report.perRule[static_cast<std::size_t>(cand.rule)].candidates;
  for (std::size_t i = cands.size(); i > 1; --i) std::swap(cands[i - 1], cands[rng.below(i)]);

  std::array<std::size_t, kRuleCount> keptPerRule{};
  std::size_t kept = 0;
  std::set<std::string> seen;
  for (const Candidate& cand : cands) {
    if (kept >= o.perQuery) break;
    auto r = static_cast<std::size_t>(cand.rule);
    if (keptPerRule[r] >= o.perRule) continue;
    Applied a = applyCandidate(gold, cand);
    if (!seen.insert(a.sql).second) continue;
    RuleCounts& counts = report.perRule[r];
    ++counts.tried;
    auto run = d->query(a.sql, limits);
    if (!run || run->truncated) {
      ++counts.failed;
      continue;
    }
    if (run->columns.size() == goldRun->columns.size() && eval::setEqual(goldRun->rows, run->rows)) {
      ++counts.sameResult;
      continue;
    }
    ++counts.kept;
    ++keptPerRule[r];
    ++kept;
    Mutant m;
    m.item = c;
    m.item.id = c.id + "/" + toString(cand.rule) + "/" + std::to_string(keptPerRule[r]);
    m.item.predSql = a.sql;
    m.item.model = "mutation:seed=" + std::to_string(o.seed);
    m.item.labels.clear();
    if (m.item.difficulty.empty())
      if (auto h = eval::spiderHardness(gold)) m.item.difficulty = *h;
    m.sourceId = c.id;
    m.candidate = cand;
    m.span = a.span;
    m.expected = expectedLabels(cand);
    report.mutants.push_back(std::move(m));
  }
  if (kept > 0) ++report.casesWithMutant;
}

}  // namespace

MutateReport mutateCases(const std::vector<Case>& cases, const MutateOptions& options) {
  MutateReport report;
  Connections conns(options.dbRoot);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (options.cancel && options.cancel->load()) {
      report.cancelled = true;
      break;
    }
    ++report.cases;
    mutateOne(cases[i], options, conns, report);
    if (options.progress) options.progress(i + 1, cases.size());
  }
  return report;
}

nlohmann::json mutantToJson(const Mutant& m) {
  nlohmann::json j;
  j["id"] = m.item.id;
  j["db_id"] = m.item.dbId;
  j["question"] = m.item.question;
  if (!m.item.evidence.empty()) j["evidence"] = m.item.evidence;
  j["gold_sql"] = m.item.goldSql.value_or("");
  j["pred_sql"] = m.item.predSql.value_or("");
  j["difficulty"] = m.item.difficulty;
  j["model"] = m.item.model;
  j["mutation"] = {{"rule", toString(m.candidate.rule)},
                   {"span", {{"begin", m.span.begin}, {"end", m.span.end}}},
                   {"gold_span", {{"begin", m.candidate.span.begin}, {"end", m.candidate.span.end}}},
                   {"original", m.candidate.original},
                   {"replacement", m.candidate.replacement},
                   {"clause", m.candidate.clause},
                   {"detail", m.candidate.detail},
                   {"source_id", m.sourceId}};
  j["expected"] = {{"tasql", m.expected.tasql}, {"ctype", m.expected.ctype}};
  return j;
}

nlohmann::json reportToJson(const MutateReport& report, const MutateOptions& options) {
  nlohmann::json rules = nlohmann::json::array();
  RuleCounts total;
  for (Rule r : knownRules()) {
    if (std::find(options.rules.begin(), options.rules.end(), r) == options.rules.end()) continue;
    const RuleCounts& c = report.perRule[static_cast<std::size_t>(r)];
    total.candidates += c.candidates;
    total.tried += c.tried;
    total.kept += c.kept;
    total.sameResult += c.sameResult;
    total.failed += c.failed;
    double removed =
        c.tried ? static_cast<double>(c.sameResult + c.failed) / static_cast<double>(c.tried) : 0.0;
    rules.push_back({{"rule", toString(r)},
                     {"candidates", c.candidates},
                     {"tried", c.tried},
                     {"kept", c.kept},
                     {"same_result", c.sameResult},
                     {"failed", c.failed},
                     {"filter_removed_share", removed}});
  }
  double removed =
      total.tried ? static_cast<double>(total.sameResult + total.failed) / static_cast<double>(total.tried)
                  : 0.0;
  return {{"cases", report.cases},
          {"mutants", report.mutants.size()},
          {"cases_with_mutant", report.casesWithMutant},
          {"skipped",
           {{"no_gold", report.noGold},
            {"no_database", report.noDatabase},
            {"gold_parse_failed", report.goldParseFailed},
            {"gold_exec_failed", report.goldExecFailed}}},
          {"seed", options.seed},
          {"per_query", options.perQuery},
          {"per_rule", options.perRule},
          {"max_steps", options.maxSteps},
          {"timeout_ms", options.timeoutMs},
          {"rules", rules},
          {"tried", total.tried},
          {"same_result", total.sameResult},
          {"failed", total.failed},
          {"filter_removed_share", removed},
          {"cancelled", report.cancelled}};
}

}  // namespace hs::mutate
