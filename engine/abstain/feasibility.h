#pragma once
// Before generation: is the question answerable by SQL on this database at all? Seed 004
// (TrustSQL) names five infeasible types: column-surface, column-related, column-unrelated (the
// question asks for data the schema does not have), non-SQL (a request a query cannot serve) and
// external knowledge. This is the check without an LLM: schema linking of the question's content
// words against table and column names and stored values, plus cue phrases for non-SQL requests
// and outside knowledge. Written from the seed's definitions; it was not tuned on the infeasible
// test set (tests/fixtures/infeasible).
#include <string>
#include <vector>

#include "engine/db/database.h"
#include "engine/db/schema.h"

namespace hs::abstain {

struct FeasibilityCheck {
  double score = 0.0;                  // in [0, 1]; higher = more likely infeasible
  std::string type;                    // "feasible" or one of the five types (the strongest evidence)
  std::string reason;                  // e.g. "the question asks for 'salary', which no table or column has"
  std::vector<std::string> unmatched;  // content words that match no table, column or stored value
  std::vector<std::string> cues;       // non-SQL / external-knowledge phrases found
  int valueLookups = 0;                // read-only queries spent on stored values
  std::string nearest;                 // column-surface: the existing name the unmatched word resembles
  // "the <attribute> of <entity>" where the entity's table lacks the attribute (see
  // feasibility_linking.h); empty when no such gap was found.
  std::string attribute;
  std::string entity;
  std::string entityTable;
  std::vector<std::string> attributeTables;  // tables that have a column of that name
};

struct FeasibilityOptions {
  bool lookUpValues = true;  // search stored text values for unmatched words (read-only, bounded)
  int maxLookups = 120;      // per question
  int lookupTimeoutMs = 1000;
};

// `database` may be null (no value look-ups). Never fails: a question it cannot judge scores 0.
FeasibilityCheck checkFeasibility(const std::string& question, const db::Schema& schema,
                                  db::Database* database, const FeasibilityOptions& options = {});

}  // namespace hs::abstain
