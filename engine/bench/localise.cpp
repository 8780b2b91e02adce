#include "engine/bench/localise.h"

#include <nlohmann/json.hpp>

#include "engine/sql/plan_locate.h"

namespace hs::bench {

const char* toString(FindingSource source) {
  return source == FindingSource::GoldFree ? "gold_free" : "all";
}

namespace {

const FindingSpan* predSpan(const Finding& f) {
  for (const FindingSpan& s : f.spans)
    if (s.side == "pred") return &s;
  return nullptr;
}

bool overlaps(std::size_t b1, std::size_t e1, std::size_t b2, std::size_t e2) {
  if (b1 == e1) return b2 <= b1 && b1 <= e2;  // a point: inside or on the edge
  if (b2 == e2) return b1 <= b2 && b2 <= e1;
  return b1 < e2 && b2 < e1;
}

double share(std::size_t n, std::size_t of) {
  return of ? static_cast<double>(n) / static_cast<double>(of) : 0.0;
}

nlohmann::json countsJson(const LocaliseCounts& c) {
  return {{"mutants", c.mutants},
          {"detected", c.detected},
          {"detected_share", share(c.detected, c.mutants)},
          {"span_overlap", share(c.spanHit, c.detected)},
          {"plan_node", share(c.nodeHit, c.detected)},
          {"both", share(c.bothHit, c.detected)},
          {"span_overlap_count", c.spanHit},
          {"plan_node_count", c.nodeHit},
          {"both_count", c.bothHit}};
}

}  // namespace

std::optional<std::size_t> topFinding(const std::vector<Finding>& findings, FindingSource source) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    if (source == FindingSource::GoldFree && f.taxonomy != "goldfree") continue;
    if (!predSpan(f)) continue;
    if (!best || f.confidence > findings[*best].confidence) best = i;
  }
  return best;
}

LocaliseOutcome localiseMutant(const std::string& predSql, std::size_t begin, std::size_t end,
                               const std::vector<Finding>& findings, FindingSource source,
                               const db::Schema* schema) {
  LocaliseOutcome o;
  auto top = topFinding(findings, source);
  if (!top) return o;
  o.detected = true;
  const FindingSpan& s = *predSpan(findings[*top]);
  o.spanHit = overlaps(s.begin, s.end, begin, end);
  auto plan = sql::locatedPlan(predSql, schema);
  if (!plan) return o;
  o.mutatedNode = sql::planNodeForSpan(plan->nodes, begin, end);
  o.findingNode = sql::findingNodes(plan->nodes, {findings[*top]}, "pred").front();
  o.nodeHit = o.mutatedNode && o.findingNode && *o.mutatedNode == *o.findingNode;
  return o;
}

void LocaliseCounts::add(const LocaliseOutcome& o) {
  ++mutants;
  if (!o.detected) return;
  ++detected;
  spanHit += o.spanHit ? 1 : 0;
  nodeHit += o.nodeHit ? 1 : 0;
  bothHit += o.spanHit && o.nodeHit ? 1 : 0;
}

nlohmann::json localisationToJson(const Localisation& l) {
  nlohmann::json j = countsJson(l.all);
  j["findings"] = toString(l.source);
  nlohmann::json rules = nlohmann::json::array();
  for (const auto& [rule, c] : l.byRule) {
    nlohmann::json r = countsJson(c);
    r["rule"] = rule;
    rules.push_back(std::move(r));
  }
  j["by_rule"] = rules;
  return j;
}

}  // namespace hs::bench
