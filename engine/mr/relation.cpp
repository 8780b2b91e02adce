#include "engine/mr/relation.h"

namespace hs::mr {

const std::vector<MrInfo>& allMrs() {
  using enum Stage;
  using enum Relation;
  using enum Producer;
  static const std::vector<MrInfo> kMrs = {
      {"SROCW", "Synonym Replacement of Comparative Words", "CWM", SchemaLinking, SameLinking, Lexicon},
      {"AROCW", "Antonym Replacement of Comparative Words", "CWM", SchemaLinking, SameLinking, Lexicon},
      {"ESR", "Entity Synonymous Replacement", "ENM", SchemaLinking, SameLinking, Llm},
      {"ENSR", "Entity Non-Synonymous Replacement", "ENM", SchemaLinking, ChangedLinking, Llm},
      {"RC", "Remove Conditional", "SEM", SchemaLinking, SameLinking, Llm},
      {"OS", "Ordinary Simplification", "SEM", SchemaLinking, SameLinking, Llm},
      {"SC", "Sentence Complication", "SEM", SchemaLinking, SameLinking, Llm},
      {"DSR", "Database Schema Replacement", "DSM", SchemaLinking, MappedLinking, Database},
      {"PI", "Prefix Insertion", "PWM", LogicalSynthesis, Equal, Lexicon},
      {"PR", "Prefix Removal", "PWM", LogicalSynthesis, Equal, Lexicon},
      {"PS", "Prefix Substitution", "PWM", LogicalSynthesis, Equal, Lexicon},
      {"SROE", "Synonym Replacement of Extrema", "EXM", LogicalSynthesis, Equal, Lexicon},
      {"AROE", "Antonym Replacement of Extrema", "EXM", LogicalSynthesis, Different, Lexicon},
      {"CRU", "Comparison Range Unchanged", "CRM", LogicalSynthesis, Equal, Lexicon},
      {"CRE", "Comparison Range Expand", "CRM", LogicalSynthesis, Superset, Lexicon},
      {"CWR", "Comparative Words Reduce", "CRM", LogicalSynthesis, Subset, Lexicon},
      {"DR", "Database Replacement", "DAM", LogicalSynthesis, EqualAfterMapping, Database},
  };
  return kMrs;
}

const MrInfo* findMr(std::string_view abbrev) {
  for (const auto& mr : allMrs()) {
    if (mr.abbrev == abbrev) return &mr;
  }
  return nullptr;
}

std::string_view toString(Relation relation) {
  switch (relation) {
    case Relation::SameLinking:
      return "same_linking";
    case Relation::ChangedLinking:
      return "changed_linking";
    case Relation::MappedLinking:
      return "mapped_linking";
    case Relation::Equal:
      return "equal";
    case Relation::Superset:
      return "superset";
    case Relation::Subset:
      return "subset";
    case Relation::Different:
      return "different";
    case Relation::EqualAfterMapping:
      return "equal_after_mapping";
  }
  return "equal";
}

std::string_view toString(Stage stage) {
  return stage == Stage::SchemaLinking ? "schema_linking" : "logical_synthesis";
}

}  // namespace hs::mr
