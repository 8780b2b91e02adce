// Question cue `cue_column_unnamed`: an output column, or a column the WHERE clause compares with a
// value, that the question never refers to. Spider-style questions name what they ask for and what
// they filter on; SQL returning `T.id` for "What are the names of ...", or filtering on a column the
// question never mentions, has likely linked the question to the wrong column (C5, column
// selection, is the most frequent error of wrong GPT-4 predictions).
//
// The rule:
// 1. Checked are the columns of the first top-level SELECT block only: each SELECT item that is a
//    plain column (t.col) or SUM/AVG/MAX/MIN over one (COUNT's argument is not checked: "how many"
//    names no column), and each WHERE condition `column op literal(s)` (=, <>, <, >, <=, >=, LIKE,
//    IN (list), BETWEEN). Join keys (a column compared with a column), subqueries, IS NULL, GROUP
//    BY, ORDER BY and HAVING are not checked. A `*` item stops the check.
// 2. The column's words are those of its name (identifierWords: snake_case, camelCase, spaces and
//    digits split; one-letter, numeric and linking words dropped). A name without words (`A11`)
//    cannot be judged: it counts as referred to.
// 3. A column word is referred to by a question word (its "'s" dropped) that is one of its forms
//    (isWordForm/namesWord: the word, its plural, its verb forms: "named" refers to `name`), never a
//    substring; or, as an abbreviation, when the column word has >= 3 letters and is a prefix of the
//    question word (`addr`, `desc`) or shares its first two letters and is a subsequence of it
//    (`dept` in "department"); or, as a compound, when a question word of >= 4 letters begins or
//    ends the column word ("birth" in `birthdate`, "town" in `hometown`).
// 4. Generic words say little of their own. A column whose last word (its head) is `id` is
//    referred to only by "id", "ids", "identifier(s)", "identification": not by its table nor by its
//    other words ("Which singers ...?" answered with singer.id or concert.singer_id is the error the
//    cue is for). Any other column is referred to when one of its non-generic words is; and, when
//    its head is generic, also when the head itself is, or a word of the column's table ("Which
//    singers ..." -> singer.name), or, for a name-like head, "who", "whom", "whose". Name-like:
//    name, title, fname, lname, surname, nickname, username; other generic words: code, type,
//    number, no, num, key, description, details, value, status, info.
// 5. Question phrases that stand for a column: "who/whom/whose" -> name-like; "when" -> date, year,
//    time, day, month, hour, datetime, timestamp; "where" -> location, city, country, address,
//    place, state, venue, region, town, nation, county, district, street, continent; "how old" ->
//    age, birth, born, dob; "how much" -> price, cost, amount, money, salary, fee, budget, charge,
//    payment, pay, revenue, value; "how long" -> length, duration, time, minutes, seconds, hours,
//    days; "how tall" -> height; "how heavy" -> weight; "how far" -> distance; "how big/large" ->
//    size, area, capacity.
// 6. A condition column is also referred to when one of its compared literals occurs in the
//    question: a string (its LIKE wildcards dropped) at the start of a question word, letter case
//    ignored ('F' for "female", 'France' in "French" too: conservative); a number as a number of the
//    question text.
// 7. The cue fires when at least one checked column is not referred to. One finding spans each such
//    column and names them. It is a hint (confidence 0.5): a question may refer to a column by a
//    synonym the rule does not know ("singers" for `artist`), so the finding reads as "the question
//    never names X", not as an error; its weight in the risk score is what the fit makes of it.
#include <array>
#include <cctype>
#include <optional>
#include <set>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

const lang::WordSet kNameLike = {"name",     "title",    "fname",     "lname",    "surname", "nickname",
                                 "username", "forename", "firstname", "lastname", "fullname"};
const lang::WordSet kIdLike = {"id"};
const lang::WordSet kGeneric = {"code",        "type",    "number", "no",    "num",    "key",
                                "description", "details", "detail", "value", "status", "info"};

struct Phrase {
  std::vector<std::string> words;  // question words, consecutive
  lang::WordSet columnWords;
};

const std::vector<Phrase>& standIns() {
  static const std::vector<Phrase> p = {
      {{"when"}, {"date", "year", "time", "day", "month", "hour", "datetime", "timestamp"}},
      {{"where"},
       {"location", "city", "country", "address", "place", "state", "venue", "region", "town", "nation",
        "county", "district", "street", "continent"}},
      {{"how", "old"}, {"age", "birth", "born", "dob"}},
      {{"how", "much"},
       {"price", "cost", "amount", "money", "salary", "fee", "budget", "charge", "payment", "pay", "revenue",
        "value"}},
      {{"how", "long"}, {"length", "duration", "time", "minutes", "seconds", "hours", "days"}},
      {{"how", "tall"}, {"height"}},
      {{"how", "heavy"}, {"weight"}},
      {{"how", "far"}, {"distance"}},
      {{"how", "big"}, {"size", "area", "capacity"}},
      {{"how", "large"}, {"size", "area", "capacity"}},
      {{"born"}, {"birth", "birthday", "birthdate", "dob", "born"}},
      {{"female"}, {"sex", "gender"}},
      {{"male"}, {"sex", "gender"}},
      {{"women"}, {"sex", "gender"}},
      {{"woman"}, {"sex", "gender"}},
      {{"men"}, {"sex", "gender"}},
      {{"man"}, {"sex", "gender"}},
      {{"girls"}, {"sex", "gender"}},
      {{"boys"}, {"sex", "gender"}},
      {{"coordinates"}, {"lat", "lng", "lon", "long", "latitude", "longitude"}},
      {{"coordinate"}, {"lat", "lng", "lon", "long", "latitude", "longitude"}},
      {{"website"}, {"url", "link", "homepage"}},
      {{"page"}, {"url", "link", "homepage"}},
      {{"link"}, {"url"}}};
  return p;
}

bool isSubsequence(const std::string& small, const std::string& big) {
  std::size_t k = 0;
  for (char c : big)
    if (k < small.size() && c == small[k]) ++k;
  return k == small.size();
}

// A question word referring to a column word (rule 3).
bool refers(const std::string& q, const std::string& c) {
  if (namesWord(q, c) || isWordForm(q, c)) return true;
  std::size_t common = 0;
  while (common < q.size() && common < c.size() && q[common] == c[common]) ++common;
  if (common >= 6) return true;  // a shared stem: diagnosed / diagnosis, defense / defensive
  if (c.size() >= 3 && q.size() > c.size() && q.compare(0, c.size(), c) == 0) return true;
  if (c.size() >= 3 && q.size() > c.size() && q.compare(0, 2, c, 0, 2) == 0 && isSubsequence(c, q))
    return true;
  return q.size() >= 4 && c.size() > q.size() &&
         (c.compare(0, q.size(), q) == 0 || c.compare(c.size() - q.size(), q.size(), q) == 0);
}

// Per phrase of standIns(): whether its words stand consecutively in `words`.
std::vector<char> standInsPresent(const std::vector<std::string>& words) {
  const std::vector<Phrase>& phrases = standIns();
  // A question word that opens no phrase ("what", "the", most of them) is passed over at once.
  static const lang::WordSet openers = [&] {
    std::vector<std::string> first;
    for (const Phrase& p : phrases) first.push_back(p.words.front());
    return lang::WordSet(std::move(first));
  }();
  std::vector<char> out(phrases.size(), 0);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (!openers.contains(words[i])) continue;
    for (std::size_t pi = 0; pi < phrases.size(); ++pi) {
      const Phrase& p = phrases[pi];
      if (out[pi] || i + p.words.size() > words.size()) continue;
      std::size_t k = 0;
      while (k < p.words.size() && words[i + k] == p.words[k]) ++k;
      out[pi] = k == p.words.size();
    }
  }
  return out;
}

struct Question {
  std::vector<std::string> words;
  // standInsPresent(words), found at the first column token that asks rather than at each.
  mutable std::optional<std::vector<char>> standInFound;
  const std::vector<char>& standInsFound() const {
    if (!standInFound) standInFound = standInsPresent(words);
    return *standInFound;
  }
  void setWords(std::vector<std::string> ws) {
    words = std::move(ws);
    standInFound.reset();
  }
  std::string lower;
  std::vector<std::string> numbers;  // digit runs of the question text, leading zeros dropped
  bool has(const std::string& c) const { return questionRefersTo(words, c); }
  bool hasAny(const std::vector<std::string>& cs) const {
    for (const std::string& c : cs)
      if (has(c)) return true;
    return false;
  }
  bool hasExact(std::initializer_list<const char*> ws) const {
    for (const std::string& w : words)
      for (const char* x : ws)
        if (w == x) return true;
    return false;
  }
};

// Rules 4 and 5: whether the question refers to the column (words `col`, table words `table`).
bool referred(const Question& q, const std::vector<std::string>& col, const std::vector<std::string>& table) {
  if (col.empty()) return true;
  const std::vector<Phrase>& phrases = standIns();
  const std::vector<char>& found = q.standInsFound();
  for (std::size_t pi = 0; pi < phrases.size(); ++pi) {
    const Phrase& p = phrases[pi];
    if (!found[pi]) continue;
    for (const std::string& c : col)
      if (p.columnWords.count(c)) return true;
  }
  const std::string& head = col.back();
  if (kIdLike.count(head)) {
    if (q.hasExact({"id", "ids", "identifier", "identifiers", "identification"})) return true;
    // "account number(s)" for account_id: another word of the column right before "number"/"no".
    for (std::size_t i = 0; i + 1 < q.words.size(); ++i)
      if (q.words[i + 1] == "number" || q.words[i + 1] == "numbers" || q.words[i + 1] == "no")
        for (std::size_t k = 0; k + 1 < col.size(); ++k)
          if (refers(q.words[i], col[k])) return true;
    return false;
  }
  for (const std::string& c : col)
    if (!kNameLike.count(c) && !kIdLike.count(c) && !kGeneric.count(c) && q.has(c)) return true;
  if (!kNameLike.count(head) && !kGeneric.count(head)) return false;
  return q.has(head) || q.hasAny(table) || (kNameLike.count(head) && q.hasExact({"who", "whom", "whose"}));
}

// Digit runs of a text, leading zeros dropped ("2012-08-24" -> 2012, 8, 24; "No.903" -> 903).
std::vector<std::string> digitRuns(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  bool inRun = false;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      inRun = true;
      if (!(cur.empty() && text[i] == '0')) cur.push_back(text[i]);
      continue;
    }
    if (inRun) out.push_back(cur.empty() ? "0" : cur);
    cur.clear();
    inRun = false;
  }
  return out;
}

// Rule 6: a literal of the condition occurs in the question.
bool literalInQuestion(const Question& q, const Token& t) {
  // Numbers, and the numbers of a date or a code in a string: a number of the question, or a
  // year of the question that begins one ('201308' for "August 2013").
  for (const std::string& n : digitRuns(t.text))
    for (const std::string& m : q.numbers)
      if (n == m || (t.kind != TokKind::Number && m.size() == 4 && n.size() > 4 && n.compare(0, 4, m) == 0))
        return true;
  if (t.kind == TokKind::Number) return false;
  std::string s = hs::asciiLower(t.text);
  std::erase_if(s, [](char ch) { return ch == '%'; });
  while (!s.empty() && s.back() == ' ') s.pop_back();
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  if (s.empty()) return false;
  auto atWordStart = [&](const std::string& x) {
    for (std::size_t p = q.lower.find(x); p != std::string::npos; p = q.lower.find(x, p + 1))
      if (p == 0 || !std::isalnum(static_cast<unsigned char>(q.lower[p - 1]))) return true;
    return false;
  };
  if (atWordStart(s)) return true;
  // A list in one string ('Water, Veggie tray, Supplies'): its first word of 3 letters or more.
  std::size_t e = 0;
  while (e < s.size() && std::isalnum(static_cast<unsigned char>(s[e]))) ++e;
  return e >= 3 && e < s.size() && atWordStart(s.substr(0, e));
}

// The words of a column token: those of the schema's spelling when it resolves (`StuID` -> stu, id,
// where the query writes `stuid`), and a lower-case name ending in "id" split before it when the
// rest abbreviates a word of its table (`stuid` of student -> stu, id).
std::vector<std::string> columnWords(const SqlView& v, std::size_t tok,
                                     const std::vector<std::string>& table) {
  std::string_view spelling = identifierSpelling(v, tok);
  const int ci = v.columnAtToken[tok];
  if (ci >= 0 && v.columns[static_cast<std::size_t>(ci)].status == ColStatus::Resolved) {
    const ColumnRef& c = v.columns[static_cast<std::size_t>(ci)];
    const std::string tableName = c.key.substr(0, c.key.find('.'));
    for (const SelectBlock& b : v.blocks)
      for (const TableRef& t : b.tables)
        if (t.info && t.name == tableName)
          if (const db::ColumnInfo* info = t.info->findColumn(c.column)) spelling = info->name;
  }
  std::vector<std::string> words = identifierWords(spelling);
  if (words.size() == 1 && words[0].size() >= 4 && words[0].ends_with("id")) {
    const std::string stem = words[0].substr(0, words[0].size() - 2);
    for (const std::string& w : table)
      if (refers(w, stem)) return {stem, "id"};
  }
  return words;
}

}  // namespace

bool columnReferredBy(const std::vector<std::string>& words, const std::vector<std::string>& column,
                      const std::vector<std::string>& table) {
  Question q;
  q.setWords(words);
  return referred(q, column, table);
}

std::vector<std::string> columnTableWords(const SqlView& v, const SelectBlock& blk, std::size_t tok) {
  const int ci = v.columnAtToken[tok];
  const std::string qualifier = ci >= 0 ? v.columns[static_cast<std::size_t>(ci)].qualifier : std::string();
  for (const TableRef& t : blk.tables)
    if ((!qualifier.empty() && (t.alias == qualifier || t.name == qualifier)) ||
        (qualifier.empty() && blk.tables.size() == 1))
      return identifierWords(t.name);
  return {};
}

bool isGenericIdentifierWord(const std::string& word) {
  return kNameLike.count(word) > 0 || kIdLike.count(word) > 0 || kGeneric.count(word) > 0;
}

bool isNameLikeWord(const std::string& word) {
  return kNameLike.count(word) > 0;
}

bool questionRefersTo(const std::vector<std::string>& words, const std::string& c) {
  for (const std::string& w : words)
    if (refers(w, c)) return true;
  // Two or three consecutive words joined ("Ig G" -> igg, "e mail" -> email) or their initials
  // ("red blood cell" -> rbc).
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    std::string joined = words[i], initials(1, words[i][0]);
    for (std::size_t k = 1; k <= 2 && i + k < words.size(); ++k) {
      joined += words[i + k];
      initials += words[i + k][0];
      if (joined == c || initials == c) return true;
    }
  }
  return false;
}

std::vector<Finding> columnUnnamedFindings(const SqlView& v, std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty()) return out;
  const SelectBlock& blk = v.blocks[static_cast<std::size_t>(v.topLevel.front())];
  Question q;
  q.lower = hs::asciiLower(question);
  q.setWords(questionWordsNoPossessive(question));
  q.numbers = digitRuns(question);
  // The words of the table a column token belongs to: its qualifier's table, or the only table.
  // A column of a derived table or CTE: its name is the SQL's own alias, not the schema's.
  auto derived = [&](std::size_t tok) {
    const int ci = v.columnAtToken[tok];
    const std::string qualifier = ci >= 0 ? v.columns[static_cast<std::size_t>(ci)].qualifier : std::string();
    for (const TableRef& t : blk.tables)
      if (t.derivedSelect >= 0 || t.name.empty())
        if ((!qualifier.empty() && (t.alias == qualifier || t.name == qualifier)) || blk.tables.size() == 1)
          return true;
    return ci >= 0 && v.columns[static_cast<std::size_t>(ci)].status == ColStatus::OutputAlias;
  };
  std::vector<std::pair<std::size_t, std::size_t>> unnamed;  // token ranges of the columns
  std::set<std::string> seen;
  auto check = [&](std::size_t tok, std::size_t first, std::size_t last, bool literal) {
    if (literal || derived(tok)) return;
    const std::string key = hs::asciiLower(identifierSpelling(v, tok));
    const std::vector<std::string> table = columnTableWords(v, blk, tok);
    if (!referred(q, columnWords(v, tok, table), table) && seen.insert(key).second)
      unnamed.push_back({first, last});
  };
  static const lang::WordSet aggregates = {"sum", "avg", "max", "min"};
  for (const Range& r : blk.items) {
    if (r.empty() || isStarItem(v, r.first, r.last)) return out;
    if (auto col = plainColumnToken(v, r.first, r.last)) {
      check(*col, r.first, r.last, false);
      continue;
    }
    // SUM/AVG/MAX/MIN ( [DISTINCT] col )
    if (r.last < r.first + 4 || !isWord(v.tokens[r.first]) || !aggregates.count(v.tokens[r.first].text) ||
        v.tokens[r.first + 1].kind != TokKind::LParen || matchingParen(v, r.first + 1) != r.last - 1)
      continue;
    std::size_t in = r.first + 2;
    if (isWord(v.tokens[in], "distinct")) ++in;
    if (auto col = plainColumnToken(v, in, r.last - 1)) check(*col, in, r.last - 1, false);
  }
  static const lang::WordSet ops = {
      "=", "!=", "<", ">", "<=", ">=", "like", "not like", "in", "not in", "between"};
  for (const Predicate& p : blk.predicates) {
    if (p.clause != kWhere || !ops.count(p.op) || p.lhs.empty() || p.rhs.empty()) continue;
    auto col = plainColumnToken(v, p.lhs.first, p.lhs.last);
    if (!col || v.columnAtToken[*col] < 0) continue;
    // The right side: literals only (with the commas and parentheses of a list, BETWEEN's AND).
    bool literals = true, inQuestion = false, any = false;
    for (std::size_t t = p.rhs.first; t < p.rhs.last && literals; ++t) {
      const Token& tk = v.tokens[t];
      if (tk.kind == TokKind::String || tk.kind == TokKind::Number ||
          (v.literalToken[t] && tk.kind == TokKind::QuotedId)) {
        any = true;
        inQuestion = inQuestion || literalInQuestion(q, tk);
      } else if (!(tk.kind == TokKind::Comma || tk.kind == TokKind::LParen || tk.kind == TokKind::RParen ||
                   (tk.kind == TokKind::Op && tk.text == "-") || isWord(tk, "and"))) {
        literals = false;
      }
    }
    if (literals && any) check(*col, p.lhs.first, p.lhs.last, inQuestion);
  }
  if (unnamed.empty()) return out;
  Finding f;
  f.taxonomy = "goldfree";
  f.category = "cue_column_unnamed";
  std::string names;
  for (const auto& [a, b] : unnamed) {
    names += (names.empty() ? "" : ", ") + std::string(v.slice(v.tokens[a].begin, v.tokens[b - 1].end));
    f.spans.push_back({"pred", v.tokens[a].begin, v.tokens[b - 1].end});
  }
  f.message = formatMessage(FindingMsg::CueColumnUnnamed, {names});
  f.confidence = 0.5;
  out.push_back(std::move(f));
  return out;
}

}  // namespace hs::annotate
