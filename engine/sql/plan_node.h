#pragma once
// Logical plan nodes (seed 003's "global intent"): a relational operator tree whose nodes keep the
// byte spans of the SQL they came from, rendered as EXPLAIN-like text or JSON.
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace hs::sql {

enum class PlanOp {
  Scan,       // a base table (or view) in FROM
  CteRef,     // a reference to a common table expression
  Derived,    // a subquery in FROM, with its alias
  Join,       // type + condition (ON / USING / NATURAL)
  Filter,     // WHERE (or HAVING, with attr clause=having)
  Aggregate,  // GROUP BY keys + aggregate functions
  Project,    // result columns
  Distinct,
  Sort,    // ORDER BY keys
  Limit,   // LIMIT / OFFSET
  SetOp,   // UNION [ALL] / INTERSECT / EXCEPT
  Apply,   // a subquery used inside an expression (correlated or not)
  With,    // WITH [RECURSIVE] ... : children are Cte nodes, then the main plan
  Cte,     // one CTE definition
  Values,  // VALUES (...), (...)
  Window,  // window functions evaluated over the rows
  Empty,   // SELECT without FROM: one empty row
};

const char* toString(PlanOp op);

struct PlanSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string role;  // what the span is: "clause", "table", "condition", "key", "expr", ...
};

struct PlanNode {
  PlanOp op = PlanOp::Empty;
  std::vector<std::pair<std::string, std::string>> attrs;  // ordered key/value properties
  std::vector<std::string> exprs;                          // printed expressions (keys, columns, ...)
  std::vector<PlanSpan> spans;                             // where the node came from
  std::vector<std::unique_ptr<PlanNode>> children;

  explicit PlanNode(PlanOp o) : op(o) {}
  PlanNode& attr(std::string key, std::string value) {
    attrs.emplace_back(std::move(key), std::move(value));
    return *this;
  }
  std::string attrOr(const std::string& key, const std::string& fallback = {}) const;
  std::size_t size() const;  // number of nodes in this subtree
};

// What a node says, without its spans and children: "Filter condition=[a > 1]" (a line of
// renderPlanText). Two nodes with the same label do the same thing to their input.
std::string planNodeLabel(const PlanNode& node);

// EXPLAIN-like indented text, one node per line: "Filter condition=[...] @12..40".
std::string renderPlanText(const PlanNode& node, bool withSpans = true);
nlohmann::json planToJson(const PlanNode& node);

}  // namespace hs::sql
