// The QMR families, which family each C-type gets, the variant list parser and the vote.
#include <cctype>
#include <cstdio>
#include <set>

#include "engine/core/text.h"
#include "engine/mr/hkb.h"
#include "engine/mr/qmr.h"

namespace hs::mr {
namespace {

const QmrFamilyInfo kFamilies[] = {
    {QmrFamily::Qmr1, "QMR-1", "Intent Perturbation & Reversal", Relation::Equal, "mrsqlgen_qmr1"},
    {QmrFamily::Qmr2, "QMR-2", "Intent Strengthening", Relation::Subset, "mrsqlgen_qmr2"},
    {QmrFamily::Qmr3, "QMR-3", "Intent Relaxation", Relation::Superset, "mrsqlgen_qmr3"},
    {QmrFamily::Qmr4, "QMR-4", "Self-Verified Regeneration", Relation::Equal, "mrsqlgen_qmr4"},
};

// C1..C10 -> family: the rewrite must be able to keep (QMR-1), narrow (QMR-2) or widen (QMR-3)
// the answer through the type's own spans; clause-structure types (joins, aggregation, ORDER BY,
// GROUP BY) have no question span to perturb, so the model re-checks its SQL (QMR-4).
constexpr QmrFamily kFamilyOfType[kHallucinationTypes] = {
    QmrFamily::Qmr1,  // C1 Operator Misuse (the seed's example)
    QmrFamily::Qmr3,  // C2 LIMIT Error: a larger limit must contain the smaller one's rows
    QmrFamily::Qmr4,  // C3 Join Logic Hallucination
    QmrFamily::Qmr1,  // C4 Violating Value Specification: the value said another way
    QmrFamily::Qmr1,  // C5 Column Selection Error: the requested columns said another way
    QmrFamily::Qmr2,  // C6 Condition Logic Hallucination: one more condition narrows the answer
    QmrFamily::Qmr4,  // C7 Aggregation Function Misuse
    QmrFamily::Qmr1,  // C8 Distinct Error: "different"/"distinct"/"unique" phrasings
    QmrFamily::Qmr4,  // C9 OrderBy Misuse
    QmrFamily::Qmr4,  // C10 GroupBy Misuse
};

constexpr std::string_view kFocus[kHallucinationTypes] = {
    "the arithmetic, comparison, or logical operation descriptions",
    "the number of requested results (how many, top, first)",
    "the descriptions of how the entities relate to each other",
    "the descriptions of literal values (names, codes, dates, categories)",
    "the descriptions of which attributes to return",
    "the conditions and filters",
    "the descriptions of counts, sums, averages, minima and maxima",
    "the wording about duplicates (different, distinct, unique)",
    "the descriptions of sorting and ranking",
    "the descriptions of grouping (each, per, for every)",
};

std::string trim(std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// "1. ", "2) ", "- ", "* ", "Question 2:", "Equivalent question:" -> removed.
std::string stripListMarker(std::string line) {
  line = trim(line);
  std::size_t k = 0;
  while (k < line.size() && std::isdigit(static_cast<unsigned char>(line[k]))) ++k;
  if (k > 0 && k < line.size() && (line[k] == '.' || line[k] == ')' || line[k] == ':'))
    line = trim(line.substr(k + 1));
  if (!line.empty() && (line[0] == '-' || line[0] == '*')) line = trim(line.substr(1));
  if (auto colon = line.find(':'); colon != std::string::npos && colon < 40) {
    std::string head = asciiLower(line.substr(0, colon));
    if (head.find("question") != std::string::npos) line = trim(line.substr(colon + 1));
  }
  if (line.size() >= 2 && line.front() == '"' && line.back() == '"')
    line = trim(line.substr(1, line.size() - 2));
  return line;
}

}  // namespace

const QmrFamilyInfo& qmrFamily(QmrFamily family) {
  return kFamilies[static_cast<int>(family) - 1];
}

const QmrFamilyInfo* qmrFamilyFor(int type) {
  if (type < 1 || type > kHallucinationTypes) return nullptr;
  return &qmrFamily(kFamilyOfType[type - 1]);
}

std::string_view typeFocus(int type) {
  return type >= 1 && type <= kHallucinationTypes ? kFocus[type - 1] : std::string_view();
}

std::vector<std::string> parseVariantList(std::string_view text, std::string_view source, int n) {
  std::vector<std::string> out;
  std::set<std::string> seen{asciiLower(trim(source))};
  std::size_t start = 0;
  while (start <= text.size() && static_cast<int>(out.size()) < n) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line = stripListMarker(std::string(text.substr(start, end - start)));
    start = end + 1;
    if (line.empty() || line.rfind("```", 0) == 0) continue;
    if (!seen.insert(asciiLower(line)).second) continue;
    out.push_back(std::move(line));
  }
  return out;
}

void tallyVariants(QmrTypeResult& r, double threshold) {
  r.satisfied = r.violated = r.errors = 0;
  for (const auto& v : r.variants) {
    if (v.verdict == Verdict::Satisfied)
      ++r.satisfied;
    else if (v.verdict == Verdict::Violated)
      ++r.violated;
    else
      ++r.errors;
  }
  const int judged = r.satisfied + r.violated;
  r.fraction = judged > 0 ? static_cast<double>(r.satisfied) / judged : 0.0;
  char buf[160];
  if (judged == 0) {
    r.verdict = Verdict::Error;
    std::snprintf(buf, sizeof buf, "no follow-up could be judged (%d errors)", r.errors);
  } else {
    r.verdict = r.fraction + 1e-12 >= threshold ? Verdict::Satisfied : Verdict::Violated;
    std::snprintf(
        buf, sizeof buf,
        "%d of %d judged follow-ups keep the %s relation (%.2f %s threshold %.2f; %d errors excluded)",
        r.satisfied, judged, std::string(toString(r.relation)).c_str(), r.fraction,
        r.verdict == Verdict::Satisfied ? ">=" : "<", threshold, r.errors);
  }
  r.reason = buf;
}

}  // namespace hs::mr
