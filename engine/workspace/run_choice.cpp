#include "engine/workspace/run_choice.h"

#include <cstdlib>

namespace hs::ws {

Result<RunRecord> chooseRun(const Workspace& ws, const std::optional<std::string>& nameOrId) {
  auto runs = ws.runs();
  if (!runs) return runs.error();
  std::string names;
  for (const auto& r : *runs) names += (names.empty() ? "" : ", ") + ("'" + r.info.name + "'");
  if (nameOrId) {
    auto run = ws.findRun(*nameOrId);
    if (!run) return run.error();
    if (*run) return **run;
    if (!nameOrId->empty() && nameOrId->find_first_not_of("0123456789") == std::string::npos)
      for (const auto& r : *runs)
        if (std::to_string(r.id) == *nameOrId) return r;
    Error e = makeError(ErrorKind::BadInput, "unknown_run",
                        "the workspace has no run named '" + *nameOrId + "' (runs: " + names + ")");
    e.where = ws.path();
    return e;
  }
  if (runs->size() == 1) return runs->front();
  Error e =
      makeError(ErrorKind::BadInput, "which_run",
                runs->empty() ? "the workspace has no runs"
                              : "the workspace has several runs; choose one with --run (" + names + ")");
  e.where = ws.path();
  return e;
}

}  // namespace hs::ws
