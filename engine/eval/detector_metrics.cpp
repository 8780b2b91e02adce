#include "engine/eval/detector_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "engine/core/rng.h"
#include "engine/eval/metrics.h"

namespace hs::eval {

std::vector<OperatingPoint> operatingPoints(const std::vector<double>& scores,
                                            const std::vector<bool>& positive) {
  const std::size_t n = std::min(scores.size(), positive.size());
  std::vector<std::size_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  std::size_t totalPos = 0;
  for (std::size_t i = 0; i < n; ++i) totalPos += positive[i] ? 1 : 0;
  std::vector<OperatingPoint> out;
  std::size_t tp = 0, flagged = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && scores[idx[j]] == scores[idx[i]]) {
      tp += positive[idx[j]] ? 1 : 0;
      ++j;
    }
    flagged = j;
    OperatingPoint p;
    p.threshold = scores[idx[i]];
    p.flagged = flagged;
    p.precision = static_cast<double>(tp) / static_cast<double>(flagged);
    p.recall = totalPos ? static_cast<double>(tp) / static_cast<double>(totalPos) : 0.0;
    out.push_back(p);
    i = j;
  }
  return out;
}

namespace {
bool hasPositive(const std::vector<bool>& positive) {
  return std::find(positive.begin(), positive.end(), true) != positive.end();
}
}  // namespace

std::optional<double> precisionAtRecall(const std::vector<double>& scores, const std::vector<bool>& positive,
                                        double recall) {
  if (!hasPositive(positive)) return std::nullopt;
  double best = 0.0;
  for (const OperatingPoint& p : operatingPoints(scores, positive))
    if (p.recall >= recall - 1e-12) best = std::max(best, p.precision);
  return best;
}

std::optional<double> recallAtPrecision(const std::vector<double>& scores, const std::vector<bool>& positive,
                                        double precision) {
  if (!hasPositive(positive)) return std::nullopt;
  double best = 0.0;
  for (const OperatingPoint& p : operatingPoints(scores, positive))
    if (p.precision >= precision - 1e-12) best = std::max(best, p.recall);
  return best;
}

std::optional<OperatingPoint> thresholdForPrecision(const std::vector<double>& scores,
                                                    const std::vector<bool>& positive, double target) {
  std::optional<OperatingPoint> chosen;
  for (const OperatingPoint& p : operatingPoints(scores, positive)) {
    if (p.precision < target - 1e-12) break;
    chosen = p;
  }
  return chosen;
}

RsChoice bestRsThreshold(const std::vector<double>& scores, const std::vector<bool>& positive, double c) {
  const std::size_t n = std::min(scores.size(), positive.size());
  std::vector<bool> correct(n);
  for (std::size_t i = 0; i < n; ++i) correct[i] = !positive[i];
  const double inf = std::numeric_limits<double>::infinity();
  RsChoice r;
  r.c = c;
  r.rsAnswerAll = reliabilityScore(abstainAtThreshold(scores, correct, inf), c);
  r.rsAbstainAll = reliabilityScore(abstainAtThreshold(scores, correct, -inf), c);
  r.threshold = inf;
  r.rs = r.rsAnswerAll;
  // Thresholds from the highest score down: abstaining grows by one group of tied scores each time.
  for (const OperatingPoint& p : operatingPoints(scores, positive)) {
    double rs = reliabilityScore(abstainAtThreshold(scores, correct, p.threshold), c);
    if (rs > r.rs + 1e-12) {
      r.rs = rs;
      r.threshold = p.threshold;
      r.abstained = p.flagged;
    }
  }
  return r;
}

std::optional<Interval> bootstrapInterval(const std::vector<double>& scores,
                                          const std::vector<bool>& positive, const ScoreMetric& metric,
                                          std::size_t samples, std::uint64_t seed, double level) {
  const std::size_t n = std::min(scores.size(), positive.size());
  if (n == 0 || samples == 0) return std::nullopt;
  Rng rng(seed);
  std::vector<double> values;
  std::vector<double> s(n);
  std::vector<bool> y(n);
  for (std::size_t b = 0; b < samples; ++b) {
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t k = rng.below(n);
      s[i] = scores[k];
      y[i] = positive[k];
    }
    if (auto v = metric(s, y)) values.push_back(*v);
  }
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  auto at = [&](double q) {
    double pos = q * static_cast<double>(values.size() - 1);
    auto lo = static_cast<std::size_t>(std::floor(pos));
    auto hi = static_cast<std::size_t>(std::ceil(pos));
    return values[lo] + (values[hi] - values[lo]) * (pos - static_cast<double>(lo));
  };
  const double alpha = (1.0 - level) / 2.0;
  return Interval{at(alpha), at(1.0 - alpha), values.size()};
}

}  // namespace hs::eval
