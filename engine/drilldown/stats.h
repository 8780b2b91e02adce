#pragma once
// Recurrence / emergence statistics of drill-down runs (seed 001, Section 6.2, Appendix D.4),
// per model, history mode and TA-SQL category, for "same category" and for "exact same
// hallucination"; and EX / Soft-F1 by difficulty (Table 3). Definitions: README.md.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/drilldown/outcome.h"

namespace hs::drilldown {

struct Ratio {
  std::size_t n = 0;
  std::size_t N = 0;
  std::optional<double> p() const {
    return N ? std::optional<double>(static_cast<double>(n) / static_cast<double>(N)) : std::nullopt;
  }
};

struct FourRatios {
  Ratio recurrent;  // P(in final | occurs earlier)
  Ratio emergent;   // P(in final | does not occur earlier)
  Ratio inFinal;    // P(in final)
  Ratio inEarlier;  // P(occurs in earlier steps)
};

struct CategoryStats {
  std::string category;  // the TA-SQL name, e.g. "Schema Contradiction"
  FourRatios same;       // same category
  FourRatios exact;      // exact same hallucination (category, subcategory, offending element)
};

struct GroupStats {
  std::string model;
  std::string history;
  std::size_t paths = 0;
  std::vector<CategoryStats> categories;  // the six TA-SQL categories first, in Table 1's order
};

struct DifficultyRow {
  std::string model;
  std::string history;
  std::string difficulty;  // "" unknown; "total" for all
  std::size_t count = 0;   // paths (original questions)
  double ex = 0.0;         // share of final steps with EX true
  double softF1 = 0.0;     // mean Soft-F1 of the final steps (0 when missing)
};

struct Statistics {
  std::vector<GroupStats> groups;
  std::vector<DifficultyRow> byDifficulty;
};

// The identity of one hallucination instance for "exact same": category, subcategory and the
// offending element (the predicted SQL text under the finding's span, lower-cased, blanks
// collapsed, identifier quotes removed; the message when the finding has no span on the
// prediction). One finding gives one identity per span.
std::vector<std::string> exactIdentities(const Finding& f, const std::string& predSql);

// The six TA-SQL category names, in seed 001 Table 1's order.
const std::vector<std::string>& tasqlCategories();

Statistics computeStatistics(const std::vector<StepOutcome>& rows);

// {"groups": [{model, history, paths, categories: [{category, recurrent, emergent, in_final,
// in_earlier (each {p, n, N}), exact: {same four}}]}], "ex_by_difficulty": [...]}
nlohmann::json statisticsJson(const Statistics& s);
// One row per model, history, category, measure ("same" | "exact") and probability.
std::string statisticsCsv(const Statistics& s);

}  // namespace hs::drilldown
