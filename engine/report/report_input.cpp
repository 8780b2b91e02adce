#include "engine/report/report_input.h"

namespace hs::report {

std::optional<std::string> humanVerdict(const ReportCase& c) {
  if (c.adjudicatedVerdict && !c.adjudicatedVerdict->empty()) return c.adjudicatedVerdict;
  for (auto it = c.annotations.rbegin(); it != c.annotations.rend(); ++it)
    if (it->verdict == "correct" || it->verdict == "incorrect" || it->verdict == "unsure") return it->verdict;
  return std::nullopt;
}

}  // namespace hs::report
