#include "engine/workspace/reviewer_labels.h"

#include <algorithm>
#include <map>
#include <set>

#include "engine/workspace/annotations.h"
#include "engine/workspace/review_progress.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {

bool isHumanVerdict(const std::string& v) {
  return v == "correct" || v == "incorrect" || v == "unsure";
}

bool inScope(const std::string& taxonomy, const LabelScope& scope) {
  return std::find(scope.taxonomies.begin(), scope.taxonomies.end(), taxonomy) != scope.taxonomies.end();
}

struct Opinion {
  std::string verdict;
  std::set<std::string> labels;
  bool labelled = false;
};

}  // namespace

bool reviewersDisagree(const std::vector<ReviewerView>& reviewers) {
  std::set<std::string> verdicts;
  std::set<std::vector<std::string>> labelSets;
  for (const ReviewerView& r : reviewers) {
    if (!r.verdict.empty()) verdicts.insert(r.verdict);
    if (r.labelled) labelSets.insert(r.labels);
  }
  return verdicts.size() > 1 || labelSets.size() > 1;
}

Result<std::vector<CaseReview>> caseReviews(const Workspace& ws, const LabelScope& scope) {
  std::vector<std::string> taxonomies = scope.taxonomies;
  taxonomies.insert(taxonomies.end(), {"human", ""});  // verdicts; old rows without a taxonomy
  auto rows = annotationsOfTaxonomies(ws, taxonomies, scope.runId);
  if (!rows) return rows.error();
  std::map<std::int64_t, std::map<std::string, Opinion>> byCase;
  for (const AnnotationRecord& a : *rows) {
    Opinion& o = byCase[a.caseId][a.annotator];
    if (isHumanVerdict(a.verdict)) o.verdict = a.verdict;
    if (a.verdict == "correct") {
      o.labels.clear();
      o.labelled = true;
    } else if ((a.verdict == "added" || a.verdict == "confirmed") && !a.category.empty() &&
               inScope(a.taxonomy.empty() ? "mrsqlgen" : a.taxonomy, scope)) {
      o.labels.insert(a.category);
      o.labelled = true;
    } else if (a.verdict == "rejected" && !a.category.empty() &&
               inScope(a.taxonomy.empty() ? "mrsqlgen" : a.taxonomy, scope)) {
      o.labels.erase(a.category);
      o.labelled = true;
    }
  }
  std::vector<CaseReview> out;
  out.reserve(byCase.size());
  for (const auto& [caseId, opinions] : byCase) {
    CaseReview c;
    c.caseId = caseId;
    for (const auto& [who, o] : opinions)
      c.reviewers.push_back(
          {who, o.verdict, std::vector<std::string>(o.labels.begin(), o.labels.end()), o.labelled});
    c.disputed = reviewersDisagree(c.reviewers);
    out.push_back(std::move(c));
  }
  return out;
}

Result<std::vector<eval::Rating>> reviewerRatings(const Workspace& ws, const LabelScope& scope,
                                                  bool includeRules) {
  auto reviews = caseReviews(ws, scope);
  if (!reviews) return reviews.error();
  std::vector<eval::Rating> out;
  std::set<std::int64_t> labelledCases;
  for (const CaseReview& c : *reviews)
    for (const ReviewerView& r : c.reviewers) {
      if (!r.labelled) continue;
      labelledCases.insert(c.caseId);
      const std::string item = std::to_string(c.caseId);
      if (r.labels.empty()) out.push_back({item, r.reviewer, kNoLabel});
      for (const std::string& l : r.labels) out.push_back({item, r.reviewer, l});
    }
  if (!includeRules) return out;
  auto evaluated = evaluatedCases(ws, scope.runId);
  if (!evaluated) return evaluated.error();
  std::map<std::int64_t, std::set<std::string>> rules;
  for (const std::string& taxonomy : scope.taxonomies) {
    auto found = findingCategories(ws, taxonomy, scope.runId);
    if (!found) return found.error();
    for (const FindingCategory& f : *found)
      if (labelledCases.count(f.caseId)) rules[f.caseId].insert(f.category);
  }
  for (std::int64_t caseId : labelledCases) {
    const std::string item = std::to_string(caseId);
    auto it = rules.find(caseId);
    if (it != rules.end()) {
      for (const std::string& l : it->second) out.push_back({item, kRulesReviewer, l});
    } else if (evaluated->count(caseId)) {
      out.push_back({item, kRulesReviewer, kNoLabel});
    }
  }
  return out;
}

}  // namespace hs::ws
