#include "engine/workspace/annotations.h"

#include <sqlite3.h>

#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

constexpr const char* kSelect =
    "SELECT x.id, x.case_id, x.finding_id, x.annotator, x.verdict, x.taxonomy, x.category, x.subcategory, "
    "x.note, x.created_at FROM annotations x ";

Result<std::vector<AnnotationRecord>> readRows(Statement& st) {
  std::vector<AnnotationRecord> out;
  for (;;) {
    auto row = st.step();
    if (!row) return row.error();
    if (!row.value()) break;
    AnnotationRecord a;
    a.id = st.int64(0);
    a.caseId = st.int64(1);
    a.findingId = st.optInt64(2);
    a.annotator = st.text(3);
    a.verdict = st.text(4);
    a.taxonomy = st.text(5);
    a.category = st.text(6);
    a.subcategory = st.text(7);
    a.note = st.text(8);
    a.createdAt = st.text(9);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace

Result<std::vector<AnnotationRecord>> annotationsOfCase(const Workspace& ws, std::int64_t caseId) {
  auto st =
      Statement::prepare(ws.handle(), std::string(kSelect) + "WHERE x.case_id = ?1 ORDER BY x.id", ws.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  return readRows(st.value());
}

Result<std::vector<AnnotationRecord>> annotationsOfTaxonomies(const Workspace& ws,
                                                              const std::vector<std::string>& taxonomies,
                                                              std::optional<std::int64_t> runId) {
  std::vector<AnnotationRecord> out;
  auto st = Statement::prepare(ws.handle(),
                               std::string(kSelect) +
                                   "JOIN cases c ON c.id = x.case_id WHERE (?1 IS NULL OR c.run_id = ?1) "
                                   "ORDER BY x.id",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, runId);
  auto rows = readRows(st.value());
  if (!rows) return rows.error();
  for (AnnotationRecord& a : rows.value()) {
    for (const std::string& t : taxonomies) {
      if (a.taxonomy == t) {
        out.push_back(std::move(a));
        break;
      }
    }
  }
  return out;
}

Result<std::int64_t> insertAnnotation(Workspace& ws, const AnnotationRecord& a) {
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  auto st = Statement::prepare(ws.handle(),
                               "INSERT INTO annotations (case_id, finding_id, annotator, verdict, taxonomy, "
                               "category, subcategory, note, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                               "?8, ?9)",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, a.caseId).bind(2, a.findingId).bind(3, a.annotator).bind(4, a.verdict).bind(5, a.taxonomy);
  st->bind(6, a.category).bind(7, a.subcategory).bind(8, a.note).bind(9, nowUtcIso());
  if (auto s = st->run(); !s) return s.error();
  const std::int64_t id = sqlite3_last_insert_rowid(ws.handle());
  if (auto s = tx->commit(); !s) return s.error();
  return id;
}

Status removeAnnotation(Workspace& ws, std::int64_t annotationId) {
  auto st = Statement::prepare(ws.handle(), "DELETE FROM annotations WHERE id = ?1", ws.path());
  if (!st) return st.error();
  st->bind(1, annotationId);
  if (auto s = st->run(); !s) return s.error();
  if (sqlite3_changes(ws.handle()) == 0)
    return makeError(ErrorKind::BadInput, "no_annotation",
                     "annotation " + std::to_string(annotationId) + " does not exist");
  return ok();
}

Result<std::vector<std::int64_t>> evaluationFindingIds(const Workspace& ws, std::int64_t caseId) {
  auto st = Statement::prepare(
      ws.handle(), "SELECT id FROM findings WHERE case_id = ?1 AND from_eval = 1 ORDER BY id", ws.path());
  if (!st) return st.error();
  st->bind(1, caseId);
  std::vector<std::int64_t> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back(st->int64(0));
  }
  return out;
}

Result<std::vector<FindingCategory>> findingCategories(const Workspace& ws, const std::string& taxonomy,
                                                       std::optional<std::int64_t> runId) {
  auto st =
      Statement::prepare(ws.handle(),
                         "SELECT x.case_id, x.category FROM findings x JOIN cases c ON c.id = x.case_id "
                         "WHERE x.taxonomy = ?1 AND (?2 IS NULL OR c.run_id = ?2) ORDER BY x.id",
                         ws.path());
  if (!st) return st.error();
  st->bind(1, taxonomy).bind(2, runId);
  std::vector<FindingCategory> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.push_back({st->int64(0), st->text(1)});
  }
  return out;
}

}  // namespace hs::ws
