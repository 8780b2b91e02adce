#include "engine/mr/relation_check.h"

#include <algorithm>
#include <vector>

#include "engine/core/finding_messages.h"
#include "engine/eval/result_compare.h"

namespace hs::mr {
namespace {

std::string listItems(const std::set<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out.empty() ? "nothing" : out;
}

// "<what>: lost a, b; added c" through the three templates of one relation (lost, added, both).
std::string linkingDiff(const std::set<std::string>& expected, const std::set<std::string>& actual,
                        FindingMsg lostOnly, FindingMsg addedOnly, FindingMsg both) {
  std::set<std::string> missing, added;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                      std::inserter(missing, missing.begin()));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                      std::inserter(added, added.begin()));
  if (added.empty()) return formatMessage(lostOnly, {listItems(missing)});
  if (missing.empty()) return formatMessage(addedOnly, {listItems(added)});
  return formatMessage(both, {listItems(missing), listItems(added)});
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
  if (source.empty()) return make(Verdict::Inapplicable, formatMessage(FindingMsg::MrSourceLinkingEmpty));
  switch (relation) {
    case Relation::SameLinking:
      if (source == followUp) return make(Verdict::Satisfied, formatMessage(FindingMsg::MrSameLinking));
      return make(Verdict::Violated,
                  linkingDiff(source, followUp, FindingMsg::MrLinkingChangedLost,
                              FindingMsg::MrLinkingChangedAdded, FindingMsg::MrLinkingChangedLostAdded));
    case Relation::ChangedLinking:
      if (source != followUp)
        return make(Verdict::Satisfied, formatMessage(FindingMsg::MrLinkingChangedWithEntity));
      return make(Verdict::Violated, formatMessage(FindingMsg::MrLinkingUnchanged));
    case Relation::MappedLinking: {
      if (!mapping) return make(Verdict::Error, formatMessage(FindingMsg::MrNoSchemaMapping));
      const auto expected = mapping->mapLinking(source);
      if (followUp == expected)
        return make(Verdict::Satisfied, formatMessage(FindingMsg::MrLinkingFollowsMapping));
      if (followUp == source)
        return make(Verdict::Violated, formatMessage(FindingMsg::MrLinkingNamesOldSchema));
      return make(Verdict::Violated,
                  linkingDiff(expected, followUp, FindingMsg::MrLinkingDiffersLost,
                              FindingMsg::MrLinkingDiffersAdded, FindingMsg::MrLinkingDiffersLostAdded));
    }
    default:
      return make(Verdict::Error, formatMessage(FindingMsg::MrNotLinkingRelation));
  }
}

RelationCheck checkResults(Relation relation, const db::QueryResult& source,
                           const db::QueryResult& followUp) {
  if (source.truncated || followUp.truncated) {
    return make(Verdict::Inapplicable, formatMessage(FindingMsg::MrTruncated));
  }
  if (source.columns.size() != followUp.columns.size()) {
    return make(Verdict::Violated,
                formatMessage(FindingMsg::MrColumnCount, {std::to_string(followUp.columns.size()),
                                                          std::to_string(source.columns.size())}));
  }
  const auto s = distinctRows(source.rows);
  const auto f = distinctRows(followUp.rows);
  const std::size_t lost = countAbsent(s, f);    // source rows the follow-up lacks
  const std::size_t gained = countAbsent(f, s);  // follow-up rows the source lacks
  const std::string lostText = std::to_string(lost), gainedText = std::to_string(gained);
  auto counted = [&](FindingMsg id) { return formatMessage(id, {lostText, gainedText}); };
  switch (relation) {
    case Relation::Equal:
    case Relation::EqualAfterMapping:
      if (lost == 0 && gained == 0) return make(Verdict::Satisfied, formatMessage(FindingMsg::MrSameResult));
      return make(Verdict::Violated, counted(FindingMsg::MrResultsDiffer));
    case Relation::Superset:
      if (lost == 0) return make(Verdict::Satisfied, formatMessage(FindingMsg::MrWiderKeptAll));
      return make(Verdict::Violated, counted(FindingMsg::MrWiderLost));
    case Relation::Subset:
      if (gained == 0) return make(Verdict::Satisfied, formatMessage(FindingMsg::MrNarrowerAddedNone));
      return make(Verdict::Violated, counted(FindingMsg::MrNarrowerAdded));
    case Relation::Different:
      if (lost != 0 || gained != 0)
        return make(Verdict::Satisfied, formatMessage(FindingMsg::MrOppositeDiffers));
      if (degenerate(s)) return make(Verdict::Inapplicable, formatMessage(FindingMsg::MrDegenerateResult));
      return make(Verdict::Violated, formatMessage(FindingMsg::MrOppositeSame));
    default:
      return make(Verdict::Error, formatMessage(FindingMsg::MrNotResultRelation));
  }
}

}  // namespace hs::mr
