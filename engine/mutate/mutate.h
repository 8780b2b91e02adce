#pragma once
// The mutation workflow (seed 003 Appendix D.2 and its execution filter): for each case with gold
// SQL, find rule candidates on the gold's AST, apply them in a seeded order, execute each mutant
// read-only and keep it only when its result differs from the gold's. Per-query and per-rule caps
// bound the output. The same cases, options and seed give the same mutants.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/case.h"
#include "engine/mutate/rules.h"

namespace hs::mutate {

struct MutateOptions {
  std::string dbRoot;
  std::uint64_t seed = 1;
  std::size_t perQuery = 4;  // mutants kept per gold query (all rules)
  std::size_t perRule = 1;   // mutants kept per gold query and rule
  std::vector<Rule> rules = allRules();
  // Per executed statement (gold and mutants): a work limit in SQLite VM instructions, which stops
  // the same statement at the same point on every run (so the output depends on the seed only),
  // and a wall-clock limit as the last resort.
  std::int64_t maxSteps = 100'000'000;
  int timeoutMs = 60000;
  std::function<void(std::size_t done, std::size_t total)> progress;
  const std::atomic<bool>* cancel = nullptr;
};

// One kept mutant: a case in the `evaluate` input shape whose predicted SQL is the mutant.
struct Mutant {
  Case item;             // id "<source id>/<rule>/<n>", gold_sql = the gold, pred_sql = the mutant
  std::string sourceId;  // id of the case it was made from
  Candidate candidate;   // the edit, with its span in the gold
  sql::Span span;        // the replacement's span in pred_sql
  ExpectedLabels expected;
};

// What happened to the candidates of one rule. tried = kept + sameResult + failed; the execution
// filter removes sameResult (and failed: mutants that do not run).
struct RuleCounts {
  std::size_t candidates = 0;  // found on the gold ASTs
  std::size_t tried = 0;       // executed (the caps stop trying once reached)
  std::size_t kept = 0;
  std::size_t sameResult = 0;
  std::size_t failed = 0;
};

struct MutateReport {
  std::vector<Mutant> mutants;
  std::array<RuleCounts, kRuleCount> perRule{};  // indexed by Rule
  std::size_t cases = 0;
  std::size_t noGold = 0;
  std::size_t noDatabase = 0;
  std::size_t goldParseFailed = 0;
  std::size_t goldExecFailed = 0;
  std::size_t casesWithMutant = 0;
  bool cancelled = false;
};

MutateReport mutateCases(const std::vector<Case>& cases, const MutateOptions& options);

// One output line: id, db_id, question, gold_sql, pred_sql, difficulty, model, source,
// mutation {rule, span {begin, end}, gold_span, original, replacement, clause, detail, source_id},
// expected {tasql, ctype}.
nlohmann::json mutantToJson(const Mutant& m);
// counts per rule and the share the execution filter removed.
nlohmann::json reportToJson(const MutateReport& report, const MutateOptions& options);

}  // namespace hs::mutate
