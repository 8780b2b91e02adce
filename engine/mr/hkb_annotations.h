#pragma once
// Reading and undoing the manual annotations of a workspace case, for the review screens'
// annotation bar; the table belongs to engine/workspace (annotations.h), this adds the HKB's rule.
// Writing an MRSQLGen annotation goes through addAnnotation() (hkb_workspace.h), which also grows
// the in-memory HKB; annotations of another taxonomy (TA-SQL) are stored with addOtherAnnotation()
// and do not feed the HKB.
#include <cstdint>
#include <vector>

#include "engine/core/error.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/workspace.h"

namespace hs::mr {

using AnnotationRecord = ws::AnnotationRecord;
using ws::annotationsOfCase;     // the case's annotations in the order they were made
using ws::evaluationFindingIds;  // the case's evaluation findings, in loadOutcome() order
// Removes one annotation (undo). The HKB must be reloaded afterwards (loadHkb), since a removed
// "rejected" or "correct" may bring back flags of other sources. Error when there is no such row.
using ws::removeAnnotation;

// Stores an annotation of a taxonomy other than MRSQLGen (one transaction). Returns its row id.
Result<std::int64_t> addOtherAnnotation(ws::Workspace& workspace, const AnnotationRecord& annotation);

}  // namespace hs::mr
