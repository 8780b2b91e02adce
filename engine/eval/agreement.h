#pragma once
// Inter-reviewer agreement on nominal labels: Cohen's kappa for two reviewers, Fleiss' kappa and
// Krippendorff's alpha (nominal, missing values allowed) across all of them, and the report that
// `hallusql-cli agreement` and the review screens show (overall, per pair, per category).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hs::eval {

// One figure and the evidence behind it. `value` is nullopt when the figure is undefined (no
// pairable data, or every rating used one and the same value so chance agreement is 1).
struct AgreementFigure {
  std::optional<double> value;
  std::size_t items = 0;    // units that entered the figure (rated by at least two reviewers)
  std::size_t ratings = 0;  // values that entered it
  double observed = 0.0;    // observed agreement (share of agreeing pairs)
  double expected = 0.0;    // agreement expected by chance
};

// Krippendorff's alpha for nominal data. `units[u]` holds the values the reviewers gave unit u
// (one per reviewer who rated it; missing reviewers are simply absent). Units with fewer than two
// values are not pairable and are ignored, as in Krippendorff (2011), "Computing Krippendorff's
// alpha-reliability".
AgreementFigure krippendorffAlphaNominal(const std::vector<std::vector<std::string>>& units);

// Fleiss' kappa, generalised to a varying number of raters per unit (each unit's agreement is
// the share of agreeing rater pairs within it; with a constant number of raters it is Fleiss
// (1971) exactly). Units with fewer than two values are ignored.
AgreementFigure fleissKappa(const std::vector<std::vector<std::string>>& units);

// Cohen's kappa for two reviewers over the items both rated: (p_o - p_e) / (1 - p_e).
AgreementFigure cohenKappa(const std::vector<std::pair<std::string, std::string>>& pairs);

// A row of a labels file: reviewer `reviewer` gave item `item` the nominal label `label`. Several
// labels of one reviewer on one item are separate rows.
struct Rating {
  std::string item;
  std::string reviewer;
  std::string label;
};

struct PairAgreement {
  std::string a, b;
  AgreementFigure kappa;  // Cohen's kappa over the items both gave exactly one label
};

struct CategoryAgreement {
  std::string category;
  AgreementFigure alpha;  // presence/absence of the category on every item a reviewer labelled
};

struct AgreementReport {
  std::size_t items = 0;
  std::vector<std::string> reviewers;  // sorted
  // `overall` and `pairs` take an item's labels from one reviewer as one nominal value; a
  // reviewer who gave an item several labels counts as missing on it (`multiLabelled` counts them).
  AgreementFigure alpha;
  AgreementFigure fleiss;
  std::size_t multiLabelled = 0;
  std::vector<PairAgreement> pairs;
  std::vector<CategoryAgreement> perCategory;  // sorted by category
};

AgreementReport computeAgreement(const std::vector<Rating>& ratings);

}  // namespace hs::eval
