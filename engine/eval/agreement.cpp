#include "engine/eval/agreement.h"

#include <algorithm>
#include <map>
#include <set>

namespace hs::eval {
namespace {

// Values of each unit mapped to dense category indices; units with fewer than two values dropped.
struct Coded {
  std::vector<std::vector<std::size_t>> units;
  std::size_t categories = 0;
};

Coded code(const std::vector<std::vector<std::string>>& units) {
  Coded c;
  std::map<std::string, std::size_t> index;
  for (const auto& unit : units) {
    if (unit.size() < 2) continue;
    std::vector<std::size_t> values;
    values.reserve(unit.size());
    for (const auto& v : unit) values.push_back(index.emplace(v, index.size()).first->second);
    c.units.push_back(std::move(values));
  }
  c.categories = index.size();
  return c;
}

std::vector<double> counts(const std::vector<std::size_t>& values, std::size_t categories) {
  std::vector<double> n(categories, 0.0);
  for (std::size_t v : values) n[v] += 1.0;
  return n;
}

std::optional<double> chanceCorrected(double observed, double expected) {
  if (expected >= 1.0) return std::nullopt;
  return (observed - expected) / (1.0 - expected);
}

}  // namespace

AgreementFigure krippendorffAlphaNominal(const std::vector<std::vector<std::string>>& units) {
  Coded c = code(units);
  AgreementFigure f;
  // Coincidences: within unit u with m_u values, each ordered pair of distinct positions adds
  // 1 / (m_u - 1). For nominal data only the diagonal (agreeing pairs) matters.
  std::vector<double> marginal(c.categories, 0.0);
  double agreeing = 0.0, total = 0.0;
  for (const auto& unit : c.units) {
    const double m = static_cast<double>(unit.size());
    std::vector<double> n = counts(unit, c.categories);
    for (std::size_t k = 0; k < c.categories; ++k) {
      agreeing += n[k] * (n[k] - 1.0) / (m - 1.0);
      marginal[k] += n[k];
    }
    total += m;
  }
  f.items = c.units.size();
  f.ratings = static_cast<std::size_t>(total);
  if (total < 2.0) return f;
  double chance = 0.0;
  for (double nk : marginal) chance += nk * (nk - 1.0);
  f.observed = agreeing / total;
  f.expected = chance / (total * (total - 1.0));
  // alpha = 1 - D_o / D_e with D_o = 1 - observed, D_e = 1 - expected.
  f.value = chanceCorrected(f.observed, f.expected);
  return f;
}

AgreementFigure fleissKappa(const std::vector<std::vector<std::string>>& units) {
  Coded c = code(units);
  AgreementFigure f;
  std::vector<double> marginal(c.categories, 0.0);
  double sumP = 0.0, total = 0.0;
  for (const auto& unit : c.units) {
    const double m = static_cast<double>(unit.size());
    std::vector<double> n = counts(unit, c.categories);
    double agree = 0.0;
    for (std::size_t k = 0; k < c.categories; ++k) {
      agree += n[k] * (n[k] - 1.0);
      marginal[k] += n[k];
    }
    sumP += agree / (m * (m - 1.0));
    total += m;
  }
  f.items = c.units.size();
  f.ratings = static_cast<std::size_t>(total);
  if (f.items == 0) return f;
  f.observed = sumP / static_cast<double>(f.items);
  for (double nk : marginal) f.expected += (nk / total) * (nk / total);
  f.value = chanceCorrected(f.observed, f.expected);
  return f;
}

AgreementFigure cohenKappa(const std::vector<std::pair<std::string, std::string>>& pairs) {
  AgreementFigure f;
  f.items = pairs.size();
  f.ratings = 2 * pairs.size();
  if (pairs.empty()) return f;
  std::map<std::string, double> a, b;
  double agree = 0.0;
  for (const auto& [x, y] : pairs) {
    a[x] += 1.0;
    b[y] += 1.0;
    agree += x == y ? 1.0 : 0.0;
  }
  const double n = static_cast<double>(pairs.size());
  f.observed = agree / n;
  for (const auto& [label, count] : a) {
    auto it = b.find(label);
    if (it != b.end()) f.expected += (count / n) * (it->second / n);
  }
  f.value = chanceCorrected(f.observed, f.expected);
  return f;
}

AgreementReport computeAgreement(const std::vector<Rating>& ratings) {
  // item -> reviewer -> labels
  std::map<std::string, std::map<std::string, std::set<std::string>>> byItem;
  std::set<std::string> reviewers, categories;
  for (const auto& r : ratings) {
    byItem[r.item][r.reviewer].insert(r.label);
    reviewers.insert(r.reviewer);
    categories.insert(r.label);
  }
  AgreementReport report;
  report.items = byItem.size();
  report.reviewers.assign(reviewers.begin(), reviewers.end());

  std::vector<std::vector<std::string>> single;  // per item: the single-label values
  single.reserve(byItem.size());
  for (const auto& [item, given] : byItem) {
    std::vector<std::string> values;
    for (const auto& [reviewer, labels] : given) {
      if (labels.size() == 1)
        values.push_back(*labels.begin());
      else
        ++report.multiLabelled;
    }
    single.push_back(std::move(values));
  }
  report.alpha = krippendorffAlphaNominal(single);
  report.fleiss = fleissKappa(single);

  for (auto a = reviewers.begin(); a != reviewers.end(); ++a) {
    for (auto b = std::next(a); b != reviewers.end(); ++b) {
      std::vector<std::pair<std::string, std::string>> both;
      for (const auto& [item, given] : byItem) {
        auto ia = given.find(*a), ib = given.find(*b);
        if (ia == given.end() || ib == given.end()) continue;
        if (ia->second.size() != 1 || ib->second.size() != 1) continue;
        both.emplace_back(*ia->second.begin(), *ib->second.begin());
      }
      report.pairs.push_back({*a, *b, cohenKappa(both)});
    }
  }

  for (const auto& category : categories) {
    std::vector<std::vector<std::string>> units;
    units.reserve(byItem.size());
    for (const auto& [item, given] : byItem) {
      std::vector<std::string> values;
      for (const auto& [reviewer, labels] : given) values.push_back(labels.count(category) ? "1" : "0");
      units.push_back(std::move(values));
    }
    report.perCategory.push_back({category, krippendorffAlphaNominal(units)});
  }
  return report;
}

}  // namespace hs::eval
