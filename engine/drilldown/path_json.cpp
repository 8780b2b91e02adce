// JSON of a drill-down path.
#include "engine/drilldown/path_json.h"

namespace hs::drilldown {

nlohmann::json spansJson(const std::vector<sql::Span>& spans) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : spans) out.push_back({{"begin", s.begin}, {"end", s.end}});
  return out;
}

nlohmann::json pathJson(const Path& path) {
  nlohmann::json j;
  j["sql"] = path.sql;
  nlohmann::json steps = nlohmann::json::array();
  for (const Step& s : path.steps) {
    nlohmann::json exec = nullptr;
    if (s.exec.ran) {
      exec = {{"ok", s.exec.ok},
              {"error", s.exec.ok ? nlohmann::json(nullptr) : nlohmann::json(s.exec.error)},
              {"rows", s.exec.rows}};
      if (s.exec.truncated) exec["truncated"] = true;
    } else if (!s.exec.error.empty()) {  // not run: the time limit was reached before it
      exec = {{"ok", false}, {"error", s.exec.error}, {"rows", nullptr}, {"ran", false}};
    }
    steps.push_back({{"index", s.index},
                     {"sql", s.sql},
                     {"part", toString(s.part)},
                     {"depth", s.depth},
                     {"adds", spansJson(s.adds)},
                     {"exec", exec},
                     {"final", s.final}});
  }
  j["steps"] = std::move(steps);
  j["final_equals_original"] =
      path.finalEqualsOriginal ? nlohmann::json(*path.finalEqualsOriginal) : nlohmann::json(nullptr);
  if (!path.finalCheckError.empty()) j["final_check_error"] = path.finalCheckError;
  nlohmann::json merged = nlohmann::json::array();
  for (const MergedStep& m : path.merged)
    merged.push_back({{"sql", m.sql},
                      {"part", toString(m.part)},
                      {"adds", spansJson(m.adds)},
                      {"reason", m.reason},
                      {"into", m.into}});
  j["merged"] = std::move(merged);
  j["static"] = {{"steps_reparse", path.stepsReparse},
                 {"final_tree_equals_original", path.finalTreeEqualsOriginal}};
  j["time_limit"] = nullptr;
  if (const auto& t = path.timeLimit)
    j["time_limit"] = {{"limit_ms", t->limitMs},
                       {"step", t->stepIndex ? "step" : "final_check"},
                       {"index", t->stepIndex ? nlohmann::json(t->stepIndex) : nlohmann::json(nullptr)},
                       {"message", t->message}};
  return j;
}

}  // namespace hs::drilldown
