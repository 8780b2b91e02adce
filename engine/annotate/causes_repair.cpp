// Textual repairs for judgeCauses: the gold's version of one difference spliced into the prediction.
#include <algorithm>
#include <cctype>

#include "engine/annotate/causes.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

struct Splice {
  std::size_t begin = 0, end = 0;
  std::string text;
};

std::optional<std::string> apply(std::string sql, std::vector<Splice> splices) {
  std::sort(splices.begin(), splices.end(),
            [](const Splice& a, const Splice& b) { return a.begin > b.begin; });
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

const SelectBlock* mainOf(const SqlView& v) {
  if (v.blocks.empty()) return nullptr;
  const int i = v.topLevel.empty() ? 0 : v.topLevel.front();
  return &v.blocks[static_cast<std::size_t>(i)];
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

// The qualifier the prediction uses for a schema table (its alias, else its name); "" when the
// prediction does not read the table exactly once.
std::string predQualifier(const SqlView& pred, const std::string& table) {
  std::string found;
  int count = 0;
  for (const SelectBlock& b : pred.blocks)
    for (const TableRef& t : b.tables)
      if (t.info && t.name == table) {
        ++count;
        found = t.alias.empty() ? t.name : t.alias;
      }
  return count == 1 ? found : std::string();
}

// The gold text of [b, e) with the qualifiers of its resolved columns renamed to the prediction's
// (gold T2.name -> pred T1.name when both mean stadium.name), so the spliced part runs there.
std::string goldPartFor(const SqlView& gold, const SqlView& pred, std::size_t b, std::size_t e) {
  std::vector<const ColumnRef*> refs;
  for (const ColumnRef& c : gold.columns)
    if (c.begin >= b && c.end <= e && !c.qualifier.empty() && c.status == ColStatus::Resolved &&
        c.key.find('.') != std::string::npos && c.tok < gold.tokens.size())
      refs.push_back(&c);
  std::sort(refs.begin(), refs.end(),
            [](const ColumnRef* x, const ColumnRef* y) { return x->begin < y->begin; });
  std::string out;
  std::size_t at = b;
  for (const ColumnRef* c : refs) {
    if (c->begin < at) continue;
    const std::string q = predQualifier(pred, c->key.substr(0, c->key.find('.')));
    if (q.empty()) continue;
    const std::size_t colBegin = gold.tokens[c->tok].begin;
    out += gold.text.substr(at, c->begin - at) + q + "." + gold.text.substr(colBegin, c->end - colBegin);
    at = c->end;
  }
  return out + gold.text.substr(at, e - at);
}

}  // namespace

std::optional<std::string> repairFor(const Finding& f, const SqlView& pred, const SqlView& gold) {
  std::vector<const FindingSpan*> ps, gs;
  for (const FindingSpan& s : f.spans) (s.side == "pred" ? ps : gs).push_back(&s);
  auto byBegin = [](const FindingSpan* a, const FindingSpan* b) { return a->begin < b->begin; };
  std::sort(ps.begin(), ps.end(), byBegin);
  std::sort(gs.begin(), gs.end(), byBegin);
  auto goldText = [&](const FindingSpan* s) -> std::optional<std::string> {
    if (s->end > gold.text.size() || s->begin > s->end) return std::nullopt;
    return goldPartFor(gold, pred, s->begin, s->end);
  };
  std::vector<Splice> splices;
  if (!ps.empty() && ps.size() == gs.size()) {  // replace each predicted part by the gold's
    for (std::size_t i = 0; i < ps.size(); ++i) {
      auto g = goldText(gs[i]);
      if (!g) return std::nullopt;
      splices.push_back({ps[i]->begin, ps[i]->end, *g});
    }
    return apply(pred.text, std::move(splices));
  }
  if (!ps.empty() && gs.empty()) {  // only in the prediction: delete
    for (const FindingSpan* s : ps) {
      if (s->end > pred.text.size()) return std::nullopt;
      splices.push_back(deletion(pred.text, s->begin, s->end));
    }
    return apply(pred.text, std::move(splices));
  }
  if (ps.empty() && gs.size() == 1) {  // only in the gold: insert where it belongs
    const SelectBlock* m = mainOf(pred);
    auto g = goldText(gs[0]);
    if (!m || !g) return std::nullopt;
    const std::string& sub = f.subcategory;
    if (sub == "missing column")
      return apply(pred.text, {{endOfClause(pred, *m, kSelect), endOfClause(pred, *m, kSelect), ", " + *g}});
    if (sub == "missing DISTINCT")
      return apply(pred.text, {{m->keywordEnd[kSelect], m->keywordEnd[kSelect], " DISTINCT"}});
    if (sub == "missing condition") {
      if (!m->clauses[kWhere].empty()) {
        const std::size_t at = endOfClause(pred, *m, kWhere);
        const std::size_t start = m->keywordEnd[kWhere];
        return apply(pred.text, {{at, at, ")"}, {start, start, " (" + *g + ") AND ("}});
      }
      const std::size_t at = insertionPoint(pred, *m, kWhere);
      return apply(pred.text, {{at, at, " WHERE " + *g}});
    }
    int clause = -1;
    if (sub == "missing GROUP BY") clause = kGroupBy;
    if (sub == "missing ORDER BY") clause = kOrderBy;
    if (sub == "missing LIMIT") clause = kLimit;
    if (clause < 0) return std::nullopt;
    const std::size_t at = insertionPoint(pred, *m, clause);
    return apply(pred.text, {{at, at, " " + *g}});
  }
  return std::nullopt;
}

}  // namespace hs::annotate
