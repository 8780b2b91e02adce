// TA-SQL's six hallucination categories with the subcategories of seed 001, Appendix D, applied to
// the resolved view (an alias is never an unknown table; an equivalent literal is never a value error).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "engine/annotate/checks.h"
#include "engine/annotate/column_keys.h"
#include "engine/annotate/rules.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

namespace {

// Deduplication (D.4): one finding per (category, subcategory), spans merged. Linear in the number
// of spans added (hostile input: an IN list of 200,000 literals adds that many spans).
class Out {
 public:
  explicit Out(std::vector<Finding>& out) : out_(out) {}
  void add(const std::string& cat, const std::string& sub, const std::string& msg, const FindingSpan& s) {
    auto [it, inserted] = index_.try_emplace(cat + '\x1f' + sub, out_.size());
    if (inserted) {
      Finding f;
      f.taxonomy = "tasql";
      f.category = cat;
      f.subcategory = sub;
      f.message = msg;
      out_.push_back(std::move(f));
    }
    if (seen_.insert(SpanKey{it->second, s.side == "gold", s.begin, s.end}).second)
      out_[it->second].spans.push_back(s);
  }

 private:
  struct SpanKey {
    std::size_t finding;
    bool gold;
    std::size_t begin, end;
    bool operator==(const SpanKey&) const = default;
  };
  struct SpanHash {
    std::size_t operator()(const SpanKey& k) const {
      std::size_t h = std::hash<std::size_t>()(k.finding);
      for (std::size_t v : {k.begin, k.end, static_cast<std::size_t>(k.gold)})
        h ^= std::hash<std::size_t>()(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
      return h;
    }
  };
  std::vector<Finding>& out_;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_set<SpanKey, SpanHash> seen_;
};

std::string M(FindingMsg id, std::initializer_list<std::string_view> args = {}) {
  return formatMessage(id, args);
}
using enum FindingMsg;

const char* kSC = "Schema Contradiction";
const char* kAO = "Attribute Overanalysis";
const char* kVM = "Value Misrepresentation";
const char* kJR = "Join Redundancy";
const char* kCA = "Clause Abuse";
const char* kMD = "Mathematical Delusion";

// Canonical literal: numbers (and numeric strings, equal under SQLite's affinity) by value.
std::string literalText(const Token& t) {
  {
    char* end = nullptr;
    double d = std::strtod(t.text.c_str(), &end);
    if (!t.text.empty() && end == t.text.c_str() + t.text.size()) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.12g", d);
      return buf;
    }
  }
  return "'" + t.text + "'";
}

int countWord(const SqlView& v, const char* w) {
  return static_cast<int>(
      std::count_if(v.tokens.begin(), v.tokens.end(), [&](const Token& t) { return isWord(t, w); }));
}

void schemaRules(const SqlView& p, Out& o) {
  for (const SelectBlock& b : p.blocks)
    for (const TableRef& t : b.tables)
      if (!t.known) o.add(kSC, "Unknown tables", M(TaTableNotInSchema, {t.name}), {"pred", t.begin, t.end});
  for (const ColumnRef& c : p.columns) {
    FindingSpan s{"pred", c.begin, c.end};
    switch (c.status) {
      case ColStatus::UnknownColumn:
        if (c.qualifier.empty())
          o.add(kSC, "Unknown columns", M(TaColumnInNoTable, {c.column}), s);
        else
          o.add(kSC, "Alias errors", M(TaQualifierLacksColumn, {c.qualifier, c.column}), s);
        break;
      case ColStatus::UnknownQualifier:
        o.add(kSC, "Alias errors", M(TaQualifierNamesNothing, {c.qualifier}), s);
        break;
      case ColStatus::NotInFrom:
        o.add(kSC, "Missing table reference", M(TaColumnTableNotInFrom, {c.column}), s);
        break;
      case ColStatus::Star:
        o.add(kSC, "Wildcard or backtick misuse", M(TaStarSelectsAll, {c.qualifier}), s);
        break;
      default:
        break;
    }
  }
  for (std::size_t t : p.backticks)
    o.add(kSC, "Wildcard or backtick misuse", M(TaBacktick), {"pred", p.tokens[t].begin, p.tokens[t].end});
}

void mathRules(const SqlView& p, const db::Schema& schema, Out& o) {
  for (const FindingSpan& s : integerDivisions(p, schema))
    o.add(kMD, "Integer division without casting", M(TaIntegerDivision), s);
  for (const Token& t : p.tokens)
    if (t.kind == TokKind::Op && t.text == "%")
      o.add(kMD, "Modulo as percentage", M(TaModulo), {"pred", t.begin, t.end});
  for (const SelectBlock& b : p.blocks)
    for (const Predicate& pr : b.predicates) {
      if (pr.op != "between" && pr.op != "not between") continue;
      std::vector<const Token*> lits;
      for (std::size_t i = pr.rhs.first; i < pr.rhs.last; ++i)
        if (p.literalToken[i]) lits.push_back(&p.tokens[i]);
      bool bad = lits.size() == 2 && lits[0]->kind == TokKind::Number && lits[1]->kind == TokKind::Number &&
                 std::strtod(lits[0]->text.c_str(), nullptr) > std::strtod(lits[1]->text.c_str(), nullptr);
      for (const Token* l : lits)
        if (l->kind == TokKind::String &&
            !(l->text.size() >= 4 && std::isdigit(static_cast<unsigned char>(l->text[0]))))
          bad = true;
      if (bad) o.add(kMD, "Improper BETWEEN", M(TaBetween), {"pred", pr.begin, pr.end});
    }
  if (!p.error.empty())
    o.add(kMD, "Malformed operator structure", M(SyntaxError, {p.error}),
          {"pred", p.errorOffset, std::min(p.text.size(), p.errorOffset + 1)});
}

// The anti-joins of a block (indexes into its joinKinds): `A LEFT JOIN T ON ... WHERE T.c IS NULL`,
// c a column T is joined on, keeps the rows of A that T has no match for, which is what
// `NOT IN (SELECT ... FROM T)` or NOT EXISTS says without a join.
std::set<std::size_t> antiJoins(const SqlView& v, const SelectBlock& b) {
  std::set<std::size_t> out;
  std::set<std::string> joined;  // column keys equated by a join
  for (const auto& [l, r] : v.joinEqualities) joined.insert({l, r});
  for (std::size_t k = 0; k < b.joinKinds.size() && k + 1 < b.tables.size(); ++k) {
    if (b.joinKinds[k] != "left join") continue;
    const std::string& table = b.tables[k + 1].name;
    for (const Predicate& pr : b.predicates) {
      if (pr.clause != kWhere || pr.op != "is" || pr.afterOr || pr.rhs.last != pr.rhs.first + 1 ||
          !isWord(v.tokens[pr.rhs.first], "null") || pr.lhs.empty())
        continue;
      const int c = v.columnAtToken[pr.lhs.last - 1];
      if (c < 0) continue;
      const std::string& key = v.columns[static_cast<std::size_t>(c)].key;
      if (joined.count(key) && key.compare(0, table.size() + 1, table + ".") == 0) out.insert(k);
    }
  }
  return out;
}

// Subquery links of the negated form (NOT IN / NOT EXISTS) over all blocks.
std::size_t negatedLinks(const SqlView& v) {
  std::size_t n = 0;
  for (const SelectBlock& b : v.blocks)
    for (const Predicate& pr : b.predicates)
      n += (pr.op == "not in" && rangeHasSelect(v, pr.rhs)) || pr.op == "not exists";
  return n;
}

void goldRules(const SqlView& p, const SqlView& g, const db::Schema& schema, Out& o) {
  KeyMap keys;
  keys.addEqualities(p);
  keys.addEqualities(g);
  // Attribute Overanalysis.
  std::set<std::string> gcols, gtables;
  bool gStar = false;
  for (const ColumnRef& c : g.columns)
    if (!c.key.empty()) gcols.insert(keys.rep(c.key));
  for (const SelectBlock& b : g.blocks) {
    for (const TableRef& t : b.tables) gtables.insert(t.name);
    for (const Range& r : b.items)
      if (r.last - r.first == 1 && g.tokens[r.first].text == "*") gStar = true;
  }
  // Join keys (ON) are judged through the tables they join; COUNT(col) counts rows.
  auto inCount = [&](const ColumnRef& c) {
    std::size_t t = c.qualifier.empty() ? c.tok : c.tok - 2;
    return t >= 2 && p.tokens[t - 1].kind == TokKind::LParen && isWord(p.tokens[t - 2], "count") &&
           c.tok + 1 < p.tokens.size() && p.tokens[c.tok + 1].kind == TokKind::RParen;
  };
  for (const ColumnRef& c : p.columns)
    if (c.status == ColStatus::Resolved && c.clause != kFrom && !inCount(c) && !gStar &&
        !gcols.count(keys.rep(c.key)))
      o.add(kAO, "Extra columns", M(TaExtraColumn, {c.key}), {"pred", c.begin, c.end});
  std::vector<FindingSpan> extraTables;
  for (const SelectBlock& b : p.blocks)
    for (const TableRef& t : b.tables)
      if (t.info && !gtables.count(t.name)) {
        o.add(kAO, "Extra tables", M(TaExtraTable, {t.name}), {"pred", t.begin, t.end});
        extraTables.push_back({"pred", t.begin, t.end});
      }
  // Value Misrepresentation.
  std::multiset<std::string> glits;
  for (std::size_t i = 0; i < g.tokens.size(); ++i)
    if (g.literalToken[i]) glits.insert(literalText(g.tokens[i]));
  for (std::size_t i = 0; i < p.tokens.size(); ++i) {
    int cl = p.clauseAtToken[i];
    if (!p.literalToken[i] || (cl != kWhere && cl != kHaving && cl != kFrom)) continue;
    if (!glits.count(literalText(p.tokens[i])))
      o.add(kVM, "Mismatched literal values", M(TaLiteral, {literalText(p.tokens[i])}),
            {"pred", p.tokens[i].begin, p.tokens[i].end});
  }
  int pc = countWord(p, "cast"), gc = countWord(g, "cast");
  for (const Token& t : (pc > gc ? p : g).tokens) {
    if (pc == gc || !isWord(t, "cast")) continue;
    if (pc > gc)
      o.add(kVM, "Unnecessary casts", M(TaUnnecessaryCast), {"pred", t.begin, t.end});
    else
      o.add(kVM, "Missing casts", M(TaMissingCast), {"gold", t.begin, t.end});
  }
  // Clause Abuse.
  const SelectBlock& pm = p.blocks[static_cast<std::size_t>(p.topLevel.empty() ? 0 : p.topLevel[0])];
  const SelectBlock& gm = g.blocks[static_cast<std::size_t>(g.topLevel.empty() ? 0 : g.topLevel[0])];
  for (int cl : {kGroupBy, kHaving, kOrderBy, kLimit, kOffset}) {
    auto c = static_cast<std::size_t>(cl);
    bool has = pm.keywordEnd[c] > 0, ghas = gm.keywordEnd[c] > 0;
    if (has && !ghas)
      o.add(kCA, "Extra clauses", M(TaClauseAbsent, {clauseName(cl)}),
            {"pred", pm.keywordBegin[c], pm.keywordEnd[c]});
  }
  for (const char* op : {"or", "and"}) {
    // ANDs that only chain join conditions written in WHERE are not logic.
    auto count = [&](const SqlView& v) {
      int n = 0;
      for (const SelectBlock& b : v.blocks) {
        for (const auto& c : b.connectives) n += c.first == op;
        if (std::string(op) == "and")
          for (const Predicate& pr : b.predicates)
            if (pr.clause == kWhere && pr.op == "=" && !pr.lhs.empty() && !pr.rhs.empty() &&
                v.columnAtToken[pr.lhs.first] >= 0 && v.columnAtToken[pr.rhs.first] >= 0 &&
                !rangeHasSelect(v, pr.rhs))
              --n;
      }
      return std::max(n, 0);
    };
    if (count(p) <= count(g)) continue;
    for (const SelectBlock& b : p.blocks)
      for (const auto& c : b.connectives)
        if (c.first == op)
          o.add(kCA, "Unnecessary logical operators", M(TaMoreConnectives, {op}),
                {"pred", c.second.first, c.second.second});
  }
  std::set<std::string> gkinds;
  for (const SelectBlock& b : g.blocks)
    for (const std::string& k : b.joinKinds) gkinds.insert(k == "," ? "join" : k);
  // An anti-join where the gold excludes through NOT IN / NOT EXISTS is the same exclusion written
  // as a join: no extra join, no JOIN variant.
  std::size_t antiLeft = negatedLinks(g), antiUsed = 0;
  for (const SelectBlock& b : p.blocks) {
    const std::set<std::size_t> anti = antiJoins(p, b);
    for (std::size_t k = 0; k < b.joinKinds.size(); ++k) {
      if (antiLeft > 0 && anti.count(k)) {
        --antiLeft;
        ++antiUsed;
        continue;
      }
      std::string kind = b.joinKinds[k] == "," ? "join" : b.joinKinds[k];
      if (kind != "join" && !gkinds.count(kind))  // a plain extra JOIN is Join Redundancy
        o.add(kCA, "JOIN variants, CTEs, set operations", M(TaQuotedAbsent, {b.joinKinds[k]}),
              {"pred", b.joinSpans[k].first, b.joinSpans[k].second});
    }
  }
  if (p.hasCte && !g.hasCte)
    o.add(kCA, "JOIN variants, CTEs, set operations", M(TaCteAbsent),
          {"pred", p.tokens[0].begin, p.tokens[0].end});
  std::set<std::string> gops;
  for (const auto& s : g.setOps) gops.insert(s.first);
  for (const auto& s : p.setOps)
    if (!gops.count(s.first))
      o.add(kCA, "JOIN variants, CTEs, set operations", M(TaQuotedAbsent, {s.first}),
            {"pred", s.second.first, s.second.second});
  // Join Redundancy.
  auto joins = [](const SqlView& v) {
    std::size_t n = 0;
    for (const SelectBlock& b : v.blocks) n += b.joinKinds.size();
    return n;
  };
  std::size_t pj = joins(p) - antiUsed, gj = joins(g);
  if (pj > gj) {
    std::vector<FindingSpan> spans = extraTables;
    if (spans.empty()) {
      std::vector<FindingSpan> all;
      for (const SelectBlock& b : p.blocks)
        for (auto s : b.joinSpans) all.push_back({"pred", s.first, s.second});
      spans.assign(all.end() - static_cast<std::ptrdiff_t>(std::min(all.size(), pj - gj)), all.end());
    }
    for (const FindingSpan& s : spans)
      o.add(kJR, "More joins than ground truth", M(TaMoreJoins, {std::to_string(pj), std::to_string(gj)}), s);
  }
  (void)schema;
}

}  // namespace

std::vector<Finding> tasqlFindings(const SqlView& pred, const SqlView* gold, const db::Schema& schema) {
  std::vector<Finding> out;
  Out o{out};
  schemaRules(pred, o);
  mathRules(pred, schema, o);
  if (gold && gold->ok() && !pred.blocks.empty()) goldRules(pred, *gold, schema, o);
  return out;
}

}  // namespace hs::annotate
