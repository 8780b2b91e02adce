#pragma once
// Localisation on the logical plan (seed 003: a wrong sub-SQL is a plan node): which plan node a
// byte span of the query belongs to, and which nodes of a gold and a predicted plan differ. The
// CLI, the detector bench and the Review tab's Plan view all use this one mapping.
//
//   auto plan = hs::sql::locatedPlan(sql, &schema);     // parse, resolve, build, index
//   auto node = hs::sql::planNodeForSpan(plan->nodes, begin, end);
//   auto diff = hs::sql::diffPlans(gold->nodes, pred->nodes);
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/finding.h"
#include "engine/sql/plan_node.h"

namespace hs::db {
struct Schema;
}

namespace hs::sql {

// One node of a plan in pre-order (the root first); its position in the list is the node's id.
struct PlanEntry {
  const PlanNode* node = nullptr;
  int parent = -1;  // id of the parent, -1 for the root
  int depth = 0;
};
std::vector<PlanEntry> flattenPlan(const PlanNode& root);

// A plan with its pre-order index (the entries point into `root`).
struct LocatedPlan {
  std::unique_ptr<PlanNode> root;
  std::vector<PlanEntry> nodes;
};
// Parses `sql` (one SELECT), resolves it against `schema` when given, builds and indexes its plan.
// Errors: the parser's (BadInput with the byte offset).
Result<LocatedPlan> locatedPlan(std::string_view sql, const db::Schema* schema = nullptr);

// The node a span [begin, end) of the query belongs to: among the nodes with a span that contains
// it, the one whose containing span is shortest (the deeper node on a tie, but an Apply loses a tie
// by its whole expression, role "expr", to the node that holds it); when no span contains
// it, the node whose spans overlap it by the most bytes (the shorter span on a tie). A zero-length
// span is a point: it belongs to the spans around it. nullopt when no node's span touches it.
std::optional<std::size_t> planNodeForSpan(const std::vector<PlanEntry>& nodes, std::size_t begin,
                                           std::size_t end);

// The node each finding is attached to on one side ("pred" or "gold"): the node of the finding's
// first span on that side (planNodeForSpan); nullopt when it has no span there or none maps.
std::vector<std::optional<std::size_t>> findingNodes(const std::vector<PlanEntry>& nodes,
                                                     const std::vector<Finding>& findings,
                                                     const std::string& side);

// Gold and predicted plans matched top-down: the roots are paired, then the children of a pair in
// order, each predicted child with the first unpaired gold child of the same operator. A node
// differs when it has no partner or its label differs from its partner's.
struct PlanDiff {
  std::vector<int> goldPartner;  // per gold node: the predicted node paired with it, or -1
  std::vector<int> predPartner;  // per predicted node: the gold node, or -1
  std::vector<bool> goldDiffers;
  std::vector<bool> predDiffers;
  std::size_t differing() const;  // differing nodes on both sides
};
PlanDiff diffPlans(const std::vector<PlanEntry>& gold, const std::vector<PlanEntry>& pred);

}  // namespace hs::sql
