// The checks both weights files share (see model_file.h).
#include "engine/annotate/model_file.h"

#include <cmath>

namespace hs::annotate::model_file {

std::optional<std::string> featureListProblem(const nlohmann::json& features,
                                              const std::vector<std::string>& names, std::string_view refit) {
  if (!features.is_array()) return "`features` must be a list of names";
  if (features.size() != names.size())
    return "expected " + std::to_string(names.size()) + " features, got " + std::to_string(features.size()) +
           " (" + std::string(refit) + ")";
  for (std::size_t i = 0; i < names.size(); ++i)
    if (!features[i].is_string() || features[i].get<std::string>() != names[i])
      return "feature " + std::to_string(i) + " must be `" + names[i] + "`, got " + features[i].dump();
  return std::nullopt;
}

std::optional<std::string> readFiniteNumbers(const nlohmann::json& list, std::size_t count,
                                             std::string_view what, std::string_view refit,
                                             std::vector<double>& out,
                                             const std::vector<std::string>* names) {
  if (!list.is_array() || list.size() != count)
    return "expected " + std::to_string(count) + " " + std::string(what) + "s, got " +
           (list.is_array() ? std::to_string(list.size()) : std::string("no list")) + " (" +
           std::string(refit) + ")";
  out.clear();
  for (std::size_t i = 0; i < count; ++i) {
    if (!list[i].is_number() || !std::isfinite(list[i].get<double>()))
      return std::string(what) + " " + std::to_string(i) +
             (names ? " (" + (*names)[i] + ")" : std::string()) + " must be a finite number, got " +
             list[i].dump();
    out.push_back(list[i].get<double>());
  }
  return std::nullopt;
}

}  // namespace hs::annotate::model_file
