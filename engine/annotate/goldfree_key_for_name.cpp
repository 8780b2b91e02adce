// Question cue `cue_key_for_name`: the question asks for a name (or the entity itself) and the SQL
// returns a key instead: a foreign-key or id column of the table it happens to scan, without
// joining the table that holds the name ("What airline serves the most flights?" answered with
// `SELECT Airline FROM flights ...`, where flights.Airline refers to airlines.uid). The key counts
// the right groups and so passes every check that looks at the SQL's shape; only the schema tells
// that the value shown is a code, not what it stands for.
//
// The rule:
// 1. Read are the output items of the first top-level SELECT block; a `*` item stops the check. A
//    candidate is an item that is a plain column (`t.col`) resolved to a schema table.
// 2. The column is a key standing for the rows of a table R when
//    (a) it is a declared foreign key of its table (one column of it), R the referenced table, and
//        the referenced column (the named one, or R's primary key when none is named or the named
//        one does not exist) is not name-like; or
//    (b) it is its table's primary key, an integer or named as a key (its last word id, code, key,
//        no, num), R its own table; or
//    (c) (undeclared keys, added in round 14 before measuring) it is no declared foreign key and
//        not its table's one-column primary key (a member of a composite primary key, as
//        flight_2's flights(Airline, FlightNo), is tried here first and under (b) when (c) finds no
//        R), and it is named after another table R the way join_off_key
//        reads an undeclared link (namedAfterTable: the column holds R's name or R's name without
//        its last letter, flights.Airline for airlines), every word of the column being a word of
//        R's name or a key word (id, code, key, no, num); R has a one-column primary key, the
//        target, of the column's type affinity (SQLite's: integer, text, real, numeric). When
//        several tables qualify, the one with the longest name.
//    Never a key: a column whose own words hold a name-like word (name, title, fname, lname,
//    surname, nickname, username, forename, firstname, lastname, fullname): it is the name.
// 3. R must hold what the key stands for: a name, that is a column other than the key's target
//    that is name-like or named after R itself (its words are R's last word: airlines.Airline,
//    continents.Continent). R without one (a patient, an account, a molecule: tables whose text
//    columns are attributes, sex or label) is known by its key, and the key is the answer.
// 4. The question asks for what the key stands for when it has a name word ("name(s)",
//    "title(s)", as nouns: "named" does not count) or refers to R's entity (the last word of R's
//    name in its forms, abbreviations and compounds, as cue_column_unnamed reads table words).
// 5. The question asks for the key itself when it has "id(s)", "identifier(s)", "identification",
//    "key(s)", "code(s)", or one of the key column's own words that is not a word of R (in its
//    noun forms, or two consecutive question words joined: "country code" for `countrycode`), or
//    "number(s)"/"no" right after a word of the key or of R ("account numbers"). Then
//    the cue fires only when the question also has a name word, and no output item is name-like
//    or a text column of any table ("List the maker's full name, id and ..." answered with the key
//    alone: the id is given, the name is not).
// 6. Another output item that is a text column of R, or a name-like column of R, answers the name:
//    no firing for that key.
// 7. One finding spans each key fired on; confidence 0.5 (a hint: the question may accept the code).

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

bool nameLike(std::string_view column) {
  for (const std::string& w : identifierWords(column))
    if (isNameLikeWord(w)) return true;
  return false;
}

bool textType(const db::ColumnInfo& c) {
  const std::string t = hs::asciiLower(c.declaredType);
  return t.find("char") != std::string::npos || t.find("text") != std::string::npos ||
         t.find("clob") != std::string::npos;
}

// SQLite's type affinity of a declared type: 'i'nteger, 't'ext, 'r'eal or 'n'umeric.
char affinity(const std::string& declared) {
  const std::string t = hs::asciiLower(declared);
  if (t.find("int") != std::string::npos) return 'i';
  if (t.find("char") != std::string::npos || t.find("clob") != std::string::npos ||
      t.find("text") != std::string::npos)
    return 't';
  if (t.empty() || t.find("blob") != std::string::npos) return 'b';
  if (t.find("real") != std::string::npos || t.find("floa") != std::string::npos ||
      t.find("doub") != std::string::npos)
    return 'r';
  return 'n';
}

// Rule 2(c): another table the undeclared key column `c` of `t` is named after.
std::pair<const db::TableInfo*, std::string> undeclaredTarget(const db::Schema& schema,
                                                              const db::TableInfo& t, const db::ColumnInfo& c,
                                                              const lang::WordSet& keyWords) {
  for (const db::ForeignKey& fk : t.foreignKeys)
    for (const std::string& from : fk.fromColumns)
      if (hs::asciiLower(from) == hs::asciiLower(c.name)) return {nullptr, ""};
  const std::vector<std::string> words = identifierWords(c.name);
  if (words.empty()) return {nullptr, ""};
  std::pair<const db::TableInfo*, std::string> best{nullptr, ""};
  for (const db::TableInfo& r : schema.tables) {
    if (&r == &t || !namedAfterTable(r, c.name)) continue;
    if (best.first != nullptr && best.first->name.size() >= r.name.size()) continue;
    const db::ColumnInfo* pk = nullptr;
    int keys = 0;
    for (const db::ColumnInfo& k : r.columns)
      if (k.primaryKey) {
        ++keys;
        pk = &k;
      }
    if (keys != 1 || affinity(pk->declaredType) != affinity(c.declaredType)) continue;
    const std::vector<std::string> table = identifierWords(r.name);
    bool covered = true;
    for (const std::string& w : words) {
      bool ok = keyWords.count(w) > 0;
      for (const std::string& tw : table) ok = ok || namesWord(w, tw) || namesWord(tw, w);
      covered = covered && ok;
    }
    if (covered) best = {&r, pk->name};
  }
  if (best.first != nullptr && nameLike(best.second)) return {nullptr, ""};
  return best;
}

// Rule 2: the table the key column `c` of `t` stands for, and the column it points at; null when
// `c` is no key.
std::pair<const db::TableInfo*, std::string> keyTarget(const db::Schema& schema, const db::TableInfo& t,
                                                       const db::ColumnInfo& c) {
  if (nameLike(c.name)) return {nullptr, ""};
  for (const db::ForeignKey& fk : t.foreignKeys) {
    if (fk.fromColumns.size() != 1 || hs::asciiLower(fk.fromColumns[0]) != hs::asciiLower(c.name)) continue;
    const db::TableInfo* r = schema.findTable(fk.toTable);
    if (r == nullptr) continue;
    std::string target = fk.toColumns.empty() ? "" : fk.toColumns[0];
    if (target.empty() || r->findColumn(target) == nullptr) {
      target.clear();
      for (const db::ColumnInfo& k : r->columns)
        if (k.primaryKey && target.empty()) target = k.name;
    }
    if (nameLike(target)) return {nullptr, ""};
    return {r, target};
  }
  static const lang::WordSet keyWords = {"id", "code", "key", "no", "num"};
  if (!c.primaryKey) return undeclaredTarget(schema, t, c, keyWords);
  int keyColumns = 0;
  for (const db::ColumnInfo& k : t.columns) keyColumns += k.primaryKey ? 1 : 0;
  if (keyColumns > 1)
    if (auto u = undeclaredTarget(schema, t, c, keyWords); u.first != nullptr) return u;
  const std::vector<std::string> words = identifierWords(c.name);
  const bool keyNamed = !words.empty() && keyWords.count(words.back());
  if (!keyNamed && hs::asciiLower(c.declaredType).find("int") == std::string::npos) return {nullptr, ""};
  return {&t, c.name};
}

// Rule 3: R has a name besides the key's target: a name-like column or one named after R.
bool holdsName(const db::TableInfo& r, const std::string& target) {
  const std::vector<std::string> table = identifierWords(r.name);
  for (const db::ColumnInfo& c : r.columns) {
    if (hs::asciiLower(c.name) == hs::asciiLower(target)) continue;
    if (nameLike(c.name)) return true;
    const std::vector<std::string> words = identifierWords(c.name);
    if (words.size() == 1 && !table.empty() &&
        (namesWord(words[0], table.back()) || namesWord(table.back(), words[0])))
      return true;
  }
  return false;
}

bool hasExact(const std::vector<std::string>& words, std::initializer_list<const char*> xs) {
  for (const std::string& w : words)
    for (const char* x : xs)
      if (w == x) return true;
  return false;
}

// Rule 5: one of the key column's own words, not a word of R, is in the question.
bool asksOwnWords(const std::vector<std::string>& q, const std::vector<std::string>& col,
                  const std::vector<std::string>& table) {
  for (const std::string& c : col) {
    bool tableWord = false;
    for (const std::string& t : table) tableWord = tableWord || namesWord(c, t) || namesWord(t, c);
    if (tableWord) continue;
    for (std::size_t i = 0; i < q.size(); ++i)
      if (namesWord(q[i], c) || (i + 1 < q.size() && q[i] + q[i + 1] == c)) return true;
  }
  // "account numbers", "customer no": a word of the key or of R before "number(s)"/"no".
  for (std::size_t i = 0; i + 1 < q.size(); ++i) {
    if (q[i + 1] != "number" && q[i + 1] != "numbers" && q[i + 1] != "no") continue;
    for (const std::vector<std::string>* ws : {&col, &table})
      for (const std::string& w : *ws)
        if (namesWord(q[i], w)) return true;
  }
  return false;
}

}  // namespace

std::vector<Finding> keyForNameFindings(const SqlView& v, const db::Schema& schema,
                                        std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || schema.tables.empty() || !v.ok() || v.topLevel.empty()) return out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  struct Item {
    const db::TableInfo* table = nullptr;
    const db::ColumnInfo* column = nullptr;
    std::size_t begin = 0, end = 0;
  };
  std::vector<Item> items;
  for (const Range& r : blk.items) {
    if (r.empty() || isStarItem(v, r.first, r.last)) return out;
    Item it;
    if (auto tok = plainColumnToken(v, r.first, r.last); tok && v.columnAtToken[*tok] >= 0) {
      const ColumnRef& c = v.columns[static_cast<std::size_t>(v.columnAtToken[*tok])];
      const auto dot = c.key.find('.');
      if (c.status == ColStatus::Resolved && dot != std::string::npos) {
        it.table = schema.findTable(c.key.substr(0, dot));
        it.column = it.table ? it.table->findColumn(c.key.substr(dot + 1)) : nullptr;
        it.begin = c.begin;
        it.end = c.end;
      }
    }
    items.push_back(it);
  }
  std::vector<std::string> words;  // read only when a key is selected
  Finding f;
  std::string names;
  for (const Item& it : items) {
    if (it.column == nullptr) continue;
    const auto [r, target] = keyTarget(schema, *it.table, *it.column);
    if (r == nullptr || !holdsName(*r, target)) continue;
    bool answered = false, anyName = false;  // rule 6; rule 5's "no name-like or text output"
    for (const Item& o : items) {
      if (o.column == nullptr || o.column == it.column) continue;
      const bool text = textType(*o.column) || nameLike(o.column->name);
      anyName = anyName || text;
      answered = answered || (o.table == r && text);
    }
    if (answered) continue;
    if (words.empty()) words = questionWordsNoPossessive(question);
    bool nameWord = false;
    for (const std::string& w : words) nameWord = nameWord || isNounForm(w, "name") || isNounForm(w, "title");
    const std::vector<std::string> tableWords = identifierWords(r->name);
    const bool entity = !tableWords.empty() && questionRefersTo(words, tableWords.back());
    if (!nameWord && !entity) continue;  // rule 4
    const bool asksKey = hasExact(words, {"id", "ids", "identifier", "identifiers", "identification", "key",
                                          "keys", "code", "codes"}) ||
                         asksOwnWords(words, identifierWords(it.column->name), tableWords);
    if (asksKey && (!nameWord || anyName)) continue;  // rule 5
    names += (names.empty() ? "" : ", ") + std::string(v.slice(it.begin, it.end));
    f.spans.push_back({"pred", it.begin, it.end});
    if (f.message.empty())
      f.message = formatMessage(FindingMsg::CueKeyForName, {v.slice(it.begin, it.end), r->name});
  }
  if (f.spans.empty()) return out;
  if (f.spans.size() > 1) f.message = formatMessage(FindingMsg::CueKeysForName, {names});
  f.taxonomy = "goldfree";
  f.category = "cue_key_for_name";
  f.confidence = 0.5;
  out.push_back(std::move(f));
  return out;
}

}  // namespace hs::annotate
