#include "engine/mr/hkb_build.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "engine/core/file_input.h"
#include "engine/core/json_input.h"
#include "engine/db/database.h"
#include "engine/workspace/import/import.h"

namespace hs::mr {

const QuestionStandardiser& VocabularyCache::get(const std::string& dbId) {
  if (auto it = cache_.find(dbId); it != cache_.end()) return it->second;
  QuestionStandardiser& v = cache_.emplace(dbId, QuestionStandardiser()).first->second;
  std::string path;
  if (auto p = paths_.find(dbId); p != paths_.end())
    path = p->second;
  else if (!dbRoot_.empty() && !dbId.empty())
    path = (std::filesystem::path(dbRoot_) / dbId / (dbId + ".sqlite")).string();
  if (path.empty()) return v;
  auto db = db::Database::openReadOnly(path);
  if (!db) {
    warnings_.push_back(db.error());
    return v;
  }
  auto vocab = vocabularyFromDatabase(*db.value(), valuesPerColumn_);
  if (!vocab) {
    warnings_.push_back(vocab.error());
    return v;
  }
  v = QuestionStandardiser(std::move(vocab.value()));
  return v;
}

HkbEntry entryFromCase(const hs::Case& kase, const QuestionStandardiser& standardiser, std::uint8_t source) {
  HkbEntry e;
  e.caseKey = kase.id;
  e.dbId = kase.dbId;
  e.question = kase.question;
  e.standardised = standardiser(kase.question).text;
  if (kase.predSql) e.standardisedSql = standardiseSql(*kase.predSql, standardiser.vocabulary());
  for (const HumanLabel& l : kase.labels) {
    if (!l.taxonomy.empty() && l.taxonomy != "mrsqlgen") continue;
    int t = typeIndex(l.category);
    if (t == 0) continue;
    e.types[static_cast<std::size_t>(t - 1)] = true;
    e.typeSources[static_cast<std::size_t>(t - 1)] |= source;
    e.sources |= source;
  }
  return e;
}

Hkb hkbFromCases(const std::vector<hs::Case>& cases, VocabularyCache& vocabularies) {
  Hkb hkb;
  for (const hs::Case& c : cases) hkb.add(entryFromCase(c, vocabularies.get(c.dbId), kImportedLabel));
  return hkb;
}

namespace {

constexpr std::size_t kMaxHkbLineBytes = 64u << 20;  // a longer record line is skipped here

// line number (1-based) -> the C-types of the record's "mr" list.
// Read like every input file (engine/core/file_input.h): regular files only, bounded lines.
std::map<std::size_t, std::vector<std::string>> mrTypesByLine(const std::string& path) {
  std::map<std::size_t, std::vector<std::string>> out;
  auto st = forEachLine(path, kMaxHkbLineBytes, [&](const FileLine& fileLine) {
    std::size_t number = fileLine.number;
    if (fileLine.tooLong()) return true;
    auto rec = hs::parseJsonOrDiscarded(fileLine.text);
    if (!rec.is_object()) return true;
    auto it = rec.find("mr");
    if (it == rec.end() || !it->is_array()) return true;
    for (const auto& m : *it)
      if (m.is_object() && m.contains("type") && m["type"].is_string()) out[number].push_back(m["type"]);
    return true;
  });
  (void)st;  // importCases() read the same file just before and reported its problems
  return out;
}

}  // namespace

Result<std::vector<hs::Case>> loadLabelledCases(const std::string& path, std::vector<Error>* problems) {
  // A FIFO, directory or device is refused at once, with what it is and where (never waited on).
  if (auto st = checkRegularFile(path); !st) return st.error();
  ws::import::ImportOptions options;
  options.casesPath = path;
  ws::import::ImportReport report = ws::import::importCases(options);
  if (problems) {
    problems->insert(problems->end(), report.warnings.begin(), report.warnings.end());
    problems->insert(problems->end(), report.errors.begin(), report.errors.end());
  }
  if (report.cases.empty() && !report.errors.empty()) return report.errors.front();
  if (report.format == ws::import::Format::Jsonl) {
    auto extra = mrTypesByLine(path);
    for (hs::Case& c : report.cases) {
      auto it = extra.find(c.sourceLine);
      if (it == extra.end()) continue;
      for (const std::string& t : it->second) {
        if (typeIndex(t) == 0) continue;
        HumanLabel l;
        l.taxonomy = "mrsqlgen";
        l.category = typeCode(typeIndex(t));
        l.annotator = "fixture";
        c.labels.push_back(std::move(l));
      }
    }
  }
  return std::move(report.cases);
}

}  // namespace hs::mr
