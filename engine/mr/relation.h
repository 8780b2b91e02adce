#pragma once
// The seventeen metamorphic relations of SQLHD (seed 000) and what each one expects.
#include <string_view>
#include <vector>

namespace hs::mr {

enum class Stage { SchemaLinking, LogicalSynthesis };

// What must hold between the source output and the follow-up output.
enum class Relation {
  SameLinking,        // stage 1: follow-up schema linking equals the source linking
  ChangedLinking,     // stage 1: follow-up schema linking differs from the source linking (ENSR)
  MappedLinking,      // stage 1: follow-up linking equals the source linking mapped through DSR
  Equal,              // stage 2: same result (PI, PR, PS, SROE, CRU)
  Superset,           // stage 2: follow-up result contains the source result (CRE)
  Subset,             // stage 2: follow-up result is contained in the source result (CWR)
  Different,          // stage 2: different result unless degenerate (AROE)
  EqualAfterMapping,  // stage 2: same result on the replaced database after mapping (DR)
};

// How the follow-up is produced.
enum class Producer {
  Lexicon,   // deterministic rewrite from the built-in English lexicon (no LLM call)
  Llm,       // the LLM rewrites the question (few-shot template), checked before use
  Database,  // the question stays; the database is transformed (renamed schema or copy)
};

struct MrInfo {
  std::string_view abbrev;  // the seed's abbreviation, e.g. "SROCW"
  std::string_view name;    // e.g. "Synonym Replacement of Comparative Words"
  std::string_view family;  // the seed's group: CWM, ENM, SEM, DSM, PWM, EXM, CRM, DAM
  Stage stage;
  Relation relation;
  Producer producer;
};

// All seventeen, in the seed's order: 8 schema-linking MRs, then 9 logic-aware MRs.
const std::vector<MrInfo>& allMrs();
const MrInfo* findMr(std::string_view abbrev);

std::string_view toString(Relation relation);
std::string_view toString(Stage stage);

}  // namespace hs::mr
