#include "engine/workspace/annotation_undo.h"

#include <nlohmann/json.hpp>

#include "engine/workspace/annotation_json.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

Result<std::int64_t> nextSeq(const Workspace& ws) {
  return queryInt(ws.handle(), "SELECT COALESCE(MAX(seq), 0) + 1 FROM annotation_undo", ws.path());
}

nlohmann::json logJson(const AnnotationRecord& a) {
  nlohmann::json j = annotationJson(a);
  j["case_id"] = a.caseId;
  j["finding_id"] = a.findingId ? nlohmann::json(*a.findingId) : nlohmann::json(nullptr);
  return j;
}

Result<AnnotationRecord> recordOf(const std::string& text, const std::string& where) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  auto a = annotationFromJson(j);
  if (!a || !j.contains("case_id") || !j["case_id"].is_number_integer()) {
    Error e = makeError(ErrorKind::Internal, "undo_log", "an undo-log entry of the workspace is damaged");
    e.where = where;
    return e;
  }
  a->caseId = j["case_id"].get<std::int64_t>();
  if (j.contains("finding_id") && j["finding_id"].is_number_integer())
    a->findingId = j["finding_id"].get<std::int64_t>();
  return a;
}

struct Entry {
  std::int64_t id = 0;
  std::optional<std::int64_t> annotationId;
  std::string recordJson;
};

// The top of the annotator's stack in `state`, or nullopt.
Result<std::optional<Entry>> top(const Workspace& ws, const std::string& annotator, const char* state) {
  auto st = Statement::prepare(ws.handle(),
                               "SELECT id, annotation_id, record_json FROM annotation_undo "
                               "WHERE annotator = ?1 AND state = ?2 ORDER BY seq DESC LIMIT 1",
                               ws.path());
  if (!st) return st.error();
  st->bind(1, annotator).bind(2, state);
  auto row = st->step();
  if (!row) return row.error();
  if (!*row) return std::optional<Entry>();
  return std::optional<Entry>(Entry{st->int64(0), st->optInt64(1), st->text(2)});
}

Status runSql(const Workspace& ws, const char* sql, std::int64_t a, std::optional<std::int64_t> b = {},
              std::optional<std::int64_t> c = {}) {
  auto st = Statement::prepare(ws.handle(), sql, ws.path());
  if (!st) return st.error();
  st->bind(1, a);
  if (b) st->bind(2, *b);
  if (c) st->bind(3, *c);
  return st->run();
}

// Whether the annotations row `id` still is the annotator's (an id may be reused after a removal).
Result<bool> stillThere(const Workspace& ws, std::int64_t id, const std::string& annotator) {
  auto st = Statement::prepare(ws.handle(), "SELECT annotator FROM annotations WHERE id = ?1", ws.path());
  if (!st) return st.error();
  st->bind(1, id);
  auto row = st->step();
  if (!row) return row.error();
  return *row && st->text(0) == annotator;
}

}  // namespace

namespace detail {

Status logDone(Workspace& ws, const AnnotationRecord& written) {
  auto seq = nextSeq(ws);
  if (!seq) return seq.error();
  auto clear = Statement::prepare(
      ws.handle(), "DELETE FROM annotation_undo WHERE annotator = ?1 AND state = 'undone'", ws.path());
  if (!clear) return clear.error();
  clear->bind(1, written.annotator);
  if (auto s = clear->run(); !s) return s;
  auto st =
      Statement::prepare(ws.handle(),
                         "INSERT INTO annotation_undo (annotator, annotation_id, record_json, state, seq, "
                         "created_at) VALUES (?1, ?2, ?3, 'done', ?4, ?5)",
                         ws.path());
  if (!st) return st.error();
  st->bind(1, written.annotator).bind(2, written.id).bind(3, logJson(written).dump()).bind(4, *seq);
  st->bind(5, nowUtcIso());
  return st->run();
}

Status forgetAnnotation(Workspace& ws, std::int64_t annotationId) {
  return runSql(ws, "DELETE FROM annotation_undo WHERE annotation_id = ?1 AND state = 'done'", annotationId);
}

}  // namespace detail

Result<UndoDepth> undoDepth(const Workspace& ws, const std::string& annotator) {
  auto st =
      Statement::prepare(ws.handle(),
                         "SELECT COALESCE(SUM(u.state = 'done' AND x.id IS NOT NULL), 0), "
                         "COALESCE(SUM(u.state = 'undone'), 0) FROM annotation_undo u "
                         "LEFT JOIN annotations x ON x.id = u.annotation_id AND x.annotator = u.annotator "
                         "WHERE u.annotator = ?1",
                         ws.path());
  if (!st) return st.error();
  st->bind(1, annotator);
  auto row = st->step();
  if (!row) return row.error();
  return UndoDepth{static_cast<std::size_t>(st->int64(0)), static_cast<std::size_t>(st->int64(1))};
}

namespace {

// The record of the annotator's newest entry in `state` (for "done": one whose annotation is still
// there, as undoAnnotation skips the others).
Result<std::optional<AnnotationRecord>> peek(const Workspace& ws, const std::string& annotator, bool done) {
  auto st =
      Statement::prepare(ws.handle(),
                         done ? "SELECT u.record_json, u.annotation_id FROM annotation_undo u "
                                "JOIN annotations x ON x.id = u.annotation_id AND x.annotator = u.annotator "
                                "WHERE u.annotator = ?1 AND u.state = 'done' ORDER BY u.seq DESC LIMIT 1"
                              : "SELECT record_json, NULL FROM annotation_undo "
                                "WHERE annotator = ?1 AND state = 'undone' ORDER BY seq DESC LIMIT 1",
                         ws.path());
  if (!st) return st.error();
  st->bind(1, annotator);
  auto row = st->step();
  if (!row) return row.error();
  if (!*row) return std::optional<AnnotationRecord>();
  auto record = recordOf(st->text(0), ws.path());
  if (!record) return record.error();
  if (const auto id = st->optInt64(1)) record->id = *id;
  return std::optional<AnnotationRecord>(std::move(*record));
}

}  // namespace

Result<std::optional<AnnotationRecord>> nextUndo(const Workspace& ws, const std::string& annotator) {
  return peek(ws, annotator, true);
}

Result<std::optional<AnnotationRecord>> nextRedo(const Workspace& ws, const std::string& annotator) {
  return peek(ws, annotator, false);
}

Result<std::optional<AnnotationRecord>> undoAnnotation(Workspace& ws, const std::string& annotator) {
  auto tx = ws.transaction();
  if (!tx) return tx.error();
  for (;;) {
    auto entry = top(ws, annotator, "done");
    if (!entry) return entry.error();
    if (!*entry) return std::optional<AnnotationRecord>();
    const Entry e = **entry;
    auto there = e.annotationId ? stillThere(ws, *e.annotationId, annotator) : Result<bool>(false);
    if (!there) return there.error();
    if (!*there) {  // removed otherwise (Remove last, a deleted run): nothing to take back
      if (auto s = runSql(ws, "DELETE FROM annotation_undo WHERE id = ?1", e.id); !s) return s.error();
      continue;
    }
    auto record = recordOf(e.recordJson, ws.path());
    if (!record) return record.error();
    record->id = *e.annotationId;
    if (auto s = runSql(ws, "DELETE FROM annotations WHERE id = ?1", *e.annotationId); !s) return s.error();
    auto seq = nextSeq(ws);
    if (!seq) return seq.error();
    if (auto s = runSql(
            ws, "UPDATE annotation_undo SET state = 'undone', annotation_id = NULL, seq = ?2 WHERE id = ?1",
            e.id, *seq);
        !s)
      return s.error();
    if (auto s = tx->commit(); !s) return s.error();
    return std::optional<AnnotationRecord>(std::move(*record));
  }
}

Result<std::optional<AnnotationRecord>> redoAnnotation(Workspace& ws, const std::string& annotator,
                                                       const AnnotationWriter& write) {
  auto entry = top(ws, annotator, "undone");
  if (!entry) return entry.error();
  if (!*entry) return std::optional<AnnotationRecord>();
  const Entry e = **entry;
  auto record = recordOf(e.recordJson, ws.path());
  if (!record) return record.error();
  {
    auto tx = ws.transaction();
    if (!tx) return tx.error();
    auto id = write ? write(*record) : insertAnnotation(ws, *record, UndoLog::Skip);
    if (id) {
      auto seq = nextSeq(ws);
      if (!seq) return seq.error();
      if (auto s = runSql(
              ws, "UPDATE annotation_undo SET state = 'done', annotation_id = ?2, seq = ?3 WHERE id = ?1",
              e.id, *id, *seq);
          !s)
        return s.error();
      if (auto s = tx->commit(); !s) return s.error();
      record->id = *id;
      return std::optional<AnnotationRecord>(std::move(*record));
    }
    Error failed = id.error();
    if (auto s = tx->rollback(); !s) return s.error();
    // The case is gone (or the record no longer fits it): drop the entry so redo can go on.
    if (auto s = runSql(ws, "DELETE FROM annotation_undo WHERE id = ?1", e.id); !s) return s.error();
    return failed;
  }
}

}  // namespace hs::ws
