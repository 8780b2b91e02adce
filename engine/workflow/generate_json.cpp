#include "engine/workflow/generate_json.h"

#include "engine/eval/report_json.h"

namespace hs::workflow {

nlohmann::json annotationJson(const std::optional<Result<annotate::DatabaseAnnotation>>& annotation) {
  if (!annotation) return nullptr;
  if (!*annotation) return {{"error", eval::errorToJson(annotation->error())}};
  const annotate::DatabaseAnnotation& a = annotation->value();
  nlohmann::json j;
  j["findings"] = eval::findingsToJson(a.annotation.findings);
  j["risk"] = eval::riskToJson(a.annotation.risk);
  if (!a.predResult) {
    j["result"] = nullptr;
  } else if (*a.predResult) {
    j["result"] = {{"rows", a.predResult->value().rows.size()},
                   {"truncated", a.predResult->value().truncated}};
  } else {
    j["result"] = {{"error", eval::errorToJson(a.predResult->error())}};
  }
  return j;
}

nlohmann::json generationJson(const GenerateOutcome& outcome) {
  nlohmann::json j = llm::generationJson(*outcome.generation, *outcome.request);
  j["annotation"] = annotationJson(outcome.annotation);
  return j;
}

}  // namespace hs::workflow
