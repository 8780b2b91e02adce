#include "engine/report/report_input.h"

namespace hs::report {

std::optional<std::string> humanVerdict(const ReportCase& c) {
  if (c.adjudicatedVerdict && !c.adjudicatedVerdict->empty()) return c.adjudicatedVerdict;
  for (auto it = c.annotations.rbegin(); it != c.annotations.rend(); ++it)
    if (it->verdict == "correct" || it->verdict == "incorrect" || it->verdict == "unsure") return it->verdict;
  return std::nullopt;
}

std::size_t reviewedCount(const ReportInput& in) {
  std::size_t n = 0;
  for (const ReportCase& c : in.cases) n += c.reviewed ? 1 : 0;
  return n;
}

}  // namespace hs::report
