// Gold-free check `limit_tie`: `ORDER BY ... LIMIT k` cuts between two rows of the same sort key,
// so which of them the answer holds is SQLite's arbitrary tie break, not the question's ("the
// oldest singer" when two are equally old). Written from principles before any measurement:
//
// 1. Checked is the first top-level SELECT of a query without a top-level set operation, when it
//    has an ORDER BY and a LIMIT that is one integer k (1 <= k <= 1000) with no OFFSET, and no
//    DISTINCT (extra output columns would change what DISTINCT removes).
// 2. The query runs again, read-only, with each ORDER BY expression appended to its SELECT list (a
//    position, `ORDER BY 2`, or an output alias, `ORDER BY cnt`, stands for that SELECT item's
//    expression) and LIMIT k + 1.
// 3. The check fires when k + 1 rows come back and rows k and k + 1 have the same values of every
//    ORDER BY expression. The finding spans the LIMIT.
// 4. `limit_null_key`, from the same probe: a row the LIMIT keeps has NULL as its first ORDER BY
//    key. SQLite sorts NULL before every value (first ascending, last descending), so "the lowest"
//    by ORDER BY ... LIMIT is a row that has no value at all, where MIN() would skip it.
#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

std::optional<long long> integerToken(const Token& t) {
  if (t.kind != TokKind::Number) return std::nullopt;
  long long n = 0;
  const char* end = t.text.data() + t.text.size();
  auto [p, ec] = std::from_chars(t.text.data(), end, n);
  if (ec != std::errc() || p != end) return std::nullopt;
  return n;
}

// The SELECT item whose output alias token `t` names (SQLite reads an ORDER BY name as an alias
// first), or items.size(). The alias cannot be appended to the SELECT list: its expression is.
std::size_t aliasItem(const SqlView& v, const SelectBlock& b, std::size_t t) {
  std::string name = hs::asciiLower(v.slice(v.tokens[t].begin, v.tokens[t].end));
  if (name.size() >= 2 && std::string_view("\"`[").find(name.front()) != std::string_view::npos)
    name = name.substr(1, name.size() - 2);
  for (std::size_t i = 0; i < b.itemAliases.size() && i < b.items.size(); ++i)
    if (!name.empty() && b.itemAliases[i] == name) return i;
  return b.items.size();
}

// The SELECT list, the ORDER BY keys appended to it, and LIMIT k + 1; "" when a key cannot be
// written out.
std::string probeSql(const SqlView& v, const SelectBlock& b, const Range& limit, long long k) {
  std::string keys;
  for (const OrderItem& o : b.orderBy) {
    Range r = o.expr;
    if (r.empty()) return "";
    if (r.last == r.first + 1) {
      if (auto pos = integerToken(v.tokens[r.first])) {
        if (*pos < 1 || static_cast<std::size_t>(*pos) > b.items.size()) return "";
        r = b.items[static_cast<std::size_t>(*pos - 1)];
        if (r.empty() || isStarItem(v, r.first, r.last)) return "";
      } else if (const std::size_t i = aliasItem(v, b, r.first); i < b.items.size()) {
        r = b.items[i];
      }
    }
    keys += ", " + std::string(v.slice(v.beginOf(r), v.endOf(r)));
  }
  const std::size_t itemsEnd = v.endOf(b.items.back());
  const std::size_t limitBegin = v.beginOf(limit), limitEnd = v.endOf(limit);
  if (itemsEnd == 0 || limitBegin < itemsEnd) return "";
  return v.text.substr(0, itemsEnd) + keys + v.text.substr(itemsEnd, limitBegin - itemsEnd) +
         std::to_string(k + 1) + v.text.substr(limitEnd);
}

}  // namespace

std::vector<Finding> limitTieFindings(const SqlView& v, const QueryRows& run) {
  std::vector<Finding> out;
  if (!run || !v.ok() || v.topLevel.size() != 1 || !v.setOps.empty()) return out;
  const SelectBlock& b = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  if (b.orderBy.empty() || b.items.empty() || b.distinct || !b.clauses[kOffset].empty()) return out;
  Range limit = b.limit;
  while (limit.last > limit.first && v.tokens[limit.last - 1].kind == TokKind::Semi) --limit.last;
  if (limit.last != limit.first + 1) return out;
  const auto k = integerToken(v.tokens[limit.first]);
  if (!k || *k < 1 || *k > 1000) return out;
  const std::string sql = probeSql(v, b, limit, *k);
  if (sql.empty()) return out;
  const auto rows = run(sql);
  if (!rows || rows->empty()) return out;
  const std::size_t keys = b.orderBy.size();
  const std::size_t kept = std::min(rows->size(), static_cast<std::size_t>(*k));
  const FindingSpan span{"pred", v.beginOf(limit), v.endOf(limit)};
  // Rule 4: a kept row whose first sort key is NULL.
  for (std::size_t r = 0; r < kept; ++r) {
    const db::Row& row = (*rows)[r];
    if (row.size() < keys || !row[row.size() - keys].isNull()) continue;
    Finding f;
    f.taxonomy = "goldfree";
    f.category = "limit_null_key";
    f.message = formatMessage(FindingMsg::GfLimitNullKey, {std::to_string(r + 1)});
    f.explanation = formatMessage(FindingMsg::ExLimitNullKey);
    f.spans.push_back(span);
    f.confidence = 0.6;
    out.push_back(std::move(f));
    break;
  }
  if (rows->size() != static_cast<std::size_t>(*k) + 1) return out;
  const db::Row& last = (*rows)[static_cast<std::size_t>(*k) - 1];
  const db::Row& next = (*rows)[static_cast<std::size_t>(*k)];
  if (last.size() != next.size() || last.size() < keys) return out;
  for (std::size_t i = last.size() - keys; i < last.size(); ++i)
    if (last[i] != next[i]) return out;
  Finding f;
  f.taxonomy = "goldfree";
  f.category = "limit_tie";
  f.message = formatMessage(FindingMsg::GfLimitTie, {std::to_string(*k), std::to_string(*k + 1)});
  f.explanation = formatMessage(FindingMsg::ExLimitTie);
  f.spans.push_back(span);
  f.confidence = 0.6;
  out.push_back(std::move(f));
  return out;
}

}  // namespace hs::annotate
