#include "engine/eval/metrics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace hs::eval {

namespace {

double ratio(std::size_t a, std::size_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

double f1Of(double p, double r) {
  return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}

}  // namespace

BinaryScores scoreFromConfusion(const Confusion& c) {
  BinaryScores s;
  s.confusion = c;
  s.precision = ratio(c.tp, c.tp + c.fp);
  s.recall = ratio(c.tp, c.tp + c.fn);
  s.f1 = f1Of(s.precision, s.recall);
  return s;
}

BinaryScores scoreAtThreshold(const std::vector<double>& scores, const std::vector<bool>& positive,
                              double threshold) {
  Confusion c;
  const std::size_t n = std::min(scores.size(), positive.size());
  for (std::size_t i = 0; i < n; ++i) {
    bool predicted = scores[i] >= threshold;
    if (predicted && positive[i]) ++c.tp;
    if (predicted && !positive[i]) ++c.fp;
    if (!predicted && positive[i]) ++c.fn;
    if (!predicted && !positive[i]) ++c.tn;
  }
  return scoreFromConfusion(c);
}

std::optional<double> auroc(const std::vector<double>& scores, const std::vector<bool>& positive) {
  const std::size_t n = std::min(scores.size(), positive.size());
  std::vector<std::size_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });
  // Sum of midranks of the positives (Mann-Whitney U with ties at half).
  double rankSumPos = 0.0;
  std::size_t nPos = 0;
  std::size_t i = 0;
  while (i < n) {
    std::size_t j = i;
    while (j < n && scores[idx[j]] == scores[idx[i]]) ++j;
    double midrank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    for (std::size_t k = i; k < j; ++k) {
      if (positive[idx[k]]) {
        rankSumPos += midrank;
        ++nPos;
      }
    }
    i = j;
  }
  const std::size_t nNeg = n - nPos;
  if (nPos == 0 || nNeg == 0) return std::nullopt;
  double u = rankSumPos - static_cast<double>(nPos) * static_cast<double>(nPos + 1) / 2.0;
  return u / (static_cast<double>(nPos) * static_cast<double>(nNeg));
}

std::optional<Calibration> calibration(const std::vector<double>& scores, const std::vector<bool>& positive,
                                       std::size_t bins) {
  if (scores.empty() || bins == 0 || scores.size() != positive.size()) return std::nullopt;
  Calibration c;
  c.bins.resize(bins);
  std::vector<double> sumScore(bins, 0.0), sumPositive(bins, 0.0);
  const auto width = 1.0 / static_cast<double>(bins);
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const double s = std::clamp(scores[i], 0.0, 1.0);
    const auto b = std::min(bins - 1, static_cast<std::size_t>(s * static_cast<double>(bins)));
    ++c.bins[b].cases;
    sumScore[b] += s;
    sumPositive[b] += positive[i] ? 1.0 : 0.0;
  }
  const auto n = static_cast<double>(scores.size());
  for (std::size_t b = 0; b < bins; ++b) {
    CalibrationBin& bin = c.bins[b];
    bin.low = static_cast<double>(b) * width;
    bin.high = static_cast<double>(b + 1) * width;
    if (bin.cases == 0) continue;
    const auto k = static_cast<double>(bin.cases);
    bin.meanScore = sumScore[b] / k;
    bin.positiveRate = sumPositive[b] / k;
    c.ece += k / n * std::abs(bin.meanScore - bin.positiveRate);
  }
  return c;
}

std::optional<double> averagePrecision(const std::vector<double>& scores, const std::vector<bool>& positive) {
  const std::size_t n = std::min(scores.size(), positive.size());
  std::size_t totalPos = 0;
  for (std::size_t i = 0; i < n; ++i) totalPos += positive[i] ? 1 : 0;
  if (totalPos == 0) return std::nullopt;
  std::vector<std::size_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  double ap = 0.0, prevRecall = 0.0;
  std::size_t tp = 0, seen = 0, i = 0;
  while (i < n) {
    std::size_t j = i;
    while (j < n && scores[idx[j]] == scores[idx[i]]) {
      tp += positive[idx[j]] ? 1 : 0;
      ++j;
    }
    seen = j;
    double precision = ratio(tp, seen);
    double recall = ratio(tp, totalPos);
    ap += (recall - prevRecall) * precision;
    prevRecall = recall;
    i = j;
  }
  return ap;
}

double reliabilityScore(const std::vector<RsItem>& items, double c) {
  if (items.empty()) return 0.0;
  double sum = 0.0;
  for (const RsItem& it : items) {
    if (it.feasible) {
      if (!it.answered) continue;  // 0
      sum += it.correct ? 1.0 : -c;
    } else {
      sum += it.answered ? -c : 1.0;
    }
  }
  return sum / static_cast<double>(items.size());
}

std::vector<RsItem> abstainAtThreshold(const std::vector<double>& scores, const std::vector<bool>& correct,
                                       double threshold) {
  std::vector<RsItem> out;
  const std::size_t n = std::min(scores.size(), correct.size());
  for (std::size_t i = 0; i < n; ++i) out.push_back({true, scores[i] < threshold, correct[i]});
  return out;
}

LabelAgreement labelAgreement(const std::vector<std::set<std::string>>& predicted,
                              const std::vector<std::set<std::string>>& human,
                              const std::vector<std::string>& types) {
  std::map<std::string, TypeAgreement> byType;
  for (const auto& t : types) byType[t].type = t;
  LabelAgreement out;
  const std::size_t n = std::min(predicted.size(), human.size());
  for (std::size_t i = 0; i < n; ++i) {
    for (const auto& t : predicted[i]) {
      bool hit = human[i].count(t) > 0;
      (hit ? out.tp : out.fp) += 1;
      auto it = byType.find(t);
      if (it != byType.end()) (hit ? it->second.tp : it->second.fp) += 1;
    }
    for (const auto& t : human[i]) {
      if (predicted[i].count(t)) continue;
      ++out.fn;
      auto it = byType.find(t);
      if (it != byType.end()) ++it->second.fn;
    }
  }
  for (const auto& t : types) {
    TypeAgreement a = byType[t];
    a.precision = ratio(a.tp, a.tp + a.fp);
    a.recall = ratio(a.tp, a.tp + a.fn);
    a.f1 = f1Of(a.precision, a.recall);
    out.perType.push_back(a);
  }
  out.microPrecision = ratio(out.tp, out.tp + out.fp);
  out.microRecall = ratio(out.tp, out.tp + out.fn);
  out.microF1 = f1Of(out.microPrecision, out.microRecall);
  return out;
}

}  // namespace hs::eval
