// Repairs for judgeCauses made on the parsed tree: the gold's node for one difference put into a
// copy of the predicted tree (replaced, deleted or inserted at its clause), then printed.
#include <algorithm>
#include <limits>

#include "engine/annotate/causes.h"
#include "engine/annotate/causes_repair.h"
#include "engine/annotate/causes_repair_nodes.h"
#include "engine/core/text.h"
#include "engine/sql/printer.h"

namespace hs::annotate {

namespace {

using namespace repair;  // mainOf, predQualifier and the node look-ups of causes_repair_nodes.h

// Nodes copied from the gold carry this span, so no later edit takes them for predicted nodes.
constexpr std::size_t kCopied = std::numeric_limits<std::size_t>::max();

class TreeRepair {
 public:
  TreeRepair(const SqlView& pred, const SqlView& gold)
      : pred_(pred), gold_(gold), root_(sql::clone(*pred.tree)) {}

  // What came of the edits so far: all made on the tree; a part the tree cannot place (the
  // findings are repaired as text); no repair at all (as the text repair would say too).
  enum class State { Tree, Text, None };
  void add(const Finding& f);
  State state() const { return state_; }
  std::string print() const { return sql::print(*root_); }

 private:
  // Claims a predicted range for an edit; overlapping edits cannot be repaired together.
  bool claim(std::size_t b, std::size_t e) {
    for (const auto& [tb, te] : claimed_)
      if (std::max(b, tb) < std::min(e, te) || (b == tb && e == te)) return false;
    claimed_.emplace_back(b, e);
    return true;
  }
  void asText() {
    if (state_ == State::Tree) state_ = State::Text;
  }
  void none() { state_ = State::None; }
  sql::SelectCore* mainCore() {
    auto* core = leftmostCore(*root_);
    if (!core) asText();
    return core;
  }
  template <class T>
  std::unique_ptr<T> copyGold(const T& node, bool requalify = true) const;
  void requalify(sql::Node& copied) const;
  void deleteAt(std::size_t b, std::size_t e);
  void deleteColumn(sql::ResultColumn* rc);
  bool replaceValues(std::size_t pb, std::size_t pe, std::size_t gb, std::size_t ge);
  void replaceAt(std::size_t pb, std::size_t pe, std::size_t gb, std::size_t ge);
  void insertCondition(sql::ExprPtr cond);
  void insertClauses(std::size_t gb, std::size_t ge);
  void replaceFrom();
  void flipPolarity(std::size_t b, std::size_t e);

  const SqlView& pred_;
  const SqlView& gold_;
  std::unique_ptr<sql::SelectStmt> root_;
  std::vector<std::pair<std::size_t, std::size_t>> claimed_;
  const Finding* finding_ = nullptr;  // the finding being added
  State state_ = State::Tree;
};

// The gold's column qualifiers renamed to the prediction's (gold T2.name -> pred T1.name when both
// mean stadium.name), so the copied part runs there. A bare gold column (count(DISTINCT dormid)) is
// qualified too when the prediction's main block joins several tables and reads its table there.
void TreeRepair::requalify(sql::Node& copied) const {
  const SelectBlock* pm = mainOf(pred_);
  auto inPredMain = [&](const std::string& q) {
    if (!pm || pm->tables.size() < 2) return false;
    return std::any_of(pm->tables.begin(), pm->tables.end(),
                       [&](const TableRef& t) { return qualifierOf(t) == q; });
  };
  sql::walk(copied, [&](sql::Node& n) {
    auto* col = n.as<sql::ColumnRef>();
    if (!col) return true;
    for (const ColumnRef& c : gold_.columns) {
      if (c.begin != col->span.begin || c.end != col->span.end) continue;
      if (c.status != ColStatus::Resolved || c.key.find('.') == std::string::npos) break;
      const std::string q = predQualifier(pred_, c.key.substr(0, c.key.find('.')), c.column);
      if (q.empty() || (c.qualifier.empty() && !inPredMain(q))) break;
      col->schema.reset();
      col->table = sql::Identifier{q, {}, sql::QuoteStyle::None};
      break;
    }
    return true;
  });
}

template <class T>
std::unique_ptr<T> TreeRepair::copyGold(const T& node, bool requalifyNames) const {
  auto copy = sql::clone(node);
  if (requalifyNames) requalify(*copy);
  sql::detail::setSpans(*copy, {kCopied, kCopied});
  return copy;
}

// Deletes the predicted node at [b, e) with what only it needs: its AND/OR (the other operand
// takes the connective's place), its list entry, or its WHERE / HAVING / ON.
void TreeRepair::deleteAt(std::size_t b, std::size_t e) {
  auto clauses = clausesAt(*root_, pred_, b, e);
  if (clauses.any()) {  // whole clauses: ORDER BY ... LIMIT ...
    if (clauses.where) clauses.core->where.reset();
    if (clauses.groupBy) clauses.core->groupBy.clear();
    if (clauses.having) clauses.core->having.reset();
    if (clauses.orderBy) clauses.stmt->orderBy.clear();
    if (clauses.limit) clauses.stmt->limit.reset();
    return;
  }
  auto nodes = nodesAt<sql::Node>(*root_, pred_.text, b, e);
  if (nodes.empty()) {
    // SELECT DISTINCT: the keyword alone.
    for (const SelectBlock& blk : pred_.blocks)
      if (blk.distinct && blk.distinctBegin == b && blk.distinctEnd == e && &blk == mainOf(pred_)) {
        if (sql::SelectCore* core = mainCore()) core->quantifier = sql::Quantifier::None;
        return;
      }
    // A lone OR named unnecessary (WHERE x LIKE '%a%' OR x LIKE '%b%' against the gold's
    // INTERSECT): both conditions kept, joined by AND, the gold's version where the gold joins
    // conditions with AND or INTERSECT; deleting the keyword alone leaves no query.
    const auto* was = binaryAtOperator(static_cast<const sql::Node&>(*pred_.tree), b, e);
    if (was && was->op == sql::BinaryOp::Or && hs::asciiLower(pred_.text.substr(b, e - b)) == "or") {
      if (auto* bin = binaryAtOperator(*root_, b, e);
          bin && bin->op == sql::BinaryOp::Or && joinsWithAnd(*gold_.tree)) {
        bin->op = sql::BinaryOp::And;
        return;
      }
      // An operand deleted by another finding of the set took the OR with it (WHERE a OR b IS
      // NULL, the IS NULL extra too): nothing is left to repair.
      const bool gone = std::any_of(claimed_.begin(), claimed_.end(), [&](const auto& c) {
        return inside(was->left->span, c.first, c.second) || inside(was->right->span, c.first, c.second);
      });
      if (gone) return;
    }
    return asText();
  }
  sql::Node* n = nodes.front();
  if (auto* rc = n->as<sql::ResultColumn>()) return deleteColumn(rc);
  sql::Expr* target = firstExpr(nodes);
  if (!target) return asText();
  sql::Node* holder = nullptr;
  sql::ExprPtr* slot = slotOf(*root_, target, &holder);
  if (!slot) return asText();
  // The expression of a result column whose alias the span leaves out (COUNT(*) of
  // COUNT(*) AS cnt): the column goes, alias and all.
  if (auto* rc = holder->as<sql::ResultColumn>(); rc && slot == &rc->expr) return deleteColumn(rc);
  if (auto* bin = holder->as<sql::Binary>();
      bin && (bin->op == sql::BinaryOp::And || bin->op == sql::BinaryOp::Or)) {
    sql::ExprPtr other = std::move(slot == &bin->left ? bin->right : bin->left);
    sql::Node* outer = nullptr;
    sql::ExprPtr* holding = slotOf(*root_, bin, &outer);
    if (!holding) return asText();
    *holding = std::move(other);
    return;
  }
  if (auto* core = holder->as<sql::SelectCore>()) {
    if (slot == &core->where || slot == &core->having) {
      slot->reset();
      return;
    }
    auto it = std::find_if(core->groupBy.begin(), core->groupBy.end(),
                           [&](const sql::ExprPtr& x) { return &x == slot; });
    if (it != core->groupBy.end()) {
      core->groupBy.erase(it);
      return;
    }
  }
  if (auto* join = holder->as<sql::JoinClause>(); join && slot == &join->on) {
    join->on.reset();
    return;
  }
  if (auto* in = holder->as<sql::InList>(); in && in->list.size() > 1) {
    std::erase_if(in->list, [&](const sql::ExprPtr& x) { return &x == slot; });
    return;
  }
  if (auto* term = holder->as<sql::OrderingTerm>()) {
    bool done = false;
    sql::walk(*root_, [&](sql::Node& x) {
      if (auto* s = x.as<sql::SelectStmt>(); s && !done)
        done = std::erase_if(s->orderBy, [&](const sql::OrderingTermPtr& t) { return t.get() == term; }) > 0;
      return !done;
    });
    if (done) return;
  }
  return asText();
}

// Deletes a result column. Its alias named in the ORDER BY of its statement (ORDER BY cnt DESC
// for COUNT(*) AS cnt) becomes the column's expression there, so the order stays what it was:
// deleting the text "COUNT(*)" alone would leave the alias to the column before it.
void TreeRepair::deleteColumn(sql::ResultColumn* rc) {
  sql::SelectCore* owner = nullptr;
  sql::walk(*root_, [&](sql::Node& x) {
    if (auto* core = x.as<sql::SelectCore>(); core && !owner)
      if (std::any_of(core->columns.begin(), core->columns.end(),
                      [&](const sql::ResultColumnPtr& c) { return c.get() == rc; }))
        owner = core;
    return !owner;
  });
  // The only output column: the query would be left without one.
  if (!owner || owner->columns.size() == 1 || !rc->expr) return asText();
  if (rc->alias && !rc->alias->empty()) {
    sql::SelectStmt* stmt = nullptr;
    sql::walk(*root_, [&](sql::Node& x) {
      if (auto* s = x.as<sql::SelectStmt>(); s && s->body.get() == owner) stmt = s;
      return !stmt;
    });
    if (stmt) aliasAsExpr(*stmt, *rc->alias, *rc->expr, {kCopied, kCopied});
  }
  std::erase_if(owner->columns, [&](const sql::ResultColumnPtr& c) { return c.get() == rc; });
}

// Puts the gold node at [gb, ge) in place of the predicted node at [pb, pe): whole clauses, a
// result column, an expression, or an operator alone.
void TreeRepair::replaceAt(std::size_t pb, std::size_t pe, std::size_t gb, std::size_t ge) {
  auto pc = clausesAt(*root_, pred_, pb, pe);
  auto gc = clausesAt(*gold_.tree, gold_, gb, ge);
  if (pc.any() || gc.any()) {
    if (!pc.any() || !gc.any()) return asText();
    deleteAt(pb, pe);
    if (gc.where) pc.core->where = copyGold(*gc.core->where);
    if (gc.groupBy) {
      pc.core->groupBy.clear();
      for (const auto& g : gc.core->groupBy)
        if (g) pc.core->groupBy.push_back(copyGold(*g));
    }
    if (gc.having) pc.core->having = copyGold(*gc.core->having);
    if (gc.orderBy) {
      pc.stmt->orderBy.clear();
      for (const auto& t : gc.stmt->orderBy)
        if (t) pc.stmt->orderBy.push_back(copyGold(*t));
    }
    if (gc.limit) pc.stmt->limit = copyGold(*gc.stmt->limit);
    return;
  }
  auto ps = nodesAt<sql::Node>(*root_, pred_.text, pb, pe);
  auto gs = nodesAt<const sql::Node>(*gold_.tree, gold_.text, gb, ge);
  if (ps.empty() && gs.empty()) {  // an operator for another: count(*) >= 10 -> count(*) > 10
    auto* p = binaryAtOperator(*root_, pb, pe);
    const auto* g = binaryAtOperator(*gold_.tree, gb, ge);
    if (p && g) {
      p->op = g->op;
      return;
    }
    // IN for NOT IN: the polarity of the gold's link.
    auto* pin = innermost<sql::InSubquery>(*root_, pb, pe);
    const auto* gin = innermost<const sql::InSubquery>(*gold_.tree, gb, ge);
    if (pin && gin) {
      pin->negated = gin->negated;
      return;
    }
  }
  if ((ps.empty() || gs.empty()) && !replaceValues(pb, pe, gb, ge)) return asText();
  if (ps.empty() || gs.empty()) return;
  auto* prc = firstOf<sql::ResultColumn>(ps);
  const auto* grc = firstOf<const sql::ResultColumn>(gs);
  if (prc && grc && grc->expr) {
    prc->expr = copyGold(*grc->expr);
    prc->alias = grc->alias;
    prc->hasAs = grc->hasAs;
    return;
  }
  sql::Expr* pe2 = firstExpr(ps);
  const sql::Expr* ge2 = firstExpr(gs);
  if (pe2 && ge2) {
    sql::Node* holder = nullptr;
    sql::ExprPtr* slot = slotOf(*root_, pe2, &holder);
    if (!slot) return asText();
    *slot = copyGold(*ge2);
    return;
  }
  return asText();
}

// The values of a literal finding whose spans run across nodes ('king' OR bedType = 'queen'
// against "King" OR bedType = "Queen", or ('Milk', 'Egg') against "Milk" OR allergy = "Eggs"):
// each predicted value replaced by the gold's in the same place, the rest of the prediction kept.
// False when the finding is not about values or the two sides differ in their number.
bool TreeRepair::replaceValues(std::size_t pb, std::size_t pe, std::size_t gb, std::size_t ge) {
  if (!finding_ || finding_->subcategory != "literal value") return false;
  std::vector<sql::ExprPtr*> slots = valueSlots(*root_, pred_, pb, pe);
  std::vector<const sql::Expr*> values = valuesIn(*gold_.tree, gold_, gb, ge);
  if (slots.empty() || slots.size() != values.size()) return false;
  for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = copyGold(*values[i], false);
  return true;
}

// Adds a condition to the main block's WHERE: (gold) AND (predicted).
void TreeRepair::insertCondition(sql::ExprPtr cond) {
  sql::SelectCore* main = mainCore();
  if (!main) return;
  sql::SelectCore& core = *main;
  if (!core.where) {
    core.where = std::move(cond);
    return;
  }
  auto both = std::make_unique<sql::Binary>();
  both->op = sql::BinaryOp::And;
  both->left = std::move(cond);
  both->right = std::move(core.where);
  both->span = {kCopied, kCopied};
  core.where = std::move(both);
}

// Adds the gold clauses at [gb, ge) to the main block, where it has none of them.
void TreeRepair::insertClauses(std::size_t gb, std::size_t ge) {
  auto gc = clausesAt(*gold_.tree, gold_, gb, ge);
  sql::SelectCore* main = mainCore();
  if (!gc.any() || !main) return asText();
  sql::SelectCore& core = *main;
  // Clauses the prediction already has would be written twice in the text: no repair.
  if ((gc.where && core.where) || (gc.groupBy && !core.groupBy.empty()) || (gc.having && core.having) ||
      (gc.orderBy && !root_->orderBy.empty()) || (gc.limit && root_->limit))
    return asText();
  // An ORDER BY or LIMIT of a set operation's first operand ends up in the text before the UNION.
  if ((gc.orderBy || gc.limit) && root_->body.get() != &core) return asText();
  if (gc.where) core.where = copyGold(*gc.core->where);
  if (gc.groupBy)
    for (const auto& g : gc.core->groupBy)
      if (g) core.groupBy.push_back(copyGold(*g));
  if (gc.having) core.having = copyGold(*gc.core->having);
  if (gc.orderBy)
    for (const auto& t : gc.stmt->orderBy)
      if (t) root_->orderBy.push_back(copyGold(*t));
  if (gc.limit) root_->limit = copyGold(*gc.stmt->limit);
}

// The gold main block's FROM (tables, joins, ON conditions) with the prediction's table aliases, in
// place of the predicted FROM: a join (C3) repaired as a whole.
void TreeRepair::replaceFrom() {
  sql::SelectCore* main = mainCore();
  if (!main) return;
  sql::SelectCore& core = *main;
  const SelectBlock* gm = mainOf(gold_);
  const auto* gcore = leftmostCore(*gold_.tree);
  if (!core.from || !gm || !gcore || !gcore->from) return asText();
  auto from = sql::clone(*gcore->from);
  requalify(*from);
  sql::walk(*from, [&](sql::Node& n) {
    auto* t = n.as<sql::NamedTable>();
    if (!t) return true;
    for (const TableRef& ref : gm->tables) {
      if (!ref.info || ref.begin != t->name.span.begin) continue;
      const std::string q = predQualifier(pred_, ref.name);
      // The gold names the table bare where the prediction aliases it (FROM College vs College AS
      // T1): the alias is added, so the prediction's T1.x still runs.
      if (!q.empty() && (t->alias || q != ref.name)) {
        t->alias = sql::Identifier{q, {}, sql::QuoteStyle::None};
        t->hasAs = true;
      }
      break;
    }
    return true;
  });
  sql::detail::setSpans(*from, {kCopied, kCopied});
  core.from = std::move(from);
}

// A set operator against a subquery link of the other polarity: the prediction's polarity flipped
// (IN <-> NOT IN, EXISTS <-> NOT EXISTS, EXCEPT <-> INTERSECT).
void TreeRepair::flipPolarity(std::size_t b, std::size_t e) {
  sql::Node* inner = nullptr;
  sql::walk(*root_, [&](sql::Node& n) {
    if (!inside({b, e}, n.span.begin, n.span.end)) return false;
    inner = &n;
    return true;
  });
  if (!inner) return asText();
  if (auto* c = inner->as<sql::CompoundSelect>();
      c && (c->op == sql::CompoundOp::Except || c->op == sql::CompoundOp::Intersect)) {
    c->op = c->op == sql::CompoundOp::Except ? sql::CompoundOp::Intersect : sql::CompoundOp::Except;
    return;
  }
  if (auto* in = inner->as<sql::InSubquery>()) {
    in->negated = !in->negated;
    return;
  }
  sql::Node* holder = nullptr;
  if (auto* u = inner->as<sql::Unary>();
      u && u->op == sql::UnaryOp::Not && u->operand && u->operand->is<sql::Exists>()) {
    sql::ExprPtr* holding = slotOf(*root_, u, &holder);
    if (!holding) return asText();
    *holding = std::move(u->operand);
    return;
  }
  if (auto* ex = inner->as<sql::Exists>()) {
    sql::ExprPtr* slot = slotOf(*root_, ex, &holder);
    if (!slot) return asText();
    if (auto* u = holder->as<sql::Unary>(); u && u->op == sql::UnaryOp::Not && u->span.begin == b) {
      sql::Node* outer = nullptr;
      sql::ExprPtr* holding = slotOf(*root_, u, &outer);
      if (!holding) return asText();
      *holding = std::move(u->operand);
      return;
    }
    auto neg = std::make_unique<sql::Unary>();
    neg->op = sql::UnaryOp::Not;
    neg->operand = std::move(*slot);
    neg->span = {kCopied, kCopied};
    *slot = std::move(neg);
    return;
  }
  return asText();
}

void TreeRepair::add(const Finding& f) {
  finding_ = &f;
  const SidedSpans sided = sidedSpans(f);
  const std::vector<const FindingSpan*>&ps = sided.pred, &gs = sided.gold;
  for (const FindingSpan* s : ps)
    if (s->end > pred_.text.size() || s->begin > s->end) return none();
  for (const FindingSpan* s : gs)
    if (s->end > gold_.text.size() || s->begin > s->end) return none();
  auto claimAll = [&] {
    return std::all_of(ps.begin(), ps.end(), [&](const FindingSpan* s) { return claim(s->begin, s->end); });
  };
  // The set operation against one block with OR-ed values: the whole query is the part.
  if (f.subcategory == "set operator as OR") return none();
  if (f.subcategory == "set operator as IN") {
    if (ps.size() != 1 || ps[0]->begin >= ps[0]->end) return none();
    if (!claimAll()) return none();
    flipPolarity(ps[0]->begin, ps[0]->end);
    return;
  }
  // A `!=` join condition against the gold's NOT IN / NOT EXISTS: the gold's condition as written
  // (its subquery names its own tables; qualified with the prediction's aliases it would be
  // correlated with the join).
  if (f.subcategory == "negated set as join") {
    if (ps.size() != 1 || gs.size() != 1 || !claimAll()) return none();
    auto p = nodesAt<sql::Node>(*root_, pred_.text, ps[0]->begin, ps[0]->end);
    const sql::Expr* g =
        firstExpr(nodesAt<const sql::Node>(*gold_.tree, gold_.text, gs[0]->begin, gs[0]->end));
    sql::Expr* target = firstExpr(p);
    sql::Node* holder = nullptr;
    sql::ExprPtr* slot = target ? slotOf(*root_, target, &holder) : nullptr;
    if (!slot || !g) return asText();
    *slot = copyGold(*g, false);
    return;
  }
  if (f.category == "C3") {  // the joins: the gold's FROM clause in place of the predicted
    const SelectBlock* pm = mainOf(pred_);
    if (!pm || pm->clauses[kFrom].empty()) return none();
    if (!claim(pred_.beginOf(pm->clauses[kFrom]), pred_.endOf(pm->clauses[kFrom]))) return none();
    replaceFrom();
    return;
  }
  // '= (SELECT MAX/MIN ...)' against ORDER BY ... LIMIT (C2): the predicted form removed, the
  // gold's put where it belongs. The same form whose MAX/MIN subquery lacks the main block's
  // conditions (C6) is repaired alike.
  const std::string form = f.subcategory == "MAX/MIN subquery over other rows"
                               ? "MAX/MIN subquery instead of LIMIT"
                               : f.subcategory;
  if ((f.category == "C2" || f.category == "C6") && ps.size() == 1 && gs.size() == 1 &&
      (form == "MAX/MIN subquery instead of LIMIT" || form == "LIMIT instead of MAX/MIN subquery")) {
    const SelectBlock* m = mainOf(pred_);
    const SelectBlock* gm = mainOf(gold_);
    if (!m || !gm) return none();
    // The finding names the LIMIT; its ORDER BY goes with it.
    FindingSpan p = *ps[0], g = *gs[0];
    if (form == "MAX/MIN subquery instead of LIMIT" && !gm->orderBy.empty() &&
        g.begin == gm->keywordBegin[kLimit])
      g.begin = gm->keywordBegin[kOrderBy];
    if (form == "LIMIT instead of MAX/MIN subquery" && !m->orderBy.empty() &&
        p.begin == m->keywordBegin[kLimit])
      p.begin = m->keywordBegin[kOrderBy];
    if (!claim(p.begin, p.end)) return none();
    deleteAt(p.begin, p.end);
    if (form == "MAX/MIN subquery instead of LIMIT") {
      insertClauses(g.begin, g.end);
    } else {
      const sql::Expr* cond = firstExpr(nodesAt<const sql::Node>(*gold_.tree, gold_.text, g.begin, g.end));
      if (!cond) return asText();
      insertCondition(copyGold(*cond));
    }
    return;
  }
  // Grouping (C10) where the two sides group in a different number of blocks: the gold main
  // block's GROUP BY in place of the predicted main block's.
  if (f.category == "C10" && !ps.empty() && !gs.empty() && ps.size() != gs.size()) {
    const auto [p, g] = mainGroupBySpans(sided, pred_, gold_);
    if (!p || !g || !claim(p->begin, p->end)) return none();
    replaceAt(p->begin, p->end, g->begin, g->end);
    return;
  }
  if (!ps.empty() && ps.size() == gs.size()) {  // replace each predicted part by the gold's
    if (!claimAll()) return none();
    for (std::size_t i = 0; i < ps.size(); ++i) replaceAt(ps[i]->begin, ps[i]->end, gs[i]->begin, gs[i]->end);
    return;
  }
  if (!ps.empty() && gs.empty()) {  // only in the prediction: delete
    if (!claimAll()) return none();
    for (const FindingSpan* s : ps) deleteAt(s->begin, s->end);
    return;
  }
  if (ps.empty() && gs.size() == 1) {  // only in the gold: insert where it belongs
    const std::size_t b = gs[0]->begin, e = gs[0]->end;
    const std::string& sub = f.subcategory;
    if (sub == "missing column") {
      auto g = nodesAt<const sql::Node>(*gold_.tree, gold_.text, b, e);
      auto column = std::make_unique<sql::ResultColumn>();
      if (const auto* rc = firstOf<const sql::ResultColumn>(g))
        column = copyGold(*rc);
      else if (const sql::Expr* x = firstExpr(g))
        column->expr = copyGold(*x);
      else
        return asText();
      column->span = {kCopied, kCopied};
      if (sql::SelectCore* core = mainCore()) core->columns.push_back(std::move(column));
      return;
    }
    if (sub == "missing DISTINCT") {
      if (sql::SelectCore* core = mainCore()) core->quantifier = sql::Quantifier::Distinct;
      return;
    }
    if (sub == "missing condition") {
      const sql::Expr* cond = firstExpr(nodesAt<const sql::Node>(*gold_.tree, gold_.text, b, e));
      if (!cond) return asText();
      insertCondition(copyGold(*cond));
      return;
    }
    if (sub != "missing GROUP BY" && sub != "missing ORDER BY" && sub != "missing LIMIT") return none();
    insertClauses(b, e);
    return;
  }
  return none();
}

}  // namespace

std::optional<std::string> repair::treeRepair(const std::vector<const Finding*>& fs, const SqlView& pred,
                                              const SqlView& gold, bool* asText) {
  *asText = false;
  if (!pred.tree || !gold.tree) {
    *asText = true;
    return std::nullopt;
  }
  TreeRepair r(pred, gold);
  for (const Finding* f : fs) {
    r.add(*f);
    *asText = r.state() == TreeRepair::State::Text;
    if (r.state() != TreeRepair::State::Tree) return std::nullopt;
  }
  return r.print();
}

std::optional<std::string> repairFor(const std::vector<const Finding*>& fs, const SqlView& pred,
                                     const SqlView& gold) {
  if (fs.empty()) return std::nullopt;
  bool asText = false;
  auto repaired = repair::treeRepair(fs, pred, gold, &asText);
  return asText ? repair::textRepair(fs, pred, gold) : repaired;
}

std::optional<std::string> repairFor(const Finding& f, const SqlView& pred, const SqlView& gold) {
  return repairFor(std::vector<const Finding*>{&f}, pred, gold);
}

}  // namespace hs::annotate
