#include "engine/mr/hkb_annotations.h"

#include "engine/workspace/sqlite_util.h"

namespace hs::mr {

Result<std::vector<AnnotationRecord>> annotationsOfCase(const ws::Workspace& workspace, std::int64_t caseId) {
  auto st = ws::Statement::prepare(workspace.handle(),
                                   "SELECT id, case_id, finding_id, annotator, verdict, taxonomy, category, "
                                   "created_at FROM annotations WHERE case_id = ?1 ORDER BY id",
                                   workspace.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  std::vector<AnnotationRecord> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!*row) break;
    AnnotationRecord a;
    a.id = st->int64(0);
    a.caseId = st->int64(1);
    a.findingId = st->optInt64(2);
    a.annotator = st->text(3);
    a.verdict = st->text(4);
    a.taxonomy = st->text(5);
    a.category = st->text(6);
    a.createdAt = st->text(7);
    out.push_back(std::move(a));
  }
  return out;
}

Result<std::vector<std::int64_t>> evaluationFindingIds(const ws::Workspace& workspace, std::int64_t caseId) {
  auto st = ws::Statement::prepare(workspace.handle(),
                                   "SELECT id FROM findings WHERE case_id = ?1 AND from_eval = 1 ORDER BY id",
                                   workspace.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  std::vector<std::int64_t> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!*row) break;
    out.push_back(st->int64(0));
  }
  return out;
}

Result<std::int64_t> addOtherAnnotation(ws::Workspace& workspace, const AnnotationRecord& a) {
  if (a.taxonomy.empty() || a.taxonomy == "mrsqlgen")
    return makeError(ErrorKind::BadInput, "bad_taxonomy", "MRSQLGen annotations go through addAnnotation");
  auto tx = workspace.transaction();
  if (!tx) return tx.error();
  auto st =
      ws::Statement::prepare(workspace.handle(),
                             "INSERT INTO annotations (case_id, finding_id, annotator, verdict, taxonomy, "
                             "category, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                             workspace.path());
  if (!st) return st.error();
  st->bind(1, a.caseId).bind(2, a.findingId).bind(3, a.annotator).bind(4, a.verdict);
  st->bind(5, a.taxonomy).bind(6, a.category).bind(7, ws::nowUtcIso());
  if (auto s = st->run(); !s) return s.error();
  const std::int64_t id = sqlite3_last_insert_rowid(workspace.handle());
  if (auto s = tx->commit(); !s) return s.error();
  return id;
}

Status removeAnnotation(ws::Workspace& workspace, std::int64_t annotationId) {
  auto st =
      ws::Statement::prepare(workspace.handle(), "DELETE FROM annotations WHERE id = ?1", workspace.path());
  if (!st) return st.error();
  st->bind(1, annotationId);
  if (auto s = st->run(); !s) return s.error();
  if (sqlite3_changes(workspace.handle()) == 0)
    return makeError(ErrorKind::BadInput, "no_annotation",
                     "annotation " + std::to_string(annotationId) + " does not exist");
  return ok();
}

}  // namespace hs::mr
