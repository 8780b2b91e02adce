#pragma once
// The C1..C10 labels learned from people: a random forest (or one L2 logistic model per type) over
// what the rules found and the clause counts of both queries, fitted on the human-labelled MRSQLGen train
// rows by tests/fit/fit_types.py and embedded from resources/labels/types.json. People label surface
// differences where the rules look for causes: a prediction that writes the gold's JOIN as
// `WHERE id IN (SELECT ...)` is a join error (C3) to them, a condition difference (C6) to the rules.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/sql_view.h"
#include "engine/core/error.h"
#include "engine/core/finding.h"

namespace hs::annotate {

// The subcategory of a label the model gives where the rules gave none.
inline constexpr std::string_view kLearnedSubcategory = "learned";

struct TypeModel {
  // One binary tree of a forest, as node arrays: node 0 is the root; an inner node sends a case with
  // x[feature] <= threshold to `left`, others to `right`; a leaf (feature -1) holds one probability
  // per forest output.
  struct Tree {
    std::vector<int> feature;
    std::vector<double> threshold;
    std::vector<int> left, right;
    std::vector<std::vector<double>> value;  // per node; empty at an inner node
  };
  struct PerType {
    std::string type;  // "C3"
    // A logistic type: bias + weights . x, one weight per typeFeatureNames() entry.
    double bias = 0.0;
    std::vector<double> weights;
    double threshold = 0.5;  // labelled when the probability reaches it
    // A type the rules gave stays unless its probability is below this (unset: `threshold`). Kept
    // low, the model adds types freely but turns down a rule's finding only when it is confident:
    // `>` written `>=` is a C1 to the blind set's labellers even where MRSQLGen's rarely say C1.
    std::optional<double> veto;
    // A forest type (`output` >= 0): the mean over the forest's trees of the leaf's value[output].
    // A tree weighs a feature by the others on its path, which one weight per feature cannot:
    // a differing JOIN count need not mean the same type with and without a differing WHERE.
    int output = -1;
  };
  std::vector<PerType> learned;  // the types the model decides; the others stay the rules'
  std::vector<Tree> forest;      // shared by the forest types
  // A case the rules give exactly one type keeps it whatever the model says: a single clear edit
  // (`LIMIT 1` written `LIMIT 3`) is labelled by what it changes.
  bool keepLoneRuleType = false;
  bool empty() const { return learned.empty(); }
};

// The model's inputs, by name: the rule findings (taxonomy categories, C-type counts and
// subcategories, how many C-types), whether the prediction ran, and per clause kind of
// engine/sql/clause_counts.h the gold's and the prediction's counts, their difference and whether
// they differ, with the tables, string literals and columns one side has and the other lacks.
const std::vector<std::string>& typeFeatureNames();
// `findings`: every finding of the case so far (TA-SQL, C1..C10, gold-free).
std::vector<double> typeFeatures(const std::vector<Finding>& findings, const SqlView& pred,
                                 const SqlView& gold, bool predRan);

// The types a case gets: the rules' for the types the model does not decide; for a type it decides,
// a rule type unless its probability is below the type's veto, another where its probability
// reaches the type's threshold (a lone rule type stays with TypeModel::keepLoneRuleType); and the
// likeliest learned type when that leaves none.
// `probability` (optional) receives each learned type's probability, in model order.
std::vector<std::string> decideTypes(const TypeModel& model, const std::vector<double>& x,
                                     const std::vector<std::string>& ruleTypes,
                                     std::vector<double>* probability = nullptr);

// Replaces the rules' C-type findings `ctypes` by the decided types when the rules gave at least
// one: a kept type keeps its rule findings, a dropped one loses them, a type the rules did not
// give gets a finding (subcategory `learned`) on the clause where the two queries differ, or on
// the span of the rules' first finding. `tasql`, `goldFree`: the case's other findings.
// Returns the features (empty when the rules gave no C-type, or the model is empty and
// `wantFeatures` is false: then nothing is computed).
std::vector<double> applyLearnedTypes(const TypeModel& model, std::vector<Finding>& ctypes,
                                      const std::vector<Finding>& tasql, const std::vector<Finding>& goldFree,
                                      const SqlView& pred, const SqlView& gold, bool predRan,
                                      bool wantFeatures = false);

// Reads resources/labels/types.json: `features` (typeFeatureNames(), in order), `types`, a list of
// {type, threshold, veto (optional)} with either {bias, weights} (logistic) or {output} (forest),
// `forest` (needed by forest types) {outputs, trees: [{feature, threshold, left, right, value}]}
// with a leaf's `value` a list of `outputs` probabilities and an inner node's an empty list, a
// child always after its parent; `keep_lone_rule_type` (optional); other keys (cross-validation
// figures) are ignored. Anything else is a BadInput error with code "type_weights".
Result<TypeModel> parseTypeModel(std::string_view json);
// The embedded model; empty (the rules' labels) when it does not load, and then
// defaultTypeModelError() says why (tst_annotate_learned_types fails).
const TypeModel& defaultTypeModel();
const Error* defaultTypeModelError();

}  // namespace hs::annotate
