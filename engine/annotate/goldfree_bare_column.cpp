// Gold-free check `bare_column`: a SELECT column of a grouped block that is neither grouped, nor
// aggregated, nor fixed by what is grouped. SQLite accepts such a "bare" column and returns its value
// from an arbitrary row of each group (other engines reject the query); the answer then depends on
// the storage order, not on the question. Written from principles before any measurement:
//
// 1. A block is grouped when it has a GROUP BY or an aggregate (COUNT, SUM, AVG, MIN, MAX) in its
//    SELECT, HAVING or ORDER BY clause.
// 2. SQLite's documented exception: with exactly one MIN or MAX aggregate in the block, bare columns
//    come from the row that holds the minimum or maximum (`SELECT name, MAX(age) ...` names the
//    oldest); such a block is not checked.
// 3. Fixed are: the plain columns of the GROUP BY; a column compared with one literal by `=` in
//    WHERE (`WHERE id = 5`); any column equated with a fixed one by a join (`T1.id = T2.a_id` with
//    T2.a_id grouped fixes T1.id); and every column of a table whose whole primary key is fixed
//    (grouping by `singer.singer_id` fixes `singer.name`).
// 4. A GROUP BY item that is not a plain column of a schema table (an expression, an output alias, a
//    position) stops the check of its block: what it fixes cannot be told.
// 5. The finding spans each SELECT item that is a plain, resolved column of a schema table and is not
//    fixed. Nested blocks are checked as well as the top level.
#include <optional>
#include <set>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

// The resolved schema column that tokens `r` are (`col` or `q.col`), or null.
const ColumnRef* plainColumn(const SqlView& v, const Range& r) {
  const auto tok = plainColumnToken(v, r.first, r.last);
  if (!tok) return nullptr;
  const int c = v.columnAtToken[*tok];
  if (c < 0) return nullptr;
  const ColumnRef& ref = v.columns[static_cast<std::size_t>(c)];
  return ref.status == ColStatus::Resolved && ref.key.find('.') != std::string::npos ? &ref : nullptr;
}

bool groupedBlock(const SelectBlock& b) {
  if (!b.groupBy.empty()) return true;
  for (const Aggregate& a : b.aggregates)
    if (a.clause == kSelect || a.clause == kHaving || a.clause == kOrderBy) return true;
  return false;
}

bool singleMinMax(const SelectBlock& b) {
  int n = 0;
  for (const Aggregate& a : b.aggregates) n += a.func == "min" || a.func == "max" ? 1 : 0;
  return n == 1;
}

// The fixed column keys of block b (rule 3), or nullopt when a GROUP BY item stops the check.
std::optional<std::set<std::string>> groupFixedColumns(const SqlView& v, const SelectBlock& b) {
  std::set<std::string> fixed;
  for (const Range& g : b.groupBy) {
    const ColumnRef* c = plainColumn(v, g);
    if (c == nullptr) return std::nullopt;
    fixed.insert(c->key);
  }
  for (const Predicate& p : b.predicates) {
    if (p.clause != kWhere || p.op != "=" || p.afterOr || p.rhs.last != p.rhs.first + 1) continue;
    const ColumnRef* c = plainColumn(v, p.lhs);
    if (c != nullptr && v.literalToken[p.rhs.first]) fixed.insert(c->key);
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [a, c] : v.joinEqualities) {
      if (fixed.count(a) && !fixed.count(c)) grew = fixed.insert(c).second || grew;
      if (fixed.count(c) && !fixed.count(a)) grew = fixed.insert(a).second || grew;
    }
  }
  return fixed;
}

// Every primary-key column of the schema table `t` is fixed (false without a key).
bool primaryKeyFixed(const TableRef& t, const std::set<std::string>& fixed) {
  if (t.info == nullptr) return false;
  bool any = false;
  for (const db::ColumnInfo& c : t.info->columns) {
    if (!c.primaryKey) continue;
    any = true;
    if (!fixed.count(t.name + "." + hs::asciiLower(c.name))) return false;
  }
  return any;
}

}  // namespace

std::vector<Finding> bareColumnFindings(const SqlView& v) {
  std::vector<Finding> out;
  for (const SelectBlock& b : v.blocks) {
    if (!groupedBlock(b) || singleMinMax(b)) continue;
    const auto fixed = groupFixedColumns(v, b);
    if (!fixed) continue;
    for (const Range& item : b.items) {
      const ColumnRef* c = plainColumn(v, item);
      if (c == nullptr || fixed->count(c->key)) continue;
      const std::string table = c->key.substr(0, c->key.find('.'));
      bool determined = false;
      for (const TableRef& t : b.tables)
        if (t.name == table) determined = determined || primaryKeyFixed(t, *fixed);
      if (determined) continue;
      Finding f;
      f.taxonomy = "goldfree";
      f.category = "bare_column";
      f.message = formatMessage(FindingMsg::GfBareColumn, {v.slice(c->begin, c->end)});
      f.explanation = formatMessage(FindingMsg::ExBareColumn);
      f.spans.push_back({"pred", c->begin, c->end});
      f.confidence = 0.6;
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace hs::annotate
