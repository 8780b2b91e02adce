// Question cue `cue_name_value`: the question names a value in capitals, without quotes ("singers
// from France", "dogs owned by someone in Virginia", "the ship HMS Atalanta"), that appears nowhere
// in the SQL, so the filter on it is likely missing or compares another value (C4 / a missing WHERE
// condition, seen without a gold query). The quoted values are cue_value's part (goldfree_cues.cpp).
//
// The rule:
// 1. Needed: a schema (its table and column names), SQL that parses, a question (an empty question,
//    or one not read as Latin words, questionReadsLatin, gets no cue: goldfree.cpp gates every cue).
// 2. The question is read sentence by sentence (questionSentences) after its quoted stretches are
//    blanked, with cue_value's reading: text between double quotes, and between single quotes when
//    the opening one starts the question or follows a space. Words as written
//    (questionWordsAsWritten: letters, digits, inner '.' and '\''), a final "'s" dropped.
//    A run of letters, digits and '_' holding a '_' is blanked too:
//    a name written as an identifier (Student_Club, Formula_1) names the database's own entity.
// 3. A capitalised word starts with an ASCII capital letter. The first word of each sentence does
//    not count, nor the word after a first "please" ("Please List ..."). A value is a run of
//    consecutive capitalised words ("HMS Atalanta", "New York"); any other word ends the run.
// 4. Words of a run that say nothing of a value are left out: "I"; an all-capital acronym of one or
//    two letters ("TV", "ID", "US", "U.S"); month and weekday names (SQL writes dates as numbers);
//    "No" and "No.<...>", the abbreviation of number ("race No. 592");
//    and a schema word: a word that is, in its noun forms either way round (sameNounWord), a word
//    of a table or column name of the schema (identifierWords): the question names an entity or an
//    attribute, not a value ("TV Channels", "Student", "Name"). A run with no word left is skipped.
// 5. A value is present in the SQL when one of its remaining words, letter case ignored,
//    (a) occurs inside a string literal or an identifier of the SQL (a quoted name, a word token
//        that is not an SQL keyword): 'HMS Atalanta', 'Virginia', a column `France_Total`;
//    (b) shares a prefix of four or more letters with a word of those literals and identifiers
//        ("African" and 'Africa', "Japanese" and 'Japan'; "French" and 'France' share only "Fr":
//        not present, the cue may fire there);
//    (c) begins with a whole string literal of the SQL ('F' for "Female", 'Y' for "Yes": codes).
// 6. The cue fires when some value of the question is not present. One finding names every such
//    value (its remaining words) and spans the whole SQL, as the other question cues do.
//    Confidence 0.6: a capitalised word may be a proper noun the SQL needs no filter for (a
//    database's own name, a title word), so the finding is a hint and its weight is the fit's.
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

bool capitalised(const std::string& w) {
  return !w.empty() && w[0] >= 'A' && w[0] <= 'Z';
}

// Rule 4: "I", one- or two-letter acronyms, months and weekdays.
bool saysNoValue(const std::string& w) {
  std::size_t letters = 0;
  bool allCaps = true;
  for (char c : w) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      ++letters;
      allCaps = allCaps && c >= 'A' && c <= 'Z';
    }
  }
  if (allCaps && letters <= 2) return true;
  const std::string lower = hs::asciiLower(w);
  if (lower == "no" || lower.rfind("no.", 0) == 0) return true;
  static const lang::WordSet dates = {"january",  "february", "march",    "april",     "may",
                                      "june",     "july",     "august",   "september", "october",
                                      "november", "december", "monday",   "tuesday",   "wednesday",
                                      "thursday", "friday",   "saturday", "sunday"};
  return dates.count(lower) > 0;
}

std::size_t commonPrefix(const std::string& a, const std::string& b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

// The words of a lower-cased text: maximal runs of letters and digits.
void splitWords(const std::string& text, std::vector<std::string>& out) {
  std::string cur;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      cur.push_back(c);
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
}

}  // namespace

// The question with its quoted stretches (cue_value's reading) and its identifier-like words blanked
// (rule 2).
std::string blankQuotedValues(std::string_view question) {
  std::string q(question);
  for (char quote : {'"', '\''}) {
    std::size_t a = q.find(quote);
    while (a != std::string::npos) {
      const std::size_t e = q.find(quote, a + 1);
      if (e == std::string::npos) break;
      if (quote == '"' || a == 0 || q[a - 1] == ' ') {
        for (std::size_t i = a; i <= e; ++i) q[i] = ' ';
        a = q.find(quote, e + 1);
      } else {
        a = q.find(quote, a + 1);
      }
    }
  }
  // A run of letters, digits and '_' holding a '_': a name written as an identifier.
  for (std::size_t a = 0; a < q.size();) {
    // ASCII letters and digits answered in line (the same in every locale), other bytes by the C
    // library as before.
    auto inWord = [&](std::size_t i) {
      const auto c = static_cast<unsigned char>(q[i]);
      if (c < 0x80)
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      return std::isalnum(c) != 0;
    };
    if (!inWord(a)) {
      ++a;
      continue;
    }
    std::size_t e = a;
    while (e < q.size() && inWord(e)) ++e;
    if (std::string_view(q).substr(a, e - a).find('_') != std::string_view::npos)
      for (std::size_t i = a; i < e; ++i) q[i] = ' ';
    a = e;
  }
  return q;
}

std::vector<Finding> nameValueFindings(const SqlView& v, const db::Schema& schema,
                                       std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty() || schema.tables.empty()) return out;
  // The words of rule 4 are split when a capitalised run first needs them: most questions have
  // none, and the rule reads every name of the schema.
  std::vector<std::string> schemaWords;  // rule 4
  bool schemaWordsBuilt = false;
  auto buildSchemaWords = [&] {
    if (schemaWordsBuilt) return;
    schemaWordsBuilt = true;
    for (const db::TableInfo& t : schema.tables) {
      for (const std::string& w : identifierWords(t.name)) schemaWords.push_back(w);
      for (const db::ColumnInfo& c : t.columns)
        for (const std::string& w : identifierWords(c.name)) schemaWords.push_back(w);
    }
  };
  // Rule 5's reading of the SQL, made when a value word first needs it (most questions have none).
  std::string sqlText;  // literals and identifiers, lower case, one a line
  std::vector<std::string> literals, sqlWords;
  bool sqlRead = false;
  auto readSql = [&] {
    if (sqlRead) return;
    sqlRead = true;
    for (const Token& t : v.tokens) {
      const bool name = t.kind == TokKind::QuotedId || t.kind == TokKind::Backtick ||
                        t.kind == TokKind::Bracket || (t.kind == TokKind::Word && !isSqlKeyword(t.text));
      if (t.kind != TokKind::String && !name) continue;
      const std::string text = hs::asciiLower(t.text);
      sqlText += text + "\n";
      if (t.kind == TokKind::String && !text.empty()) literals.push_back(text);
      splitWords(text, sqlWords);
    }
  };
  auto present = [&](const std::string& word) {
    readSql();
    const std::string w = hs::asciiLower(word);
    if (sqlText.find(w) != std::string::npos) return true;
    for (const std::string& s : sqlWords)
      if (commonPrefix(w, s) >= 4) return true;
    for (const std::string& l : literals)
      if (w.compare(0, l.size(), l) == 0) return true;
    return false;
  };
  std::string names;
  auto flush = [&](std::vector<std::string>& run) {
    std::vector<std::string> value;
    for (const std::string& w : run) {
      if (saysNoValue(w)) continue;
      const std::string lower = hs::asciiLower(w);
      buildSchemaWords();
      bool entity = false;
      for (const std::string& s : schemaWords) entity = entity || sameNounWord(lower, s);
      if (!entity) value.push_back(w);
    }
    run.clear();
    if (value.empty()) return;
    for (const std::string& w : value)
      if (present(w)) return;
    std::string joined;
    for (const std::string& w : value) joined += (joined.empty() ? "" : " ") + w;
    names += (names.empty() ? "" : ", ") + joined;
  };
  const std::string q = blankQuotedValues(question);
  for (std::string_view sentence : questionSentences(q)) {
    const std::vector<std::string>& ws = questionWordsAsWritten(sentence);
    const std::size_t first = !ws.empty() && hs::asciiLower(ws[0]) == "please" ? 2 : 1;
    std::vector<std::string> run;
    for (std::size_t i = first; i < ws.size(); ++i) {
      std::string w = withoutPossessive(ws[i]);
      if (capitalised(w))
        run.push_back(std::move(w));
      else
        flush(run);
    }
    flush(run);
  }
  if (names.empty()) return out;
  out.push_back(wholeQueryCue("cue_name_value", formatMessage(FindingMsg::CueNameValue, {names}), v, 0.6));
  return out;
}

}  // namespace hs::annotate
