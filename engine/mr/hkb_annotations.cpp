#include "engine/mr/hkb_annotations.h"

namespace hs::mr {

Result<std::int64_t> addOtherAnnotation(ws::Workspace& workspace, const AnnotationRecord& a) {
  if (a.taxonomy.empty() || a.taxonomy == "mrsqlgen")
    return makeError(ErrorKind::BadInput, "bad_taxonomy", "MRSQLGen annotations go through addAnnotation");
  return ws::insertAnnotation(workspace, a);
}

}  // namespace hs::mr
