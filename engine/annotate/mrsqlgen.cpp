// MRSQLGen C1..C10 from the clause-aligned comparison of predicted and gold SQL (seed 002).
// Causes, not surface differences: both sides are compared after alias resolution, join-key
// unification, COUNT(pk) = COUNT(*), canonical literals and canonical comparison order.
#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_map>

#include "engine/annotate/normalise.h"
#include "engine/annotate/rules.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

struct Side {
  const SqlView& v;
  NormContext c;
  const SelectBlock& main;
  const SelectBlock* order = nullptr;  // block holding the ORDER BY/LIMIT (main, else a derived one)
  bool isPred = false;
};

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

struct Emitter {
  std::vector<Finding>& out;
  void operator()(const std::string& type, const std::string& sub, const std::string& msg,
                  std::vector<FindingSpan> spans) const {
    Finding f;
    f.taxonomy = "mrsqlgen";
    f.category = type;
    f.subcategory = sub;
    f.message = msg;
    f.spans = std::move(spans);
    out.push_back(std::move(f));
  }
};

FindingSpan ps(std::size_t b, std::size_t e) {
  return {"pred", b, e};
}
FindingSpan gs(std::size_t b, std::size_t e) {
  return {"gold", b, e};
}

std::size_t clauseEnd(const SqlView& v, const SelectBlock& b, int clause) {
  return v.endOf(b.clauses[static_cast<std::size_t>(clause)]);
}

bool argmaxPredicate(const Side& s, const Predicate** out) {
  for (const Predicate& p : s.main.predicates) {
    if (p.op != "=" || p.clause == kFrom || !rangeHasSelect(s.v, p.rhs)) continue;
    for (std::size_t i = p.rhs.first; i < p.rhs.last; ++i)
      if (s.v.tokens[i].text == "max" || s.v.tokens[i].text == "min") {
        *out = &p;
        return true;
      }
  }
  return false;
}

std::set<std::string> groupKeys(const Side& s) {
  std::set<std::string> keys;
  for (const SelectBlock& b : s.v.blocks)
    for (const Range& g : b.groupBy) keys.insert(normExpr(s.c, g));
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

// The aggregate function a normalised expression starts with ("count", "sum", ...), else "".
std::string aggregateOf(const std::string& norm) {
  for (const char* f : {"count", "sum", "avg", "min", "max"})
    if (norm.rfind(std::string(f) + " ( ", 0) == 0) return f;
  return {};
}

// The expression with every aggregate function name replaced by one placeholder.
std::string withoutAggregates(std::string t) {
  for (const char* f : {"count ( ", "sum ( ", "avg ( ", "min ( ", "max ( "})
    for (std::size_t k = 0; (k = t.find(f, k)) != std::string::npos;) {
      const std::size_t n = std::string(f).size();
      t.replace(k, n, "agg ( ");
      k += 6;
    }
  return t;
}

struct Pred {
  NormPredicate n;
  std::size_t begin = 0, end = 0, opBegin = 0, opEnd = 0, lhsBegin = 0, lhsEnd = 0, rhsBegin = 0, rhsEnd = 0;
  bool rhsLiteral = false;
  bool afterOr = false;
  bool used = false;
  std::vector<std::string> vals;  // the literal set of "=" / IN / OR-ed equalities, else empty
};

bool skipped(const Predicate& p, const std::vector<const Predicate*>& skip) {
  return std::find(skip.begin(), skip.end(), &p) != skip.end();
}

// WHERE/HAVING conditions of every SELECT block (a condition moved into a subquery or derived
// table is the same condition), without join links and [NOT] IN/EXISTS subquery links, with
// "x = a OR x = b" and "x IN (a, b)" both as "x in {a,b}".
std::vector<Pred> conditions(const Side& s, const std::vector<const Predicate*>& skip, int* ors) {
  std::vector<Pred> out;
  *ors = 0;
  for (const SelectBlock& b : s.v.blocks)
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
      // Literal sets ("x IN (a, b)", "x = a OR x = b") as value lists, joined in linear time and
      // written out once at the end.
      if (q.n.op == "in" && q.rhsLiteral) {
        std::string inner = q.n.rhs;
        if (inner.size() >= 4) inner = inner.substr(2, inner.size() - 4);
        std::size_t a = 0;
        while (a <= inner.size()) {
          std::size_t e = inner.find(" , ", a);
          q.vals.push_back(inner.substr(a, e == std::string::npos ? std::string::npos : e - a));
          if (e == std::string::npos) break;
          a = e + 3;
        }
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
// finding is dropped. `S` has the set operation, `O` the OR.
void logicalSetOperator(const Side& S, const Side& O, std::vector<Pred>& sc, std::vector<Pred>& oc,
                        const Emitter& emit) {
  if (S.v.setOps.size() != 1 || !O.v.setOps.empty() || S.v.topLevel.size() != 2) return;
  const std::string op = S.v.setOps.front().first;
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
    sp.push_back(
        {sIsPred ? "pred" : "gold", S.v.setOps.front().second.first, S.v.setOps.front().second.second});
    sp.push_back({sIsPred ? "gold" : "pred", o.begin, o.end});
    emit("C1", "set operator as OR",
         sIsPred ? "INTERSECT (AND) where the gold query ORs the values"
                 : "OR where the gold query INTERSECTs (AND)",
         sp);
    return;
  }
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
         emit("C1", "comparison operator",
              "operator '" + a.n.op + "' where the gold query uses '" + b.n.op + "'",
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
                "'" + op + " " + a.n.rhs + "' where the gold query's '" + op + " " + b.n.rhs +
                    "' bounds the other way (inclusive vs exclusive)",
                {ps(a.opBegin, a.rhsEnd), gs(b.opBegin, b.rhsEnd)});
           return;
         }
         emit("C4", "literal value", "value " + a.n.rhs + " where the gold query uses " + b.n.rhs,
              {ps(a.rhsBegin, a.rhsEnd), gs(b.rhsBegin, b.rhsEnd)});
       });
  // The same comparison of another aggregate (HAVING COUNT(*) > 1 vs SUM(x) > 1): aggregation (C7).
  pass(
      [](const Pred& a, const Pred& b) {
        const std::string fa = aggregateOf(a.n.lhs), fb = aggregateOf(b.n.lhs);
        return a.n.op == b.n.op && a.n.rhs == b.n.rhs && !fa.empty() && !fb.empty() && fa != fb;
      },
      [&](const Pred& a, const Pred& b) {
        emit("C7", "aggregate in condition",
             "'" + a.n.lhs + "' where the gold condition uses '" + b.n.lhs + "'",
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
             "'" + a.n.text() + "' where the gold condition is '" + b.n.text() + "'",
             {ps(a.begin, a.end), gs(b.begin, b.end)});
      });
  auto noDistinct = [](std::string t) {
    for (std::size_t k; (k = t.find("distinct ")) != std::string::npos;) t.erase(k, 9);
    return t;
  };
  pass(
      [&](const Pred& a, const Pred& b) {
        return a.n.op == b.n.op && a.n.rhs == b.n.rhs && a.n.lhs != b.n.lhs &&
               (a.n.lhs.find("count ( distinct") != std::string::npos) !=
                   (b.n.lhs.find("count ( distinct") != std::string::npos) &&
               (noDistinct(a.n.lhs) == noDistinct(b.n.lhs) || noDistinct(a.n.lhs).find("count (") == 0);
      },
      [&](const Pred& a, const Pred& b) {
        emit("C7", "DISTINCT inside aggregate", "COUNT(DISTINCT ...) differs from the gold condition",
             {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
      });
  // The same operands under another arithmetic operator on one side (a - b > 0 vs a + b > 0): C1.
  pass(
      [&](const Pred& a, const Pred& b) {
        return a.n.op == b.n.op && a.n.rhs == b.n.rhs && a.n.lhs != b.n.lhs &&
               withoutArithmetic(a.n.lhs) == withoutArithmetic(b.n.lhs);
      },
      [&](const Pred& a, const Pred& b) {
        emit("C1", "arithmetic operator", "'" + a.n.lhs + "' where the gold condition uses '" + b.n.lhs + "'",
             {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
      });
  pass([](const Pred& a, const Pred& b) { return a.n.op == b.n.op && a.n.rhs == b.n.rhs; },
       [&](const Pred& a, const Pred& b) {
         emit("C5", "condition column", "condition on " + a.n.lhs + " where the gold query uses " + b.n.lhs,
              {ps(a.lhsBegin, a.lhsEnd), gs(b.lhsBegin, b.lhsEnd)});
       });
  // The same column compared with another operator and another value (x LIKE '%a%' vs x = 'a'):
  // the operator is what changed the meaning (C1).
  pass([](const Pred& a,
          const Pred& b) { return a.n.lhs == b.n.lhs && a.n.op != b.n.op && a.rhsLiteral && b.rhsLiteral; },
       [&](const Pred& a, const Pred& b) {
         // Two comparisons (price > 360 vs price >= 180): the operator and the value are two
         // mistakes, each repaired on its own; a pattern or a value list against a comparison is one.
         auto comparison = [](const std::string& op) {
           return op == "=" || op == "!=" || op == "<>" || op == "<" || op == ">" || op == "<=" || op == ">=";
         };
         if (comparison(a.n.op) && comparison(b.n.op)) {
           emit("C1", "comparison operator",
                "operator '" + a.n.op + "' where the gold query uses '" + b.n.op + "'",
                {ps(a.opBegin, a.opEnd), gs(b.opBegin, b.opEnd)});
           emit("C4", "literal value", "value " + a.n.rhs + " where the gold query uses " + b.n.rhs,
                {ps(a.rhsBegin, a.rhsEnd), gs(b.rhsBegin, b.rhsEnd)});
           return;
         }
         emit("C1", "comparison operator and value",
              "'" + a.n.text() + "' where the gold query has '" + b.n.text() + "'",
              {ps(a.begin, a.end), gs(b.begin, b.end)});
       });
  bool unmatched = false;
  for (const Pred& a : pc) unmatched = unmatched || !a.used;
  for (const Pred& b : gc) unmatched = unmatched || !b.used;
  for (const Pred& a : pc)
    if (!a.used)
      emit("C6", "extra condition", "condition '" + a.n.text() + "' has no counterpart in the gold query",
           {ps(a.begin, a.end)});
  for (const Pred& b : gc)
    if (!b.used)
      emit("C6", "missing condition", "the gold condition '" + b.n.text() + "' is missing",
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
      emit("C6", "logical connective", "AND/OR structure differs from the gold query", sp);
    else
      emit("C1", "logical operator",
           "the same conditions are joined with AND/OR differently from the gold query", sp);
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
        out.push_back(
            {in ? "in " + normExpr(s.c, p.lhs) : "exists", p.op.rfind("not ", 0) == 0, p.opBegin, p.opEnd});
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
             std::string(a.negated ? "NOT " : "") + "IN/EXISTS where the gold query uses " +
                 (b.negated ? "NOT IN/EXISTS" : "IN/EXISTS"),
             {ps(a.opBegin, a.opEnd), gs(b.opBegin, b.opEnd)});
        break;
      }
  }
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
         "grouping differs from the gold query", sp);
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
    emit(
        "C2", "MAX/MIN subquery instead of LIMIT",
        "'= (SELECT MAX/MIN ...)' keeps every tie where the gold query takes one row with ORDER BY ... LIMIT",
        {ps(am->begin, am->end), gs(G.order->keywordBegin[kLimit], clauseEnd(gold, *G.order, kLimit))});
    skip.push_back(am);
  } else if (pLimit && !gLimit && !P.order->orderBy.empty() && argmaxPredicate(G, &am)) {
    emit("C2", "LIMIT instead of MAX/MIN subquery",
         "ORDER BY ... LIMIT keeps one row where the gold query keeps every tie of the MAX/MIN",
         {ps(P.order->keywordBegin[kLimit], clauseEnd(pred, *P.order, kLimit)), gs(am->begin, am->end)});
    skip.push_back(am);
  } else {
    std::string pl = normExpr(P.c, P.order->limit), gl = normExpr(G.c, G.order->limit);
    if (pl != gl) {
      std::vector<FindingSpan> sp;
      if (pLimit) sp.push_back(ps(P.order->keywordBegin[kLimit], clauseEnd(pred, *P.order, kLimit)));
      if (gLimit) sp.push_back(gs(G.order->keywordBegin[kLimit], clauseEnd(gold, *G.order, kLimit)));
      emit("C2",
           !pLimit   ? "missing LIMIT"
           : !gLimit ? "extra LIMIT"
                     : "LIMIT value",
           "LIMIT differs from the gold query", sp);
    }
    auto orderText = [](const Side& s) {
      std::vector<std::string> o;
      for (const OrderItem& it : s.order->orderBy)
        o.push_back(normExpr(s.c, it.expr) + (it.desc ? " desc" : " asc"));
      return o;
    };
    std::vector<std::string> po = orderText(P), go = orderText(G);
    // The order matters where the gold orders or the prediction takes LIMIT rows of its order, but
    // not when the prediction only adds tie-breaking keys after the gold's (the gold's order among
    // ties is arbitrary), nor when the gold neither orders nor limits (then the LIMIT is the cause, C2).
    const bool refinesGold =
        !go.empty() && po.size() > go.size() && std::equal(go.begin(), go.end(), po.begin());
    bool relevant = ((!go.empty() || pLimit) && !refinesGold && !(go.empty() && !gLimit));
    auto sameButAggregates = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (withoutAggregates(a[i]) != withoutAggregates(b[i])) return false;
      return true;
    };
    if (po != go && relevant && sameButAggregates(po, go)) {
      std::vector<FindingSpan> sp{ps(P.order->keywordBegin[kOrderBy], clauseEnd(pred, *P.order, kOrderBy)),
                                  gs(G.order->keywordBegin[kOrderBy], clauseEnd(gold, *G.order, kOrderBy))};
      emit("C7", "aggregate in ORDER BY", "the ordering aggregates with another function than the gold query",
           sp);
    } else if (po != go && relevant) {
      std::vector<FindingSpan> sp;
      if (!po.empty()) sp.push_back(ps(P.order->keywordBegin[kOrderBy], clauseEnd(pred, *P.order, kOrderBy)));
      if (!go.empty()) sp.push_back(gs(G.order->keywordBegin[kOrderBy], clauseEnd(gold, *G.order, kOrderBy)));
      emit("C9",
           po.empty()   ? "missing ORDER BY"
           : go.empty() ? "extra ORDER BY"
                        : "ordering key or direction",
           "ordering differs from the gold query", sp);
    }
  }
  compareConditions(P, G, skip, emit, boundPhrase(question));
  compareSubqueryLinks(P, G, emit);
  return out;
}

}  // namespace hs::annotate
