// hallusql-cli agreement (--workspace W [--run R] [--taxonomy T] | --labels F) [--include-rules]:
// Krippendorff's alpha, Fleiss' kappa, Cohen's kappa per pair of reviewers and alpha per category,
// from the reviewers' annotations in a workspace (engine/workspace/reviewer_labels.h; the automatic
// findings as one more reviewer with --include-rules) or from a JSON Lines labels file (`item`,
// `reviewer`, `label`). Both go through eval::computeAgreement.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/eval/agreement.h"
#include "engine/workspace/import/ratings.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/run_choice.h"
#include "engine/workspace/workspace.h"

namespace hs::cli {
namespace {

nlohmann::json figure(const eval::AgreementFigure& f) {
  return f.value ? nlohmann::json(*f.value) : nlohmann::json(nullptr);
}

nlohmann::json evidence(const eval::AgreementFigure& f) {
  return {{"n", f.items}, {"ratings", f.ratings}, {"observed", f.observed}, {"expected", f.expected}};
}

Error usage(const std::string& message) {
  return makeError(ErrorKind::BadInput, "usage", message);
}

// The ratings of a workspace's reviewers (and of the rules with --include-rules).
Result<std::vector<eval::Rating>> workspaceRatings(const Args& args, nlohmann::json& scope) {
  auto workspace = ws::Workspace::open(*args.get("workspace"));
  if (!workspace) return workspace.error();
  ws::LabelScope labels;
  if (args.has("run")) {
    auto run = ws::chooseRun(*workspace, args.get("run"));
    if (!run) return run.error();
    labels.runId = run->id;
    scope["run"] = run->info.name;
  }
  const std::string taxonomy = args.getOr("taxonomy", "all");
  if (taxonomy == "mrsqlgen" || taxonomy == "tasql")
    labels.taxonomies = {taxonomy};
  else if (taxonomy != "all")
    return usage("--taxonomy is mrsqlgen, tasql or all, not '" + taxonomy + "'");
  scope["taxonomy"] = taxonomy;
  scope["include_rules"] = args.has("include-rules");
  return ws::reviewerRatings(*workspace, labels, args.has("include-rules"));
}

int runAgreement(const Args& args) {
  if (args.has("workspace") == args.has("labels"))
    return fail(usage("give either --workspace W or --labels F"));
  if (args.has("labels") && (args.has("include-rules") || args.has("run") || args.has("taxonomy")))
    return fail(usage("--run, --taxonomy and --include-rules go with --workspace"));
  nlohmann::json scope = nlohmann::json::object();
  auto ratings =
      args.has("labels") ? ws::import::importRatings(*args.get("labels")) : workspaceRatings(args, scope);
  if (!ratings) return fail(ratings.error());
  eval::AgreementReport r = eval::computeAgreement(*ratings);
  nlohmann::json out;
  if (args.has("workspace")) {
    out["source"] = "workspace";
    out["scope"] = scope;
  } else {
    out["source"] = "labels";
  }
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

const CommandRegistration kAgreement{Command{
    "agreement",
    "agreement (--workspace W [--run R] [--taxonomy mrsqlgen|tasql|all] | --labels F) [--include-rules]",
    {"include-rules"},
    runAgreement,
    {"hallusql-cli agreement --labels ratings.jsonl",
     "hallusql-cli agreement --workspace review.hallusql --taxonomy mrsqlgen --include-rules"}}};

}  // namespace
}  // namespace hs::cli
