// MRSQLGen: the WHERE/HAVING conditions of all blocks aligned (C1, C4, C5, C6, C7), set operands
// against OR-ed values (C1) and [NOT] IN / [NOT] EXISTS subquery links (C1).
#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "engine/annotate/mrsqlgen_side.h"
#include "engine/annotate/rules.h"
#include "engine/core/text.h"

namespace hs::annotate::mr {

// The aggregate function a normalised expression starts with ("count", "sum", ...), else "".
std::string aggregateOf(const std::string& norm) {
  for (const char* f : {"count", "sum", "avg", "min", "max"})
    if (norm.rfind(std::string(f) + "(", 0) == 0) return f;
  return {};
}

// The expression with every aggregate function name replaced by one placeholder.
std::string withoutAggregates(std::string t) {
  for (const char* f : {"count(", "sum(", "avg(", "min(", "max("})
    for (std::size_t k = 0; (k = t.find(f, k)) != std::string::npos;) {
      const std::size_t n = std::string(f).size();
      t.replace(k, n, "agg(");
      k += 4;
    }
  return t;
}

// Whether the question words a bound inclusively or exclusively in so many words ("at least",
// "or more", "no more than", ...).
bool boundPhrase(std::string_view question) {
  const std::string q = hs::asciiLower(question);
  for (const char* w : {"at least", "at most", "or more", "or less", "or fewer", "no less than",
                        "no more than", "no fewer than", "not less than", "not more than"})
    if (q.find(w) != std::string::npos) return true;
  return false;
}

namespace {

struct Pred {
  NormPredicate n;
  std::size_t begin = 0, end = 0, opBegin = 0, opEnd = 0, lhsBegin = 0, lhsEnd = 0, rhsBegin = 0, rhsEnd = 0;
  bool rhsLiteral = false;
  bool afterOr = false;
  bool used = false;
  bool negated = false;           // in a subquery linked by NOT IN / NOT EXISTS (an odd number)
  std::vector<std::string> vals;  // the literal set of "=" / IN / OR-ed equalities, else empty
};

// Whether block `i` lies inside the subquery of a NOT IN / NOT EXISTS link an odd number of times
// (its conditions describe the rows that are excluded).
bool negatedBlock(const SqlView& v, int i) {
  bool neg = false;
  for (int b = i; b >= 0 && b < static_cast<int>(v.blocks.size());) {
    const int parent = v.blocks[static_cast<std::size_t>(b)].parent;
    if (parent < 0 || parent >= static_cast<int>(v.blocks.size())) break;
    const Range& t = v.blocks[static_cast<std::size_t>(b)].tokens;
    for (const Predicate& p : v.blocks[static_cast<std::size_t>(parent)].predicates)
      if ((p.op == "not in" || p.op == "not exists") && p.rhs.first <= t.first && t.last <= p.rhs.last)
        neg = !neg;
    b = parent;
  }
  return neg;
}

bool skipped(const Predicate& p, const std::vector<const Predicate*>& skip) {
  return std::find(skip.begin(), skip.end(), &p) != skip.end();
}

// WHERE/HAVING conditions of every SELECT block (a condition moved into a subquery or derived
// table is the same condition), without join links and [NOT] IN/EXISTS subquery links, with
// "x = a OR x = b" and "x IN (a, b)" both as "x in {a,b}".
std::vector<Pred> conditions(const Side& s, const std::vector<const Predicate*>& skip, int* ors) {
  std::vector<Pred> out;
  *ors = 0;
  for (std::size_t bi = 0; bi < s.v.blocks.size(); ++bi) {
    const SelectBlock& b = s.v.blocks[bi];
    const bool negated = negatedBlock(s.v, static_cast<int>(bi));
    for (const Predicate& p : b.predicates) {
      if (p.clause == kFrom || skipped(p, skip)) continue;
      bool subq = rangeHasSelect(s.v, p.rhs);
      // The conditions left out of the alignment still count in the AND/OR structure.
      if ((p.op == "in" || p.op == "not in" || p.op == "exists" || p.op == "not exists") && subq) {
        if (p.afterOr) ++*ors;
        continue;
      }
      if (p.op == "=" && p.clause == kWhere && !rangeIsLiteral(s.v, p.rhs) && !subq && !p.lhs.empty() &&
          !p.rhs.empty() && s.v.columnAtToken[p.lhs.first] >= 0 && s.v.columnAtToken[p.rhs.first] >= 0) {
        if (p.afterOr) ++*ors;
        continue;  // a join condition written in WHERE
      }
      Pred q;
      q.n = normPredicate(s.c, p);
      q.begin = p.begin;
      q.end = p.end;
      q.opBegin = p.opBegin;
      q.opEnd = p.opEnd;
      q.lhsBegin = s.v.beginOf(p.lhs);
      q.lhsEnd = s.v.endOf(p.lhs);
      q.rhsBegin = s.v.beginOf(p.rhs);
      q.rhsEnd = s.v.endOf(p.rhs);
      q.rhsLiteral = rangeIsLiteral(s.v, p.rhs);
      q.afterOr = p.afterOr;
      q.negated = negated;
      // Literal sets ("x IN (a, b)", "x = a OR x = b") as value lists, joined in linear time and
      // written out once at the end.
      if (q.n.op == "in" && q.rhsLiteral) {
        q.vals = q.n.parts;
      } else if (q.n.op == "=" && q.rhsLiteral) {
        q.vals.push_back(q.n.rhs);
      }
      if (q.afterOr && !out.empty() && !q.vals.empty() && !out.back().vals.empty() &&
          q.n.lhs == out.back().n.lhs) {
        Pred& prev = out.back();
        prev.vals.insert(prev.vals.end(), q.vals.begin(), q.vals.end());
        prev.end = q.end;
        prev.rhsEnd = q.rhsEnd;
        continue;
      }
      if (q.afterOr) ++*ors;
      out.push_back(q);
    }
  }
  for (Pred& q : out) {
    if (q.vals.empty()) continue;
    std::sort(q.vals.begin(), q.vals.end());
    q.vals.erase(std::unique(q.vals.begin(), q.vals.end()), q.vals.end());
    if (q.vals.size() == 1) {
      q.n.op = "=";
      q.n.rhs = q.vals[0];
    } else {
      q.n.op = "in";
      q.n.rhs = "{";
      for (const std::string& v : q.vals) q.n.rhs += v + ",";
      q.n.rhs += "}";
    }
  }
  return out;
}

// One side combines set operands that differ only in the value one column is compared with
// (... WHERE x = 'a' INTERSECT ... WHERE x = 'b'), the other has the one block with the values
// OR-ed (x = 'a' OR x = 'b', x IN ('a', 'b')). INTERSECT is AND: "both a and b" written as OR is a
// logical operator misuse (C1, seed 002: "from New York or Los Angeles" is an operator phrase), not
// a dropped set operation; UNION is the same OR. The conditions are matched and the set operation
// finding is dropped. `S` has the set operation, `O` the OR. The set operation may also be the one
// set operation of a subquery, against a subquery with the values OR-ed ("students allergic to both
// milk and cat": `StuID IN (SELECT StuID ... = 'Milk' INTERSECT SELECT StuID ... = 'Cat')` vs
// `StuID IN (SELECT StuID ... = 'Milk' OR ... = 'Cat')`): the same operator, not a missing condition.
void logicalSetOperator(const Side& S, const Side& O, std::vector<Pred>& sc, std::vector<Pred>& oc,
                        const Emitter& emit) {
  const bool top = S.v.setOps.size() == 1 && S.v.topLevel.size() == 2 && O.v.setOps.empty();
  const bool inner =
      S.v.setOps.empty() && S.v.innerSetOps.size() == 1 && O.v.setOps.empty() && O.v.innerSetOps.empty();
  if (!top && !inner) return;
  const auto& setOp = top ? S.v.setOps.front() : S.v.innerSetOps.front();
  const std::string op = setOp.first;
  if (op != "intersect" && op != "union") return;
  for (Pred& o : oc) {
    if (o.used || o.vals.size() != 2) continue;
    std::vector<Pred*> parts;
    std::vector<std::string> vals;
    for (Pred& c : sc)
      if (!c.used && c.rhsLiteral && c.n.op == "=" && c.n.lhs == o.n.lhs && c.vals.size() == 1) {
        parts.push_back(&c);
        vals.push_back(c.vals[0]);
      }
    std::sort(vals.begin(), vals.end());
    if (parts.size() != 2 || vals != o.vals) continue;
    o.used = true;
    for (Pred* c : parts) c->used = true;
    auto& out = emit.out;
    std::erase_if(out,
                  [](const Finding& f) { return f.category == "C6" && f.subcategory == "set operation"; });
    if (op == "union") return;  // the same OR
    std::vector<FindingSpan> sp;
    const bool sIsPred = S.isPred;
    sp.push_back({sIsPred ? "pred" : "gold", setOp.second.first, setOp.second.second});
    sp.push_back({sIsPred ? "gold" : "pred", o.begin, o.end});
    emit("C1", "set operator as OR",
         formatMessage(sIsPred ? FindingMsg::MgIntersectForOr : FindingMsg::MgOrForIntersect), sp);
    return;
  }
}

// `x BETWEEN a AND b` against the two bounds written apart (`x > a AND x < b`): the BETWEEN is
// `x >= a AND x <= b`, so the same bounds with a strict operator are operator misuse (C1, "between
// 120 and 150" as `> 120 AND < 150`), and `>= a AND <= b` is the same condition. The BETWEEN side is
// `B`, the other `O`; one finding spans both bounds, so its repair puts the whole form in.
void betweenBounds(const Side& B, std::vector<Pred>& bc, std::vector<Pred>& oc, const Emitter& emit) {
  for (Pred& b : bc) {
    if (b.used || b.n.op != "between") continue;
    if (b.n.parts.size() != 2) continue;
    const std::string &low = b.n.parts[0], &high = b.n.parts[1];
    Pred *lo = nullptr, *hi = nullptr;
    for (Pred& o : oc) {
      if (o.used || !o.rhsLiteral || o.n.lhs != b.n.lhs) continue;
      if (!lo && (o.n.op == ">" || o.n.op == ">=") && o.n.rhs == low) lo = &o;
      if (!hi && (o.n.op == "<" || o.n.op == "<=") && o.n.rhs == high) hi = &o;
    }
    if (!lo || !hi || lo->afterOr || hi->afterOr) continue;
    b.used = lo->used = hi->used = true;
    if (lo->n.op == ">=" && hi->n.op == "<=") continue;  // the same condition
    const std::size_t ob = std::min(lo->begin, hi->begin), oe = std::max(lo->end, hi->end);
    const FindingSpan bs{B.isPred ? "pred" : "gold", b.begin, b.end};
    const FindingSpan os{B.isPred ? "gold" : "pred", ob, oe};
    emit("C1", "bound strictness",
         formatMessage(B.isPred ? FindingMsg::MgBetweenForStrict : FindingMsg::MgStrictForBetween),
         B.isPred ? std::vector<FindingSpan>{bs, os} : std::vector<FindingSpan>{os, bs});
  }
}

// Integer literals one apart (x > 3 vs x > 2: the same as x > 3 vs x >= 3).
bool oneApart(const std::string& a, const std::string& b) {
  auto integer = [](const std::string& t, long long* v) {
    if (t.empty() || t.size() > 15) return false;
    for (std::size_t i = t[0] == '-' ? 1 : 0; i < t.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
    if (t == "-") return false;
    *v = std::stoll(t);
    return true;
  };
  long long x = 0, y = 0;
  return integer(a, &x) && integer(b, &y) && (x - y == 1 || y - x == 1);
}

}  // namespace

void compareConditions(const Side& P, const Side& G, const std::vector<const Predicate*>& skip,
                       const Emitter& emit, bool bounds) {
  int pors = 0, gors = 0;
  std::vector<Pred> pc = conditions(P, skip, &pors), gc = conditions(G, skip, &gors);
  // The pairing passes compare every unmatched predicted condition with every unmatched gold one;
  // on hostile input (thousands of different conditions on both sides) they are skipped and the
  // conditions reported as extra / missing, so the work stays bounded.
  constexpr std::size_t kMaxPairs = 1u << 20;
  auto pass = [&](auto match, auto report) {
    std::size_t openP = 0, openG = 0;
    for (const Pred& a : pc) openP += a.used ? 0 : 1;
    for (const Pred& b : gc) openG += b.used ? 0 : 1;
    if (openP * openG > kMaxPairs) return;
    for (Pred& a : pc) {
      if (a.used) continue;
      for (Pred& b : gc) {
        if (b.used || !match(a, b)) continue;
        a.used = b.used = true;
        report(a, b);
        break;
      }
    }
  };
  logicalSetOperator(P, G, pc, gc, emit);
  logicalSetOperator(G, P, gc, pc, emit);
  betweenBounds(P, pc, gc, emit);
  betweenBounds(G, gc, pc, emit);
  {  // Exact matches first, by hash (linear on long condition lists).
    std::unordered_multimap<std::string, Pred*> byText;
    for (Pred& b : gc) byText.emplace(b.n.text(), &b);
    for (Pred& a : pc) {
      auto it = byText.find(a.n.text());
      if (it == byText.end()) continue;
      a.used = it->second->used = true;
      byText.erase(it);
    }
  }
  pass([](const Pred& a, const Pred& b) { return a.n.lhs == b.n.lhs && a.n.rhs == b.n.rhs; },
       [&](const Pred& a, const Pred& b) {
         // x != v where the other side excludes the rows with x = v through NOT IN / NOT EXISTS
         // (or the reverse): the negation of the wrong set ("students who took no Biology course"
         // as a course other than Biology), condition logic (C6), not one operator.
         auto eqNe = [](const std::string& x, const std::string& y) {
           return x == "=" && (y == "!=" || y == "<>");
         };
         if (a.negated != b.negated && (eqNe(a.n.op, b.n.op) || eqNe(b.n.op, a.n.op))) {
           emit("C6", "negated set",
                formatMessage(b.negated ? FindingMsg::MgNegatedSetExcludes : FindingMsg::MgNegatedSetKeeps,
                              {a.n.text(), b.n.text()}),
                {ps(a.begin, a.end), gs(b.begin, b.end)});
           return;
         }
         emit("C1", "comparison operator", formatMessage(FindingMsg::MgOperator, {a.n.op, b.n.op}),
              {ps(a.opBegin, a.opEnd), gs(b.opBegin, b.opEnd)});
       });
  pass([&](const Pred& a,
           const Pred& b) { return a.n.lhs == b.n.lhs && a.n.op == b.n.op && a.rhsLiteral && b.rhsLiteral; },
       [&](const Pred& a, const Pred& b) {
         // "At least 3" as > 3 where the gold says > 2 (= >= 3): the bound's strictness, an operator
         // misuse (C1), repaired by the gold's comparison.
         const std::string& op = a.n.op;
         if (bounds && (op == ">" || op == ">=" || op == "<" || op == "<=") && oneApart(a.n.rhs, b.n.rhs)) {
           emit("C1", "bound strictness",
                formatMessage(FindingMsg::MgBoundOtherWay, {op + " " + a.n.rhs, op + " " + b.n.rhs}),
                {ps(a.opBegin, a.rhsEnd), gs(b.opBegin, b.rhsEnd)});
           return;
         }
         emit("C4", "literal value", formatMessage(FindingMsg::MgValue, {a.n.rhs, b.n.rhs}),
              {ps(a.rhsBegin, a.rhsEnd), gs(b.rhsBegin, b.rhsEnd)});
       });
  // The same comparison of another aggregate (HAVING COUNT(*) > 1 vs SUM(x) > 1): aggregation (C7).
  pass(
      [](const Pred& a, const Pred& b) {
        const std::string fa = aggregateOf(a.n.lhs), fb = aggregateOf(b.n.lhs);
        return a.n.op == b.n.op && a.n.rhs == b.n.rhs && !fa.empty() && !fb.empty() && fa != fb;
      },
      [&](const Pred& a, const Pred& b) {
        emit("C7", "aggregate in condition", formatMessage(FindingMsg::MgConditionUses, {a.n.lhs, b.n.lhs}),
             {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
      });
  // The same comparison whose operand differs only in its aggregate functions, e.g. in a subquery
  // (x > (SELECT MAX(y) ...) vs x > (SELECT MIN(y) ...)): aggregation (C7), not another column.
  pass(
      [](const Pred& a, const Pred& b) {
        return a.n.op == b.n.op && a.n.text() != b.n.text() &&
               withoutAggregates(a.n.lhs) == withoutAggregates(b.n.lhs) &&
               withoutAggregates(a.n.rhs) == withoutAggregates(b.n.rhs);
      },
      [&](const Pred& a, const Pred& b) {
        emit("C7", "aggregate in condition",
             formatMessage(FindingMsg::MgConditionIs, {a.n.text(), b.n.text()}),
             {ps(a.begin, a.end), gs(b.begin, b.end)});
      });
  auto noDistinct = [](std::string t) {
    for (std::size_t k; (k = t.find("DISTINCT ")) != std::string::npos;) t.erase(k, 9);
    return t;
  };
  pass(
      [&](const Pred& a, const Pred& b) {
        return a.n.op == b.n.op && a.n.rhs == b.n.rhs && a.n.lhs != b.n.lhs &&
               (a.n.lhs.find("count(DISTINCT") != std::string::npos) !=
                   (b.n.lhs.find("count(DISTINCT") != std::string::npos) &&
               (noDistinct(a.n.lhs) == noDistinct(b.n.lhs) || noDistinct(a.n.lhs).find("count(") == 0);
      },
      [&](const Pred& a, const Pred& b) {
        emit("C7", "DISTINCT inside aggregate", formatMessage(FindingMsg::MgCountDistinctCondition),
             {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
      });
  // The same operands under another arithmetic operator on one side (a - b > 0 vs a + b > 0): C1.
  pass(
      [&](const Pred& a, const Pred& b) {
        return a.n.op == b.n.op && a.n.rhs == b.n.rhs && a.n.lhs != b.n.lhs &&
               withoutArithmetic(a.n.lhs) == withoutArithmetic(b.n.lhs);
      },
      [&](const Pred& a, const Pred& b) {
        emit("C1", "arithmetic operator", formatMessage(FindingMsg::MgConditionUses, {a.n.lhs, b.n.lhs}),
             {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
      });
  pass([](const Pred& a, const Pred& b) { return a.n.op == b.n.op && a.n.rhs == b.n.rhs; },
       [&](const Pred& a, const Pred& b) {
         emit("C5", "condition column", formatMessage(FindingMsg::MgConditionColumn, {a.n.lhs, b.n.lhs}),
              {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
       });
  // The same column compared with another operator and another value: the operator is what changed
  // the meaning (C1), except a pattern against an equality (x LIKE '%a%' vs x = 'a', either way
  // round), where the value is what is written wrong: a value broadened to a pattern, or a pattern
  // the question implies written as one value, violates the value specification (C4; seed 002's C4
  // relaxes or narrows "the value descriptions", and the blind-label protocol lists "a missing `%`
  // wildcard or `=` where the question implies a substring match" under C4).
  pass([](const Pred& a,
          const Pred& b) { return a.n.lhs == b.n.lhs && a.n.op != b.n.op && a.rhsLiteral && b.rhsLiteral; },
       [&](const Pred& a, const Pred& b) {
         // Two comparisons (price > 360 vs price >= 180): the operator and the value are two
         // mistakes, each repaired on its own; a pattern or a value list against a comparison is one.
         auto comparison = [](const std::string& op) {
           return op == "=" || op == "!=" || op == "<>" || op == "<" || op == ">" || op == "<=" || op == ">=";
         };
         if (comparison(a.n.op) && comparison(b.n.op)) {
           emit("C1", "comparison operator", formatMessage(FindingMsg::MgOperator, {a.n.op, b.n.op}),
                {ps(a.opBegin, a.opEnd), gs(b.opBegin, b.opEnd)});
           emit("C4", "literal value", formatMessage(FindingMsg::MgValue, {a.n.rhs, b.n.rhs}),
                {ps(a.rhsBegin, a.rhsEnd), gs(b.rhsBegin, b.rhsEnd)});
           return;
         }
         auto equality = [](const std::string& op) { return op == "=" || op == "like"; };
         auto negated = [](const std::string& op) { return op == "!=" || op == "<>" || op == "not like"; };
         if ((equality(a.n.op) && equality(b.n.op)) || (negated(a.n.op) && negated(b.n.op))) {
           emit("C4", "value or pattern", formatMessage(FindingMsg::MgConditionHas, {a.n.text(), b.n.text()}),
                {ps(a.begin, a.end), gs(b.begin, b.end)});
           return;
         }
         emit("C1", "comparison operator and value",
              formatMessage(FindingMsg::MgConditionHas, {a.n.text(), b.n.text()}),
              {ps(a.begin, a.end), gs(b.begin, b.end)});
       });
  bool unmatched = false;
  for (const Pred& a : pc) unmatched = unmatched || !a.used;
  for (const Pred& b : gc) unmatched = unmatched || !b.used;
  for (const Pred& a : pc)
    if (!a.used)
      emit("C6", "extra condition", formatMessage(FindingMsg::MgExtraCondition, {a.n.text()}),
           {ps(a.begin, a.end)});
  for (const Pred& b : gc)
    if (!b.used)
      emit("C6", "missing condition", formatMessage(FindingMsg::MgMissingCondition, {b.n.text()}),
           {gs(b.begin, b.end)});
  if (pors != gors) {
    std::vector<FindingSpan> sp;
    for (const SelectBlock& blk : P.v.blocks)
      for (const auto& c : blk.connectives)
        if (c.first == "or") sp.push_back(ps(c.second.first, c.second.second));
    for (const SelectBlock& blk : G.v.blocks)
      for (const auto& c : blk.connectives)
        if (c.first == "or") sp.push_back(gs(c.second.first, c.second.second));
    // The same conditions joined by another logical operator is operator misuse (C1, seed 002:
    // "arithmetic, comparison, or logical operation"); with other conditions it is condition logic.
    if (unmatched)
      emit("C6", "logical connective", formatMessage(FindingMsg::MgConnective), sp);
    else
      emit("C1", "logical operator", formatMessage(FindingMsg::MgLogicalOperator), sp);
  }
}

// [NOT] IN / [NOT] EXISTS subquery links (left out of the condition alignment): the same link with
// the other polarity is a negation operator that changed (C1, "IN vs NOT IN").
void compareSubqueryLinks(const Side& P, const Side& G, const Emitter& emit) {
  struct Link {
    std::string key;  // kind and left side
    bool negated = false;
    std::size_t opBegin = 0, opEnd = 0;
    bool used = false;
  };
  auto links = [](const Side& s) {
    std::vector<Link> out;
    for (const SelectBlock& b : s.v.blocks)
      for (const Predicate& p : b.predicates) {
        const bool in = p.op == "in" || p.op == "not in", ex = p.op == "exists" || p.op == "not exists";
        if (p.clause == kFrom || (!in && !ex) || !rangeHasSelect(s.v, p.rhs)) continue;
        out.push_back({in ? "in " + normPredicate(s.c, p).lhs : "exists", p.op.rfind("not ", 0) == 0,
                       p.opBegin, p.opEnd});
      }
    return out;
  };
  std::vector<Link> pl = links(P), gl = links(G);
  for (Link& a : pl)
    for (Link& b : gl)
      if (!b.used && a.key == b.key && a.negated == b.negated) {
        a.used = b.used = true;
        break;
      }
  for (Link& a : pl) {
    if (a.used) continue;
    for (Link& b : gl)
      if (!b.used && a.key == b.key) {
        a.used = b.used = true;
        emit("C1", "negation",
             formatMessage(a.negated ? (b.negated ? FindingMsg::MgNotInForNotIn : FindingMsg::MgNotInForIn)
                                     : (b.negated ? FindingMsg::MgInForNotIn : FindingMsg::MgInForIn)),
             {ps(a.opBegin, a.opEnd), gs(b.opBegin, b.opEnd)});
        break;
      }
  }
}

}  // namespace hs::annotate::mr
