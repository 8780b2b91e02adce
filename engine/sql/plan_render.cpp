#include <nlohmann/json.hpp>

#include "engine/sql/plan_node.h"

namespace hs::sql {

const char* toString(PlanOp op) {
  switch (op) {
    case PlanOp::Scan:
      return "Scan";
    case PlanOp::CteRef:
      return "CteRef";
    case PlanOp::Derived:
      return "Derived";
    case PlanOp::Join:
      return "Join";
    case PlanOp::Filter:
      return "Filter";
    case PlanOp::Aggregate:
      return "Aggregate";
    case PlanOp::Project:
      return "Project";
    case PlanOp::Distinct:
      return "Distinct";
    case PlanOp::Sort:
      return "Sort";
    case PlanOp::Limit:
      return "Limit";
    case PlanOp::SetOp:
      return "SetOp";
    case PlanOp::Apply:
      return "Apply";
    case PlanOp::With:
      return "With";
    case PlanOp::Cte:
      return "Cte";
    case PlanOp::Values:
      return "Values";
    case PlanOp::Window:
      return "Window";
    case PlanOp::Empty:
      return "Empty";
  }
  return "?";
}

std::string PlanNode::attrOr(const std::string& key, const std::string& fallback) const {
  for (const auto& [k, v] : attrs)
    if (k == key) return v;
  return fallback;
}

std::size_t PlanNode::size() const {
  std::size_t n = 1;
  for (const auto& c : children) n += c->size();
  return n;
}

std::string planNodeLabel(const PlanNode& node) {
  std::string out = toString(node.op);
  for (const auto& [k, v] : node.attrs) out += " " + k + "=[" + v + "]";
  if (!node.exprs.empty()) {
    out += " exprs=[";
    for (std::size_t i = 0; i < node.exprs.size(); ++i) out += (i ? ", " : "") + node.exprs[i];
    out += "]";
  }
  return out;
}

namespace {

void renderLine(const PlanNode& node, int depth, bool withSpans, std::string& out) {
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
  out += planNodeLabel(node);
  if (withSpans && !node.spans.empty()) {
    out += " @";
    for (std::size_t i = 0; i < node.spans.size(); ++i)
      out += (i ? "," : "") + std::to_string(node.spans[i].begin) + ".." + std::to_string(node.spans[i].end);
  }
  out += "\n";
  for (const auto& c : node.children) renderLine(*c, depth + 1, withSpans, out);
}

}  // namespace

std::string renderPlanText(const PlanNode& node, bool withSpans) {
  std::string out;
  renderLine(node, 0, withSpans, out);
  return out;
}

nlohmann::json planToJson(const PlanNode& node) {
  nlohmann::json j;
  j["op"] = toString(node.op);
  nlohmann::json attrs = nlohmann::json::object();
  for (const auto& [k, v] : node.attrs) attrs[k] = v;
  j["attrs"] = attrs;
  j["exprs"] = node.exprs;
  nlohmann::json spans = nlohmann::json::array();
  for (const auto& s : node.spans) spans.push_back({{"begin", s.begin}, {"end", s.end}, {"role", s.role}});
  j["spans"] = spans;
  nlohmann::json children = nlohmann::json::array();
  for (const auto& c : node.children) children.push_back(planToJson(*c));
  j["children"] = children;
  return j;
}

}  // namespace hs::sql
