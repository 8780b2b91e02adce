#pragma once
// What each reviewer says about a case, derived from the annotations table: the last human verdict
// (correct / incorrect / unsure) and the set of categories the reviewer says the case has
// ("added" and "confirmed" put a category in, "rejected" takes it out, "correct" empties the set).
// The disputed filter of the Review tab, the adjudication view and the agreement figures
// (`hallusql-cli agreement --workspace`, the report) all read it from here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/eval/agreement.h"
#include "engine/workspace/workspace.h"

namespace hs::ws {

inline constexpr const char* kRulesReviewer = "rules";  // the automatic findings as a "reviewer"
inline constexpr const char* kNoLabel = "none";         // a reviewed case without any category

struct ReviewerView {
  std::string reviewer;
  std::string verdict;              // the last human verdict, "" when none was given
  std::vector<std::string> labels;  // sorted
  bool labelled = false;            // gave an opinion on categories (or marked the case correct)
};

struct CaseReview {
  std::int64_t caseId = 0;
  std::vector<ReviewerView> reviewers;  // sorted by name
  bool disputed = false;                // two reviewers differ in verdict or in their labels
};

// Which taxonomies count as labels (default: MRSQLGen C1..C10 and TA-SQL).
struct LabelScope {
  std::optional<std::int64_t> runId;
  std::vector<std::string> taxonomies = {"mrsqlgen", "tasql"};
};

// Every case (of the run) with at least one annotation, by case id.
Result<std::vector<CaseReview>> caseReviews(const Workspace& ws, const LabelScope& scope = {});

// Whether the reviewers of a case disagree (as CaseReview::disputed).
bool reviewersDisagree(const std::vector<ReviewerView>& reviewers);

// The nominal ratings for eval::computeAgreement: item = case id, one row per label a reviewer
// gives (kNoLabel when the reviewer labelled the case with no category). With `includeRules`, the
// automatic findings of the scope's taxonomies are one more reviewer (kRulesReviewer) on every
// case a person labelled (kNoLabel when the evaluation found nothing there).
Result<std::vector<eval::Rating>> reviewerRatings(const Workspace& ws, const LabelScope& scope,
                                                  bool includeRules);

}  // namespace hs::ws
