#pragma once
// What a review report shows: one run's cases with their evaluation outcomes, the reviewers'
// annotations and verdicts, and optionally the agreement between reviewers. Built from a workspace
// (report_load.h) or by any caller that holds these values; rendered by report_render.h.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/finding.h"
#include "engine/eval/agreement.h"
#include "engine/eval/runner.h"

namespace hs::report {

struct ReportAnnotation {
  std::string reviewer;
  std::string verdict;  // confirmed / rejected / added / correct / incorrect / unsure / note
  std::string taxonomy;
  std::string category;
  std::string note;
  std::string createdAt;            // ISO 8601 UTC
  std::optional<FindingSpan> span;  // a label attached to a span of the SQL
};

struct ReportCase {
  Case kase;
  std::optional<eval::CaseOutcome> outcome;  // nullopt when the case was not evaluated
  std::vector<ReportAnnotation> annotations;
  // The adjudicator's final verdict ("" when the adjudication gave labels only); it counts before
  // every reviewer's verdict. The adjudication is also listed in `annotations` ("adjudicated").
  std::optional<std::string> adjudicatedVerdict;
  // Whether the case counts as reviewed, as hs::ws::reviewedCases() decides (report_load.h sets it);
  // every format counts and prints this flag, never its own reading of `annotations`.
  bool reviewed = false;
};

enum class Language { English, SimplifiedChinese };

struct ReportInput {
  std::string runName;
  std::string model;
  std::string sourceFile;
  std::string createdAt;  // when the run was made
  std::string generatedAt;
  Language language = Language::English;
  std::vector<ReportCase> cases;
  std::optional<eval::AgreementReport> agreement;
};

// The final human verdict of a case: the adjudicated one, else the newest "correct" / "incorrect" /
// "unsure" annotation.
std::optional<std::string> humanVerdict(const ReportCase& c);

// How many of the input's cases are reviewed (ReportCase::reviewed).
std::size_t reviewedCount(const ReportInput& in);

}  // namespace hs::report
