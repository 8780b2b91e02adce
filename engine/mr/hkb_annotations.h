#pragma once
// Reading and undoing the manual annotations of a workspace case (the annotations table), for the
// review screens' annotation bar. Writing an MRSQLGen annotation goes through addAnnotation()
// (hkb_workspace.h), which also grows the in-memory HKB; annotations of another taxonomy (TA-SQL)
// are stored with addOtherAnnotation() and do not feed the HKB.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/workspace/workspace.h"

namespace hs::mr {

struct AnnotationRecord {
  std::int64_t id = 0;
  std::int64_t caseId = 0;
  std::optional<std::int64_t> findingId;
  std::string annotator;
  std::string verdict;   // added / confirmed / rejected / correct
  std::string taxonomy;  // "mrsqlgen", "tasql"
  std::string category;
  std::string createdAt;  // UTC, ISO 8601
};

// The case's annotations in the order they were made.
Result<std::vector<AnnotationRecord>> annotationsOfCase(const ws::Workspace& workspace, std::int64_t caseId);

// The row ids of the case's evaluation findings, in the order loadOutcome() returns the findings.
Result<std::vector<std::int64_t>> evaluationFindingIds(const ws::Workspace& workspace, std::int64_t caseId);

// Stores an annotation of a taxonomy other than MRSQLGen (one transaction). Returns its row id.
Result<std::int64_t> addOtherAnnotation(ws::Workspace& workspace, const AnnotationRecord& annotation);

// Removes one annotation (undo). The HKB must be reloaded afterwards (loadHkb), since a removed
// "rejected" or "correct" may bring back flags of other sources. Error when there is no such row.
Status removeAnnotation(ws::Workspace& workspace, std::int64_t annotationId);

}  // namespace hs::mr
