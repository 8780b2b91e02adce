#include "engine/sql/diff.h"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/sql/normalise.h"
#include "engine/sql/normalise_rewrite.h"
#include "engine/sql/parser.h"
#include "engine/sql/printer.h"

namespace hs::sql {

const char* toString(EditKind kind) {
  switch (kind) {
    case EditKind::Insert:
      return "insert";
    case EditKind::Remove:
      return "remove";
    case EditKind::Update:
      return "update";
    case EditKind::Move:
      return "move";
  }
  return "?";
}

namespace {

struct Item {
  const Node* node = nullptr;  // what is compared
  Span span;                   // what is reported
};

void conjuncts(const Expr* e, std::vector<Item>& out) {
  if (!e) return;
  if (const auto* b = e->as<Binary>(); b && b->op == BinaryOp::And && b->left && b->right) {
    conjuncts(b->left.get(), out);
    conjuncts(b->right.get(), out);
    return;
  }
  out.push_back({e, e->span});
}

std::set<std::string> columnNames(const Node& n) {
  std::set<std::string> out;
  walk(n, [&](const Node& x) {
    if (const auto* r = x.as<ColumnRef>()) out.insert(detail::lowerAscii(r->column.name));
    return true;
  });
  return out;
}

int similarity(const Node& a, const Node& b) {
  int score = 0;
  if (a.kind() == b.kind()) {
    score += 1;
    const auto* fa = a.as<FunctionCall>();
    const auto* fb = b.as<FunctionCall>();
    if (fa && fb && sameName(fa->name.name, fb->name.name)) score += 2;
    const auto* ba = a.as<Binary>();
    const auto* bb = b.as<Binary>();
    if (ba && bb && ba->op == bb->op) score += 1;
  }
  auto ca = columnNames(a), cb = columnNames(b);
  for (const auto& c : ca) score += cb.count(c) ? 2 : 0;
  return ca.empty() && cb.empty() && a.kind() != b.kind() ? 0 : score;
}

const Node* unwrap(const Node* n) {
  if (const auto* rc = n ? n->as<ResultColumn>() : nullptr) return rc->expr.get();
  return n;
}

class Differ {
 public:
  Differ(std::string_view g, std::string_view p) : gt_(g), pt_(p) {}
  std::vector<Edit> edits;

  void stmt(const SelectStmt* g, const SelectStmt* p, const std::string& path) {
    if (!g || !p) return;
    ctes(g, p, path);
    const std::string bodyPath = path;
    body(g->body.get(), p->body.get(), bodyPath);
    std::vector<Item> go, po;
    for (const auto& t : g->orderBy)
      if (t) go.push_back({t.get(), t->span});
    for (const auto& t : p->orderBy)
      if (t) po.push_back({t.get(), t->span});
    list("order_by", path, go, po, true);
    limit(g->limit.get(), p->limit.get(), path);
  }

 private:
  std::string text(std::string_view src, Span s) const {
    return s.end <= src.size() && s.begin <= s.end ? std::string(s.in(src)) : std::string();
  }

  void add(EditKind k, const std::string& clause, const std::string& path, std::optional<Span> g,
           std::optional<Span> p, std::string description = {}) {
    Edit e;
    e.kind = k;
    e.clause = clause;
    e.path = path;
    e.gold = g;
    e.pred = p;
    if (g) e.goldText = text(gt_, *g);
    if (p) e.predText = text(pt_, *p);
    if (description.empty()) {
      switch (k) {
        case EditKind::Insert:
          description = clause + ": predicted adds " + e.predText;
          break;
        case EditKind::Remove:
          description = clause + ": predicted lacks " + e.goldText;
          break;
        case EditKind::Update:
          description = clause + ": " + e.goldText + " -> " + e.predText;
          break;
        case EditKind::Move:
          description = clause + ": " + e.predText + " moved";
          break;
      }
    }
    e.description = std::move(description);
    edits.push_back(std::move(e));
  }

  void ctes(const SelectStmt* g, const SelectStmt* p, const std::string& path) {
    std::map<std::string, const CommonTableExpr*> gm, pm;
    if (g->with)
      for (const auto& c : g->with->ctes)
        if (c) gm[detail::lowerAscii(c->name.name)] = c.get();
    if (p->with)
      for (const auto& c : p->with->ctes)
        if (c) pm[detail::lowerAscii(c->name.name)] = c.get();
    for (const auto& [name, c] : gm) {
      auto it = pm.find(name);
      if (it == pm.end())
        add(EditKind::Remove, "with", path, c->span, std::nullopt);
      else
        stmt(c->query.get(), it->second->query.get(), path + (path.empty() ? "" : ".") + "with." + name);
    }
    for (const auto& [name, c] : pm)
      if (!gm.count(name)) add(EditKind::Insert, "with", path, std::nullopt, c->span);
  }

  void limit(const Limit* g, const Limit* p, const std::string& path) {
    if (!g && !p) return;
    if (!g) return add(EditKind::Insert, "limit", path, std::nullopt, p->span);
    if (!p) return add(EditKind::Remove, "limit", path, g->span, std::nullopt);
    if (!equalsOrNull(g->count.get(), p->count.get())) add(EditKind::Update, "limit", path, g->span, p->span);
    if (!equalsOrNull(g->offset.get(), p->offset.get())) {
      if (g->offset && p->offset)
        add(EditKind::Update, "offset", path, g->offset->span, p->offset->span);
      else if (g->offset)
        add(EditKind::Remove, "offset", path, g->offset->span, std::nullopt);
      else
        add(EditKind::Insert, "offset", path, std::nullopt, p->offset->span);
    }
  }

  void body(const QueryBody* g, const QueryBody* p, const std::string& path) {
    if (!g || !p) return;
    const auto* gc = g->as<CompoundSelect>();
    const auto* pc = p->as<CompoundSelect>();
    if (gc && pc) {
      if (gc->op != pc->op)
        add(EditKind::Update, "set_op", path, gc->span, pc->span,
            std::string("set_op: ") + toString(gc->op) + " -> " + toString(pc->op));
      body(gc->left.get(), pc->left.get(), path);
      body(gc->right.get(), pc->right.get(), path);
      return;
    }
    if (pc) {
      add(EditKind::Insert, "set_op", path, std::nullopt, pc->right ? pc->right->span : pc->span,
          std::string("set_op: predicted adds ") + toString(pc->op) + " " +
              text(pt_, pc->right ? pc->right->span : pc->span));
      return body(g, pc->left.get(), path);
    }
    if (gc) {
      add(EditKind::Remove, "set_op", path, gc->right ? gc->right->span : gc->span, std::nullopt,
          std::string("set_op: predicted lacks ") + toString(gc->op) + " " +
              text(gt_, gc->right ? gc->right->span : gc->span));
      return body(gc->left.get(), p, path);
    }
    const auto* gs = g->as<SelectCore>();
    const auto* ps = p->as<SelectCore>();
    if (gs && ps) return core(*gs, *ps, path);
    if (!equals(*g, *p))
      add(EditKind::Update, g->is<ValuesClause>() ? "values" : "select", path, g->span, p->span);
  }

  static Span keywordSpan(const SelectCore& c) {
    return Span{c.span.begin,
                c.columns.empty() || !c.columns.front() ? c.span.end : c.columns.front()->span.begin};
  }

  struct FromInfo {
    std::vector<Item> tables;               // NamedTable / SubqueryTable / TableFunction
    std::vector<const JoinClause*> joinOf;  // the join that brought tables[i] in (null for the first)
    std::vector<Item> conditions;           // ON conjuncts and USING / NATURAL
  };

  static void flattenFrom(const TableRef* t, FromInfo& f, const JoinClause* via) {
    if (!t) return;
    if (const auto* j = t->as<JoinClause>()) {
      flattenFrom(j->left.get(), f, via);
      flattenFrom(j->right.get(), f, j);
      conjuncts(j->on.get(), f.conditions);
      if (j->hasUsing || j->natural) f.conditions.push_back({j, j->span});
      return;
    }
    f.tables.push_back({t, t->span});
    f.joinOf.push_back(via);
  }

  static std::string tableKey(const Node* n) {
    if (const auto* nt = n->as<NamedTable>()) return detail::lowerAscii(nt->name.name);
    if (n->is<SubqueryTable>()) return "(subquery)";
    return print(*n);
  }

  static const char* joinName(const JoinClause* j) {
    if (!j) return "first";
    switch (j->type) {
      case JoinType::Comma:
        return "comma";
      case JoinType::Inner:
        return j->natural ? "natural inner" : "inner";
      case JoinType::Cross:
        return "cross";
      case JoinType::Left:
        return j->natural ? "natural left" : "left";
      case JoinType::Right:
        return "right";
      case JoinType::Full:
        return "full";
    }
    return "?";
  }

  void from(const SelectCore& g, const SelectCore& p, const std::string& path) {
    FromInfo gf, pf;
    flattenFrom(g.from.get(), gf, nullptr);
    flattenFrom(p.from.get(), pf, nullptr);
    std::vector<bool> pUsed(pf.tables.size(), false);
    for (std::size_t i = 0; i < gf.tables.size(); ++i) {
      std::string key = tableKey(gf.tables[i].node);
      std::size_t match = pf.tables.size();
      for (std::size_t j = 0; j < pf.tables.size() && match == pf.tables.size(); ++j)
        if (!pUsed[j] && tableKey(pf.tables[j].node) == key) match = j;
      if (match == pf.tables.size()) {
        add(EditKind::Remove, "from", path, gf.tables[i].span, std::nullopt);
        continue;
      }
      pUsed[match] = true;
      const auto* gs = gf.tables[i].node->as<SubqueryTable>();
      const auto* ps = pf.tables[match].node->as<SubqueryTable>();
      if (gs && ps) stmt(gs->query.get(), ps->query.get(), sub(path, "from"));
    }
    for (std::size_t j = 0; j < pf.tables.size(); ++j)
      if (!pUsed[j]) add(EditKind::Insert, "from", path, std::nullopt, pf.tables[j].span);
    // Join types, paired in FROM order (the first table has none).
    std::vector<const JoinClause*> gj, pj;
    for (const auto* j : gf.joinOf)
      if (j) gj.push_back(j);
    for (const auto* j : pf.joinOf)
      if (j) pj.push_back(j);
    for (std::size_t k = 0; k < gj.size() && k < pj.size(); ++k)
      if (gj[k]->type != pj[k]->type || gj[k]->natural != pj[k]->natural)
        add(EditKind::Update, "join", path, gj[k]->span, pj[k]->span,
            std::string("join: ") + joinName(gj[k]) + " join -> " + joinName(pj[k]) + " join");
    list("join_condition", path, gf.conditions, pf.conditions, false);
  }

  static std::string sub(const std::string& path, const std::string& part) {
    return path.empty() ? part : path + "." + part;
  }

  void core(const SelectCore& g, const SelectCore& p, const std::string& path) {
    bool gd = g.quantifier == Quantifier::Distinct, pd = p.quantifier == Quantifier::Distinct;
    if (gd && !pd)
      add(EditKind::Remove, "distinct", path, keywordSpan(g), std::nullopt,
          "distinct: predicted lacks DISTINCT");
    if (!gd && pd)
      add(EditKind::Insert, "distinct", path, std::nullopt, keywordSpan(p),
          "distinct: predicted adds DISTINCT");
    std::vector<Item> gs, ps;
    for (const auto& rc : g.columns)
      if (rc) gs.push_back({rc.get(), rc->span});
    for (const auto& rc : p.columns)
      if (rc) ps.push_back({rc.get(), rc->span});
    list("select", path, gs, ps, true);
    from(g, p, path);
    std::vector<Item> gw, pw;
    conjuncts(g.where.get(), gw);
    conjuncts(p.where.get(), pw);
    list("where", path, gw, pw, false);
    std::vector<Item> gg, pg;
    for (const auto& k : g.groupBy)
      if (k) gg.push_back({k.get(), k->span});
    for (const auto& k : p.groupBy)
      if (k) pg.push_back({k.get(), k->span});
    list("group_by", path, gg, pg, false);
    std::vector<Item> gh, ph;
    conjuncts(g.having.get(), gh);
    conjuncts(p.having.get(), ph);
    list("having", path, gh, ph, false);
  }

  static bool same(const Node* a, const Node* b) {
    a = unwrap(a);
    b = unwrap(b);
    return a && b ? equals(*a, *b) : a == b;
  }

  // Same shape around a subquery: recurse into the subqueries instead of reporting an update.
  bool subqueries(const Node* a, const Node* b, const std::string& clause, const std::string& path) {
    a = unwrap(a);
    b = unwrap(b);
    if (!a || !b || a->kind() != b->kind()) return false;
    std::string p = sub(path, clause);
    if (const auto* x = a->as<InSubquery>()) {
      const auto* y = b->as<InSubquery>();
      if (x->negated != y->negated || !equalsOrNull(x->expr.get(), y->expr.get())) return false;
      stmt(x->query.get(), y->query.get(), p + ".in");
      return true;
    }
    if (const auto* x = a->as<Exists>()) {
      stmt(x->query.get(), b->as<Exists>()->query.get(), p + ".exists");
      return true;
    }
    if (const auto* x = a->as<SubqueryExpr>()) {
      stmt(x->query.get(), b->as<SubqueryExpr>()->query.get(), p + ".scalar");
      return true;
    }
    if (const auto* x = a->as<Unary>()) {
      const auto* y = b->as<Unary>();
      return x->op == y->op && subqueries(x->operand.get(), y->operand.get(), clause, path);
    }
    if (const auto* x = a->as<Binary>()) {
      const auto* y = b->as<Binary>();
      if (x->op != y->op) return false;
      if (equalsOrNull(x->left.get(), y->left.get()))
        return subqueries(x->right.get(), y->right.get(), clause, path);
      if (equalsOrNull(x->right.get(), y->right.get()))
        return subqueries(x->left.get(), y->left.get(), clause, path);
    }
    return false;
  }

  void list(const std::string& clause, const std::string& path, const std::vector<Item>& g,
            const std::vector<Item>& p, bool ordered) {
    std::vector<int> gm(g.size(), -1), pm(p.size(), -1);
    for (std::size_t i = 0; i < g.size() && i < p.size(); ++i)
      if (same(g[i].node, p[i].node)) gm[i] = static_cast<int>(i), pm[i] = static_cast<int>(i);
    for (std::size_t i = 0; i < g.size(); ++i)
      for (std::size_t j = 0; j < p.size() && gm[i] < 0; ++j)
        if (pm[j] < 0 && same(g[i].node, p[j].node)) gm[i] = static_cast<int>(j), pm[j] = static_cast<int>(i);
    if (ordered) {
      // Matched items out of order: the longest increasing run stays, the rest moved.
      std::vector<std::size_t> gi;
      for (std::size_t i = 0; i < g.size(); ++i)
        if (gm[i] >= 0) gi.push_back(i);
      std::vector<int> len(gi.size(), 1), prev(gi.size(), -1);
      int best = -1;
      for (std::size_t a = 0; a < gi.size(); ++a) {
        for (std::size_t b = 0; b < a; ++b)
          if (gm[gi[b]] < gm[gi[a]] && len[b] + 1 > len[a])
            len[a] = len[b] + 1, prev[a] = static_cast<int>(b);
        if (best < 0 || len[a] > len[static_cast<std::size_t>(best)]) best = static_cast<int>(a);
      }
      std::set<std::size_t> keep;
      for (int k = best; k >= 0; k = prev[static_cast<std::size_t>(k)])
        keep.insert(gi[static_cast<std::size_t>(k)]);
      for (std::size_t i : gi)
        if (!keep.count(i))
          add(EditKind::Move, clause, path, g[i].span, p[static_cast<std::size_t>(gm[i])].span);
    }
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (gm[i] >= 0) continue;
      int bestJ = -1, bestScore = 0;
      for (std::size_t j = 0; j < p.size(); ++j) {
        if (pm[j] >= 0) continue;
        const Node* a = unwrap(g[i].node);
        const Node* b = unwrap(p[j].node);
        int s = a && b ? similarity(*a, *b) : 0;
        if (ordered && i == j) s += 1;
        if (s > bestScore) bestScore = s, bestJ = static_cast<int>(j);
      }
      if (bestJ < 0) {
        add(EditKind::Remove, clause, path, g[i].span, std::nullopt);
        continue;
      }
      gm[i] = bestJ;
      pm[static_cast<std::size_t>(bestJ)] = static_cast<int>(i);
      const Item& pi = p[static_cast<std::size_t>(bestJ)];
      if (subqueries(g[i].node, pi.node, clause, path)) continue;
      std::string gtext = text(gt_, g[i].span), ptext = text(pt_, pi.span);
      std::string description;
      if (squash(gtext) == squash(ptext))  // same spelling, different meaning: show the canonical forms
        description = clause + ": " + gtext + " -> " + ptext + " (canonical: " + print(*g[i].node) + " vs " +
                      print(*pi.node) + ")";
      add(EditKind::Update, clause, path, g[i].span, pi.span, description);
    }
    for (std::size_t j = 0; j < p.size(); ++j)
      if (pm[j] < 0) add(EditKind::Insert, clause, path, std::nullopt, p[j].span);
  }

  static std::string squash(const std::string& t) {
    std::string out;
    for (char c : t)
      if (c != ' ' && c != '\t' && c != '\n')
        out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return out;
  }

  std::string_view gt_, pt_;
};

nlohmann::json spanJson(const std::optional<Span>& s, const std::string& text) {
  if (!s) return nullptr;
  return {{"begin", s->begin}, {"end", s->end}, {"text", text}};
}

}  // namespace

DiffResult diffQueries(const SelectStmt& gold, std::string_view goldText, const SelectStmt& pred,
                       std::string_view predText, const DiffOptions& options) {
  NormaliseOptions no;
  no.schema = options.schema;
  SelectPtr g = normalise(gold, no);
  SelectPtr p = normalise(pred, no);
  DiffResult out;
  out.goldCanonical = print(*g);
  out.predCanonical = print(*p);
  if (equals(*g, *p)) return out;
  Differ d(goldText, predText);
  d.stmt(g.get(), p.get(), "");
  out.edits = std::move(d.edits);
  return out;
}

hs::Result<DiffResult> diffSql(std::string_view gold, std::string_view pred, const DiffOptions& options) {
  auto g = parseSelect(gold);
  if (!g.ok()) {
    hs::Error e = g.error();
    e.where = "gold";
    return e;
  }
  auto p = parseSelect(pred);
  if (!p.ok()) {
    hs::Error e = p.error();
    e.where = "pred";
    return e;
  }
  return diffQueries(**g, gold, **p, pred, options);
}

nlohmann::json diffToJson(const DiffResult& r) {
  nlohmann::json edits = nlohmann::json::array();
  for (const auto& e : r.edits)
    edits.push_back({{"kind", toString(e.kind)},
                     {"clause", e.clause},
                     {"path", e.path},
                     {"description", e.description},
                     {"gold", spanJson(e.gold, e.goldText)},
                     {"pred", spanJson(e.pred, e.predText)}});
  return {{"equivalent", r.equivalent()},
          {"edits", edits},
          {"gold_canonical", r.goldCanonical},
          {"pred_canonical", r.predCanonical}};
}

}  // namespace hs::sql
