// A grouping check that the other checks let pass because the SQL has a GROUP BY, just not the key
// (a sibling question cue, a GROUP BY the question does not ask for, was dropped: gold SQL groups
// unasked all the time; tests/fit/HISTORY.md):
//
// `group_key_unselected` (static check, confidence 0.6): per-group aggregates returned without saying
// which group each belongs to. "How many friends does each student have?" answered with
// `SELECT count(*) FROM friend GROUP BY student_id` is a list of numbers nobody can read.
// 1. Read is the first top-level SELECT block (no set operation). It must have a GROUP BY and no
//    LIMIT (a top-k pick returns the best groups' values; "how many students does the biggest dorm
//    have?" needs no key).
// 2. Every output item holds an aggregate (COUNT, SUM, AVG, MIN, MAX): an item without one (a grouped
//    column, a column fixed by the grouping, an expression over them, even a bare column) says
//    something about the group and stops the check; so does a `*` item.
// 3. The block returns more than one group's values: not when each GROUP BY column is fixed by an
//    `=` literal comparison in WHERE (one group at most).
// 4. The finding spans the GROUP BY clause.
#include <algorithm>
#include <set>

#include "engine/annotate/check_registry.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

bool itemHasAggregate(const SqlView& v, const SelectBlock& b, const Range& item) {
  if (item.empty()) return false;
  const std::size_t begin = v.tokens[item.first].begin, end = v.tokens[item.last - 1].end;
  return std::any_of(b.aggregates.begin(), b.aggregates.end(), [&](const Aggregate& a) {
    return a.clause == kSelect && a.begin >= begin && a.end <= end;
  });
}

}  // namespace

void checkGroupKeyUnselected(const CheckContext& context, std::vector<Finding>& out) {
  const SqlView& v = context.pred;
  if (!v.ok() || v.topLevel.empty()) return;
  const SelectBlock& b = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  if (b.groupBy.empty() || !b.limit.empty()) return;
  int aggregated = 0;  // rule 2
  bool star = false;
  for (const Range& item : b.items) {
    aggregated += itemHasAggregate(v, b, item) ? 1 : 0;
    star = star || item.empty() || isStarItem(v, item.first, item.last);
  }
  if (v.topLevel.size() != 1 || star || aggregated != static_cast<int>(b.items.size())) return;
  // The schema column a range is (`col`, `t.col`), resolved; null otherwise.
  const auto column = [&](const Range& r) -> const ColumnRef* {
    const auto tok = plainColumnToken(v, r.first, r.last);
    if (!tok || v.columnAtToken[*tok] < 0) return nullptr;
    const ColumnRef& c = v.columns[static_cast<std::size_t>(v.columnAtToken[*tok])];
    return c.status == ColStatus::Resolved ? &c : nullptr;
  };
  std::set<std::string> fixedByLiteral;
  for (const Predicate& p : b.predicates) {
    if (p.clause != kWhere || p.op != "=" || p.afterOr || p.rhs.last != p.rhs.first + 1) continue;
    if (const ColumnRef* c = column(p.lhs); c && v.literalToken[p.rhs.first]) fixedByLiteral.insert(c->key);
  }
  bool oneGroup = true;
  for (const Range& g : b.groupBy) {
    const ColumnRef* c = column(g);
    oneGroup = oneGroup && c != nullptr && fixedByLiteral.count(c->key) > 0;
  }
  if (oneGroup) return;
  const std::size_t keysEnd = v.tokens[b.groupBy.back().last - 1].end;
  Finding f;
  f.taxonomy = "goldfree";
  f.category = "group_key_unselected";
  f.message = formatMessage(FindingMsg::GfGroupKeyUnselected,
                            {v.slice(v.tokens[b.groupBy.front().first].begin, keysEnd)});
  f.explanation = formatMessage(FindingMsg::ExGroupKeyUnselected);
  f.spans.push_back({"pred", b.keywordBegin[kGroupBy], keysEnd});  // rule 4
  f.confidence = 0.6;
  out.push_back(std::move(f));
}

}  // namespace hs::annotate
