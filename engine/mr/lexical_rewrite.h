#pragma once
// Deterministic follow-up questions for the lexical MRs of seed 000: PI, PR, PS (prefixes),
// SROCW, AROCW, CRU, CRE, CWR (comparatives) and SROE, AROE (extrema). No LLM call.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hs::mr {

struct TextEdit {
  std::size_t begin = 0;  // byte range replaced in the source question
  std::size_t end = 0;
  std::string replacement;
};

struct FollowUp {
  std::string mr;  // the seed's abbreviation
  bool applicable = false;
  std::string question;  // the follow-up question ("" when not applicable)
  std::string reason;    // what changed ("'more than' -> 'at least'") or why it does not apply
  std::vector<TextEdit> edits;
  // Byte ranges of the changed words in the follow-up question, for highlighting.
  std::vector<std::pair<std::size_t, std::size_t>> changed;
};

// The MRs this file rewrites, in the seed's order.
const std::vector<std::string_view>& lexicalMrs();

// The follow-up for one lexical MR; an MR that is not lexical or does not apply says why.
FollowUp rewriteLexical(std::string_view mr, std::string_view question);

}  // namespace hs::mr
