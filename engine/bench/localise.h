#pragma once
// Localisation on the mutation set (issue 14, seed 003): for each mutant a detector flagged (it has
// a finding with a span in the predicted SQL), does its top finding point at the mutation? Two
// answers: the finding's span overlaps the mutated span, and the finding's plan node (the one its
// span belongs to, engine/sql/plan_locate.h) is the mutated span's plan node.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/finding.h"

namespace hs::db {
struct Schema;
}

namespace hs::bench {

// Which findings count: every finding (with gold: the TA-SQL and C-type rules too), or only the
// gold-free checks (taxonomy "goldfree"), the findings the risk score stands on.
enum class FindingSource { All, GoldFree };
const char* toString(FindingSource source);

// The top finding among `findings` of `source` with a span on the predicted side: the highest
// confidence, the first in the list on a tie. nullopt when there is none (the mutant is missed).
std::optional<std::size_t> topFinding(const std::vector<Finding>& findings, FindingSource source);

struct LocaliseOutcome {
  bool detected = false;                   // a top finding exists
  bool spanHit = false;                    // its first predicted-side span overlaps the mutated span
  bool nodeHit = false;                    // its plan node is the mutated span's plan node
  std::optional<std::size_t> mutatedNode;  // pre-order ids in the predicted SQL's plan
  std::optional<std::size_t> findingNode;
};

// One mutant: `predSql` with the mutated span [begin, end); `schema` may be null. A zero-length
// mutated span (a deletion) overlaps a finding span that contains its point.
LocaliseOutcome localiseMutant(const std::string& predSql, std::size_t begin, std::size_t end,
                               const std::vector<Finding>& findings, FindingSource source,
                               const db::Schema* schema);

struct LocaliseCounts {
  std::size_t mutants = 0;
  std::size_t detected = 0;
  std::size_t spanHit = 0;
  std::size_t nodeHit = 0;
  std::size_t bothHit = 0;
  void add(const LocaliseOutcome& o);
};

struct Localisation {
  FindingSource source = FindingSource::All;
  LocaliseCounts all;
  std::map<std::string, LocaliseCounts> byRule;
};

// {findings, mutants, detected, detected_share, span_overlap, plan_node, both (shares of the
// detected), counts, by_rule: [{rule, ...the same}]}.
nlohmann::json localisationToJson(const Localisation& l);

}  // namespace hs::bench
