// Textual repairs for judgeCauses: the gold's version of one difference spliced into the predicted
// text, for the parts the tree repair (causes_repair.cpp) cannot place as nodes. Left to it: a lone
// OR named unnecessary where the gold joins no conditions with AND or INTERSECT (the gold has no
// version of the connective to put in), spans across nodes that are not all literal values, and an
// ORDER BY / LIMIT for the first operand of a UNION (the tree has no place for it short of a
// subquery); the splice of the first two rarely runs, so those sets keep "no repair runs".
#include <algorithm>
#include <cctype>

#include "engine/annotate/causes_repair.h"
#include "engine/core/text.h"

namespace hs::annotate::repair {

const SelectBlock* mainOf(const SqlView& v) {
  if (v.blocks.empty()) return nullptr;
  const int i = v.topLevel.empty() ? 0 : v.topLevel.front();
  return &v.blocks[static_cast<std::size_t>(i)];
}

std::string qualifierOf(const TableRef& t) {
  return t.alias.empty() ? t.name : t.alias;
}

// The qualifier the prediction uses for a schema table (its alias, else its name): the table read
// exactly once in the whole prediction, else exactly once in its main block, else the one table of
// the main block that has a column named `column` (the gold's column joined to an equal one there:
// a repair names the prediction's table, not the gold's alias); "" when none of these is unique.
std::string predQualifier(const SqlView& pred, const std::string& table, const std::string& column) {
  std::string found;
  int count = 0;
  for (const SelectBlock& b : pred.blocks)
    for (const TableRef& t : b.tables)
      if (t.info && t.name == table) {
        ++count;
        found = qualifierOf(t);
      }
  if (count == 1) return found;
  const SelectBlock* m = mainOf(pred);
  if (!m) return {};
  count = 0;
  for (const TableRef& t : m->tables)
    if (t.info && t.name == table) {
      ++count;
      found = qualifierOf(t);
    }
  if (count == 1) return found;
  if (count > 1 || column.empty()) return {};
  for (const TableRef& t : m->tables)
    if (t.info && t.info->findColumn(column)) {
      ++count;
      found = qualifierOf(t);
    }
  return count == 1 ? found : std::string();
}

SidedSpans sidedSpans(const Finding& f) {
  SidedSpans out;
  for (const FindingSpan& s : f.spans) (s.side == "pred" ? out.pred : out.gold).push_back(&s);
  auto byBegin = [](const FindingSpan* a, const FindingSpan* b) { return a->begin < b->begin; };
  std::sort(out.pred.begin(), out.pred.end(), byBegin);
  std::sort(out.gold.begin(), out.gold.end(), byBegin);
  return out;
}

std::pair<const FindingSpan*, const FindingSpan*> mainGroupBySpans(const SidedSpans& spans,
                                                                   const SqlView& pred, const SqlView& gold) {
  auto groupBy = [](const std::vector<const FindingSpan*>& side, const SqlView& v) -> const FindingSpan* {
    const SelectBlock* m = mainOf(v);
    const FindingSpan* found = nullptr;
    for (const FindingSpan* s : side)
      if (m && !m->groupBy.empty() && s->begin == m->keywordBegin[kGroupBy]) found = s;
    return found;
  };
  return {groupBy(spans.pred, pred), groupBy(spans.gold, gold)};
}

namespace {

struct Splice {
  std::size_t begin = 0, end = 0;
  std::string text;
  int clause = 0;  // of an insertion: insertions at one position keep the clause order
};

std::optional<std::string> apply(std::string sql, std::vector<Splice> splices) {
  // From the end of the text backwards; at one position the replacement before the insertions, and
  // the insertion of the later clause first (GROUP BY ... then ORDER BY ... then LIMIT ...).
  std::stable_sort(splices.begin(), splices.end(), [](const Splice& a, const Splice& b) {
    if (a.begin != b.begin) return a.begin > b.begin;
    return a.end != b.end ? a.end > b.end : a.clause > b.clause;
  });
  std::size_t limit = sql.size();
  for (const Splice& s : splices) {
    if (s.begin > s.end || s.end > limit) return std::nullopt;  // overlapping or out of range
    sql.replace(s.begin, s.end - s.begin, s.text);
    limit = s.begin;
  }
  return sql;
}

bool isSpace(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// The word ending just before `pos` (skipping spaces), lower-cased, and where it starts.
std::string wordBefore(std::string_view t, std::size_t pos, std::size_t* start) {
  std::size_t e = pos;
  while (e > 0 && isSpace(t[e - 1])) --e;
  std::size_t b = e;
  while (b > 0 && (std::isalpha(static_cast<unsigned char>(t[b - 1])) != 0)) --b;
  *start = b;
  return hs::asciiLower(t.substr(b, e - b));
}

std::string wordAfter(std::string_view t, std::size_t pos, std::size_t* end) {
  std::size_t b = pos;
  while (b < t.size() && isSpace(t[b])) ++b;
  std::size_t e = b;
  while (e < t.size() && (std::isalpha(static_cast<unsigned char>(t[e])) != 0)) ++e;
  *end = e;
  return hs::asciiLower(t.substr(b, e - b));
}

// Deletes [b, e) with its separator: a list comma, an AND/OR, or the WHERE/HAVING left alone.
Splice deletion(std::string_view t, std::size_t b, std::size_t e) {
  std::size_t l = b;
  while (l > 0 && isSpace(t[l - 1])) --l;
  if (l > 0 && t[l - 1] == ',') return {l - 1, e, ""};
  std::size_t r = e;
  while (r < t.size() && isSpace(t[r])) ++r;
  if (r < t.size() && t[r] == ',') return {b, r + 1, ""};
  std::size_t ws = 0, we = 0;
  const std::string before = wordBefore(t, b, &ws);
  if (before == "and" || before == "or") {
    while (ws > 0 && isSpace(t[ws - 1])) --ws;
    return {ws, e, ""};
  }
  const std::string after = wordAfter(t, e, &we);
  if (after == "and" || after == "or") return {b, we, " "};
  if (before == "where" || before == "having" || before == "on") return {ws, e, " "};
  return {b, e, " "};
}

std::size_t endOfClause(const SqlView& v, const SelectBlock& b, int clause) {
  const Range& r = b.clauses[static_cast<std::size_t>(clause)];
  return r.empty() ? 0 : v.endOf(r);
}

// Where a clause of the main block would go: after the last present clause before it.
std::size_t insertionPoint(const SqlView& v, const SelectBlock& b, int clause) {
  std::size_t at = endOfClause(v, b, kSelect);
  for (int c = kFrom; c < clause; ++c) {
    const std::size_t e = endOfClause(v, b, c);
    if (e > at) at = e;
  }
  return at;
}

struct Edit {
  std::size_t begin = 0, end = 0;
  std::string text;
};

// The gold text of [b, e) with the qualifiers of its resolved columns renamed to the prediction's
// (gold T2.name -> pred T1.name when both mean stadium.name), so the spliced part runs there;
// `more` are further renames inside [b, e) (table aliases).
std::string goldPartFor(const SqlView& gold, const SqlView& pred, std::size_t b, std::size_t e,
                        std::vector<Edit> more = {}) {
  std::vector<Edit> edits = std::move(more);
  // A bare gold column (count(DISTINCT dormid)) is qualified too when the prediction's main block
  // joins several tables and reads the column's table there: bare, it could be ambiguous.
  const SelectBlock* pm = mainOf(pred);
  auto inPredMain = [&](const std::string& q) {
    if (!pm || pm->tables.size() < 2) return false;
    return std::any_of(pm->tables.begin(), pm->tables.end(),
                       [&](const TableRef& t) { return qualifierOf(t) == q; });
  };
  for (const ColumnRef& c : gold.columns)
    if (c.begin >= b && c.end <= e && c.status == ColStatus::Resolved &&
        c.key.find('.') != std::string::npos && c.tok < gold.tokens.size()) {
      const std::string q = predQualifier(pred, c.key.substr(0, c.key.find('.')), c.column);
      if (q.empty() || (c.qualifier.empty() && !inPredMain(q))) continue;
      const std::size_t colBegin = gold.tokens[c.tok].begin;
      edits.push_back({c.begin, c.end, q + "." + gold.text.substr(colBegin, c.end - colBegin)});
    }
  std::sort(edits.begin(), edits.end(), [](const Edit& x, const Edit& y) { return x.begin < y.begin; });
  std::string out;
  std::size_t at = b;
  for (const Edit& ed : edits) {
    if (ed.begin < at || ed.end > e) continue;
    out += gold.text.substr(at, ed.begin - at) + ed.text;
    at = ed.end;
  }
  return out + gold.text.substr(at, e - at);
}

// The gold's FROM clause (tables, joins and their ON conditions) written with the prediction's
// table aliases, for repairing a join (C3) by putting the gold's joins in place of the predicted.
std::optional<std::string> goldFromFor(const SqlView& gold, const SqlView& pred, const SelectBlock& gm) {
  const Range& r = gm.clauses[kFrom];
  if (r.empty()) return std::nullopt;
  std::vector<Edit> aliases;
  for (const TableRef& t : gm.tables) {
    if (!t.info) continue;
    const std::string q = predQualifier(pred, t.name);
    if (q.empty()) continue;
    if (t.alias.empty()) {
      // The gold names the table bare where the prediction aliases it (FROM College vs College AS
      // T1): the alias is added, so the prediction's T1.x still runs.
      if (q != t.name) aliases.push_back({t.end, t.end, " AS " + q});
      continue;
    }
    for (std::size_t i = r.first; i < r.last; ++i) {
      const Token& tok = gold.tokens[i];
      if (tok.begin < t.end) continue;
      if (tok.kind == TokKind::Word && tok.text == "as") continue;
      // The view marks alias tokens (their text is not the name): compare what is written.
      if (hs::asciiLower(std::string_view(gold.text).substr(tok.begin, tok.end - tok.begin)) == t.alias)
        aliases.push_back({tok.begin, tok.end, q});
      break;
    }
  }
  return goldPartFor(gold, pred, gold.beginOf(r), gold.endOf(r), std::move(aliases));
}

}  // namespace

namespace {

// The splices that put the gold's version of the parts `f` names into the prediction; nullopt
// when the finding cannot be repaired textually.
std::optional<std::vector<Splice>> splicesFor(const Finding& f, const SqlView& pred, const SqlView& gold) {
  const SidedSpans sided = sidedSpans(f);
  const std::vector<const FindingSpan*>&ps = sided.pred, &gs = sided.gold;
  auto goldText = [&](const FindingSpan* s) -> std::optional<std::string> {
    if (s->end > gold.text.size() || s->begin > s->end) return std::nullopt;
    return goldPartFor(gold, pred, s->begin, s->end);
  };
  std::vector<Splice> splices;
  // The set operation against one block with OR-ed values: the whole query is the part (no splice).
  if (f.subcategory == "set operator as OR") return std::nullopt;
  // A set operator against a subquery link of the other polarity: the prediction's polarity
  // flipped (IN <-> NOT IN, EXISTS <-> NOT EXISTS, EXCEPT <-> INTERSECT).
  if (f.subcategory == "set operator as IN") {
    if (ps.size() != 1 || ps[0]->end > pred.text.size() || ps[0]->begin >= ps[0]->end) return std::nullopt;
    const std::string written = pred.text.substr(ps[0]->begin, ps[0]->end - ps[0]->begin);
    const std::string op = hs::asciiLower(written);
    std::string text;
    if (op == "except")
      text = "INTERSECT";
    else if (op == "intersect")
      text = "EXCEPT";
    else if (op.rfind("not", 0) == 0 && op.size() > 3 && std::isspace(static_cast<unsigned char>(op[3])) != 0)
      text = written.substr(written.find_first_not_of(" \t\r\n", 3));
    else
      text = "NOT " + written;
    return std::vector<Splice>{{ps[0]->begin, ps[0]->end, text}};
  }
  // A `!=` join condition against the gold's NOT IN / NOT EXISTS: the gold's condition as written
  // in its place (its subquery names its own tables; qualified with the prediction's aliases it
  // would be correlated with the join).
  if (f.subcategory == "negated set as join") {
    if (ps.size() != 1 || gs.size() != 1 || ps[0]->end > pred.text.size() || gs[0]->end > gold.text.size() ||
        gs[0]->begin > gs[0]->end)
      return std::nullopt;
    return std::vector<Splice>{
        {ps[0]->begin, ps[0]->end, gold.text.substr(gs[0]->begin, gs[0]->end - gs[0]->begin)}};
  }
  if (f.category == "C3") {  // the joins: the gold's FROM clause in place of the predicted
    const SelectBlock* pm = mainOf(pred);
    const SelectBlock* gm = mainOf(gold);
    if (!pm || !gm || pm->clauses[kFrom].empty()) return std::nullopt;
    auto from = goldFromFor(gold, pred, *gm);
    if (!from) return std::nullopt;
    return std::vector<Splice>{{pred.beginOf(pm->clauses[kFrom]), pred.endOf(pm->clauses[kFrom]), *from}};
  }
  // '= (SELECT MAX/MIN ...)' against ORDER BY ... LIMIT (C2): the predicted form removed, the
  // gold's put where it belongs (the ORDER BY ... LIMIT at the end of the main block, the condition
  // into its WHERE).
  // The same form whose MAX/MIN subquery lacks the main block's conditions (C6) is repaired alike.
  const std::string form = f.subcategory == "MAX/MIN subquery over other rows"
                               ? "MAX/MIN subquery instead of LIMIT"
                               : f.subcategory;
  if ((f.category == "C2" || f.category == "C6") && ps.size() == 1 && gs.size() == 1 &&
      (form == "MAX/MIN subquery instead of LIMIT" || form == "LIMIT instead of MAX/MIN subquery")) {
    const SelectBlock* m = mainOf(pred);
    const SelectBlock* gm = mainOf(gold);
    if (!m || !gm || ps[0]->end > pred.text.size()) return std::nullopt;
    // The finding names the LIMIT; its ORDER BY goes with it.
    FindingSpan p = *ps[0], g0 = *gs[0];
    if (form == "MAX/MIN subquery instead of LIMIT" && !gm->orderBy.empty() &&
        g0.begin == gm->keywordBegin[kLimit])
      g0.begin = gm->keywordBegin[kOrderBy];
    if (form == "LIMIT instead of MAX/MIN subquery" && !m->orderBy.empty() &&
        p.begin == m->keywordBegin[kLimit])
      p.begin = m->keywordBegin[kOrderBy];
    auto g = goldText(&g0);
    if (!g) return std::nullopt;
    std::vector<Splice> out{deletion(pred.text, p.begin, p.end)};
    if (form == "MAX/MIN subquery instead of LIMIT") {
      const std::size_t at = insertionPoint(pred, *m, kOrderBy);
      out.push_back({at, at, " " + *g, kOrderBy});
    } else if (!m->clauses[kWhere].empty()) {
      const std::size_t at = endOfClause(pred, *m, kWhere);
      const std::size_t start = m->keywordEnd[kWhere];
      out.push_back({at, at, ")", kWhere});
      out.push_back({start, start, " (" + *g + ") AND (", kWhere});
    } else {
      const std::size_t at = insertionPoint(pred, *m, kWhere);
      out.push_back({at, at, " WHERE " + *g, kWhere});
    }
    return out;
  }
  // Grouping (C10) where the two sides group in a different number of blocks: the gold main
  // block's GROUP BY in place of the predicted main block's.
  if (f.category == "C10" && !ps.empty() && !gs.empty() && ps.size() != gs.size()) {
    const auto [p, g] = mainGroupBySpans(sided, pred, gold);
    if (!p || !g || p->end > pred.text.size()) return std::nullopt;
    auto text = goldText(g);
    if (!text) return std::nullopt;
    return std::vector<Splice>{{p->begin, p->end, *text}};
  }
  if (!ps.empty() && ps.size() == gs.size()) {  // replace each predicted part by the gold's
    for (std::size_t i = 0; i < ps.size(); ++i) {
      auto g = goldText(gs[i]);
      if (!g || ps[i]->end > pred.text.size()) return std::nullopt;
      splices.push_back({ps[i]->begin, ps[i]->end, *g});
    }
    return splices;
  }
  if (!ps.empty() && gs.empty()) {  // only in the prediction: delete
    for (const FindingSpan* s : ps) {
      if (s->end > pred.text.size()) return std::nullopt;
      splices.push_back(deletion(pred.text, s->begin, s->end));
    }
    return splices;
  }
  if (ps.empty() && gs.size() == 1) {  // only in the gold: insert where it belongs
    const SelectBlock* m = mainOf(pred);
    auto g = goldText(gs[0]);
    if (!m || !g) return std::nullopt;
    const std::string& sub = f.subcategory;
    if (sub == "missing column") {
      const std::size_t at = endOfClause(pred, *m, kSelect);
      return std::vector<Splice>{{at, at, ", " + *g, kSelect}};
    }
    if (sub == "missing DISTINCT")
      return std::vector<Splice>{{m->keywordEnd[kSelect], m->keywordEnd[kSelect], " DISTINCT"}};
    if (sub == "missing condition") {
      if (!m->clauses[kWhere].empty()) {
        const std::size_t at = endOfClause(pred, *m, kWhere);
        const std::size_t start = m->keywordEnd[kWhere];
        return std::vector<Splice>{{at, at, ")", kWhere}, {start, start, " (" + *g + ") AND (", kWhere}};
      }
      const std::size_t at = insertionPoint(pred, *m, kWhere);
      return std::vector<Splice>{{at, at, " WHERE " + *g, kWhere}};
    }
    int clause = -1;
    if (sub == "missing GROUP BY") clause = kGroupBy;
    if (sub == "missing ORDER BY") clause = kOrderBy;
    if (sub == "missing LIMIT") clause = kLimit;
    if (clause < 0) return std::nullopt;
    const std::size_t at = insertionPoint(pred, *m, clause);
    return std::vector<Splice>{{at, at, " " + *g, clause}};
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> textRepair(const std::vector<const Finding*>& fs, const SqlView& pred,
                                      const SqlView& gold) {
  if (fs.empty()) return std::nullopt;
  std::vector<Splice> all;
  for (const Finding* f : fs) {
    auto s = splicesFor(*f, pred, gold);
    if (!s) return std::nullopt;
    all.insert(all.end(), s->begin(), s->end());
  }
  return apply(pred.text, std::move(all));
}

}  // namespace hs::annotate::repair
