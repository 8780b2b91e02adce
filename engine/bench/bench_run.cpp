#include "engine/bench/bench_run.h"

#include <nlohmann/json.hpp>

#include "engine/workflow/evaluate_run.h"
#include "engine/workspace/workspace.h"

namespace hs::bench {

Result<nlohmann::json> benchWorkspaceRun(const std::string& workspacePath, std::int64_t runId,
                                         BenchOptions options) {
  auto ws = ws::Workspace::open(workspacePath);
  if (!ws) return ws.error();
  auto root = workflow::runDatabaseRoot(*ws, runId, options.dbRoot);
  if (!root) return root.error();
  options.dbRoot = root.value();
  auto records = ws->cases(runId);
  if (!records) return records.error();
  std::vector<Case> cases;
  for (const auto& r : *records)
    if (r.kase.goldSql) cases.push_back(r.kase);
  if (cases.empty())
    return makeError(ErrorKind::BadInput, "no_gold", "the run has no case with a gold query to label by EX");
  auto result = runBench(cases, {}, options);
  if (!result) return result.error();
  nlohmann::json j = benchToJson(*result, options);
  j["db_root"] = options.dbRoot;
  return j;
}

}  // namespace hs::bench
