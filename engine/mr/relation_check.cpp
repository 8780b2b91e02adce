#include "engine/mr/relation_check.h"

#include <algorithm>
#include <vector>

#include "engine/eval/result_compare.h"

namespace hs::mr {
namespace {

std::string listItems(const std::set<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out.empty() ? "nothing" : out;
}

std::string linkingDiff(const std::set<std::string>& expected, const std::set<std::string>& actual) {
  std::set<std::string> missing, added;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                      std::inserter(missing, missing.begin()));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                      std::inserter(added, added.begin()));
  std::string out;
  if (!missing.empty()) out += "lost " + listItems(missing);
  if (!added.empty()) out += std::string(out.empty() ? "" : "; ") + "added " + listItems(added);
  return out;
}

// Sorted distinct rows, ordered (and deduplicated) by the evaluator's Python-like comparison.
std::vector<db::Row> distinctRows(const std::vector<db::Row>& rows) {
  std::vector<db::Row> out = rows;
  auto less = [](const db::Row& a, const db::Row& b) { return eval::compareRows(a, b) < 0; };
  std::sort(out.begin(), out.end(), less);
  out.erase(std::unique(out.begin(), out.end(),
                        [](const db::Row& a, const db::Row& b) { return eval::compareRows(a, b) == 0; }),
            out.end());
  return out;
}

// How many distinct rows of `a` are absent from `b`.
std::size_t countAbsent(const std::vector<db::Row>& a, const std::vector<db::Row>& b) {
  std::size_t absent = 0;
  for (const auto& row : a) {
    bool found = std::binary_search(b.begin(), b.end(), row, [](const db::Row& x, const db::Row& y) {
      return eval::compareRows(x, y) < 0;
    });
    if (!found) ++absent;
  }
  return absent;
}

bool degenerate(const std::vector<db::Row>& rows) {
  for (const auto& row : rows) {
    for (const auto& v : row) {
      if (!v.isNull()) return false;
    }
  }
  return true;  // empty, or nothing but NULLs
}

RelationCheck make(Verdict v, std::string reason) {
  return RelationCheck{v, std::move(reason)};
}

}  // namespace

std::string_view toString(Verdict verdict) {
  switch (verdict) {
    case Verdict::Satisfied:
      return "satisfied";
    case Verdict::Violated:
      return "violated";
    case Verdict::Inapplicable:
      return "inapplicable";
    case Verdict::Error:
      return "error";
  }
  return "error";
}

RelationCheck checkLinking(Relation relation, const std::set<std::string>& sourceRaw,
                           const std::set<std::string>& followUpRaw, const SchemaMapping* mapping) {
  const auto source = normaliseLinking(sourceRaw);
  const auto followUp = normaliseLinking(followUpRaw);
  if (source.empty()) return make(Verdict::Inapplicable, "the source schema linking is empty");
  switch (relation) {
    case Relation::SameLinking:
      if (source == followUp) return make(Verdict::Satisfied, "same schema linking");
      return make(Verdict::Violated, "schema linking changed: " + linkingDiff(source, followUp));
    case Relation::ChangedLinking:
      if (source != followUp) return make(Verdict::Satisfied, "schema linking changed with the entity");
      return make(Verdict::Violated,
                  "schema linking unchanged although the entity was replaced by a non-synonym");
    case Relation::MappedLinking: {
      if (!mapping) return make(Verdict::Error, "no schema mapping for the replaced database");
      const auto expected = mapping->mapLinking(source);
      if (followUp == expected) return make(Verdict::Satisfied, "linking follows the schema replacement");
      if (followUp == source)
        return make(Verdict::Violated, "linking names the old schema, not the replaced one");
      return make(Verdict::Violated,
                  "linking differs from the mapped source linking: " + linkingDiff(expected, followUp));
    }
    default:
      return make(Verdict::Error, "not a schema-linking relation");
  }
}

RelationCheck checkResults(Relation relation, const db::QueryResult& source,
                           const db::QueryResult& followUp) {
  if (source.truncated || followUp.truncated) {
    return make(Verdict::Inapplicable, "a result was truncated at the row cap; the relation was not checked");
  }
  if (source.columns.size() != followUp.columns.size()) {
    return make(Verdict::Violated, "the follow-up returns " + std::to_string(followUp.columns.size()) +
                                       " columns, the source " + std::to_string(source.columns.size()));
  }
  const auto s = distinctRows(source.rows);
  const auto f = distinctRows(followUp.rows);
  const std::size_t lost = countAbsent(s, f);    // source rows the follow-up lacks
  const std::size_t gained = countAbsent(f, s);  // follow-up rows the source lacks
  const std::string counts =
      "follow-up lacks " + std::to_string(lost) + " and adds " + std::to_string(gained) + " distinct rows";
  switch (relation) {
    case Relation::Equal:
    case Relation::EqualAfterMapping:
      if (lost == 0 && gained == 0) return make(Verdict::Satisfied, "same result");
      return make(Verdict::Violated, "results differ: " + counts);
    case Relation::Superset:
      if (lost == 0) return make(Verdict::Satisfied, "the wider condition kept every source row");
      return make(Verdict::Violated, "the wider condition lost rows: " + counts);
    case Relation::Subset:
      if (gained == 0) return make(Verdict::Satisfied, "the narrower condition added no row");
      return make(Verdict::Violated, "the narrower condition added rows: " + counts);
    case Relation::Different:
      if (lost != 0 || gained != 0)
        return make(Verdict::Satisfied, "the opposite extremum gives another result");
      if (degenerate(s))
        return make(Verdict::Inapplicable, "degenerate result (empty or NULL): cannot differ");
      return make(Verdict::Violated, "the opposite extremum gives the same result");
    default:
      return make(Verdict::Error, "not a result relation");
  }
}

}  // namespace hs::mr
