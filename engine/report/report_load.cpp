#include "engine/report/report_load.h"

#include <chrono>
#include <ctime>

#include "engine/workspace/annotations.h"
#include "engine/workspace/results_store.h"

namespace hs::report {
namespace {

std::string nowUtc() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

Result<ws::RunRecord> pickRun(const ws::Workspace& workspace, const std::optional<std::string>& runName) {
  auto runs = workspace.runs();
  if (!runs) return runs.error();
  std::string names;
  for (const auto& r : *runs) names += (names.empty() ? "" : ", ") + ("'" + r.info.name + "'");
  if (runName) {
    auto run = workspace.findRun(*runName);
    if (!run) return run.error();
    if (*run) return **run;
    Error e = makeError(ErrorKind::BadInput, "unknown_run",
                        "the workspace has no run named '" + *runName + "' (runs: " + names + ")");
    e.where = workspace.path();
    return e;
  }
  if (runs->size() == 1) return runs->front();
  Error e =
      makeError(ErrorKind::BadInput, "which_run",
                runs->empty() ? "the workspace has no runs"
                              : "the workspace has several runs; choose one with --run (" + names + ")");
  e.where = workspace.path();
  return e;
}

}  // namespace

Result<ReportInput> loadReport(const ws::Workspace& workspace, const std::optional<std::string>& runName,
                               Language language) {
  auto run = pickRun(workspace, runName);
  if (!run) return run.error();
  return loadReport(workspace, run->id, language);
}

Result<ReportInput> loadReport(const ws::Workspace& workspace, std::int64_t runId, Language language) {
  auto run = workspace.run(runId);
  if (!run) return run.error();
  auto cases = workspace.cases(run->id);
  if (!cases) return cases.error();
  ReportInput in;
  in.runName = run->info.name;
  in.model = run->info.model;
  in.sourceFile = run->info.sourceFile;
  in.createdAt = run->createdAt;
  in.generatedAt = nowUtc();
  in.language = language;
  in.cases.reserve(cases->size());
  for (const auto& record : *cases) {
    ReportCase rc;
    rc.kase = record.kase;
    auto outcome = ws::loadOutcome(workspace, record.id);
    if (!outcome) return outcome.error();
    rc.outcome = std::move(*outcome);
    auto annotations = ws::annotationsOfCase(workspace, record.id);
    if (!annotations) return annotations.error();
    for (const auto& a : *annotations)
      rc.annotations.push_back(
          {a.annotator, a.verdict, a.taxonomy, a.category, a.note, a.createdAt, std::nullopt});
    in.cases.push_back(std::move(rc));
  }
  return in;
}

}  // namespace hs::report
