#include "engine/workspace/annotation_json.h"

namespace hs::ws {

namespace {

Error fieldError(const std::string& what) {
  return makeError(ErrorKind::BadInput, "annotation_field", what);
}

// An optional string field; false when present with another type.
bool readText(const nlohmann::json& j, const char* name, std::string& out) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return true;
  if (!it->is_string()) return false;
  out = it->get<std::string>();
  return true;
}

}  // namespace

nlohmann::json annotationJson(const AnnotationRecord& a) {
  nlohmann::json j = {{"reviewer", a.annotator},  {"verdict", a.verdict},         {"taxonomy", a.taxonomy},
                      {"category", a.category},   {"subcategory", a.subcategory}, {"note", a.note},
                      {"created_at", a.createdAt}};
  if (a.span) j["span"] = {{"side", a.span->side}, {"begin", a.span->begin}, {"end", a.span->end}};
  return j;
}

Result<AnnotationRecord> annotationFromJson(const nlohmann::json& j) {
  if (!j.is_object()) return fieldError("an annotation is a JSON object");
  AnnotationRecord a;
  if (!readText(j, "reviewer", a.annotator) || a.annotator.empty())
    return fieldError("\"reviewer\" must be a non-empty string");
  if (!readText(j, "verdict", a.verdict) || a.verdict.empty())
    return fieldError("\"verdict\" must be a non-empty string");
  if (!readText(j, "taxonomy", a.taxonomy) || !readText(j, "category", a.category) ||
      !readText(j, "subcategory", a.subcategory) || !readText(j, "note", a.note) ||
      !readText(j, "created_at", a.createdAt))
    return fieldError(
        "\"taxonomy\", \"category\", \"subcategory\", \"note\" and \"created_at\" must be strings");
  if (auto it = j.find("span"); it != j.end() && !it->is_null()) {
    const auto& s = *it;
    if (!s.is_object() || !s.contains("side") || !s["side"].is_string() || !s.contains("begin") ||
        !s["begin"].is_number_unsigned() || !s.contains("end") || !s["end"].is_number_unsigned())
      return fieldError(
          "\"span\" needs \"side\" (pred or gold) and non-negative integer \"begin\" and \"end\"");
    a.span =
        FindingSpan{s["side"].get<std::string>(), s["begin"].get<std::size_t>(), s["end"].get<std::size_t>()};
  }
  return a;
}

}  // namespace hs::ws
