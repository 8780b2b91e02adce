// MR order for early stopping, MR list parsing and result look-ups of the SQLHD pipeline.
#include <algorithm>
#include <map>

#include "engine/core/text.h"
#include "engine/mr/pipeline.h"

namespace hs::mr {

const std::vector<std::string>& defaultMrOrder() {
  // Seed 000, sections 5.4 and 6.1: entity and sentence MRs (ESR, SC, OS, RC) detect most in
  // stage 1, prefix and extremum MRs (PI, AROE) in stage 2; comparison ranges are moderate;
  // ENSR, DR, CWR and DSR detect least.
  static const std::vector<std::string> order = {"ESR",   "SC",   "OS", "RC",  "PI",  "AROE",
                                                 "SROE",  "PS",   "PR", "CRE", "CRU", "AROCW",
                                                 "SROCW", "ENSR", "DR", "CWR", "DSR"};
  return order;
}

std::vector<std::string> orderByRate(const std::vector<MrRate>& rates) {
  std::map<std::string, double> score;
  for (const auto& r : rates) {
    // Laplace-smoothed rate: an MR never decided scores 0.5 and is tried early.
    score[r.mr] = (static_cast<double>(r.violated) + 1.0) / (static_cast<double>(r.decided) + 2.0);
  }
  std::vector<std::string> out = defaultMrOrder();
  std::stable_sort(out.begin(), out.end(), [&](const std::string& a, const std::string& b) {
    auto sa = score.count(a) ? score.at(a) : 0.5;
    auto sb = score.count(b) ? score.at(b) : 0.5;
    return sa > sb;
  });
  return out;
}

Result<std::vector<std::string>> parseMrList(std::string_view list) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&]() -> Status {
    if (cur.empty()) return ok();
    const MrInfo* info = nullptr;
    for (const auto& m : allMrs()) {
      if (iequals(m.abbrev, cur)) info = &m;
    }
    if (!info) {
      return makeError(ErrorKind::BadInput, "unknown_mr",
                       "unknown MR '" + cur +
                           "' (known: SROCW, AROCW, ESR, ENSR, RC, OS, SC, DSR, PI, PR, PS, "
                           "SROE, AROE, CRU, CRE, CWR, DR)");
    }
    std::string name(info->abbrev);
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    cur.clear();
    return ok();
  };
  for (char c : list) {
    if (c == ',' || c == ' ' || c == ';' || c == '\t') {
      if (auto s = flush(); !s) return s.error();
    } else {
      cur += c;
    }
  }
  if (auto s = flush(); !s) return s.error();
  if (out.empty()) return makeError(ErrorKind::BadInput, "unknown_mr", "the MR list is empty");
  return out;
}

const MrRecord* DetectResult::record(std::string_view mr) const {
  for (const auto& s : stages) {
    for (const auto& r : s.mrs) {
      if (r.mr == mr) return &r;
    }
  }
  return nullptr;
}

}  // namespace hs::mr
