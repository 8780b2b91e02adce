// Gold-free risk score (see risk.h).
#include "engine/annotate/risk.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/annotate/checks.h"

namespace hs::annotate {

namespace {
constexpr std::size_t kCategories = sizeof(kGoldFreeCategories) / sizeof(kGoldFreeCategories[0]);
double sigmoid(double z) {
  return 1.0 / (1.0 + std::exp(-z));
}
}  // namespace

const std::vector<std::string>& riskFeatureNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n(std::begin(kGoldFreeCategories), std::end(kGoldFreeCategories));
    for (const char* s : {"joins", "nested_select", "set_operation", "group_by", "having", "order_limit",
                          "distinct", "length"})
      n.push_back(s);
    return n;
  }();
  return names;
}

std::vector<double> riskFeatures(const SqlView& v, const std::vector<Finding>& goldFree) {
  std::vector<double> x(riskFeatureNames().size(), 0.0);
  for (const Finding& f : goldFree) {
    // A syntax error counts where the model was fitted: as an unreadable (unresolved) name.
    const std::string& category =
        f.category == "syntax_error" ? std::string(kGoldFreeCategories[0]) : f.category;
    for (std::size_t k = 0; k < kCategories; ++k)
      if (category == kGoldFreeCategories[k]) x[k] = std::max(x[k], f.confidence);
  }
  std::size_t joins = 0;
  bool group = false, having = false, orderLimit = false, distinct = false;
  for (const SelectBlock& b : v.blocks) {
    joins += b.joinKinds.size();
    group = group || !b.groupBy.empty();
    having = having || !b.clauses[kHaving].empty();
    orderLimit = orderLimit || (!b.orderBy.empty() && !b.limit.empty());
    distinct = distinct || b.distinct;
  }
  std::size_t k = kCategories;
  x[k++] = std::min<double>(static_cast<double>(joins), 4.0) / 4.0;
  x[k++] = v.blocks.size() > v.topLevel.size() ? 1.0 : 0.0;
  x[k++] = v.setOps.empty() ? 0.0 : 1.0;
  x[k++] = group ? 1.0 : 0.0;
  x[k++] = having ? 1.0 : 0.0;
  x[k++] = orderLimit ? 1.0 : 0.0;
  x[k++] = distinct ? 1.0 : 0.0;
  x[k++] = std::min(1.0, static_cast<double>(v.tokens.size()) / 80.0);
  return x;
}

Risk scoreRisk(const RiskModel& m, const std::vector<double>& x, const std::vector<Finding>& goldFree) {
  Risk r;
  double z = m.bias;
  for (std::size_t i = 0; i < x.size() && i < m.weights.size(); ++i) z += m.weights[i] * x[i];
  r.score = sigmoid(z);
  std::vector<std::pair<double, std::string>> why;
  for (const Finding& f : goldFree)
    for (std::size_t k = 0; k < kCategories && k < m.weights.size(); ++k)
      if (f.category == kGoldFreeCategories[k] && m.weights[k] > 0)
        why.push_back({m.weights[k] * f.confidence, f.category + ": " + f.message});
  std::stable_sort(why.begin(), why.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& w : why)
    if (std::find(r.reasons.begin(), r.reasons.end(), w.second) == r.reasons.end())
      r.reasons.push_back(w.second);
  // A prediction that does not execute gives the user no answer at all: that is certain, not a
  // risk to be weighed (the fitted weight is small only because the training rows hold few such
  // cases). It scores 1 and leads the reasons.
  for (const Finding& f : goldFree)
    if (f.category == "execution_error") {
      r.score = 1.0;
      std::string why0 = f.category + ": " + f.message;
      std::erase(r.reasons, why0);
      r.reasons.insert(r.reasons.begin(), std::move(why0));
      break;
    }
  return r;
}

RiskModel fitRiskModel(const std::vector<std::vector<double>>& x, const std::vector<int>& y, double l2) {
  RiskModel m;
  std::size_t d = riskFeatureNames().size();
  m.weights.assign(d, 0.0);
  if (x.empty()) return m;
  double pos = static_cast<double>(std::accumulate(y.begin(), y.end(), 0));
  double n = static_cast<double>(x.size());
  m.bias = std::log((pos + 1) / (n - pos + 1));
  const double lr = 0.5;
  for (int it = 0; it < 3000; ++it) {
    std::vector<double> g(d, 0.0);
    double gb = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      double z = m.bias;
      for (std::size_t j = 0; j < d; ++j) z += m.weights[j] * x[i][j];
      double e = sigmoid(z) - y[i];
      gb += e;
      for (std::size_t j = 0; j < d; ++j) g[j] += e * x[i][j];
    }
    m.bias -= lr * gb / n;
    for (std::size_t j = 0; j < d; ++j) m.weights[j] -= lr * (g[j] / n + l2 * m.weights[j]);
  }
  return m;
}

const RiskModel& defaultRiskModel() {
  // Fitted by fitRiskModel on the even data rows of the Spider dev GPT-4 (DIN-SQL) predictions
  // (tst_annotate_risk prints the fit); reported on the odd rows. Order: riskFeatureNames().
  static const RiskModel m = [] {
    RiskModel r;
    r.bias = -2.307;
    r.weights = {0.143, 0.000,  0.000,  0.886, 0.348,  0.180,  0.000,  0.000, 0.557,
                 0.398, 0.150,  -0.016, 0.660, -0.014, 0.017,  -0.063, 0.000, 0.488,
                 0.052, -0.149, 0.823,  0.514, 0.154,  -0.131, 0.807};
    if (r.weights.size() != riskFeatureNames().size()) r.weights.assign(riskFeatureNames().size(), 0.5);
    return r;
  }();
  return m;
}

}  // namespace hs::annotate
