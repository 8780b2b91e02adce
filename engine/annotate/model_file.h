#pragma once
// What the engine's fitted models read from their JSON weights files (resources/risk/weights.json,
// resources/labels/types.json) in the same way: the feature list, lists of finite numbers, and the
// embedded copy parsed once on first use.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.h"

namespace hs::annotate::model_file {

// Why `features` is not exactly `names` in order, or nothing. `refit` tells how to make the file
// again ("refit with tests/fit/fit_risk.py after changing riskFeatureNames()").
std::optional<std::string> featureListProblem(const nlohmann::json& features,
                                              const std::vector<std::string>& names, std::string_view refit);

// `count` finite numbers read from `list` into `out`, or why not; `what` names them in the message
// ("weight", "PerType weight"), `names` (when given) names each one.
std::optional<std::string> readFiniteNumbers(const nlohmann::json& list, std::size_t count,
                                             std::string_view what, std::string_view refit,
                                             std::vector<double>& out,
                                             const std::vector<std::string>* names = nullptr);

// An embedded model as parsed once: the model, or the fallback and the error saying where it failed.
template <class Model>
struct Loaded {
  Model model;
  std::optional<Error> error;
};

template <class Model>
Loaded<Model> loadEmbedded(Result<Model> parsed, std::string where, Model fallback) {
  Loaded<Model> out;
  if (parsed) {
    out.model = std::move(*parsed);
  } else {
    out.error = parsed.error();
    out.error->where = std::move(where);
    out.model = std::move(fallback);
  }
  return out;
}

}  // namespace hs::annotate::model_file
