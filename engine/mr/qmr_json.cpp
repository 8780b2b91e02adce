#include "engine/mr/qmr_json.h"

namespace hs::mr {
namespace {

nlohmann::json optRows(const std::optional<std::size_t>& rows) {
  return rows ? nlohmann::json(*rows) : nlohmann::json(nullptr);
}

}  // namespace

nlohmann::json retrievalJson(const Hkb& hkb, const HkbRetrieval& retrieval) {
  nlohmann::json neighbours = nlohmann::json::array();
  for (const auto& nb : retrieval.neighbours) {
    const HkbEntry& e = hkb.entries()[nb.entry];
    neighbours.push_back({{"case", e.caseKey},
                          {"db_id", e.dbId},
                          {"question", e.question},
                          {"standardised", e.standardised},
                          {"similarity", nb.similarity},
                          {"types", e.typeCodes()},
                          {"sources", sourceNames(e.sources)}});
  }
  nlohmann::json types = nlohmann::json::array();
  for (const auto& ts : retrieval.types) {
    const int t = typeIndex(ts.type);
    const QmrFamilyInfo* fam = qmrFamilyFor(t);
    nlohmann::json evidence = nlohmann::json::array();
    for (const auto& nb : ts.evidence)
      evidence.push_back({{"case", hkb.entries()[nb.entry].caseKey}, {"similarity", nb.similarity}});
    types.push_back({{"type", ts.type},
                     {"name", typeName(t)},
                     {"score", ts.score},
                     {"family", fam ? fam->id : ""},
                     {"relation", fam ? toString(fam->relation) : ""},
                     {"evidence", evidence}});
  }
  return {{"neighbours", neighbours}, {"types", types}};
}

nlohmann::json qmrJson(const QmrReport& report) {
  nlohmann::json types = nlohmann::json::array();
  for (const auto& r : report.types) {
    nlohmann::json variants = nlohmann::json::array();
    for (const auto& v : r.variants) {
      variants.push_back({{"question", v.question},
                          {"sql", v.sql.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.sql)},
                          {"verdict", toString(v.verdict)},
                          {"reason", v.reason},
                          {"rows", optRows(v.rows)}});
    }
    types.push_back({{"type", r.type},
                     {"family", qmrFamily(r.family).id},
                     {"relation", toString(r.relation)},
                     {"verdict", toString(r.verdict)},
                     {"reason", r.reason},
                     {"satisfied", r.satisfied},
                     {"violated", r.violated},
                     {"errors", r.errors},
                     {"fraction", r.fraction},
                     {"variants", variants}});
  }
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : report.findings) {
    nlohmann::json spans = nlohmann::json::array();
    for (const auto& s : f.spans) spans.push_back({{"side", s.side}, {"begin", s.begin}, {"end", s.end}});
    findings.push_back({{"taxonomy", f.taxonomy},
                        {"category", f.category},
                        {"subcategory", f.subcategory},
                        {"message", f.message},
                        {"origin", f.origin},
                        {"confidence", f.confidence},
                        {"spans", spans}});
  }
  return {{"question", report.question},
          {"source_sql", report.sourceSql},
          {"source_generated", report.sourceGenerated},
          {"source_rows", optRows(report.sourceRows)},
          {"flagged", report.flagged},
          {"llm_calls", report.llmCalls},
          {"cache_hits", report.cacheHits},
          {"types", types},
          {"findings", findings}};
}

}  // namespace hs::mr
