#include "engine/mr/hkb_workspace.h"

#include <algorithm>
#include <map>

#include "engine/workspace/sqlite_util.h"

namespace hs::mr {
namespace {

bool knownVerdict(const std::string& v) {
  return v == "added" || v == "confirmed" || v == "rejected" || v == "correct";
}

// The entry of a workspace case, created (without types) when it has none yet.
Result<std::size_t> entryOf(const ws::Workspace& workspace, Hkb& hkb, VocabularyCache& vocabularies,
                            std::int64_t caseId) {
  const std::string key = caseEntryKey(caseId);
  if (auto e = hkb.find(key)) return *e;
  auto rec = workspace.caseById(caseId);
  if (!rec) return rec.error();
  if (rec->databaseId) {
    if (auto db = workspace.database(*rec->databaseId)) vocabularies.setPath(rec->kase.dbId, db->path);
  }
  hs::Case kase = rec->kase;
  kase.id = key;
  kase.labels.clear();
  HkbEntry entry = entryFromCase(kase, vocabularies.get(kase.dbId), 0);
  entry.caseRowId = caseId;
  return hkb.add(std::move(entry));
}

void apply(Hkb& hkb, std::size_t index, const std::string& verdict, int type, std::uint8_t source) {
  if (verdict == "correct") {
    for (int t = 1; t <= kHallucinationTypes; ++t) hkb.clearType(index, t);
  } else if (verdict == "rejected") {
    hkb.clearType(index, type);
  } else if (type > 0) {
    HkbEntry patch;
    patch.caseKey = hkb.entries()[index].caseKey;
    patch.types[static_cast<std::size_t>(type - 1)] = true;
    patch.typeSources[static_cast<std::size_t>(type - 1)] = source;
    patch.sources = source;
    hkb.add(std::move(patch));
    return;
  }
  HkbEntry patch;  // record that the source contributed, even when it only cleared flags
  patch.caseKey = hkb.entries()[index].caseKey;
  patch.sources = source;
  hkb.add(std::move(patch));
}

}  // namespace

std::string caseEntryKey(std::int64_t caseId) {
  return "case:" + std::to_string(caseId);
}

Result<Hkb> loadHkb(const ws::Workspace& workspace, VocabularyCache& vocabularies,
                    const HkbLoadOptions& options) {
  Hkb hkb;
  auto runs = workspace.runs();
  if (!runs) return runs.error();
  for (const ws::RunRecord& run : *runs) {
    if (options.runId && run.id != *options.runId) continue;
    auto cases = workspace.cases(run.id);
    if (!cases) return cases.error();
    for (const ws::CaseRecord& rec : *cases) {
      const bool labelled =
          std::any_of(rec.kase.labels.begin(), rec.kase.labels.end(), [](const HumanLabel& l) {
            return (l.taxonomy.empty() || l.taxonomy == "mrsqlgen") && typeIndex(l.category) > 0;
          });
      if (!labelled) continue;  // unlabelled: not (yet) knowledge
      if (rec.databaseId) {
        if (auto db = workspace.database(*rec.databaseId)) vocabularies.setPath(rec.kase.dbId, db->path);
      }
      hs::Case kase = rec.kase;
      kase.id = caseEntryKey(rec.id);
      HkbEntry entry = entryFromCase(kase, vocabularies.get(kase.dbId), kImportedLabel);
      entry.caseRowId = rec.id;
      hkb.add(std::move(entry));
    }
  }
  const std::string& where = workspace.path();
  const char* runFilter = options.runId ? " AND c.run_id = ?1" : "";
  auto load = [&](const std::string& sql, std::uint8_t source, bool hasVerdict) -> Status {
    auto st = ws::Statement::prepare(workspace.handle(), sql + runFilter + " ORDER BY x.id", where);
    if (!st) return st.error();
    if (options.runId) st->bind(1, *options.runId);
    for (;;) {
      auto row = st->step();
      if (!row) return row.error();
      if (!*row) break;
      const std::int64_t caseId = st->int64(0);
      const int type = typeIndex(st->text(1));
      const std::string verdict = hasVerdict ? st->text(2) : "added";
      if (!knownVerdict(verdict) || (type == 0 && verdict != "correct")) continue;
      auto index = entryOf(workspace, hkb, vocabularies, caseId);
      if (!index) return index.error();
      apply(hkb, *index, verdict, type, source);
    }
    return ok();
  };
  if (options.includeFindings) {
    if (auto s = load("SELECT x.case_id, x.category FROM findings x JOIN cases c ON c.id = x.case_id "
                      "WHERE x.taxonomy = 'mrsqlgen'",
                      kAutomaticFinding, false);
        !s)
      return s.error();
  }
  if (auto s =
          load("SELECT x.case_id, x.category, x.verdict FROM annotations x JOIN cases c ON c.id = x.case_id "
               "WHERE x.taxonomy IN ('mrsqlgen', '')",
               kManualAnnotation, true);
      !s)
    return s.error();
  return hkb;
}

Result<std::int64_t> addAnnotation(ws::Workspace& workspace, Hkb& hkb, VocabularyCache& vocabularies,
                                   const ManualAnnotation& a) {
  const std::string& where = workspace.path();
  if (!knownVerdict(a.verdict))
    return makeError(ErrorKind::BadInput, "bad_verdict",
                     "verdict '" + a.verdict + "' is not one of added, confirmed, rejected, correct");
  const int type = typeIndex(a.category);
  if (type == 0 && a.verdict != "correct")
    return makeError(ErrorKind::BadInput, "bad_category",
                     "category '" + a.category + "' is not one of C1..C10");
  auto index = entryOf(workspace, hkb, vocabularies, a.caseId);  // also checks that the case exists
  if (!index) return index.error();
  auto tx = workspace.transaction();
  if (!tx) return tx.error();
  auto st =
      ws::Statement::prepare(workspace.handle(),
                             "INSERT INTO annotations (case_id, finding_id, annotator, verdict, taxonomy, "
                             "category, subcategory, note, created_at) VALUES (?1, ?2, ?3, ?4, 'mrsqlgen', "
                             "?5, ?6, ?7, ?8)",
                             where);
  if (!st) return st.error();
  st->bind(1, a.caseId).bind(2, a.findingId).bind(3, a.annotator).bind(4, a.verdict);
  st->bind(5, type > 0 ? typeCode(type) : std::string()).bind(6, a.subcategory).bind(7, a.note);
  st->bind(8, ws::nowUtcIso());
  if (auto s = st->run(); !s) return s.error();
  const std::int64_t id = sqlite3_last_insert_rowid(workspace.handle());
  if (auto s = tx->commit(); !s) return s.error();
  apply(hkb, *index, a.verdict, type, kManualAnnotation);
  return id;
}

}  // namespace hs::mr
