#pragma once
// Building an HKB (hkb.h) from labelled cases: the vocabulary of each database (cached), one entry
// per case from its "mrsqlgen" labels, and labelled JSONL files read through the importer.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/mr/hkb.h"
#include "engine/mr/hkb_standardise.h"

namespace hs::mr {

// Vocabularies by db_id, read once per database (read-only). A database that cannot be found or
// read gets an empty vocabulary (standardisation then relies on the noun/number heuristics) and a
// warning.
class VocabularyCache {
 public:
  explicit VocabularyCache(std::size_t valuesPerColumn = 40) : valuesPerColumn_(valuesPerColumn) {}
  // Spider/BIRD layout: <root>/<db_id>/<db_id>.sqlite.
  void setDbRoot(std::string root) { dbRoot_ = std::move(root); }
  void setPath(const std::string& dbId, std::string path) { paths_[dbId] = std::move(path); }
  // Use this vocabulary for dbId (tests, or a database already open elsewhere).
  void set(const std::string& dbId, SchemaVocabulary vocabulary) {
    cache_.insert_or_assign(dbId, QuestionStandardiser(std::move(vocabulary)));
  }

  // The standardiser of dbId (its vocabulary() is the database's), read on first use.
  const QuestionStandardiser& get(const std::string& dbId);
  const std::vector<Error>& warnings() const { return warnings_; }

 private:
  std::size_t valuesPerColumn_;
  std::string dbRoot_;
  std::map<std::string, std::string> paths_;
  std::map<std::string, QuestionStandardiser> cache_;
  std::vector<Error> warnings_;
};

// The case's labels with taxonomy "mrsqlgen" (or a C1..C10 category) become flags from `source`.
HkbEntry entryFromCase(const hs::Case& kase, const QuestionStandardiser& standardiser, std::uint8_t source);

// One entry per case (imported labels); clean cases are kept as entries without types.
Hkb hkbFromCases(const std::vector<hs::Case>& cases, VocabularyCache& vocabularies);

// Labelled cases from a file, through hs::ws::import (MRSQLGen JSONL: sub_hallucinations_type /
// node_type). JSONL records with an "mr" list of {"type": "C4", ...} (the repository's annotate
// fixtures) get those types as labels too. Import warnings and errors go to `problems`.
Result<std::vector<hs::Case>> loadLabelledCases(const std::string& path,
                                                std::vector<Error>* problems = nullptr);

}  // namespace hs::mr
