#pragma once
// Threshold-dependent views of a detector score and their uncertainty (the detector bench of
// issue 14): precision at a fixed recall, recall at a fixed precision, seed 003 Appendix D.4's
// threshold for a precision target, the threshold that maximises TrustSQL's RS(c) (seed 004), and
// seeded bootstrap confidence intervals. `positive[i]`: item i is wrong (what the detector should
// flag); `scores[i]`: higher = more likely wrong; flagged iff score >= threshold.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace hs::eval {

struct OperatingPoint {
  double threshold = 0.0;
  double precision = 0.0;
  double recall = 0.0;
  std::size_t flagged = 0;
};

// Every distinct score as a threshold, highest first, with precision and recall of flagging
// score >= threshold. Empty when there is no item.
std::vector<OperatingPoint> operatingPoints(const std::vector<double>& scores,
                                            const std::vector<bool>& positive);

// Highest precision among thresholds whose recall is at least `recall`; nullopt without positives.
std::optional<double> precisionAtRecall(const std::vector<double>& scores, const std::vector<bool>& positive,
                                        double recall);
// Highest recall among thresholds whose precision is at least `precision`; 0 when none reaches
// it; nullopt without positives.
std::optional<double> recallAtPrecision(const std::vector<double>& scores, const std::vector<bool>& positive,
                                        double precision);

// Seed 003 D.4: lowering the threshold from the highest score, precision must stay at or above
// `target`; the answer is the last threshold before it first falls below (the one with the most
// recall while precision has stayed above the target all the way down). nullopt when even the
// highest threshold misses the target.
std::optional<OperatingPoint> thresholdForPrecision(const std::vector<double>& scores,
                                                    const std::vector<bool>& positive, double target);

// Abstaining when score >= threshold on a set of feasible questions whose answer is correct iff
// !positive: RS(c) (metrics.h reliabilityScore) at the best threshold (ties: the highest
// threshold), and the two baselines.
struct RsChoice {
  double c = 0.0;
  double threshold = 0.0;  // +infinity when answering everything is best
  double rs = 0.0;
  double rsAnswerAll = 0.0;
  double rsAbstainAll = 0.0;
  std::size_t abstained = 0;
};
RsChoice bestRsThreshold(const std::vector<double>& scores, const std::vector<bool>& positive, double c);

// Percentile bootstrap: `samples` resamples of the items with replacement (hs::Rng seeded with
// `seed`), `metric` on each; resamples where it is nullopt (e.g. one class empty) are dropped.
struct Interval {
  double low = 0.0;
  double high = 0.0;
  std::size_t samples = 0;  // resamples that gave a value
};
using ScoreMetric =
    std::function<std::optional<double>(const std::vector<double>&, const std::vector<bool>&)>;
std::optional<Interval> bootstrapInterval(const std::vector<double>& scores,
                                          const std::vector<bool>& positive, const ScoreMetric& metric,
                                          std::size_t samples, std::uint64_t seed, double level = 0.95);

}  // namespace hs::eval
