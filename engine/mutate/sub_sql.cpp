#include "engine/mutate/sub_sql.h"

#include "engine/drilldown/decompose.h"

namespace hs::mutate {
namespace {

using namespace hs::sql;

// Sub-queries of `query` (not the query itself), in pre-order: nested statements and the operands
// of set operations.
std::vector<Span> subQueries(const SelectStmt& query) {
  std::vector<Span> out;
  walk(query, [&](const Node& x) {
    if (&x != &query && x.is<SelectStmt>()) out.push_back(x.span);
    if (const auto* c = x.as<CompoundSelect>()) {
      if (c->left) out.push_back(c->left->span);
      if (c->right && c->right->is<SelectCore>()) out.push_back(c->right->span);
    }
    return true;
  });
  return out;
}

void addSteps(std::string_view sql, Span unit, std::vector<Candidate>& out) {
  if (unit.end <= unit.begin || unit.end > sql.size()) return;
  const std::string_view text = sql.substr(unit.begin, unit.end - unit.begin);
  auto steps = drilldown::candidateSteps(text);
  if (!steps || steps->size() < 2) return;
  // The outer steps of the sub-query (depth 0 of its own decomposition); the last is all of it.
  std::vector<const drilldown::Candidate*> outer;
  for (const auto& s : *steps)
    if (s.depth == 0) outer.push_back(&s);
  for (std::size_t i = 0; i + 1 < outer.size(); ++i) {
    if (outer[i]->part == drilldown::StepPart::Original || outer[i]->sql == text) continue;
    Candidate c;
    c.rule = Rule::SubSql;
    c.span = unit;
    c.original = std::string(text);
    c.replacement = outer[i]->sql;
    c.clause = drilldown::toString(outer[i + 1]->part);
    c.detail = "drops";
    for (std::size_t k = i + 1; k < outer.size(); ++k)
      c.detail += std::string(k == i + 1 ? " " : ", ") + drilldown::toString(outer[k]->part);
    out.push_back(std::move(c));
  }
}

}  // namespace

std::vector<Candidate> subSqlCandidates(std::string_view sql, const SelectStmt& query) {
  std::vector<Candidate> out;
  for (Span unit : subQueries(query)) addSteps(sql, unit, out);
  return out;
}

}  // namespace hs::mutate
