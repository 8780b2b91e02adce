#include "engine/workflow/import_run.h"

#include <filesystem>

#include "engine/workspace/results_store.h"
#include "engine/workspace/workspace.h"

namespace hs::workflow {

Result<ImportedRun> importRun(const std::string& workspacePath, const ws::RunInfo& info,
                              const std::vector<Case>& cases,
                              const std::vector<eval::CaseOutcome>* outcomes) {
  std::error_code ec;
  auto workspace = std::filesystem::exists(workspacePath, ec) ? ws::Workspace::open(workspacePath)
                                                              : ws::Workspace::create(workspacePath);
  if (!workspace) return workspace.error();
  auto runId = workspace->createRun(info);
  if (!runId) return runId.error();
  auto ids = workspace->insertCases(*runId, cases);
  if (!ids) {
    (void)workspace->deleteRun(*runId);  // no empty run left behind
    return ids.error();
  }
  if (outcomes) {
    std::vector<ws::StoredOutcome> batch;
    batch.reserve(ids->size());
    for (std::size_t i = 0; i < ids->size() && i < outcomes->size(); ++i)
      batch.push_back({(*ids)[i], &(*outcomes)[i]});
    if (auto saved = ws::saveOutcomes(*workspace, batch); !saved) {
      (void)workspace->deleteRun(*runId);
      return saved.error();
    }
  }
  return ImportedRun{*runId, ids->size()};
}

}  // namespace hs::workflow
