#pragma once
// For tests of the result probe: a small SQLite database made from SQL in a folder, and one
// prediction evaluated against its gold there with the rule annotator (EX, findings, causes).
#include <sqlite3.h>

#include <string>

#include "engine/annotate/eval_annotator.h"
#include "engine/annotate/risk.h"
#include "engine/eval/runner.h"

namespace hs::test {

// Writes `dir`/d.sqlite from `setup`; false when SQLite refused it.
inline bool makeDatabase(const std::string& dir, const char* setup) {
  sqlite3* db = nullptr;
  const bool made = sqlite3_open((dir + "/d.sqlite").c_str(), &db) == SQLITE_OK &&
                    sqlite3_exec(db, setup, nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(db);
  return made;
}

// The outcome of `pred` against `gold` on database "d" under `dir` for `question` (empty when
// nothing was evaluated).
inline eval::CaseOutcome evaluateWithRules(const std::string& dir, const std::string& gold,
                                           const std::string& pred, const std::string& question = {}) {
  Case c;
  c.id = "case";
  c.dbId = "d";
  c.question = question;
  c.goldSql = gold;
  c.predSql = pred;
  annotate::RuleAnnotator rules;
  eval::EvalOptions opts;
  opts.dbRoot = dir;
  opts.annotator = &rules;
  const auto outcomes = eval::evaluateCases({c}, opts);
  return outcomes.size() == 1 ? outcomes[0] : eval::CaseOutcome{};
}

// The shipped risk model's weight of `feature`; -1 for no feature of that name.
inline double riskWeight(const std::string& feature) {
  const auto i = annotate::riskFeatureIndex(feature);
  return i ? annotate::defaultRiskModel().weights.at(*i) : -1.0;
}

}  // namespace hs::test
