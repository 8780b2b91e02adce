// MRSQLGen: SELECT items (C5, C7, C8), tables and joins (C3) and set operations (C6).
#include <algorithm>
#include <map>
#include <set>

#include "engine/annotate/canonical_parts.h"
#include "engine/annotate/mrsqlgen_side.h"
#include "engine/annotate/rules.h"
#include "engine/core/text.h"
#include "engine/sql/normalise_rewrite.h"
#include "engine/sql/printer.h"

namespace hs::annotate {

namespace {

void emit(std::vector<Finding>& out, const std::string& type, const std::string& sub, const std::string& msg,
          std::vector<FindingSpan> spans) {
  mr::Emitter{out}(type, sub, msg, std::move(spans));
}

// A subquery link in the WHERE of `b` ([NOT] IN / [NOT] EXISTS with a SELECT); null unless just one.
const Predicate* onlyLink(const SqlView& v, const SelectBlock& b) {
  const Predicate* link = nullptr;
  for (const Predicate& p : b.predicates)
    if (p.clause == kWhere &&
        (p.op == "in" || p.op == "not in" || p.op == "exists" || p.op == "not exists") &&
        rangeHasSelect(v, p.rhs)) {
      if (link) return nullptr;
      link = &p;
    }
  return link;
}

// One side takes the rows of one block EXCEPT (NOT IN) or INTERSECT (IN) those of another, the
// other writes one block linked to a subquery with the other polarity ("students with no allergy"
// as `StuID IN (SELECT StuID FROM Has_allergy)`): the negation operator is what is wrong (C1, "IN vs
// NOT IN"), not the form. The repair flips the prediction's polarity (causes_repair.cpp).
bool setOperatorAsLink(const SqlView& sv, const SqlView& ov, const SelectBlock& om, bool sIsPred,
                       std::vector<Finding>& out) {
  if (sv.setOps.size() != 1 || !ov.setOps.empty() || sv.topLevel.size() != 2) return false;
  const std::string& op = sv.setOps.front().first;
  if (op != "except" && op != "intersect") return false;
  const Predicate* link = onlyLink(ov, om);
  if (!link || (link->op.rfind("not ", 0) == 0) == (op == "except")) return false;
  const FindingSpan s{sIsPred ? "pred" : "gold", sv.setOps.front().second.first,
                      sv.setOps.front().second.second};
  const FindingSpan o{sIsPred ? "gold" : "pred", link->opBegin, link->opEnd};
  emit(out, "C1", "set operator as IN",
       sIsPred ? formatMessage(op == "except" ? FindingMsg::MgSetKeepsLinkKeeps
                                              : FindingMsg::MgSetKeepsLinkExcludes)
               : formatMessage(op == "except" ? FindingMsg::MgLinkWhereGoldExcepts
                                              : FindingMsg::MgLinkWhereGoldIntersects,
                               {link->op}),
       sIsPred ? std::vector<FindingSpan>{s, o} : std::vector<FindingSpan>{o, s});
  return true;
}

// A `!=` join condition in the prediction's ON where the gold excludes the rows through `x NOT IN
// (SELECT ...)` / NOT EXISTS of the same column ("parties with no delegates" as `JOIN election ON
// party_id != election.party`): every row pairs with some other row, the negation of the wrong set
// (C6, blind protocol: `!=` instead of NOT IN for "never"), not a join key.
bool negatedJoin(const SqlView& pv, const SqlView& gv, const NormContext& pc, const NormContext& gc,
                 std::vector<Finding>& out) {
  for (const SelectBlock& b : pv.blocks)
    for (const Predicate& p : b.predicates) {
      if (p.clause != kFrom || (p.op != "!=" && p.op != "<>")) continue;
      const NormPredicate n = normPredicate(pc, p);
      for (const SelectBlock& g : gv.blocks)
        for (const Predicate& q : g.predicates) {
          if ((q.op != "not in" && q.op != "not exists") || !rangeHasSelect(gv, q.rhs)) continue;
          const std::string x = q.op == "not in" ? normPredicate(gc, q).lhs : std::string();
          bool same = x.empty() ? false : (x == n.lhs || x == n.rhs);
          if (q.op == "not exists")  // the correlated column inside the NOT EXISTS subquery
            for (std::size_t i = q.rhs.first; i < q.rhs.last && !same; ++i) {
              const int col = gv.columnAtToken[i];
              if (col < 0) continue;
              const std::string t = normColumn(gc, gv.columns[static_cast<std::size_t>(col)]);
              same = t == n.lhs || t == n.rhs;
            }
          if (!same) continue;
          emit(out, "C6", "negated set as join",
               formatMessage(FindingMsg::MgNegatedSetAsJoin, {pv.text.substr(p.begin, p.end - p.begin),
                                                              q.op == "not in" ? "NOT IN" : "NOT EXISTS"}),
               {{"pred", p.begin, p.end}, {"gold", q.begin, q.end}});
          return true;
        }
    }
  return false;
}

// An expression without its casts to a real type (the C1 of integer against real arithmetic).
std::string withoutRealCasts(const sql::Expr& norm) {
  sql::ExprPtr copy = sql::clone(norm);
  sql::detail::rewriteExprs(*copy, [](sql::ExprPtr& e) {
    const auto* cast = e->as<sql::Cast>();
    if (!cast || !cast->expr) return;
    const std::string type = hs::asciiLower(cast->typeName.substr(0, cast->typeName.find_first_of(" (")));
    if (type == "real" || type == "float" || type == "double" || type == "numeric" || type == "decimal")
      e = sql::clone(*cast->expr);
  });
  return sql::print(*copy);
}

struct Item {
  std::string norm;
  std::string inner;   // argument of a single aggregate item, else ""
  std::string noCast;  // norm without its casts to a real type: CAST(x AS REAL) * 100 -> x * 100
  std::string func;
  bool distinctAgg = false;
  std::size_t begin = 0, end = 0;
  bool used = false;
};

std::vector<Item> items(const SqlView& v, const NormContext& c, const SelectBlock& b) {
  static const char* fs[] = {"count", "sum", "avg", "min", "max"};
  std::vector<Item> out;
  for (std::size_t k = 0; k < b.items.size() && k < b.itemNodes.size(); ++k) {
    const Range& r = b.items[k];
    Item it;
    it.begin = v.beginOf(r);
    it.end = v.endOf(r);
    if (!b.itemNodes[k]) {
      out.push_back(it);
      continue;
    }
    if (b.itemNodes[k]->is<sql::ColumnRef>()) {
      it.norm = it.noCast = normExpr(c, b.itemNodes[k]);
      out.push_back(it);
      continue;
    }
    const sql::ExprPtr tree = normTree(c, *b.itemNodes[k]);
    it.norm = it.noCast = sql::print(*tree);
    c.parts.try_emplace(b.itemNodes[k], NormContext::Part{it.norm, sql::isConstant(*tree)});
    bool casts = false;
    sql::walk(static_cast<const sql::Node&>(*tree),
              [&](const sql::Node& n) { return !(casts = casts || n.is<sql::Cast>()); });
    if (casts) it.noCast = withoutRealCasts(*tree);
    // An aggregate over the whole item: `count(DISTINCT T1.name)` -> count, "singer.name".
    const auto* call = tree->as<sql::FunctionCall>();
    for (const char* f : fs)
      if (call && call->parens == 0 && !call->over && !call->overName && call->name.name == f) {
        it.func = f;
        it.distinctAgg = call->distinct;
        for (std::size_t a = 0; a < call->args.size(); ++a)
          it.inner += (a ? ", " : "") + sql::print(*call->args[a]);
        if (call->star) it.inner = "*";
      }
    out.push_back(it);
  }
  return out;
}

// Whether a normalised expression is a bare key column: part of its table's primary key or of a
// foreign key from or to it.
bool isKeyColumn(const db::Schema& schema, const std::string& norm) {
  const std::size_t dot = norm.find('.');
  if (dot == std::string::npos || norm.find(' ') != std::string::npos) return false;
  const db::TableInfo* t = schema.findTable(norm.substr(0, dot));
  if (!t) return false;
  const std::string col = norm.substr(dot + 1);
  const db::ColumnInfo* c = t->findColumn(col);
  if (!c) return false;
  if (c->primaryKey) return true;
  auto same = [&](const std::string& x) { return hs::asciiLower(x) == col; };
  for (const db::ForeignKey& fk : t->foreignKeys)
    if (std::any_of(fk.fromColumns.begin(), fk.fromColumns.end(), same)) return true;
  for (const db::TableInfo& o : schema.tables)
    for (const db::ForeignKey& fk : o.foreignKeys)
      if (hs::asciiLower(fk.toTable) == hs::asciiLower(t->name) &&
          std::any_of(fk.toColumns.begin(), fk.toColumns.end(), same))
        return true;
  return false;
}

// The normalised expressions a query groups, orders or filters by, in any of its blocks.
std::set<std::string> usedExpressions(const SqlView& v, const NormContext& c) {
  std::set<std::string> out;
  for (const SelectBlock& b : v.blocks) {
    for (const sql::Expr* g : b.groupByNodes) out.insert(normExpr(c, g));
    for (const OrderItem& o : b.orderBy) out.insert(normExpr(c, o.node));
    for (const Predicate& p : b.predicates) {
      if (p.clause == kFrom) continue;
      const NormPredicate n = normPredicate(c, p);
      out.insert(n.lhs);
      if (!rangeIsLiteral(v, p.rhs) && !rangeHasSelect(v, p.rhs)) out.insert(n.rhs);
    }
  }
  return out;
}

// Whether the block reads only one derived table whose rows are already distinct (its SELECT is
// DISTINCT or grouped, or a UNION / INTERSECT / EXCEPT): COUNT(*) over it counts distinct rows.
bool countsDistinctRows(const SqlView& v, const SelectBlock& m) {
  if (m.tables.size() != 1 || m.tables[0].derivedSelect < 0 ||
      m.tables[0].derivedSelect >= static_cast<int>(v.blocks.size()))
    return false;
  const TableRef& t = m.tables[0];
  const SelectBlock& d = v.blocks[static_cast<std::size_t>(t.derivedSelect)];
  if (d.distinct || !d.groupBy.empty()) return true;
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    const Token& k = v.tokens[i];
    if (k.begin < t.begin || k.end > t.end || k.depth != d.depth || !isWord(k)) continue;
    if (k.text == "intersect" || k.text == "except") return true;
    if (k.text == "union" && !(i + 1 < v.tokens.size() && isWord(v.tokens[i + 1], "all"))) return true;
  }
  return false;
}

}  // namespace

void compareSelectItems(const SqlView& pv, const SqlView& gv, const NormContext& pc, const NormContext& gc,
                        const SelectBlock& pm, const SelectBlock& gm, std::vector<Finding>& out) {
  std::vector<Item> pi = items(pv, pc, pm), gi = items(gv, gc, gm);
  for (Item& a : pi)
    for (Item& b : gi)
      if (!b.used && a.norm == b.norm) {
        a.used = b.used = true;
        break;
      }
  // The same expression but for a CAST: integer vs real arithmetic (C1).
  for (Item& a : pi) {
    if (a.used) continue;
    for (Item& b : gi)
      if (!b.used && a.norm != b.norm && a.noCast == b.noCast) {
        a.used = b.used = true;
        emit(out, "C1", "arithmetic type", formatMessage(FindingMsg::MgCastReal),
             {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
        break;
      }
  }
  // The same operands under another arithmetic operator (a - b vs a + b): operator misuse (C1).
  for (Item& a : pi) {
    if (a.used) continue;
    for (Item& b : gi)
      if (!b.used && a.norm != b.norm && withoutArithmetic(a.norm) == withoutArithmetic(b.norm)) {
        a.used = b.used = true;
        emit(out, "C1", "arithmetic operator", formatMessage(FindingMsg::MgSelectsInstead, {a.norm, b.norm}),
             {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
        break;
      }
  }
  // Same argument, different aggregate (or an aggregate on one side only): C7; COUNT DISTINCT: C8.
  for (Item& a : pi) {
    if (a.used) continue;
    for (Item& b : gi) {
      if (b.used) continue;
      bool sameArg = !a.inner.empty() && a.inner == b.inner;
      bool aggVsPlain = (a.inner.empty() != b.inner.empty()) &&
                        ((!a.inner.empty() && a.inner == b.norm) || (!b.inner.empty() && b.inner == a.norm));
      if (!sameArg && !aggVsPlain) continue;
      a.used = b.used = true;
      // COUNT(DISTINCT x) vs COUNT(x) counts other things: aggregation (C7); C8 is the DISTINCT
      // of the returned rows.
      if (sameArg && a.func == b.func && a.distinctAgg != b.distinctAgg)
        emit(out, "C7", "DISTINCT inside aggregate", formatMessage(FindingMsg::MgDistinctInAggregate),
             {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
      else
        emit(out, "C7",
             aggVsPlain ? (a.inner.empty() ? "missing aggregate" : "extra aggregate") : "aggregate function",
             formatMessage(FindingMsg::MgSelectsInstead, {a.norm, b.norm}),
             {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
      break;
    }
  }
  // Different columns under the same aggregate: a column selection error (COUNT(DISTINCT x) vs
  // COUNT(*): the counting, C7).
  for (Item& a : pi) {
    if (a.used || a.func.empty()) continue;
    for (Item& b : gi)
      if (!b.used && b.func == a.func) {
        a.used = b.used = true;
        if (a.func == "count" && a.distinctAgg != b.distinctAgg) {
          // COUNT(*) over a derived table of distinct rows (SELECT COUNT(*) FROM (... INTERSECT
          // ...)) against COUNT(DISTINCT x): the same counting, the difference lies in the rows.
          if (a.distinctAgg ? countsDistinctRows(gv, gm) : countsDistinctRows(pv, pm)) break;
          emit(out, "C7", "DISTINCT inside aggregate",
               formatMessage(FindingMsg::MgSelectsInstead, {a.norm, b.norm}),
               {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
          break;
        }
        emit(out, "C5", "aggregated column", formatMessage(FindingMsg::MgSelectsInstead, {a.norm, b.norm}),
             {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
        break;
      }
  }
  // Another aggregate function over another argument (COUNT(*) vs SUM(x)): the aggregation (C7).
  for (Item& a : pi) {
    if (a.used || a.func.empty()) continue;
    for (Item& b : gi)
      if (!b.used && !b.func.empty() && b.func != a.func) {
        a.used = b.used = true;
        emit(out, "C7", "aggregate function", formatMessage(FindingMsg::MgSelectsInstead, {a.norm, b.norm}),
             {{"pred", a.begin, a.end}, {"gold", b.begin, b.end}});
        break;
      }
  }
  // An extra output column beside every gold column that shows a value the gold query itself
  // groups, orders or filters by (the counted value, the ordering key), or a key that identifies
  // the returned rows (also returning the id), only adds information: no column selection error.
  bool goldComplete = true, anyExtra = false;
  for (const Item& b : gi) goldComplete = goldComplete && b.used;
  for (const Item& a : pi) anyExtra = anyExtra || !a.used;
  std::set<std::string> goldUses;
  if (goldComplete && anyExtra) goldUses = usedExpressions(gv, gc);
  // A predicted column in place of a gold one (in order of appearance): one wrong column, repaired
  // by putting the gold's column in its place.
  {
    std::size_t g = 0;
    for (Item& a : pi) {
      if (a.used) continue;
      while (g < gi.size() && gi[g].used) ++g;
      if (g == gi.size()) break;
      a.used = gi[g].used = true;
      emit(out, "C5", "wrong column", formatMessage(FindingMsg::MgSelectsInstead, {a.norm, gi[g].norm}),
           {{"pred", a.begin, a.end}, {"gold", gi[g].begin, gi[g].end}});
    }
  }
  for (const Item& a : pi)
    if (!a.used && !(goldComplete && (goldUses.count(a.norm) || isKeyColumn(pc.schema, a.norm))))
      emit(out, "C5", "extra column", formatMessage(FindingMsg::MgExtraColumn, {a.norm}),
           {{"pred", a.begin, a.end}});
  for (const Item& b : gi)
    if (!b.used)
      emit(out, "C5", "missing column", formatMessage(FindingMsg::MgMissingColumn, {b.norm}),
           {{"gold", b.begin, b.end}});

  if (pm.distinct != gm.distinct) {
    // DISTINCT vs GROUP BY over exactly the selected columns is the same set.
    const SelectBlock& withDistinct = pm.distinct ? pm : gm;
    const SelectBlock& other = pm.distinct ? gm : pm;
    bool equivalent =
        !other.groupBy.empty() && other.groupBy.size() == other.items.size() && other.aggregates.empty();
    (void)withDistinct;
    if (!equivalent) {
      std::vector<FindingSpan> sp;
      if (pm.distinct) sp.push_back({"pred", pm.distinctBegin, pm.distinctEnd});
      if (gm.distinct) sp.push_back({"gold", gm.distinctBegin, gm.distinctEnd});
      emit(out, "C8", pm.distinct ? "extra DISTINCT" : "missing DISTINCT",
           formatMessage(FindingMsg::MgDistinct), sp);
    }
  }
}

void compareStructure(const SqlView& pv, const SqlView& gv, const NormContext& pc, const NormContext& gc,
                      const SelectBlock& pm, const SelectBlock& gm, std::vector<Finding>& out) {
  // Tables (C3): the schema tables read anywhere in the query (a table moved into a subquery is
  // still read; a self-join is compared through its join conditions).
  std::set<std::string> pt, gt;
  for (const SelectBlock& b : pv.blocks)
    for (const TableRef& t : b.tables)
      if (t.info || !t.known) pt.insert(t.name);
  for (const SelectBlock& b : gv.blocks)
    for (const TableRef& t : b.tables)
      if (t.info || !t.known) gt.insert(t.name);
  std::vector<FindingSpan> sp;
  for (const SelectBlock& b : pv.blocks)
    for (const TableRef& t : b.tables)
      if ((t.info || !t.known) && !gt.count(t.name)) sp.push_back({"pred", t.begin, t.end});
  for (const SelectBlock& b : gv.blocks)
    for (const TableRef& t : b.tables)
      if ((t.info || !t.known) && !pt.count(t.name)) sp.push_back({"gold", t.begin, t.end});
  if (!sp.empty()) {
    // One side reads the other's tables and more, and reads the extra ones only inside subqueries,
    // derived tables or later set operands (WHERE x IN (SELECT ... JOIN country ...) vs a plain
    // filter): another route to the rows, a join logic error only when rerouting is what fixes
    // the rows (judgeCauses ranks it after the other differences when nothing verifies it).
    auto onlyOutsideMain = [](const SelectBlock& main, const std::set<std::string>& other) {
      for (const TableRef& t : main.tables)
        if ((t.info || !t.known) && !other.count(t.name)) return false;
      return true;
    };
    const bool predSuper = std::includes(pt.begin(), pt.end(), gt.begin(), gt.end());
    const bool goldSuper = std::includes(gt.begin(), gt.end(), pt.begin(), pt.end());
    const bool route = (predSuper && onlyOutsideMain(pm, gt)) || (goldSuper && onlyOutsideMain(gm, pt));
    // The prediction's main block joins every table of the gold's main block and more: an extra
    // table joined in, a join logic error when that join drops or duplicates rows (judgeCauses
    // verifies it by the repair, or names the other differences when the repair cannot run).
    auto mainNames = [](const SelectBlock& b) {
      std::set<std::string> s;
      for (const TableRef& t : b.tables)
        if (t.info || !t.known) s.insert(t.name);
      return s;
    };
    const std::set<std::string> pmt = mainNames(pm), gmt = mainNames(gm);
    const bool extraJoined = predSuper && !gmt.empty() && pmt.size() > gmt.size() &&
                             std::includes(pmt.begin(), pmt.end(), gmt.begin(), gmt.end());
    if (route)
      emit(out, "C3", "table route", formatMessage(FindingMsg::MgTableRoute), sp);
    else if (extraJoined)
      emit(out, "C3", "extra table", formatMessage(FindingMsg::MgExtraTable), sp);
    else
      emit(out, "C3", "tables", formatMessage(FindingMsg::MgTables), sp);
  } else {
    auto pairs = [](const SqlView& v) {
      std::vector<std::pair<std::string, std::string>> p;
      for (auto [a, b] : v.joinEqualities) p.push_back(a < b ? std::make_pair(a, b) : std::make_pair(b, a));
      std::sort(p.begin(), p.end());
      p.erase(std::unique(p.begin(), p.end()), p.end());
      return p;
    };
    auto kinds = [](const SqlView& v) {
      std::set<std::string> k;
      for (const SelectBlock& b : v.blocks)
        for (const std::string& s : b.joinKinds)
          if (s != "," && s != "join") k.insert(s);
      return k;
    };
    // ON conditions other than key equalities (T1.a != T2.b, a constant filter in ON) and the ORs
    // among them: an operator changed inside JOIN ... ON makes the join wrong (C3).
    auto onLogic = [](const SqlView& v, const NormContext& c) {
      std::vector<std::string> o;
      for (const SelectBlock& b : v.blocks)
        for (const Predicate& p : b.predicates) {
          if (p.clause != kFrom) continue;
          if (p.afterOr) o.push_back("or");
          if (p.op != "=") o.push_back(normPredicate(c, p).text());
        }
      std::sort(o.begin(), o.end());
      return o;
    };
    if ((pairs(pv) != pairs(gv) || kinds(pv) != kinds(gv) || onLogic(pv, pc) != onLogic(gv, gc)) &&
        !negatedJoin(pv, gv, pc, gc, out)) {
      std::vector<FindingSpan> js;
      for (auto s : pm.joinSpans) js.push_back({"pred", s.first, s.second});
      for (auto s : gm.joinSpans) js.push_back({"gold", s.first, s.second});
      emit(out, "C3", "join condition", formatMessage(FindingMsg::MgJoinCondition), js);
    }
  }
  // Set operations (C6), unless the other side expresses the same with [NOT] IN / [NOT] EXISTS.
  auto opsOf = [](const SqlView& v) {
    std::vector<std::string> o;
    for (const auto& s : v.setOps) o.push_back(s.first);
    std::sort(o.begin(), o.end());
    return o;
  };
  if (opsOf(pv) != opsOf(gv)) {
    auto hasIn = [](const SelectBlock& b) {
      for (const Predicate& p : b.predicates)
        if (p.op == "in" || p.op == "not in" || p.op == "exists" || p.op == "not exists") return true;
      return false;
    };
    bool equivalentForm = (pv.setOps.empty() && hasIn(pm)) || (gv.setOps.empty() && hasIn(gm));
    if (equivalentForm && !setOperatorAsLink(gv, pv, pm, false, out))
      setOperatorAsLink(pv, gv, gm, true, out);
    // The gold's UNION/INTERSECT/EXCEPT returns distinct rows; the prediction's IN/EXISTS form of
    // it returns every matching row: duplicate rows kept, a DISTINCT error (C8) where the rows repeat.
    const bool goldDedups =
        !gv.setOps.empty() && std::none_of(gv.setOps.begin(), gv.setOps.end(), [](const auto& o) {
          return o.first.find("all") != std::string::npos;
        });
    const bool predLinks = std::any_of(pm.predicates.begin(), pm.predicates.end(), [&](const Predicate& p) {
      return (p.op == "in" || p.op == "exists" || p.op == "not in" || p.op == "not exists") &&
             rangeHasSelect(pv, p.rhs);
    });
    if (predLinks && pv.setOps.empty() && goldDedups && !pm.distinct && !gm.distinct)
      emit(out, "C8", "missing DISTINCT", formatMessage(FindingMsg::MgSetDistinctRows),
           {{"gold", gv.setOps.front().second.first, gv.setOps.front().second.second}});
    if (!equivalentForm && pv.setOps.size() == gv.setOps.size()) {
      // The same number of operands combined by another set operator (UNION vs INTERSECT: OR vs
      // AND): a logical operator, C1 (seed 002: "arithmetic, comparison, or logical operation").
      std::vector<FindingSpan> s2;
      for (const auto& s : pv.setOps) s2.push_back({"pred", s.second.first, s.second.second});
      for (const auto& s : gv.setOps) s2.push_back({"gold", s.second.first, s.second.second});
      emit(out, "C1", "set operator", formatMessage(FindingMsg::MgSetOperator), s2);
    } else if (!equivalentForm) {
      std::vector<FindingSpan> s2;
      for (const auto& s : pv.setOps) s2.push_back({"pred", s.second.first, s.second.second});
      for (const auto& s : gv.setOps) s2.push_back({"gold", s.second.first, s.second.second});
      emit(out, "C6", "set operation", formatMessage(FindingMsg::MgSetOperation), s2);
    }
  }
}

}  // namespace hs::annotate
