// The catalogue of finding message templates and subcategories.
#include "engine/core/finding_messages.h"

#include <algorithm>
#include <cstddef>

namespace hs {

namespace {

// A template split into literal pieces and placeholders: lit[0] {ph[0]} lit[1] {ph[1]} ... lit[n].
struct Compiled {
  const FindingMessageTemplate* tmpl = nullptr;
  std::vector<std::string_view> lit;
  std::vector<int> ph;  // 0-based argument index
  std::size_t literalSize = 0;
  int args = 0;
};

bool placeholderAt(std::string_view t, std::size_t i, int* index) {
  if (i + 2 >= t.size() || t[i] != '{' || t[i + 1] < '1' || t[i + 1] > '9' || t[i + 2] != '}') return false;
  *index = t[i + 1] - '1';
  return true;
}

Compiled compile(const FindingMessageTemplate& t) {
  Compiled c;
  c.tmpl = &t;
  std::size_t from = 0;
  for (std::size_t i = 0; i < t.text.size(); ++i) {
    int k = 0;
    if (!placeholderAt(t.text, i, &k)) continue;
    c.lit.push_back(t.text.substr(from, i - from));
    c.ph.push_back(k);
    c.args = std::max(c.args, k + 1);
    i += 2;
    from = i + 1;
  }
  c.lit.push_back(t.text.substr(from));
  for (std::string_view l : c.lit) c.literalSize += l.size();
  return c;
}

const std::vector<Compiled>& compiled() {
  static const std::vector<Compiled> all = [] {
    std::vector<Compiled> out;
    for (const FindingMessageTemplate& t : findingMessageTemplates()) out.push_back(compile(t));
    return out;
  }();
  return all;
}

// Matches placeholders k.. of `c` against message[pos..]; lit[k] is already matched up to pos.
bool matchFrom(const Compiled& c, std::string_view m, std::size_t pos, std::size_t k,
               std::vector<std::optional<std::string_view>>& args) {
  if (k == c.ph.size()) return pos == m.size();
  const std::string_view next = c.lit[k + 1];
  std::optional<std::string_view>& arg = args[static_cast<std::size_t>(c.ph[k])];
  if (arg) {  // a placeholder used twice holds the same text both times
    if (m.substr(pos, arg->size()) != *arg || m.substr(pos + arg->size(), next.size()) != next) return false;
    return matchFrom(c, m, pos + arg->size() + next.size(), k + 1, args);
  }
  const bool last = k + 1 == c.ph.size();
  if (last) {  // the last placeholder takes what the final literal leaves
    if (m.size() < pos + next.size() || m.substr(m.size() - next.size()) != next) return false;
    arg = m.substr(pos, m.size() - next.size() - pos);
    return true;
  }
  for (std::size_t at = m.find(next, pos); at != std::string_view::npos; at = m.find(next, at + 1)) {
    arg = m.substr(pos, at - pos);
    if (matchFrom(c, m, at + next.size(), k + 1, args)) return true;
  }
  arg.reset();
  return false;
}

}  // namespace

const std::vector<FindingMessageTemplate>& findingMessageTemplates() {
  static const std::vector<FindingMessageTemplate> all = {
#define HS_MSG(id, text) {FindingMsg::id, #id, text},
#include "engine/core/finding_messages.inc"
#undef HS_MSG
  };
  return all;
}

const FindingMessageTemplate& findingMessageTemplate(FindingMsg id) {
  return findingMessageTemplates()[static_cast<std::size_t>(id)];
}

std::string formatMessage(FindingMsg id, std::initializer_list<std::string_view> args) {
  const std::string_view t = findingMessageTemplate(id).text;
  if (args.size() == 0) return std::string(t);  // most templates: a plain copy
  std::size_t size = t.size();
  for (std::string_view a : args) size += a.size();
  std::string out;
  out.reserve(size);
  std::size_t from = 0;
  for (std::size_t i = t.find('{'); i != std::string_view::npos; i = t.find('{', i + 1)) {
    int k = 0;
    if (!placeholderAt(t, i, &k) || static_cast<std::size_t>(k) >= args.size()) continue;
    out.append(t.data() + from, i - from);
    out.append(*(args.begin() + k));
    i += 2;
    from = i + 1;
  }
  out.append(t.data() + from, t.size() - from);
  return out;
}

std::string substituteMessage(std::string_view t, const std::vector<std::string>& args) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    int k = 0;
    if (t[i] != '{' || !placeholderAt(t, i, &k) || static_cast<std::size_t>(k) >= args.size()) continue;
    out.append(t.substr(from, i - from));
    out.append(args[static_cast<std::size_t>(k)]);
    i += 2;
    from = i + 1;
  }
  out.append(t.substr(from));
  return out;
}

std::optional<ParsedMessage> parseMessage(std::string_view m) {
  const Compiled* best = nullptr;
  std::vector<std::optional<std::string_view>> bestArgs;
  for (const Compiled& c : compiled()) {
    if (best && c.literalSize <= best->literalSize) continue;
    const std::string_view head = c.lit.front();
    if (m.size() < c.literalSize || m.substr(0, head.size()) != head) continue;
    if (c.ph.empty()) {
      if (m.size() == head.size()) best = &c, bestArgs.clear();
      continue;
    }
    if (m.substr(m.size() - c.lit.back().size()) != c.lit.back()) continue;
    std::vector<std::optional<std::string_view>> args(static_cast<std::size_t>(c.args));
    if (matchFrom(c, m, head.size(), 0, args)) best = &c, bestArgs = std::move(args);
  }
  if (!best) return std::nullopt;
  ParsedMessage p{best->tmpl->id, {}};
  for (const auto& a : bestArgs) p.args.emplace_back(a ? *a : std::string_view());
  return p;
}

const std::vector<std::string_view>& findingSubcategories() {
  static const std::vector<std::string_view> all = {
      // TA-SQL, seed 001 Appendix D.
      "Unknown tables", "Unknown columns", "Alias errors", "Missing table reference",
      "Wildcard or backtick misuse", "Integer division without casting", "Modulo as percentage",
      "Improper BETWEEN", "Malformed operator structure", "Extra columns", "Extra tables",
      "Mismatched literal values", "Unnecessary casts", "Missing casts", "Extra clauses",
      "Unnecessary logical operators", "JOIN variants, CTEs, set operations", "More joins than ground truth",
      // MRSQLGen C1..C10.
      "missing GROUP BY", "extra GROUP BY", "grouping keys", "MAX/MIN subquery over other rows",
      "MAX/MIN subquery instead of LIMIT", "LIMIT instead of MAX/MIN subquery", "missing LIMIT",
      "extra LIMIT", "LIMIT value", "aggregate in ORDER BY", "arithmetic operator in ORDER BY",
      "missing ORDER BY", "extra ORDER BY", "ordering key or direction", "set operator as IN",
      "negated set as join", "arithmetic type", "arithmetic operator", "DISTINCT inside aggregate",
      "nested aggregate", "missing aggregate", "extra aggregate", "aggregate function", "aggregated column",
      "wrong column", "extra column", "missing column", "extra DISTINCT", "missing DISTINCT", "table route",
      "extra table", "tables", "join condition", "set operator", "set operation", "set operator as OR",
      "bound strictness", "negated set", "comparison operator", "literal value", "aggregate in condition",
      "condition column", "comparison operator and value", "value or pattern", "extra condition",
      "missing condition", "logical connective", "logical operator", "negation", "duplicate rows",
      // The C1..C10 labels learned from people (engine/annotate/learned_types.h).
      "learned",
      // Metamorphic testing: the stage of the relation.
      "schema_linking", "logical_synthesis"};
  return all;
}

}  // namespace hs
