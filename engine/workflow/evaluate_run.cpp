#include "engine/workflow/evaluate_run.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "engine/annotate/eval_annotator.h"
#include "engine/core/json_input.h"
#include "engine/eval/runner.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"

namespace hs::workflow {

namespace {

// One key of a run's settings JSON; null when the settings are not a JSON object or lack it.
nlohmann::json runSetting(const std::string& settingsJson, const char* key) {
  auto j = hs::parseJsonOrDiscarded(settingsJson);
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  return it != j.end() ? *it : nlohmann::json();
}

}  // namespace

std::string runDbRoot(const std::string& settingsJson) {
  auto v = runSetting(settingsJson, "db_root");
  return v.is_string() ? v.get<std::string>() : std::string();
}

Result<std::string> runDatabaseRoot(const ws::Workspace& workspace, std::int64_t runId,
                                    const std::string& given) {
  if (!given.empty()) return given;
  auto run = workspace.run(runId);
  if (!run) return run.error();
  std::string root = runDbRoot(run->info.settingsJson);
  const std::filesystem::path home = std::filesystem::path(workspace.path()).parent_path();
  if (root.empty()) return home.string();
  // A relative root (stored by older versions of `evaluate --workspace`) is read next to the
  // workspace when it is there, else as it was given (relative to the current folder).
  std::error_code ec;
  if (std::filesystem::path(root).is_relative() && std::filesystem::is_directory(home / root, ec))
    return (home / root).lexically_normal().string();
  return root;
}

Result<eval::NotScored> notScoredOfRun(const ws::Workspace& workspace, std::int64_t runId) {
  auto root = runDatabaseRoot(workspace, runId, "");
  if (!root) return root.error();
  auto records = workspace.cases(runId);
  if (!records) return records.error();
  std::vector<Case> cases;
  cases.reserve(records->size());
  for (auto& r : *records) cases.push_back(std::move(r.kase));
  return eval::notScoredCases(cases, *root);
}

bool runIgnoresColumnOrder(const std::string& settingsJson) {
  auto v = runSetting(settingsJson, "ignore_column_order");
  return v.is_boolean() && v.get<bool>();
}

bool runUsesLearnedTypes(const std::string& settingsJson) {
  auto v = runSetting(settingsJson, "learned_types");
  return !v.is_boolean() || v.get<bool>();
}

EvaluateRunResult evaluateRun(const std::string& workspacePath, std::int64_t runId,
                              const EvaluateRunOptions& options, const ProgressFn& progress,
                              const CancelToken& cancel) {
  EvaluateRunResult res;
  res.runId = runId;
  const auto start = std::chrono::steady_clock::now();
  auto finish = [&]() -> EvaluateRunResult {
    res.cancelled = cancel.cancelled() && res.saved < res.total;
    res.elapsedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return res;
  };
  auto ws = ws::Workspace::open(workspacePath);
  if (!ws) {
    res.error = ws.error();
    return finish();
  }
  auto run = ws->run(runId);
  if (!run) {
    res.error = run.error();
    return finish();
  }
  auto root = runDatabaseRoot(*ws, runId, options.dbRoot);
  if (!root) {
    res.error = root.error();
    return finish();
  }
  res.dbRoot = root.value();
  const bool ignoreColumnOrder =
      options.ignoreColumnOrder.value_or(runIgnoresColumnOrder(run->info.settingsJson));
  auto records = ws->cases(runId);
  if (!records) {
    res.error = records.error();
    return finish();
  }
  res.total = records->size();
  report(progress, 0, res.total, "Evaluating");
  if (auto st = annotate::validateCheckNames(options.disabledChecks); !st) {
    res.error = st.error();
    return finish();
  }
  annotate::RuleAnnotator rules(options.disabledChecks);
  rules.learnedTypes(options.learnedTypes.value_or(runUsesLearnedTypes(run->info.settingsJson)));
  std::atomic<std::size_t> doneAll{0};
  const std::size_t batchSize = static_cast<std::size_t>(std::max(1, options.batchSize));
  const std::size_t step = std::max<std::size_t>(1, res.total / 200);
  for (std::size_t first = 0; first < res.total; first += batchSize) {
    if (cancel.cancelled()) break;
    const std::size_t last = std::min(res.total, first + batchSize);
    std::vector<Case> cases;
    cases.reserve(last - first);
    for (std::size_t i = first; i < last; ++i) cases.push_back((*records)[i].kase);
    std::atomic<std::size_t> batchDone{0};
    eval::EvalOptions eo;
    eo.dbRoot = res.dbRoot;
    eo.jobs = std::max(1, options.jobs);
    eo.timeoutMs = options.timeoutMs;
    eo.ignoreColumnOrder = ignoreColumnOrder;
    eo.keepRows = true;  // the case view shows both result sets
    eo.annotator = &rules;
    eo.cancel = cancel.flag();
    eo.progress = [&](std::size_t, std::size_t) {
      batchDone.fetch_add(1);
      const std::size_t d = doneAll.fetch_add(1) + 1;
      if (d % step == 0 || d == res.total) report(progress, d, res.total, "Evaluating");
    };
    const auto outcomes = eval::evaluateCases(cases, eo);
    if (batchDone.load() != cases.size()) break;  // cut short by cancel: dropped, never half-written
    std::vector<ws::StoredOutcome> items;
    items.reserve(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) items.push_back({(*records)[first + i].id, &outcomes[i]});
    if (auto s = ws::saveOutcomes(*ws, items); !s) {
      res.error = s.error();
      break;
    }
    res.saved += items.size();
    for (const eval::CaseOutcome& o : outcomes) res.timeLimited += o.timeLimit ? 1 : 0;
  }
  return finish();
}

}  // namespace hs::workflow
