#pragma once
// The built-in English lexicon behind the lexical MRs: comparatives, extrema and question
// prefixes, each phrase with its meaning (direction, strictness, dimension) and inflections.
#include <span>
#include <string_view>

namespace hs::mr {

enum class Direction { Greater, Less };

// "greater than" is strict, "at least" is not. Dimensions keep rewrites idiomatic: "older than"
// turns into "younger than", never "less than".
struct ComparativeEntry {
  std::string_view phrase;  // lower case, single spaces
  Direction direction;
  bool strict;
  std::string_view dimension;  // "", "age", "time", "length", "weight", "price"
  bool needsNumber;            // ambiguous single words ("over", "before") count only before a number
  std::string_view synonym;    // same meaning ("" when the lexicon has none)
  std::string_view antonym;    // opposite direction, same strictness
  std::string_view expanded;   // strict -> inclusive, same direction ("" when already inclusive)
  std::string_view reduced;    // inclusive -> strict, same direction ("" when already strict)
};

enum class Extremum { Max, Min };

struct ExtremumEntry {
  std::string_view phrase;
  Extremum polarity;
  std::string_view synonym;
  std::string_view antonym;
};

// Leading request phrases ("Show me", "Please") and imperative verbs ("List", "Find").
struct PrefixEntry {
  std::string_view phrase;
  bool removable;               // dropping it keeps a well-formed request (PR)
  std::string_view substitute;  // PS replacement ("" when none)
};

std::span<const ComparativeEntry> comparatives();
std::span<const ExtremumEntry> extrema();
std::span<const PrefixEntry> prefixes();

// Verb comparatives with their inflections ("exceeds", "exceeded", ...): each form maps to the
// same-person form of its synonym and antonym.
struct VerbFormEntry {
  std::string_view form;
  std::string_view synonym;
  std::string_view antonym;
};
std::span<const VerbFormEntry> comparativeVerbs();

}  // namespace hs::mr
