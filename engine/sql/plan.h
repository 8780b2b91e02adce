#pragma once
// Logical plan of a query (seed 003, HeroSQL's "global intent"): Scan / CteRef / Derived leaves,
// Join, Filter (WHERE, and HAVING with attr clause=having), Aggregate, Window, Project, Distinct,
// Sort, Limit, SetOp, With/Cte, Values, and Apply nodes for subqueries used inside expressions
// (attached as extra children of the node whose expression holds them, after its input; spans:
// the expression, role "expr", and the subquery, role "subquery").
// Every node carries the byte spans of the SQL it came from.
#include <memory>
#include <string_view>
#include <vector>

#include "engine/sql/ast.h"
#include "engine/sql/plan_node.h"
#include "engine/sql/resolver.h"

namespace hs::sql {

// `resolution` (optional) adds the columns read from each Scan and marks correlated Apply nodes.
std::unique_ptr<PlanNode> buildPlan(const SelectStmt& query, const Resolution* resolution = nullptr);

// SQLite's aggregate functions, lower case: count, sum, avg, min, max, total, group_concat,
// string_agg (min and max are scalar with two or more arguments).
const std::vector<std::string_view>& aggregateFunctionNames();
// True for a call of an aggregate function used without OVER (min/max with one argument).
bool isAggregateCall(const FunctionCall& call);

}  // namespace hs::sql
