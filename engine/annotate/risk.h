#pragma once
// Gold-free risk score: a logistic combination of the gold-free checks and a few structural
// features of the predicted query. Weights are fitted (fitRiskModel) on one half of a labelled set
// and reported on the other half; defaultRiskModel() holds the weights fitted on half of the
// Spider dev GPT-4 (DIN-SQL) cases, see tests/engine/annotate/tst_annotate_risk.cpp.
#include <string>
#include <vector>

#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"

namespace hs::annotate {

struct RiskModel {
  double bias = 0.0;
  std::vector<double> weights;  // one per riskFeatureNames() entry
};

const std::vector<std::string>& riskFeatureNames();
std::vector<double> riskFeatures(const SqlView& pred, const std::vector<Finding>& goldFree);
Risk scoreRisk(const RiskModel& model, const std::vector<double>& features,
               const std::vector<Finding>& goldFree);
const RiskModel& defaultRiskModel();

// L2-regularised logistic regression by gradient descent; y[i] = 1 when case i is wrong.
RiskModel fitRiskModel(const std::vector<std::vector<double>>& x, const std::vector<int>& y,
                       double l2 = 0.01);
// AUROC: hs::eval::auroc (engine/eval/metrics.h) is the one implementation.

}  // namespace hs::annotate
