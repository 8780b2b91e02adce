#pragma once
// Metrics of a detector (a hallucination flag or a risk score) against a labelled set, TrustSQL's
// reliability score RS(c) (seed 004), and label agreement per hallucination type.
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hs::eval {

struct Confusion {
  std::size_t tp = 0, fp = 0, tn = 0, fn = 0;
};

struct BinaryScores {
  Confusion confusion;
  double precision = 0.0;  // 0 when nothing is predicted positive
  double recall = 0.0;     // 0 when there are no positives
  double f1 = 0.0;
};

// `positive[i]`: item i is a true positive case (e.g. the SQL is wrong). `scores[i]`: the
// detector's score, higher = more likely positive; predicted positive iff score >= threshold.
BinaryScores scoreAtThreshold(const std::vector<double>& scores, const std::vector<bool>& positive,
                              double threshold);
BinaryScores scoreFromConfusion(const Confusion& c);

// Area under the ROC curve: the Mann-Whitney probability that a positive scores above a negative,
// ties counting one half (equal to the trapezoidal area). nullopt when a class is empty.
std::optional<double> auroc(const std::vector<double>& scores, const std::vector<bool>& positive);

// Average precision (area under the precision-recall curve as scikit-learn computes it):
// sum over distinct score thresholds, descending, of (R_k - R_{k-1}) * P_k. nullopt without positives.
std::optional<double> averagePrecision(const std::vector<double>& scores, const std::vector<bool>& positive);

// Calibration of a probability-like score: `bins` equal-width bins over [0, 1] (a score of 1 falls
// in the last). Per bin: cases, mean score, observed positive rate. The expected calibration error
// is the case-weighted mean of |mean score - positive rate|. nullopt for an empty set.
struct CalibrationBin {
  double low = 0.0, high = 0.0;
  std::size_t cases = 0;
  double meanScore = 0.0;
  double positiveRate = 0.0;
};
struct Calibration {
  std::vector<CalibrationBin> bins;
  double ece = 0.0;
};
std::optional<Calibration> calibration(const std::vector<double>& scores, const std::vector<bool>& positive,
                                       std::size_t bins = 10);

// TrustSQL (seed 004, eq. 1): per question +1 for a correct answer or a correct abstention on an
// infeasible question, 0 for an abstention on a feasible question, -c for a wrong answer or an
// answer to an infeasible question; RS(c) is the mean. c = 0, 10 and N (number of questions).
struct RsItem {
  bool feasible = true;
  bool answered = true;
  bool correct = false;  // meaningful when feasible and answered
};
double reliabilityScore(const std::vector<RsItem>& items, double c);

// Items where the detector abstains when score >= threshold; `correct[i]` is the EX verdict.
std::vector<RsItem> abstainAtThreshold(const std::vector<double>& scores, const std::vector<bool>& correct,
                                       double threshold);

struct TypeAgreement {
  std::string type;
  std::size_t tp = 0, fp = 0, fn = 0;
  double precision = 0.0, recall = 0.0, f1 = 0.0;
};

struct LabelAgreement {
  std::vector<TypeAgreement> perType;
  std::size_t tp = 0, fp = 0, fn = 0;
  double microPrecision = 0.0, microRecall = 0.0, microF1 = 0.0;
};

// Per item, the set of types the detector names vs the set the humans name. `types` fixes the
// reported types (e.g. C1..C10); types outside it still count in the micro average.
LabelAgreement labelAgreement(const std::vector<std::set<std::string>>& predicted,
                              const std::vector<std::set<std::string>>& human,
                              const std::vector<std::string>& types);

}  // namespace hs::eval
