#pragma once
// One annotation as a JSON object, for the undo log (annotation_undo.h) and the reviewer exchange
// files (annotation_exchange.h): reviewer, verdict, taxonomy, category, subcategory, note,
// created_at and the span. Case and finding are referred to by the caller (ids in the undo log,
// case key and finding content in an exchange file).
#include <nlohmann/json.hpp>

#include "engine/core/error.h"
#include "engine/workspace/annotations.h"

namespace hs::ws {

nlohmann::json annotationJson(const AnnotationRecord& a);

// The fields above from `j`; `reviewer` and `verdict` are required strings, the rest optional.
// Errors are BadInput with code "annotation_field".
Result<AnnotationRecord> annotationFromJson(const nlohmann::json& j);

}  // namespace hs::ws
