#pragma once
// The annotators' output for one case (hs::annotate): findings and the gold-free risk.
#include <vector>

#include "engine/core/finding.h"

namespace hs::annotate {

struct Annotation {
  std::vector<Finding> findings;
  Risk risk;
  // The learned C1..C10 labels' inputs (typeFeatureNames() order), when CaseInput::keepTypeFeatures
  // asked for them and the rules gave a C-type; empty otherwise.
  std::vector<double> typeFeatures;
  bool predParsed = true;  // false when the predicted SQL could not be analysed (then a finding says why)
};

}  // namespace hs::annotate
