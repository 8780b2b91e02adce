// Values the data backs: a C4 difference whose predicted literal occurs in the compared column
// while the gold's literal does not is no value-specification error of the prediction.
#include "engine/annotate/causes.h"

namespace hs::annotate {

namespace {

struct ComparedValue {
  std::string table, column, value;
  bool numeric = false;
};

// The literal at exactly [b, e) of `v` and the resolved column it is compared with; nullopt when
// the span is not one literal compared with one column.
std::optional<ComparedValue> comparedValue(const SqlView& v, std::size_t b, std::size_t e) {
  for (const SelectBlock& blk : v.blocks)
    for (const Predicate& p : blk.predicates) {
      if (p.lhs.empty() || p.rhs.empty() || v.beginOf(p.rhs) != b || v.endOf(p.rhs) != e) continue;
      if (p.rhs.last != p.rhs.first + 1 || !v.literalToken[p.rhs.first]) return std::nullopt;
      const int col = v.columnAtToken[p.lhs.first];
      if (col < 0 || v.columnAtToken[p.lhs.last - 1] != col) return std::nullopt;
      const ColumnRef& cr = v.columns[static_cast<std::size_t>(col)];
      const std::size_t dot = cr.key.find('.');
      if (cr.status != ColStatus::Resolved || dot == std::string::npos) return std::nullopt;
      const Token& t = v.tokens[p.rhs.first];
      return ComparedValue{cr.key.substr(0, dot), cr.key.substr(dot + 1), t.text, t.kind == TokKind::Number};
    }
  return std::nullopt;
}

}  // namespace

bool valueBackedByData(const Finding& f, const SqlView& pred, const SqlView& gold,
                       const ValueLookup& lookup) {
  if (!lookup || f.category != "C4" || f.subcategory != "literal value") return false;
  std::optional<ComparedValue> p, g;
  for (const FindingSpan& s : f.spans)
    (s.side == "pred" ? p : g) = comparedValue(s.side == "pred" ? pred : gold, s.begin, s.end);
  if (!p || !g) return false;
  return lookup(p->table, p->column, p->value, p->numeric) == ValueCheck::Exists &&
         lookup(g->table, g->column, g->value, g->numeric) != ValueCheck::Exists;
}

}  // namespace hs::annotate
