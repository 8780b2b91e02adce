#include "engine/report/report_load.h"

#include <chrono>
#include <ctime>

#include "engine/workspace/adjudications.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/results_store.h"
#include "engine/workspace/review_progress.h"
#include "engine/workspace/reviewer_labels.h"
#include "engine/workspace/run_choice.h"

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

}  // namespace

Result<ReportInput> loadReport(const ws::Workspace& workspace, const std::optional<std::string>& runName,
                               Language language) {
  auto run = ws::chooseRun(workspace, runName);
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
  auto reviewed = ws::reviewedCases(workspace, run->id);
  if (!reviewed) return reviewed.error();
  in.cases.reserve(cases->size());
  for (const auto& record : *cases) {
    ReportCase rc;
    rc.kase = record.kase;
    rc.reviewed = reviewed->count(record.id) > 0;
    auto outcome = ws::loadOutcome(workspace, record.id);
    if (!outcome) return outcome.error();
    rc.outcome = std::move(*outcome);
    auto annotations = ws::annotationsOfCase(workspace, record.id);
    if (!annotations) return annotations.error();
    for (const auto& a : *annotations)
      rc.annotations.push_back({a.annotator, a.verdict, a.taxonomy, a.category, a.note, a.createdAt, a.span});
    auto adjudication = ws::adjudicationOf(workspace, record.id);
    if (!adjudication) return adjudication.error();
    if (*adjudication) {
      const ws::Adjudication& j = **adjudication;
      std::string labels;
      for (const std::string& l : j.labels) labels += (labels.empty() ? "" : ", ") + l;
      if (!j.verdict.empty()) labels = j.verdict + (labels.empty() ? "" : ": " + labels);
      rc.annotations.push_back({j.adjudicator, "adjudicated", "", labels, j.note, j.createdAt, std::nullopt});
      rc.adjudicatedVerdict = j.verdict;
    }
    in.cases.push_back(std::move(rc));
  }
  // Agreement when at least two reviewers labelled cases of this run.
  auto ratings = ws::reviewerRatings(workspace, ws::LabelScope{run->id, {"mrsqlgen", "tasql"}}, false);
  if (!ratings) return ratings.error();
  eval::AgreementReport agreement = eval::computeAgreement(*ratings);
  if (agreement.reviewers.size() >= 2) in.agreement = std::move(agreement);
  return in;
}

}  // namespace hs::report
