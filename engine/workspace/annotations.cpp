#include "engine/workspace/annotations.h"

#include <sqlite3.h>

#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

// A span must be well formed and lie within its side's SQL.
Status checkSpan(const Workspace& ws, std::int64_t caseId, const FindingSpan& span) {
  if (span.side != "pred" && span.side != "gold")
    return makeError(ErrorKind::BadInput, "bad_span",
                     "a span's side is 'pred' or 'gold', not '" + span.side + "'");
  auto c = ws.caseById(caseId);
  if (!c) return c.error();
  const auto& sql = span.side == "pred" ? c->kase.predSql : c->kase.goldSql;
  const std::size_t size = sql ? sql->size() : 0;
  if (span.begin >= span.end || span.end > size)
    return makeError(ErrorKind::BadInput, "bad_span",
                     "span [" + std::to_string(span.begin) + ", " + std::to_string(span.end) +
                         ") is not inside the " + span.side + " SQL of case " + std::to_string(caseId) +
                         " (" + std::to_string(size) + " bytes)");
  return ok();
}

Status nulIn(const std::string& text, const char* field) {
  if (text.find('\0') == std::string::npos) return ok();
  return makeError(ErrorKind::BadInput, "nul_in_text",
                   std::string("the ") + field + " contains a NUL character (U+0000) at byte " +
                       std::to_string(text.find('\0')));
}

constexpr const char* kSelect =
    "SELECT x.id, x.case_id, x.finding_id, x.annotator, x.verdict, x.taxonomy, x.category, x.subcategory, "
    "x.note, x.created_at, x.span_side, x.span_begin, x.span_end FROM annotations x ";

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
    if (auto side = st.optText(10))
      a.span =
          FindingSpan{*side, static_cast<std::size_t>(st.int64(11)), static_cast<std::size_t>(st.int64(12))};
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace

bool isAnnotationVerdict(std::string_view verdict) {
  for (std::string_view v : kAnnotationVerdicts)
    if (v == verdict) return true;
  return false;
}

Status checkNote(std::string_view note) {
  if (note.size() <= kMaxNoteBytes) return ok();
  return makeError(ErrorKind::BadInput, "note_too_long",
                   "the note is " + std::to_string(note.size()) + " bytes long; a note holds at most " +
                       std::to_string(kMaxNoteBytes) + " bytes (" + std::to_string(kMaxNoteBytes / 1024) +
                       " KiB)");
}

Status checkAnnotationText(const AnnotationRecord& a) {
  if (!isAnnotationVerdict(a.verdict)) {
    std::string known;
    for (std::string_view v : kAnnotationVerdicts) known += (known.empty() ? "" : ", ") + std::string(v);
    std::string shown = a.verdict.substr(0, a.verdict.find('\0')).substr(0, 80);
    return makeError(ErrorKind::BadInput, "bad_verdict", "verdict '" + shown + "' is not one of " + known);
  }
  const std::pair<const std::string*, const char*> fields[] = {
      {&a.annotator, "reviewer"},  {&a.verdict, "verdict"},         {&a.taxonomy, "taxonomy"},
      {&a.category, "category"},   {&a.subcategory, "subcategory"}, {&a.note, "note"},
      {&a.createdAt, "created_at"}};
  for (const auto& [text, name] : fields)
    if (auto s = nulIn(*text, name); !s) return s;
  if (a.span)
    if (auto s = nulIn(a.span->side, "span side"); !s) return s;
  return checkNote(a.note);
}

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

Result<std::int64_t> insertAnnotation(Workspace& ws, const AnnotationRecord& a, UndoLog log) {
  if (auto s = checkAnnotationText(a); !s) return s.error();
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  if (a.span) {
    if (auto s = checkSpan(ws, a.caseId, *a.span); !s) return s.error();
  }
  auto st = Statement::prepare(ws.handle(),
                               "INSERT INTO annotations (case_id, finding_id, annotator, verdict, taxonomy, "
                               "category, subcategory, note, created_at, span_side, span_begin, span_end) "
                               "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, a.caseId).bind(2, a.findingId).bind(3, a.annotator).bind(4, a.verdict).bind(5, a.taxonomy);
  st->bind(6, a.category).bind(7, a.subcategory).bind(8, a.note);
  st->bind(9, a.createdAt.empty() ? nowUtcIso() : a.createdAt);
  if (a.span) {
    st->bind(10, a.span->side)
        .bind(11, static_cast<std::int64_t>(a.span->begin))
        .bind(12, static_cast<std::int64_t>(a.span->end));
  } else {
    st->bindNull(10).bindNull(11).bindNull(12);
  }
  if (auto s = st->run(); !s) return s.error();
  const std::int64_t id = sqlite3_last_insert_rowid(ws.handle());
  if (log == UndoLog::Record) {
    AnnotationRecord written = a;
    written.id = id;
    if (auto s = detail::logDone(ws, written); !s) return s.error();
  }
  if (auto s = tx->commit(); !s) return s.error();
  return id;
}

Status removeAnnotation(Workspace& ws, std::int64_t annotationId) {
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  auto st = Statement::prepare(ws.handle(), "DELETE FROM annotations WHERE id = ?1", ws.path());
  if (!st) return st.error();
  st->bind(1, annotationId);
  if (auto s = st->run(); !s) return s.error();
  if (sqlite3_changes(ws.handle()) == 0)
    return makeError(ErrorKind::BadInput, "no_annotation",
                     "annotation " + std::to_string(annotationId) + " does not exist");
  if (auto s = detail::forgetAnnotation(ws, annotationId); !s) return s;
  return tx->commit();
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
