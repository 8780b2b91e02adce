// MRSQLGen C1..C10 from the clause-aligned comparison of predicted and gold SQL (seed 002).
// Causes, not surface differences: both sides are compared after alias resolution, join-key
// unification, COUNT(pk) = COUNT(*), canonical literals and canonical comparison order.
#include <algorithm>
#include <set>

#include "engine/annotate/canonical_parts.h"
#include "engine/annotate/mrsqlgen_side.h"
#include "engine/annotate/rules.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

using namespace mr;

namespace {

const SelectBlock* orderBlock(const SqlView& v, const SelectBlock& main) {
  if (!main.orderBy.empty() || !main.limit.empty()) return &main;
  for (const SelectBlock& b : v.blocks)
    if (!b.isCte && !b.limit.empty() && !b.orderBy.empty() && b.parent >= 0) {
      bool derived = false;
      for (const SelectBlock& o : v.blocks)
        for (const TableRef& t : o.tables)
          if (t.derivedSelect >= 0 && &v.blocks[static_cast<std::size_t>(t.derivedSelect)] == &b)
            derived = true;
      if (derived) return &b;
    }
  return &main;
}

// The subquery of the main WHERE that takes the top rows, x = (SELECT y ... ORDER BY ... LIMIT n)
// or x IN (...), and the predicate linking it; null when there is none.
const SelectBlock* topSubquery(const SqlView& v, const SelectBlock& main, const Predicate** link) {
  if (!main.orderBy.empty() || !main.limit.empty()) return nullptr;
  for (const Predicate& p : main.predicates) {
    if (p.clause != kWhere || (p.op != "=" && p.op != "in") || !rangeHasSelect(v, p.rhs)) continue;
    for (const SelectBlock& b : v.blocks)
      if (!b.isCte && !b.orderBy.empty() && !b.limit.empty() && b.tokens.first >= p.rhs.first &&
          b.tokens.last <= p.rhs.last && b.parent >= 0 &&
          &v.blocks[static_cast<std::size_t>(b.parent)] == &main) {
        *link = &p;
        return &b;
      }
  }
  return nullptr;
}

int mainBlock(const SqlView& v) {
  return v.topLevel.empty() ? 0 : v.topLevel.front();
}

std::size_t clauseEnd(const SqlView& v, const SelectBlock& b, int clause) {
  return v.endOf(b.clauses[static_cast<std::size_t>(clause)]);
}

bool argmaxPredicate(const Side& s, const Predicate** out) {
  for (const Predicate& p : s.main.predicates) {
    if (p.op != "=" || p.clause == kFrom || !rangeHasSelect(s.v, p.rhs)) continue;
    for (std::size_t i = p.rhs.first; i < p.rhs.last; ++i)
      if (isWord(s.v.tokens[i], "max") || isWord(s.v.tokens[i], "min")) {
        *out = &p;
        return true;
      }
  }
  return false;
}

// Whether the subquery of `link` (x = (SELECT MAX(x) ...)) lacks a WHERE condition of the main
// block (other than join conditions and the link itself): the MAX/MIN is taken over other rows
// than the main block filters ("the History student with the most credits" as the credits of the
// top student of any department), a sub-query computing the wrong set (C6), not only the ties.
bool maxOverOtherRows(const Side& s, const Predicate& link) {
  std::set<std::string> inner;
  bool found = false;
  for (const SelectBlock& b : s.v.blocks) {
    if (b.tokens.first < link.rhs.first || b.tokens.last > link.rhs.last) continue;
    found = true;
    for (const Predicate& p : b.predicates)
      if (p.clause == kWhere) inner.insert(normPredicate(s.c, p).text());
  }
  if (!found) return false;
  for (const Predicate& p : s.main.predicates) {
    if (&p == &link || p.clause != kWhere || !rangeIsLiteral(s.v, p.rhs)) continue;
    if (!inner.count(normPredicate(s.c, p).text())) return true;
  }
  return false;
}

std::set<std::string> groupKeys(const Side& s) {
  std::set<std::string> keys;
  for (const SelectBlock& b : s.v.blocks)
    for (const sql::Expr* g : b.groupByNodes) keys.insert(normExpr(s.c, g));
  // Columns functionally dependent on a grouped single-column primary key add nothing.
  std::set<std::string> reduced;
  for (const std::string& k : keys) {
    auto dot = k.find('.');
    bool dependent = false;
    if (dot != std::string::npos && k.find(' ') == std::string::npos) {
      const db::TableInfo* t = s.c.schema.findTable(k.substr(0, dot));
      if (t) {
        int pks = 0;
        std::string pk;
        for (const db::ColumnInfo& col : t->columns)
          if (col.primaryKey) {
            ++pks;
            pk = col.name;
          }
        if (pks == 1) {
          std::string pkKey = t->name + "." + pk;
          for (char& ch : pkKey) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
          pkKey = s.c.keys.rep(pkKey);
          dependent = pkKey != k && keys.count(pkKey) > 0;
        }
      }
    }
    if (!dependent) reduced.insert(k);
  }
  return reduced;
}

}  // namespace

void compareSelectItems(const SqlView& pv, const SqlView& gv, const NormContext& pc, const NormContext& gc,
                        const SelectBlock& pm, const SelectBlock& gm, std::vector<Finding>& out);
void compareStructure(const SqlView& pv, const SqlView& gv, const NormContext& pc, const NormContext& gc,
                      const SelectBlock& pm, const SelectBlock& gm, std::vector<Finding>& out);

std::vector<Finding> mrsqlgenFindings(const SqlView& pred, const SqlView& gold, const db::Schema& schema,
                                      std::string_view question) {
  std::vector<Finding> out;
  if (!pred.ok() || !gold.ok()) return out;
  KeyMap keys;
  keys.addEqualities(pred);
  keys.addEqualities(gold);
  Side P{pred, {pred, keys, schema}, pred.blocks[static_cast<std::size_t>(mainBlock(pred))], nullptr, true};
  Side G{gold, {gold, keys, schema}, gold.blocks[static_cast<std::size_t>(mainBlock(gold))], nullptr, false};
  P.order = orderBlock(pred, P.main);
  G.order = orderBlock(gold, G.main);
  Emitter emit{out};
  compareSelectItems(pred, gold, P.c, G.c, P.main, G.main, out);
  compareStructure(pred, gold, P.c, G.c, P.main, G.main, out);

  // GROUP BY (C10).
  std::set<std::string> pg = groupKeys(P), gg = groupKeys(G);
  if (pg != gg) {
    std::vector<FindingSpan> sp;
    for (const SelectBlock& b : pred.blocks)
      if (!b.groupBy.empty()) sp.push_back(ps(b.keywordBegin[kGroupBy], clauseEnd(pred, b, kGroupBy)));
    for (const SelectBlock& b : gold.blocks)
      if (!b.groupBy.empty()) sp.push_back(gs(b.keywordBegin[kGroupBy], clauseEnd(gold, b, kGroupBy)));
    emit("C10",
         pg.empty()   ? "missing GROUP BY"
         : gg.empty() ? "extra GROUP BY"
                      : "grouping keys",
         formatMessage(FindingMsg::MgGrouping), sp);
  }

  // ORDER BY (C9) and LIMIT (C2). The top rows taken in a subquery the main block links to
  // (WHERE id = (SELECT id ... ORDER BY count(*) DESC LIMIT 1)) against the main block's ORDER BY
  // ... LIMIT: another route to the same rows, whose ordering and limit are compared, and whose
  // link is no extra condition.
  std::vector<const Predicate*> skip;
  const Predicate* link = nullptr;
  auto ordersTop = [](const Side& s) {
    return s.order == &s.main && !s.main.orderBy.empty() && !s.main.limit.empty();
  };
  if (ordersTop(G) && P.order == &P.main)
    if (const SelectBlock* b = topSubquery(pred, P.main, &link)) {
      P.order = b;
      skip.push_back(link);
    }
  if (ordersTop(P) && G.order == &G.main)
    if (const SelectBlock* b = topSubquery(gold, G.main, &link)) {
      G.order = b;
      skip.push_back(link);
    }
  const Predicate* am = nullptr;
  bool pLimit = !P.order->limit.empty(), gLimit = !G.order->limit.empty();
  if (!pLimit && gLimit && !G.order->orderBy.empty() && argmaxPredicate(P, &am)) {
    const std::vector<FindingSpan> sp{ps(am->begin, am->end),
                                      gs(G.order->keywordBegin[kLimit], clauseEnd(gold, *G.order, kLimit))};
    if (maxOverOtherRows(P, *am))
      emit("C6", "MAX/MIN subquery over other rows", formatMessage(FindingMsg::MgMaxOverOtherRows), sp);
    else
      emit("C2", "MAX/MIN subquery instead of LIMIT", formatMessage(FindingMsg::MgMaxKeepsTies), sp);
    skip.push_back(am);
  } else if (pLimit && !gLimit && !P.order->orderBy.empty() && argmaxPredicate(G, &am)) {
    emit("C2", "LIMIT instead of MAX/MIN subquery", formatMessage(FindingMsg::MgLimitDropsTies),
         {ps(P.order->keywordBegin[kLimit], clauseEnd(pred, *P.order, kLimit)), gs(am->begin, am->end)});
    skip.push_back(am);
  } else {
    std::string pl = normLimit(P.c, *P.order), gl = normLimit(G.c, *G.order);
    if (pl != gl) {
      std::vector<FindingSpan> sp;
      if (pLimit) sp.push_back(ps(P.order->keywordBegin[kLimit], clauseEnd(pred, *P.order, kLimit)));
      if (gLimit) sp.push_back(gs(G.order->keywordBegin[kLimit], clauseEnd(gold, *G.order, kLimit)));
      emit("C2",
           !pLimit   ? "missing LIMIT"
           : !gLimit ? "extra LIMIT"
                     : "LIMIT value",
           formatMessage(FindingMsg::MgLimit), sp);
    }
    auto orderText = [](const Side& s) {
      std::vector<std::string> o;
      for (const OrderItem& it : s.order->orderBy)
        o.push_back(normExpr(s.c, it.node) + (it.desc ? " desc" : " asc"));
      return o;
    };
    std::vector<std::string> po = orderText(P), go = orderText(G);
    // The order matters where the gold orders or the prediction takes LIMIT rows of its order, but
    // not when the prediction only adds tie-breaking keys after the gold's (the gold's order among
    // ties is arbitrary), nor when the gold neither orders nor limits (then the LIMIT is the cause, C2).
    const bool refinesGold =
        !go.empty() && po.size() > go.size() && std::equal(go.begin(), go.end(), po.begin());
    bool relevant = ((!go.empty() || pLimit) && !refinesGold && !(go.empty() && !gLimit));
    auto sameBut = [&](std::string (*strip)(std::string)) {
      if (po.size() != go.size()) return false;
      for (std::size_t i = 0; i < po.size(); ++i)
        if (strip(po[i]) != strip(go[i])) return false;
      return true;
    };
    auto orderSpans = [&] {
      return std::vector<FindingSpan>{
          ps(P.order->keywordBegin[kOrderBy], clauseEnd(pred, *P.order, kOrderBy)),
          gs(G.order->keywordBegin[kOrderBy], clauseEnd(gold, *G.order, kOrderBy))};
    };
    if (po != go && relevant && sameBut(withoutAggregates)) {
      emit("C7", "aggregate in ORDER BY", formatMessage(FindingMsg::MgOrderAggregate), orderSpans());
    } else if (po != go && relevant && sameBut(withoutArithmetic)) {
      // The same operands under another arithmetic operator (ORDER BY max - min vs max + min), in the
      // same direction: operator misuse (C1, seed 002: "arithmetic, comparison, or logical operation"),
      // as in the SELECT list and in conditions.
      emit("C1", std::string(kOrderArithmetic), formatMessage(FindingMsg::MgOrderArithmetic), orderSpans());
    } else if (po != go && relevant) {
      std::vector<FindingSpan> sp;
      if (!po.empty()) sp.push_back(ps(P.order->keywordBegin[kOrderBy], clauseEnd(pred, *P.order, kOrderBy)));
      if (!go.empty()) sp.push_back(gs(G.order->keywordBegin[kOrderBy], clauseEnd(gold, *G.order, kOrderBy)));
      emit("C9",
           po.empty()   ? "missing ORDER BY"
           : go.empty() ? "extra ORDER BY"
                        : "ordering key or direction",
           formatMessage(FindingMsg::MgOrdering), sp);
    }
  }
  compareConditions(P, G, skip, emit, boundPhrase(question));
  compareSubqueryLinks(P, G, emit);
  return out;
}

}  // namespace hs::annotate
