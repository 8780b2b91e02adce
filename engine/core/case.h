#pragma once
// A Case (DESIGN.md "Concepts"): one question put to a text-to-SQL system, with its SQL.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hs {

struct HumanLabel {
  std::string taxonomy;     // "mrsqlgen" (C1..C10) or "tasql"
  std::string category;     // e.g. "C3" or "Schema Contradiction"
  std::string subcategory;  // may be empty
  std::string annotator;
  std::string note;  // free text: the annotator's message, or the source's top-level type
};

// What a run generated with abstention (seed 004, `generate --abstain`) decided for one case.
struct Abstention {
  bool abstained = false;
  std::string reason;  // of the check that abstained; empty when answered
  std::string stage;   // "before_generation" or "after_generation" of the deciding check; may be empty
  // The thresholds of the checks that ran, by check name ("schema_linking", "llm_classifier",
  // "risk", "llm_verifier").
  std::map<std::string, double> thresholds;
};

struct Case {
  std::string id;    // stable id within its source (e.g. "spider_dev:17")
  std::string dbId;  // database name, resolved under a db root
  std::string question;
  std::string evidence;  // BIRD's external knowledge, may be empty
  std::optional<std::string> goldSql;
  std::optional<std::string> predSql;  // nullopt when the generation failed
  std::string model;
  std::string difficulty;          // "simple", "moderate", "challenging", "" when unknown
  std::string source;              // dataset or file the case came from
  std::size_t sourceLine = 0;      // 1-based line (or record) in the source file
  std::vector<HumanLabel> labels;  // human annotations carried by the import
  // Set only when the run that produced the case had abstention on.
  std::optional<Abstention> abstention;
  // Non-empty for an infeasible question (no correct SQL exists): seed 004's type, e.g.
  // "column-surface", "column-related", "column-unrelated", "non-sql", "ext-know".
  std::string infeasibleType;
};

}  // namespace hs
