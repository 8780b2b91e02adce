#include "engine/mr/hkb.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace hs::mr {
namespace {

constexpr std::string_view kTypeNames[kHallucinationTypes] = {"Operator Misuse",
                                                              "LIMIT Error",
                                                              "Join Logic Hallucination",
                                                              "Violating Value Specification",
                                                              "Column Selection Error",
                                                              "Condition Logic Hallucination",
                                                              "Aggregation Function Misuse",
                                                              "Distinct Error",
                                                              "OrderBy Misuse",
                                                              "GroupBy Misuse"};

// Types ranked by a per-type score (higher first, ties by type number).
std::vector<int> rankTypes(const std::array<double, kHallucinationTypes>& score) {
  std::vector<int> order;
  for (int t = 1; t <= kHallucinationTypes; ++t)
    if (score[t - 1] > 0.0) order.push_back(t);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[a - 1] > score[b - 1]; });
  return order;
}

bool hitWithin(const std::vector<int>& ranked, const HkbEntry& e, std::size_t k) {
  for (std::size_t i = 0; i < ranked.size() && i < k; ++i)
    if (e.hasType(ranked[i])) return true;
  return false;
}

}  // namespace

int typeIndex(std::string_view category) {
  if (category.size() < 2 || (category[0] != 'C' && category[0] != 'c')) return 0;
  int n = 0;
  for (std::size_t k = 1; k < category.size(); ++k) {
    if (category[k] < '0' || category[k] > '9') return 0;
    n = n * 10 + (category[k] - '0');
    if (n > kHallucinationTypes) return 0;
  }
  return n;
}

std::string typeCode(int type) {
  return "C" + std::to_string(type);
}

std::string_view typeName(int type) {
  return type >= 1 && type <= kHallucinationTypes ? kTypeNames[type - 1] : std::string_view();
}

std::string sourceNames(std::uint8_t sources) {
  std::string out;
  auto add = [&](std::uint8_t bit, const char* name) {
    if (!(sources & bit)) return;
    if (!out.empty()) out += "+";
    out += name;
  };
  add(kImportedLabel, "imported_label");
  add(kAutomaticFinding, "automatic_finding");
  add(kManualAnnotation, "manual_annotation");
  return out;
}

std::vector<std::string> HkbEntry::typeCodes() const {
  std::vector<std::string> out;
  for (int t = 1; t <= kHallucinationTypes; ++t)
    if (hasType(t)) out.push_back(typeCode(t));
  return out;
}

Hkb::Terms Hkb::termsOf(std::string_view standardised) {
  std::vector<std::string> tokens;
  std::istringstream in{std::string(standardised)};
  for (std::string tok; in >> tok;) tokens.push_back(tok);
  Terms terms;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    terms[tokens[i]] += 1.0;
    if (i + 1 < tokens.size()) terms[tokens[i] + " " + tokens[i + 1]] += 1.0;
  }
  return terms;
}

std::size_t Hkb::add(HkbEntry entry) {
  if (auto it = byKey_.find(entry.caseKey); it != byKey_.end() && !entry.caseKey.empty()) {
    HkbEntry& e = entries_[it->second];
    for (int t = 0; t < kHallucinationTypes; ++t) {
      e.types[static_cast<std::size_t>(t)] =
          e.types[static_cast<std::size_t>(t)] || entry.types[static_cast<std::size_t>(t)];
      e.typeSources[static_cast<std::size_t>(t)] |= entry.typeSources[static_cast<std::size_t>(t)];
    }
    e.sources |= entry.sources;
    if (e.standardisedSql.empty()) e.standardisedSql = entry.standardisedSql;
    return it->second;
  }
  std::size_t index = entries_.size();
  TermCounts counts;
  for (const auto& [term, count] : termsOf(entry.standardised)) {
    auto [it, added] = termIds_.emplace(term, df_.size());
    if (added) df_.push_back(0);
    ++df_[it->second];
    counts.emplace_back(it->second, count);
  }
  std::sort(counts.begin(), counts.end());
  terms_.push_back(std::move(counts));
  if (!entry.caseKey.empty()) byKey_[entry.caseKey] = index;
  entries_.push_back(std::move(entry));
  return index;
}

bool Hkb::clearType(std::size_t entry, int type) {
  if (entry >= entries_.size() || type < 1 || type > kHallucinationTypes) return false;
  auto k = static_cast<std::size_t>(type - 1);
  bool was = entries_[entry].types[k];
  entries_[entry].types[k] = false;
  entries_[entry].typeSources[k] = 0;
  return was;
}

std::optional<std::size_t> Hkb::find(const std::string& caseKey) const {
  auto it = byKey_.find(caseKey);
  if (it == byKey_.end()) return std::nullopt;
  return it->second;
}

HkbRetrieval Hkb::retrieve(std::string_view standardised, const HkbRetrieveOptions& options) const {
  HkbRetrieval out;
  const std::size_t excluded = options.exclude.value_or(entries_.size());
  const bool excluding = excluded < entries_.size();
  const double n = static_cast<double>(entries_.size() - (excluding ? 1 : 0));
  auto idfOf = [&](std::size_t df) { return std::log((1.0 + n) / (1.0 + static_cast<double>(df))) + 1.0; };
  std::vector<double> idf(df_.size());
  for (std::size_t id = 0; id < df_.size(); ++id) idf[id] = idfOf(df_[id]);
  if (excluding)
    for (const auto& tc : terms_[excluded]) idf[tc.first] = idfOf(df_[tc.first] - 1);
  // The query's weights by term id; terms the base never saw count in its norm only.
  std::vector<double> q(df_.size(), 0.0);
  double queryNorm = 0.0;
  for (const auto& [term, count] : termsOf(standardised)) {
    auto it = termIds_.find(term);
    double w = count * (it != termIds_.end() ? idf[it->second] : idfOf(0));
    if (it != termIds_.end()) q[it->second] = w;
    queryNorm += w * w;
  }
  if (queryNorm <= 0.0) return out;
  queryNorm = std::sqrt(queryNorm);
  std::vector<HkbNeighbour> scored;
  for (std::size_t e = 0; e < entries_.size(); ++e) {
    if (e == excluded) continue;
    double dot = 0.0;
    double norm = 0.0;
    for (const auto& [id, count] : terms_[e]) {
      double w = count * idf[id];
      norm += w * w;
      dot += w * q[id];
    }
    if (dot <= 0.0 || norm <= 0.0) continue;
    scored.push_back({e, dot / (queryNorm * std::sqrt(norm))});
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const HkbNeighbour& a, const HkbNeighbour& b) { return a.similarity > b.similarity; });
  if (scored.size() > options.topK) scored.resize(options.topK);
  out.neighbours = scored;
  double total = 0.0;
  std::array<double, kHallucinationTypes> score{};
  for (const auto& nb : scored) {
    total += nb.similarity;
    for (int t = 1; t <= kHallucinationTypes; ++t)
      if (entries_[nb.entry].hasType(t)) score[static_cast<std::size_t>(t - 1)] += nb.similarity;
  }
  for (int t : rankTypes(score)) {
    HkbTypeScore ts;
    ts.type = typeCode(t);
    ts.score = score[static_cast<std::size_t>(t - 1)] / total;
    for (const auto& nb : scored)
      if (entries_[nb.entry].hasType(t)) ts.evidence.push_back(nb);
    out.types.push_back(std::move(ts));
  }
  return out;
}

HkbEvaluation leaveOneOut(const Hkb& hkb, std::size_t topK) {
  HkbEvaluation ev;
  std::array<double, kHallucinationTypes> frequency{};
  for (const auto& e : hkb.entries())
    for (int t = 1; t <= kHallucinationTypes; ++t)
      if (e.hasType(t)) frequency[static_cast<std::size_t>(t - 1)] += 1.0;
  for (std::size_t i = 0; i < hkb.size(); ++i) {
    const HkbEntry& e = hkb.entries()[i];
    if (e.typeCodes().empty()) continue;
    ++ev.evaluated;
    HkbRetrieval r = hkb.retrieve(e.standardised, {topK, i});
    std::vector<int> ranked;
    for (const auto& ts : r.types) ranked.push_back(typeIndex(ts.type));
    if (hitWithin(ranked, e, 1)) ++ev.hit1;
    if (hitWithin(ranked, e, 3)) ++ev.hit3;
    auto prior = frequency;  // the other entries' type frequencies
    for (int t = 1; t <= kHallucinationTypes; ++t)
      if (e.hasType(t)) prior[static_cast<std::size_t>(t - 1)] -= 1.0;
    std::vector<int> priorRanked = rankTypes(prior);
    if (hitWithin(priorRanked, e, 1)) ++ev.priorHit1;
    if (hitWithin(priorRanked, e, 3)) ++ev.priorHit3;
  }
  return ev;
}

}  // namespace hs::mr
