// Question cue `cue_column_unread`: the question names a column of a table the SQL reads, and the
// SQL never uses that column ("the official languages" answered from countrylanguage without
// IsOfficial; "cars with more acceleration than the car with the largest horsepower" answered
// without Horsepower). The column-level sibling of `cue_table_missing`: there the question names a
// table the SQL never reads, here the SQL reads the table and leaves out the column the question
// names, so a condition, an output or a sort key the question asks for is missing (C5 or C6 and
// TA-SQL's Attribute/Condition errors), seen without a gold query.
//
// The rule (tests/fit/HISTORY.md, "Column the question names is not read"):
// 1. Needed: a schema, SQL that parses, a question (an empty question, or one not read as Latin
//    words, questionReadsLatin, gets no cue: goldfree.cpp gates every cue).
// 2. The tables the SQL reads: every schema table a FROM/JOIN of any SELECT block names (main
//    block, set operands, subqueries, CTE bodies, derived tables), as cue_table_missing reads them.
// 3. Candidate columns: the columns of those tables that are not keys. A key is a primary-key
//    column, a column of any declared foreign key (either end), or a column named after another
//    table of the schema (namedAfterTable: `concert.singer_id`), or one whose last word is an
//    id-like word: a key stands for a row, and the question names the row's entity, not the key.
// 4. The words of a candidate are its identifierWords with these dropped: generic words
//    (isGenericIdentifierWord: name, title, id, code, type, number, details, status, ...), the
//    words of the names of the tables the SQL reads (the question naming "singer" names the table,
//    not `singer_age`'s "singer"), and words that ask for an operation rather than name data
//    (average, avg, total, sum, count, max, maximum, min, minimum, highest, lowest, largest,
//    smallest, most, least) or for a measure the SQL may compute (amount, percent, percentage,
//    rate, ratio, proportion). A candidate left with no word is dropped.
// 5. The question names a candidate when every one of its words is named by a question word as a
//    noun (namesWord: the word or its plural, never a substring, never a verb form), the possessive
//    "'s" dropped, a sentence's first word not counted (nor the word after a first "please"), as
//    cue_table_missing reads the question. A word of a run of two or more words written in
//    capitals ("State Special School", "Elementary School District") is part of a name, a value,
//    and names no column.
// 6. The SQL uses a column when any identifier token of the SQL spells its name (ASCII
//    case-insensitive, quoted or not, qualified or not): a reference under another table's alias
//    still counts as use, the cue only says that the name is absent.
// 7. Conservative skip: every word of the candidate is also a word of a column the SQL uses
//    (sameNounWord): the SQL may answer with a column of a shared name (`release_year` for
//    `song_release_year`).
// 8. The cue fires when some candidate is named and not used. One finding names each such column
//    (table.column) and spans the SQL's first reference to the table of the first one. Confidence 0.5:
//    the question may name a column only to describe what it asks for, so the finding is a hint
//    and its weight is the fit's.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

bool isKeyColumn(const db::Schema& schema, const db::TableInfo& table, const db::ColumnInfo& c) {
  if (c.primaryKey) return true;
  const std::string lower = hs::asciiLower(c.name);
  for (const db::TableInfo& t : schema.tables) {
    for (const db::ForeignKey& k : t.foreignKeys) {
      const bool here = &t == &table;
      for (const std::string& f : k.fromColumns)
        if (here && hs::asciiLower(f) == lower) return true;
      if (schema.findTable(k.toTable) == &table)
        for (const std::string& to : k.toColumns)
          if (hs::asciiLower(to) == lower) return true;
    }
    if (&t != &table && namedAfterTable(t, lower)) return true;
  }
  const std::vector<std::string>& words = identifierWords(c.name);
  static const lang::WordSet idLike = {"id", "ids", "key", "no", "num", "code", "uid", "pk", "fk"};
  return !words.empty() && idLike.count(words.back()) > 0;
}

bool asksOperation(const std::string& w) {
  static const lang::WordSet words = {"average",  "avg",   "total",     "sum",     "count",   "max",
                                      "maximum",  "min",   "minimum",   "highest", "lowest",  "largest",
                                      "smallest", "most",  "least",     "amount",  "percent", "percentage",
                                      "rate",     "ratio", "proportion"};
  return words.count(w) > 0;
}

}  // namespace

std::vector<Finding> columnUnreadFindings(const SqlView& v, const db::Schema& schema,
                                          std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty()) return out;
  // Rule 2: the schema tables read anywhere in the SQL, and the words of their names.
  std::vector<const db::TableInfo*> read;
  for (const SelectBlock& b : v.blocks)
    for (const TableRef& t : b.tables)
      if (t.derivedSelect < 0 && !t.name.empty())
        if (const db::TableInfo* info = schema.findTable(t.name))
          if (std::find(read.begin(), read.end(), info) == read.end()) read.push_back(info);
  if (read.empty()) return out;
  std::vector<std::string> tableWords;
  for (const db::TableInfo* t : read)
    for (const std::string& w : identifierWords(t->name)) tableWords.push_back(w);
  // Rule 6: the identifiers the SQL spells, and (rule 7) the words of those that are columns of the
  // read tables.
  // Views of the SQL text compared ignoring letter case: nothing is copied or lower-cased, and
  // most pairs differ in length, which is tested before the call.
  std::vector<std::string_view> spelled;
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    const TokKind k = v.tokens[i].kind;
    if (k == TokKind::Word || k == TokKind::QuotedId || k == TokKind::Backtick || k == TokKind::Bracket)
      spelled.push_back(identifierSpelling(v, i));
  }
  auto isSpelled = [&](std::string_view name) {
    return std::any_of(spelled.begin(), spelled.end(),
                       [&](std::string_view s) { return s.size() == name.size() && hs::iequals(s, name); });
  };
  // Whether the SQL spells each column of the read tables, in the order the loops below visit them.
  std::vector<char> columnSpelled;
  std::size_t columns = 0;
  for (const db::TableInfo* t : read) columns += t->columns.size();
  columnSpelled.reserve(columns);
  std::vector<std::string> usedWords;
  for (const db::TableInfo* t : read)
    for (const db::ColumnInfo& c : t->columns) {
      columnSpelled.push_back(isSpelled(c.name));
      if (columnSpelled.back())
        for (const std::string& w : identifierWords(c.name)) usedWords.push_back(w);
    }
  // Rule 5: the question's words, a sentence's first word and the words of capitalised runs left out.
  std::vector<std::string> words;
  for (std::string_view sentence : questionSentences(question)) {
    const std::vector<std::string>& ws = questionWordsNoPossessive(sentence);
    const std::vector<std::string>& as = questionWordsAsWritten(sentence);  // same split, case kept
    auto capital = [&](std::size_t i) {
      return i < as.size() && !as[i].empty() && std::isupper(static_cast<unsigned char>(as[i][0]));
    };
    const std::size_t first = !ws.empty() && ws[0] == "please" ? 2 : 1;
    for (std::size_t i = first; i < ws.size(); ++i)
      if (!(capital(i) && (capital(i + 1) || (i > 0 && capital(i - 1))))) words.push_back(ws[i]);
  }
  std::string names;
  const db::TableInfo* first = nullptr;  // the table of the first column named
  std::size_t columnIndex = 0;
  for (const db::TableInfo* t : read) {
    for (const db::ColumnInfo& c : t->columns) {
      if (columnSpelled[columnIndex++]) continue;
      // Rules 4 and 5 in one pass over the column's words, read in place: a word left out (generic,
      // asking for an operation, a word of a read table's name) is skipped, and the first own
      // word the question does not name settles it.
      bool own = false, named = true, shared = true;
      for (const std::string& o : identifierWords(c.name)) {
        if (isGenericIdentifierWord(o) || asksOperation(o) ||
            std::any_of(tableWords.begin(), tableWords.end(),
                        [&](const std::string& tw) { return sameNounWord(o, tw); }))
          continue;
        own = true;
        bool hit = false, use = false;
        for (std::size_t i = 0; i < words.size() && !hit; ++i) hit = namesWord(words[i], o);
        if (!hit) {
          named = false;
          break;
        }
        for (std::size_t i = 0; i < usedWords.size() && !use; ++i) use = sameNounWord(o, usedWords[i]);
        shared = shared && use;
      }
      // The key test last: it reads every table's keys, and few columns get this far.
      if (!own || !named || shared || isKeyColumn(schema, *t, c)) continue;
      if (names.empty()) first = t;
      names += (names.empty() ? "" : ", ") + t->name + "." + c.name;
    }
  }
  if (names.empty()) return out;
  Finding f;
  f.taxonomy = "goldfree";
  f.category = "cue_column_unread";
  f.message = formatMessage(FindingMsg::CueColumnUnread, {names});
  // The span: where the SQL first reads the table of the first column named.
  for (const SelectBlock& b : v.blocks)
    for (const TableRef& t : b.tables)
      if (f.spans.empty() && t.derivedSelect < 0 && schema.findTable(t.name) == first)
        f.spans.push_back({"pred", t.begin, t.end});
  if (f.spans.empty()) f.spans.push_back({"pred", 0, v.text.size()});
  f.confidence = 0.5;
  out.push_back(std::move(f));
  return out;
}

}  // namespace hs::annotate
