#pragma once
// A finding (DESIGN.md "Concepts"): one hallucination hypothesis about a case, where it is in the
// SQL, and why. Shared by evaluation (engine/eval), the annotators (engine/annotate), metamorphic
// testing (engine/mr) and the workspace.
#include <cstddef>
#include <string>
#include <vector>

namespace hs {

struct FindingSpan {
  std::string side;  // "pred" or "gold"
  std::size_t begin = 0;
  std::size_t end = 0;  // byte offsets into that side's SQL, half-open
  bool operator==(const FindingSpan& o) const = default;
};

struct Finding {
  std::string taxonomy;     // "tasql" | "mrsqlgen" | "goldfree" | "mr"
  std::string category;     // e.g. "Schema Contradiction", "C4", "value_absent", "AROE"
  std::string subcategory;  // e.g. "Unknown columns"; may be empty
  std::string message;
  std::vector<FindingSpan> spans;
  std::string origin = "rule";  // "rule", "gold_free", "mr", "drilldown", "human"
  double confidence = 1.0;      // in [0, 1]
  // Why the label was given (e.g. "repairing just this part with the gold's version gives the gold
  // result"); shown in the tooltip. May be empty. Last, so positional initialisers stay valid.
  std::string explanation;
};

// Gold-free risk: a probability-like score in [0, 1] that the prediction is wrong, with its reasons.
struct Risk {
  double score = 0.0;
  std::vector<std::string> reasons;  // the checks that fired, strongest first
  std::vector<double> features;      // the model's inputs (annotate::riskFeatureNames() order)
};

}  // namespace hs
