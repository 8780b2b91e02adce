#include "engine/mr/hkb_workspace.h"

#include <algorithm>
#include <map>

#include "engine/workspace/annotations.h"

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
  auto add = [&](std::int64_t caseId, const std::string& category, const std::string& verdict,
                 std::uint8_t source) -> Status {
    const int type = typeIndex(category);
    if (!knownVerdict(verdict) || (type == 0 && verdict != "correct")) return ok();
    auto index = entryOf(workspace, hkb, vocabularies, caseId);
    if (!index) return index.error();
    apply(hkb, *index, verdict, type, source);
    return ok();
  };
  if (options.includeFindings) {
    auto findings = ws::findingCategories(workspace, "mrsqlgen", options.runId);
    if (!findings) return findings.error();
    for (const auto& f : findings.value())
      if (auto s = add(f.caseId, f.category, "added", kAutomaticFinding); !s) return s.error();
  }
  auto annotations = ws::annotationsOfTaxonomies(workspace, {"mrsqlgen", ""}, options.runId);
  if (!annotations) return annotations.error();
  for (const auto& a : annotations.value())
    if (auto s = add(a.caseId, a.category, a.verdict, kManualAnnotation); !s) return s.error();
  return hkb;
}

Result<std::int64_t> addAnnotation(ws::Workspace& workspace, Hkb& hkb, VocabularyCache& vocabularies,
                                   const ManualAnnotation& a) {
  if (!knownVerdict(a.verdict))
    return makeError(ErrorKind::BadInput, "bad_verdict",
                     "verdict '" + a.verdict + "' is not one of added, confirmed, rejected, correct");
  const int type = typeIndex(a.category);
  if (type == 0 && a.verdict != "correct")
    return makeError(ErrorKind::BadInput, "bad_category",
                     "category '" + a.category + "' is not one of C1..C10");
  auto index = entryOf(workspace, hkb, vocabularies, a.caseId);  // also checks that the case exists
  if (!index) return index.error();
  ws::AnnotationRecord row;
  row.caseId = a.caseId;
  row.findingId = a.findingId;
  row.annotator = a.annotator;
  row.verdict = a.verdict;
  row.taxonomy = "mrsqlgen";
  row.category = type > 0 ? typeCode(type) : std::string();
  row.subcategory = a.subcategory;
  row.note = a.note;
  row.span = a.span;
  auto id = ws::insertAnnotation(workspace, row, a.log);
  if (!id) return id.error();
  apply(hkb, *index, a.verdict, type, kManualAnnotation);
  return id.value();
}

}  // namespace hs::mr
