#include "engine/mr/detect_json.h"

namespace hs::mr {
namespace {

using json = nlohmann::json;

json optInt(const std::optional<std::int64_t>& v) {
  return v ? json(*v) : json(nullptr);
}

json findingJson(const Finding& f) {
  json spans = json::array();
  for (const FindingSpan& s : f.spans)
    spans.push_back(json{{"side", s.side}, {"begin", s.begin}, {"end", s.end}});
  return json{{"taxonomy", f.taxonomy},
              {"category", f.category},
              {"subcategory", f.subcategory},
              {"message", f.message},
              {"spans", spans}};
}

}  // namespace

json recordJson(const MrRecord& r) {
  json changed = json::array();
  for (auto [b, e] : r.changed) changed.push_back(json{{"begin", b}, {"end", e}});
  json j{{"mr", r.mr},
         {"follow_up", r.followUp.empty() ? json(nullptr) : json(r.followUp)},
         {"relation", toString(r.relation)},
         {"verdict", toString(r.verdict)},
         {"reason", r.reason},
         {"source_rows", optInt(r.sourceRows)},
         {"follow_up_rows", optInt(r.followUpRows)},
         {"changed", changed},
         {"skipped", r.skipped},
         {"llm_calls", r.llmCalls},
         {"cache_hits", r.cacheHits}};
  if (r.stage == Stage::SchemaLinking) {
    j["follow_up_linking"] = r.followUpLinking;
  } else {
    j["follow_up_sql"] = r.followUpSql.empty() ? json(nullptr) : json(r.followUpSql);
  }
  if (!r.followUpDb.empty()) j["follow_up_db"] = r.followUpDb;
  return j;
}

json detectJson(const DetectResult& result) {
  json stages = json::array();
  for (const StageResult& s : result.stages) {
    json mrs = json::array();
    for (const MrRecord& r : s.mrs) mrs.push_back(recordJson(r));
    json j{{"stage", toString(s.stage)},
           {"mrs", mrs},
           {"error", s.error.empty() ? json(nullptr) : json(s.error)}};
    if (s.stage == Stage::SchemaLinking) {
      j["artifact"] = s.artifact;
      j["unknown_items"] = s.unknown;
    } else {
      j["sql"] = s.sql;
      j["sql_given"] = s.sqlGiven;
    }
    stages.push_back(std::move(j));
  }
  json findings = json::array();
  for (const Finding& f : result.findings) findings.push_back(findingJson(f));
  return json{{"question", result.question},
              {"sql", result.sql},
              {"flagged", result.flagged},
              {"llm_calls", result.llmCalls},
              {"llm_calls_saved", result.llmCallsSaved},
              {"cache_hits", result.cacheHits},
              {"early_stopped", result.earlyStopped},
              {"cancelled", result.cancelled},
              {"counts",
               {{"satisfied", result.satisfied},
                {"violated", result.violated},
                {"inapplicable", result.inapplicable},
                {"error", result.errors},
                {"skipped", result.skipped}}},
              {"stages", stages},
              {"findings", findings}};
}

}  // namespace hs::mr
