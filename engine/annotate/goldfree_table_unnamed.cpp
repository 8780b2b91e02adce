// Question cue `cue_table_unnamed`: the SQL joins a table that the question never refers to and
// that adds nothing to the answer but the join itself. Such a join is not neutral: an inner join
// drops the rows that have no partner in the extra table and repeats those that have several (a
// COUNT or SUM then counts the repeats); it is the "extra table" of C3 and TA-SQL's Join
// Redundancy, seen without a gold query.
//
// The rule:
// 1. Read is the first top-level SELECT block, when its FROM holds two or more tables and every one
//    is a named table (a derived table or a CTE stops the check: its rows are the SQL's own).
// 2. A column reference belongs to the FROM table its qualifier names (alias, or the name when the
//    table has no alias), or, unqualified, to the table the resolver bound it to. An unqualified
//    column that cannot be placed (no schema, an unknown name) stops the check: it may come from
//    any table. A `*` item stops it too (it returns every table's columns).
// 3. A join equality is an ON or WHERE condition `a = b` of the block with a plain column of two
//    different FROM tables on its sides. A table is used for its content when any of its columns
//    occurs in the block outside the join equalities (selected, filtered, grouped, ordered,
//    aggregated), or in a nested SELECT through the table's alias (a correlated subquery).
// 4. A table is a candidate when it is not used for its content and its join equalities link it
//    to exactly one other table of the block: a leaf of the join graph. A table linking two or
//    more others is a bridge on the path between them (a many-to-many table) and is never a
//    candidate; a table with no join equality is the cartesian_join check's.
// 5. The question refers to a table when it refers to one of the words of the table's name
//    (identifierWords; the word forms, abbreviations and compounds of cue_column_unnamed: "pets"
//    refers to Has_Pet, "singers" to singer_in_concert). The question names what it wants to be
//    counted, listed or filtered by; an existence filter it does not name ("singers" answered
//    with `singer JOIN concert ON ...`) is what the cue is for.
// 6. The cue fires when a candidate table is not referred to; one finding spans each such table's
//    name in the FROM clause. Confidence 0.5: a question may refer to a table by a synonym the rule
//    does not know, so the finding is a hint, and its weight is the fit's.
#include <set>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

std::vector<Finding> tableUnnamedFindings(const SqlView& v, std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty()) return out;
  const int bi = v.topLevel.front();
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(bi)];
  const std::size_t n = blk.tables.size();
  if (n < 2) return out;
  for (const TableRef& t : blk.tables)
    if (t.derivedSelect >= 0 || t.name.empty()) return out;
  for (const Range& r : blk.items)
    if (!r.empty() && isStarItem(v, r.first, r.last)) return out;

  // Rule 2: the FROM table of a column reference; -1 unknown.
  auto tableOf = [&](const ColumnRef& c) -> int {
    if (!c.qualifier.empty()) {
      for (std::size_t i = 0; i < n; ++i)
        if (blk.tables[i].alias == c.qualifier ||
            (blk.tables[i].alias.empty() && blk.tables[i].name == c.qualifier))
          return static_cast<int>(i);
      return -1;
    }
    if (c.status != ColStatus::Resolved || c.key.empty()) return -1;
    const std::string table = c.key.substr(0, c.key.find('.'));
    int found = -1;
    for (std::size_t i = 0; i < n; ++i)
      if (blk.tables[i].name == table) {
        if (found >= 0) return -1;  // the same table twice: which one is unknown
        found = static_cast<int>(i);
      }
    return found;
  };

  // Rule 3: join equalities, as (token range of the predicate, table a, table b).
  std::vector<bool> inJoin(v.tokens.size(), false);
  std::vector<std::set<int>> links(n);
  for (const Predicate& p : blk.predicates) {
    if (p.op != "=" || (p.clause != kFrom && p.clause != kWhere) || p.lhs.empty() || p.rhs.empty()) continue;
    auto a = plainColumnToken(v, p.lhs.first, p.lhs.last);
    auto b = plainColumnToken(v, p.rhs.first, p.rhs.last);
    if (!a || !b || v.columnAtToken[*a] < 0 || v.columnAtToken[*b] < 0) continue;
    const int ta = tableOf(v.columns[static_cast<std::size_t>(v.columnAtToken[*a])]);
    const int tb = tableOf(v.columns[static_cast<std::size_t>(v.columnAtToken[*b])]);
    if (ta < 0 || tb < 0 || ta == tb) continue;
    links[static_cast<std::size_t>(ta)].insert(tb);
    links[static_cast<std::size_t>(tb)].insert(ta);
    for (std::size_t t = p.lhs.first; t < p.lhs.last; ++t) inJoin[t] = true;
    for (std::size_t t = p.rhs.first; t < p.rhs.last; ++t) inJoin[t] = true;
  }

  std::vector<bool> content(n, false);
  for (const ColumnRef& c : v.columns) {
    if (c.tok >= v.tokens.size()) continue;
    const int owner = v.tokens[c.tok].owner;
    if (owner == bi) {
      const int t = tableOf(c);
      if (t < 0) return out;  // rule 2: it may belong to any table
      if (!inJoin[c.tok]) content[static_cast<std::size_t>(t)] = true;
    } else if (!c.qualifier.empty()) {
      for (std::size_t i = 0; i < n; ++i)
        if (!blk.tables[i].alias.empty() && blk.tables[i].alias == c.qualifier) content[i] = true;
    }
  }

  Finding f;
  std::string names;
  std::vector<std::string> words;  // read only when a candidate table is found
  for (std::size_t i = 0; i < n; ++i) {
    if (content[i] || links[i].size() != 1) continue;
    if (words.empty()) words = questionWordsNoPossessive(question);
    const TableRef& t = blk.tables[i];
    const std::string_view spelled = v.slice(t.begin, t.end);
    bool referred = false;
    for (const std::string& w : identifierWords(spelled)) referred = referred || questionRefersTo(words, w);
    if (identifierWords(spelled).empty() || referred) continue;
    names += (names.empty() ? "" : ", ") + std::string(spelled);
    f.spans.push_back({"pred", t.begin, t.end});
  }
  if (f.spans.empty()) return out;
  f.taxonomy = "goldfree";
  f.category = "cue_table_unnamed";
  f.message = formatMessage(FindingMsg::CueTableUnnamed, {names});
  f.confidence = 0.5;
  out.push_back(std::move(f));
  return out;
}

}  // namespace hs::annotate
