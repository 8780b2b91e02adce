// hallusql-cli agreement --labels F: Krippendorff's alpha, Fleiss' kappa, Cohen's kappa per pair of
// reviewers and alpha per category, from a JSON Lines labels file (`item`, `reviewer`, `label`).
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/eval/agreement.h"
#include "engine/workspace/import/ratings.h"

namespace hs::cli {
namespace {

nlohmann::json figure(const eval::AgreementFigure& f) {
  return f.value ? nlohmann::json(*f.value) : nlohmann::json(nullptr);
}

nlohmann::json evidence(const eval::AgreementFigure& f) {
  return {{"n", f.items}, {"ratings", f.ratings}, {"observed", f.observed}, {"expected", f.expected}};
}

int runAgreement(const Args& args) {
  auto path = args.require("labels");
  if (!path) return fail(path.error());
  auto ratings = ws::import::importRatings(*path);
  if (!ratings) return fail(ratings.error());
  eval::AgreementReport r = eval::computeAgreement(*ratings);
  nlohmann::json out;
  out["items"] = r.items;
  out["reviewers"] = r.reviewers;
  out["multi_labelled"] = r.multiLabelled;
  out["overall"] = {{"alpha", figure(r.alpha)},
                    {"fleiss_kappa", figure(r.fleiss)},
                    {"alpha_detail", evidence(r.alpha)},
                    {"fleiss_detail", evidence(r.fleiss)}};
  out["pairs"] = nlohmann::json::array();
  for (const auto& p : r.pairs)
    out["pairs"].push_back({{"a", p.a},
                            {"b", p.b},
                            {"kappa", figure(p.kappa)},
                            {"n", p.kappa.items},
                            {"observed", p.kappa.observed}});
  out["per_category"] = nlohmann::json::array();
  for (const auto& c : r.perCategory)
    out["per_category"].push_back(
        {{"category", c.category}, {"alpha", figure(c.alpha)}, {"n", c.alpha.items}});
  print(out);
  return kOk;
}

const CommandRegistration kAgreement{
    Command{"agreement", "agreement --labels F   (JSON Lines: item, reviewer, label)", {}, runAgreement}};

}  // namespace
}  // namespace hs::cli
