// Question cue `cue_table_missing`: the question names an entity of the schema, a table, that the
// SQL never reads ("List singer names in concerts in year 2014" answered from `singer` alone;
// "students who have no pets" answered without the pets tables). The mirror of
// `cue_table_unnamed`: there the SQL reads a table the question never names, here the question
// names a table the SQL never reads, so the condition or the rows it stands for are missing (C3,
// TA-SQL's Join Missing), seen without a gold query.
//
// The rule:
// 1. Needed: a schema with two or more tables, SQL that parses, a question (an empty question, or
//    one not read as Latin words, questionReadsLatin, gets no cue: goldfree.cpp gates every cue).
// 2. The SQL reads a schema table when any FROM/JOIN of any SELECT block (the main block, set
//    operands, subqueries, CTE bodies, derived tables) names it (ASCII case-insensitive). SQL that
//    reads no schema table gets no cue.
// 3. The words of a table are those of its name (identifierWords: snake_case, camelCase split,
//    one-letter, numeric and linking words dropped). Generic words (the name-like, id-like and
//    generic word lists of cue_column_unnamed, shared through isGenericIdentifierWord: name,
//    title, id, code, type, number, details, status, info, ...) say nothing of an entity: a table
//    whose words are all generic, or that has no words, is never a candidate.
// 4. The question names a table when every non-generic word of its name is named by a question
//    word as a noun (namesWord: the word or its plural, "pets" for `Pets`, "concerts" for
//    `concert`; never a substring, never a verb form: "named" is not `name`), the possessive "'s"
//    dropped (questionWordsNoPossessive). The first word of each sentence does not count ("List
//    ..." is a verb of asking, not the table `list`), nor the word after a first "please" ("Please
//    show ...", as readQuestion and cue_column_missing read it: "Please show the names of all
//    pets" does not name a table `show`).
// 5. Conservative skips, for tables named in the question and not read by the SQL:
//    (a) a non-generic word of the table (in its noun forms, either way round) is also a word of a
//        table the SQL reads or of a column of such a table: the SQL may stand for the entity by a
//        key or a shared name ("singer" and concert.singer_id; `singer` and a read
//        `singer_in_concert`);
//    (b) the schema has one table (rule 1).
//    (c) a table the SQL reads declares a foreign key to the named
//        table: its rows stand for the named entity by the key (Laboratory.ID for Patient).
// 6. The cue fires when some table is named by the question and not read. One finding names each
//    such table and spans the first table of the SQL's first top-level FROM. Confidence 0.5: the
//    question may name an entity only to describe the rows of another table, so the finding is a
//    hint and its weight is the fit's.
#include <set>
#include <string>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"

namespace hs::annotate {

std::vector<Finding> tableMissingFindings(const SqlView& v, const db::Schema& schema,
                                          std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty() || schema.tables.size() < 2) return out;
  // Rule 2: the schema tables read anywhere in the SQL.
  std::set<const db::TableInfo*> read;
  for (const SelectBlock& b : v.blocks)
    for (const TableRef& t : b.tables)
      if (t.derivedSelect < 0 && !t.name.empty())
        if (const db::TableInfo* info = schema.findTable(t.name)) read.insert(info);
  if (read.empty()) return out;
  // Rule 5a: the words of the read tables and of their columns, split when a table the SQL does
  // not read is first found named (most cases have none).
  std::vector<std::string> readWords;
  bool readWordsBuilt = false;
  auto buildReadWords = [&] {
    if (readWordsBuilt) return;
    readWordsBuilt = true;
    for (const db::TableInfo* t : read) {
      for (const std::string& w : identifierWords(t->name)) readWords.push_back(w);
      for (const db::ColumnInfo& c : t->columns)
        for (const std::string& w : identifierWords(c.name)) readWords.push_back(w);
    }
  };
  // Rule 4: the question's words, a sentence's first word left out.
  std::vector<std::string> words;
  for (std::string_view sentence : questionSentences(question)) {
    const std::vector<std::string>& ws = questionWordsNoPossessive(sentence);
    const std::size_t first = !ws.empty() && ws[0] == "please" ? 2 : 1;
    for (std::size_t i = first; i < ws.size(); ++i) words.push_back(ws[i]);
  }
  std::string names;
  for (const db::TableInfo& t : schema.tables) {
    if (read.count(&t)) continue;
    std::vector<std::string> entity;  // rule 3: the non-generic words
    for (const std::string& w : identifierWords(t.name))
      if (!isGenericIdentifierWord(w)) entity.push_back(w);
    if (entity.empty()) continue;
    bool named = true, shared = false;
    for (const std::string& e : entity) {
      bool hit = false;
      for (const std::string& w : words) hit = hit || namesWord(w, e);
      named = named && hit;
    }
    if (!named) continue;
    buildReadWords();
    for (const std::string& e : entity)
      for (const std::string& r : readWords) shared = shared || sameNounWord(e, r);
    for (const db::TableInfo* r : read)
      for (const db::ForeignKey& k : r->foreignKeys) shared = shared || schema.findTable(k.toTable) == &t;
    if (!named || shared) continue;
    names += (names.empty() ? "" : ", ") + t.name;
  }
  if (names.empty()) return out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  Finding f;
  f.taxonomy = "goldfree";
  f.category = "cue_table_missing";
  f.message = formatMessage(FindingMsg::CueTableMissing, {names});
  if (!blk.tables.empty())
    f.spans.push_back({"pred", blk.tables.front().begin, blk.tables.front().end});
  else
    f.spans.push_back({"pred", 0, v.text.size()});
  f.confidence = 0.5;
  out.push_back(std::move(f));
  return out;
}

}  // namespace hs::annotate
