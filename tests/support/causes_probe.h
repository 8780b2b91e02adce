#pragma once
// For the C-type cause tests: a scripted repair probe (the closeness each repaired SQL reaches,
// the ones that fail to run, what was asked) and the C1..C10 findings of one prediction/gold pair.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/annotate/annotate.h"

namespace hs::test {

struct Probe {
  std::map<std::string, double> scores;  // repaired SQL -> closeness; others: the baseline
  std::set<std::string> fails;           // repaired SQL that does not run
  std::vector<std::string> asked;
  annotate::CauseProbe probe;
  explicit Probe(double baseline) {
    probe.baseline = baseline;
    probe.closeness = [this](const std::string& sql) -> std::optional<double> {
      asked.push_back(sql);
      if (fails.count(sql)) return std::nullopt;
      auto it = scores.find(sql);
      return it == scores.end() ? probe.baseline : it->second;
    };
  }
  Probe(const Probe&) = delete;  // the closeness callback holds `this`
  Probe& operator=(const Probe&) = delete;
  bool wasAsked(const std::string& sql) const {
    return std::find(asked.begin(), asked.end(), sql) != asked.end();
  }
};

// The MRSQLGen (C1..C10) findings annotateCase's rules give the pair (the learned labels on top of
// them are tst_annotate_learned_types' subject: these tests are about the rules).
inline std::vector<Finding> ctypeFindings(const db::Schema& schema, const std::string& pred,
                                          const std::string& gold, const std::string& question,
                                          const annotate::CauseProbe* probe,
                                          annotate::ValueLookup lookup = {}) {
  annotate::CaseInput in;
  in.predSql = pred;
  in.goldSql = gold;
  in.question = question;
  in.schema = &schema;
  in.probe = probe;
  in.lookup = std::move(lookup);
  in.typeModel = nullptr;
  std::vector<Finding> out;
  for (Finding& f : annotate::annotateCase(in).findings)
    if (f.taxonomy == "mrsqlgen") out.push_back(std::move(f));
  return out;
}

}  // namespace hs::test
