// Gold-free check `group_by_shared_name`: a SELECT block groups the rows of an entity table by its
// name column (`GROUP BY T1.name`) where the database holds two rows of that table with the same
// name, so the groups merge different entities ("the high schooler with the most friends" counts
// both Jordans' friends as one). Grouping by the table's key keeps them apart. Written from
// principles before any measurement:
//
// 1. Looked at: every SELECT block with a GROUP BY; each GROUP BY expression that is a plain column
//    reference resolved to a column of a schema table.
// 2. The column names the table's own entity: its last identifier word is a name word (name, title,
//    fname, lname, surname, fullname, ...: isNameLikeWord) and each word before it is a modifier of
//    a name (first, last, middle, full, given, family, nick, short, long, maiden) or the table's head
//    noun (the last word of the table's name: `CountryName` of countries; not `vet_name` of
//    vet_visits, which names a vet). It is not part of the table's primary key, and the table has a
//    one-column primary key (an entity with a key of its own).
// 3. Skipped when the same GROUP BY also groups by another column of that table (its key, or any
//    column that makes the groups finer again; the rule stays conservative).
// 4. One read-only probe query per candidate (at most 8 per query): `SELECT col, count(*) FROM table WHERE
// col IS NOT
//    NULL GROUP BY col HAVING count(*) > 1 LIMIT 1`. The check fires when it returns a row; the
//    finding names the column, a shared value and its count, and the key, and spans the GROUP BY
//    expression. Confidence 0.7. Nothing without a database (no probe).
#include <string>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/sql_quote.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

// Rule 2: the column names the table's own entity: its last word is a name word and each word
// before it is a modifier of a name (first, last, full, ...) or the table's head noun (the last word
// of its name): `name`, `first_name`, `CountryName` of countries; not `vet_name` of vet_visits, nor
// `Song_Name` of singer, which name another entity.
bool entityName(const db::TableInfo& table, const db::ColumnInfo& column) {
  static const lang::WordSet modifiers = {"first",  "last", "middle", "full", "given",
                                          "family", "nick", "short",  "long", "maiden"};
  const std::vector<std::string> words = identifierWords(column.name);
  const std::vector<std::string> tableWords = identifierWords(table.name);
  if (words.empty() || !isNameLikeWord(words.back())) return false;
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if (!modifiers.count(words[i]) && (tableWords.empty() || !sameNounWord(words[i], tableWords.back())))
      return false;
  return true;
}

}  // namespace

std::vector<Finding> groupNameFindings(const SqlView& v, const db::Schema& schema, const QueryRows& run) {
  std::vector<Finding> out;
  if (!run || !v.ok()) return out;
  // Hostile SQL may group by thousands of name columns: a few probes say enough.
  constexpr int kMaxProbes = 8;
  int probes = 0;
  for (const SelectBlock& b : v.blocks) {
    // The resolved column keys of this GROUP BY ("table.column", lower case).
    std::vector<std::string> keys;
    for (const Range& g : b.groupBy) {
      const auto tok = plainColumnToken(v, g.first, g.last);
      const int c = tok ? v.columnAtToken[*tok] : -1;
      keys.push_back(c >= 0 ? v.columns[static_cast<std::size_t>(c)].key : std::string());
    }
    for (std::size_t i = 0; i < b.groupBy.size(); ++i) {
      const std::string& key = keys[i];
      const auto dot = key.find('.');
      if (dot == std::string::npos) continue;
      const db::TableInfo* table = schema.findTable(key.substr(0, dot));
      const db::ColumnInfo* column = table ? table->findColumn(key.substr(dot + 1)) : nullptr;
      const db::ColumnInfo* pk = table ? soleKeyColumn(*table) : nullptr;
      if (!column || !pk || column == pk || column->primaryKey) continue;
      if (!entityName(*table, *column)) continue;
      // Rule 3: another grouped column of the same table.
      bool finer = false;
      for (std::size_t j = 0; j < keys.size(); ++j)
        finer = finer || (j != i && keys[j].rfind(key.substr(0, dot + 1), 0) == 0);
      if (finer) continue;
      if (++probes > kMaxProbes) return out;
      const auto rows =
          run("SELECT " + quoteIdentifier(column->name) + ", count(*) FROM " + quoteIdentifier(table->name) +
              " WHERE " + quoteIdentifier(column->name) + " IS NOT NULL GROUP BY " +
              quoteIdentifier(column->name) + " HAVING count(*) > 1 LIMIT 1");
      if (!rows || rows->empty() || (*rows)[0].size() < 2) continue;
      Finding f;
      f.taxonomy = "goldfree";
      f.category = "group_by_shared_name";
      f.message = formatMessage(
          FindingMsg::GfGroupBySharedName,
          {table->name + "." + column->name, (*rows)[0][0].display(), (*rows)[0][1].display(), pk->name});
      f.explanation = formatMessage(FindingMsg::ExGroupBySharedName);
      f.spans.push_back({"pred", v.beginOf(b.groupBy[i]), v.endOf(b.groupBy[i])});
      f.confidence = 0.7;
      out.push_back(std::move(f));
      return out;  // one finding: the first such GROUP BY
    }
  }
  return out;
}

}  // namespace hs::annotate
