#include "engine/sql/plan_locate.h"

#include <algorithm>
#include <map>

#include "engine/core/text.h"
#include "engine/db/schema.h"
#include "engine/sql/lexer.h"
#include "engine/sql/parser.h"
#include "engine/sql/plan.h"
#include "engine/sql/resolver.h"

namespace hs::sql {
namespace {

void flatten(const PlanNode& n, int parent, int depth, std::vector<PlanEntry>& out) {
  const int id = static_cast<int>(out.size());
  out.push_back(PlanEntry{&n, parent, depth});
  for (const auto& c : n.children)
    if (c) flatten(*c, id, depth + 1, out);
}

using Ids = std::map<const PlanNode*, int>;

// A word in lower case; a quoted name that could be written bare as that word ([Name], "Name"),
// any other quoted name as the string it falls back to in SQLite ("JetBlue Airways"); a string with
// its case. Other tokens as written.
std::string tokenKey(const Token& t, const std::string& text) {
  const std::string_view raw = t.text(text);
  if (t.tok == Tok::Ident) return asciiLower(raw);
  if (t.tok != Tok::QuotedIdent && t.tok != Tok::String) return std::string(raw);
  const std::string inner = unquote(raw);
  const bool bare =
      !inner.empty() && !(inner[0] >= '0' && inner[0] <= '9') &&
      std::all_of(inner.begin(), inner.end(), [](char c) { return isIdChar(static_cast<unsigned char>(c)); });
  if (t.tok == Tok::QuotedIdent && bare) return asciiLower(inner);
  return "'" + inner + "'";
}

// SQL text with words (keywords, function and bare column names) in lower case and the spacing
// between tokens dropped: "COUNT( * )" and "count(*)" do the same thing; string literals and quoted
// names keep their case. Text that does not lex stays as it is.
std::string sqlKey(const std::string& text) {
  const LexResult lex = tokenize(text);
  if (lex.error) return text;
  std::string key;
  key.reserve(text.size());
  for (const Token& t : lex.tokens) {
    if (t.tok == Tok::End) break;
    if (!key.empty()) key += ' ';
    key += tokenKey(t, text);
  }
  return key;
}

// What two nodes are compared by: the operator, then each attribute and expression as sqlKey.
std::string labelKey(const PlanNode& node) {
  std::string out = toString(node.op);
  for (const auto& [k, v] : node.attrs) out += "\x1f" + k + "=" + sqlKey(v);
  for (const auto& e : node.exprs) out += "\x1e" + sqlKey(e);
  return out;
}

void pair(const Ids& gid, const Ids& pid, const PlanNode& g, const PlanNode& p, PlanDiff& d) {
  const int gi = gid.at(&g), pi = pid.at(&p);
  d.goldPartner[static_cast<std::size_t>(gi)] = pi;
  d.predPartner[static_cast<std::size_t>(pi)] = gi;
  auto isFree = [&](const PlanNode& n) { return d.goldPartner[static_cast<std::size_t>(gid.at(&n))] < 0; };
  // Among the free gold children of `parent` with the operator of `want`: the one with the same
  // label, else the same table (a Scan of the same table under another alias), else the first.
  auto find = [&](const PlanNode& parent, const PlanNode& want) -> const PlanNode* {
    const PlanNode* first = nullptr;
    const PlanNode* sameTable = nullptr;
    const std::string label = labelKey(want), table = want.attrOr("table");
    for (const auto& c : parent.children) {
      if (!c || c->op != want.op || !isFree(*c)) continue;
      if (labelKey(*c) == label) return c.get();
      if (!sameTable && !table.empty() && sameName(c->attrOr("table"), table)) sameTable = c.get();
      if (!first) first = c.get();
    }
    return sameTable ? sameTable : first;
  };
  std::vector<const PlanNode*> unpaired;
  for (const auto& pc : p.children) {
    if (!pc) continue;
    if (const PlanNode* gc = find(g, *pc))
      pair(gid, pid, *gc, *pc, d);
    else
      unpaired.push_back(pc.get());
  }
  for (const PlanNode* pc : unpaired) {
    const PlanNode* match = nullptr;
    for (const auto& gc : g.children)  // the gold has a node the prediction lacks
      if (gc && isFree(*gc) && (match = find(*gc, *pc))) break;
    if (match) {
      pair(gid, pid, *match, *pc, d);
      continue;
    }
    for (const auto& pcc : pc->children) {  // the prediction has a node the gold lacks
      if (!pcc || d.predPartner[static_cast<std::size_t>(pid.at(pcc.get()))] >= 0) continue;
      if (const PlanNode* gc = find(g, *pcc)) pair(gid, pid, *gc, *pcc, d);
    }
  }
}

}  // namespace

std::vector<PlanEntry> flattenPlan(const PlanNode& root) {
  std::vector<PlanEntry> out;
  out.reserve(root.size());
  flatten(root, -1, 0, out);
  return out;
}

Result<LocatedPlan> locatedPlan(std::string_view sql, const db::Schema* schema) {
  auto tree = parseSelect(sql);
  if (!tree) return tree.error();
  LocatedPlan lp;
  if (schema) {
    Resolution res = resolve(**tree, *schema, sql);
    lp.root = buildPlan(**tree, &res);
  } else {
    lp.root = buildPlan(**tree);
  }
  lp.nodes = flattenPlan(*lp.root);
  return lp;
}

std::optional<std::size_t> planNodeForSpan(const std::vector<PlanEntry>& nodes, std::size_t begin,
                                           std::size_t end) {
  if (end < begin) std::swap(begin, end);
  std::optional<std::size_t> best;
  std::size_t bestLen = 0;
  bool bestWeak = false;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (const PlanSpan& s : nodes[i].node->spans) {
      if (s.begin > begin || end > s.end) continue;
      const std::size_t len = s.end - s.begin;
      // On a tie the deeper node wins (pre-order: a later node is deeper or a later sibling),
      // except an Apply by its whole expression: the bytes of that expression outside the
      // subquery belong to the operator that holds it ("b IN" of a Filter's "b IN (SELECT ..)").
      const bool weak = nodes[i].node->op == PlanOp::Apply && s.role == "expr";
      const bool better = !best || len < bestLen ||
                          (len == bestLen && !weak && (bestWeak || nodes[i].depth >= nodes[*best].depth));
      if (better) {
        best = i;
        bestLen = len;
        bestWeak = weak;
      }
    }
  }
  if (best) return best;
  std::size_t bestOverlap = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (const PlanSpan& s : nodes[i].node->spans) {
      const std::size_t lo = std::max(s.begin, begin), hi = std::min(s.end, end);
      if (lo >= hi) continue;
      const std::size_t overlap = hi - lo, len = s.end - s.begin;
      if (!best || overlap > bestOverlap || (overlap == bestOverlap && len < bestLen)) {
        best = i;
        bestOverlap = overlap;
        bestLen = len;
      }
    }
  }
  return best;
}

std::vector<std::optional<std::size_t>> findingNodes(const std::vector<PlanEntry>& nodes,
                                                     const std::vector<Finding>& findings,
                                                     const std::string& side) {
  std::vector<std::optional<std::size_t>> out(findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i)
    for (const FindingSpan& s : findings[i].spans)
      if (s.side == side) {
        out[i] = planNodeForSpan(nodes, s.begin, s.end);
        break;
      }
  return out;
}

std::size_t PlanDiff::differing() const {
  return static_cast<std::size_t>(std::count(goldDiffers.begin(), goldDiffers.end(), true) +
                                  std::count(predDiffers.begin(), predDiffers.end(), true));
}

PlanDiff diffPlans(const std::vector<PlanEntry>& gold, const std::vector<PlanEntry>& pred) {
  PlanDiff d;
  d.goldPartner.assign(gold.size(), -1);
  d.predPartner.assign(pred.size(), -1);
  d.goldDiffers.assign(gold.size(), true);
  d.predDiffers.assign(pred.size(), true);
  if (gold.empty() || pred.empty()) return d;
  Ids gid, pid;
  for (std::size_t i = 0; i < gold.size(); ++i) gid[gold[i].node] = static_cast<int>(i);
  for (std::size_t i = 0; i < pred.size(); ++i) pid[pred[i].node] = static_cast<int>(i);
  pair(gid, pid, *gold.front().node, *pred.front().node, d);
  for (std::size_t i = 0; i < pred.size(); ++i) {
    const int g = d.predPartner[i];
    if (g < 0) continue;
    const bool same = labelKey(*pred[i].node) == labelKey(*gold[static_cast<std::size_t>(g)].node);
    d.predDiffers[i] = !same;
    d.goldDiffers[static_cast<std::size_t>(g)] = !same;
  }
  return d;
}

}  // namespace hs::sql
