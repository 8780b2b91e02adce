#pragma once
// Spider's official query hardness (easy / medium / hard / extra), as Spider's evaluation.py
// `Evaluator.eval_hardness` computes it from the gold SQL, so that Spider cases (which carry no
// difficulty) are summarised by the same levels the Spider leaderboard reports.
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/case.h"

namespace hs::eval {

// The three counts eval_hardness thresholds (count_component1, count_component2, count_others).
struct SpiderHardnessCounts {
  int component1 = 0;
  int component2 = 0;
  int others = 0;
};

// Counts of a gold query; nullopt when it does not parse as one query.
std::optional<SpiderHardnessCounts> spiderHardnessCounts(std::string_view goldSql);

// "easy", "medium", "hard" or "extra" from the counts (eval_hardness' thresholds).
std::string spiderHardnessLevel(const SpiderHardnessCounts& counts);

// "easy" / "medium" / "hard" / "extra"; nullopt when the gold does not parse.
std::optional<std::string> spiderHardness(std::string_view goldSql);

// The difficulty a case is summarised and reported under, written once for the evaluation
// summary, every report format, the drill-down and the bench: the file's own, else Spider's
// hardness of the gold (derived = true), else "".
struct CaseDifficulty {
  std::string level;
  bool derived = false;
};
CaseDifficulty caseDifficulty(const Case& c);

}  // namespace hs::eval
