#pragma once
// The annotators' output for one case (hs::annotate): findings and the gold-free risk.
#include <vector>

#include "engine/core/finding.h"

namespace hs::annotate {

struct Annotation {
  std::vector<Finding> findings;
  Risk risk;
  bool predParsed = true;  // false when the predicted SQL could not be analysed (then a finding says why)
};

}  // namespace hs::annotate
