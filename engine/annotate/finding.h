#pragma once
// Findings of the annotators (hs::annotate): one suspected hallucination, where it is, and why.
#include <cstddef>
#include <string>
#include <vector>

namespace hs::annotate {

struct Span {
  std::string side;  // "pred" or "gold"
  std::size_t begin = 0;
  std::size_t end = 0;  // byte offsets, half-open
  bool operator==(const Span& o) const { return side == o.side && begin == o.begin && end == o.end; }
};

struct Finding {
  std::string taxonomy;     // "tasql" | "mrsqlgen" | "goldfree"
  std::string category;     // e.g. "Schema Contradiction", "C4", "value_absent"
  std::string subcategory;  // e.g. "Unknown columns"; may be empty
  std::string message;
  std::vector<Span> spans;
  std::string origin = "rule";
  double confidence = 1.0;
};

// Gold-free risk: probability-like score in [0, 1] that the prediction is wrong, with its reasons.
struct Risk {
  double score = 0.0;
  std::vector<std::string> reasons;  // the gold-free checks that fired, strongest first
};

struct Annotation {
  std::vector<Finding> findings;
  Risk risk;
  bool predParsed = true;  // false when the predicted SQL could not be analysed (then a finding says why)
};

}  // namespace hs::annotate
