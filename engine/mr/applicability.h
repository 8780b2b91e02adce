#pragma once
// Which of the seventeen MRs apply to a question, and why not when they do not. Lexical MRs apply
// when the lexicon produces a follow-up; LLM MRs apply when the question has what they rewrite
// (an entity, a condition, something to simplify); database MRs need a schema.
#include <string>
#include <string_view>
#include <vector>

#include "engine/mr/lexical_rewrite.h"
#include "engine/mr/relation.h"

namespace hs::mr {

// Names of the database's tables and columns (as written in the schema).
struct SchemaNames {
  std::vector<std::string> tables;
  std::vector<std::string> columns;
};

struct Applicability {
  const MrInfo* mr = nullptr;
  bool applicable = false;
  std::string reason;
  FollowUp followUp;  // filled for lexical MRs that apply (a deterministic rewrite, no LLM call)
};

// One entry per MR, in allMrs() order.
std::vector<Applicability> assessQuestion(std::string_view question, const SchemaNames& schema);

}  // namespace hs::mr
