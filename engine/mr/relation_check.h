#pragma once
// Checking an MR's relation between the source output and the follow-up output: schema-linking
// sets in stage 1, executed result sets in stage 2 (set semantics, as BIRD's EX).
#include <set>
#include <string>
#include <string_view>

#include "engine/db/database.h"
#include "engine/mr/relation.h"
#include "engine/mr/schema_mapping.h"

namespace hs::mr {

enum class Verdict { Satisfied, Violated, Inapplicable, Error };
std::string_view toString(Verdict verdict);  // "satisfied", "violated", "inapplicable", "error"

struct RelationCheck {
  Verdict verdict = Verdict::Error;
  std::string reason;
};

// Stage 1. `mapping` is required for MappedLinking (DSR) and ignored otherwise.
RelationCheck checkLinking(Relation relation, const std::set<std::string>& source,
                           const std::set<std::string>& followUp, const SchemaMapping* mapping = nullptr);

// Stage 2: both queries ran; rows are compared as sets of tuples with Python's value equality.
RelationCheck checkResults(Relation relation, const db::QueryResult& source, const db::QueryResult& followUp);

}  // namespace hs::mr
