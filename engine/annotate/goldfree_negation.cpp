// Question cue `cue_negation`: the question asks for a negation ("students who do not have pets",
// "never", "without", "except", "other than") but the SQL negates nothing anywhere, so the
// condition that excludes rows is likely missing or turned into its opposite (seen without a gold
// query).
//
// The rule:
// 1. Needed: SQL that parses and a question (an empty question, or one not read as Latin words,
//    questionReadsLatin, gets no cue: goldfree.cpp gates every cue).
// 2. The question, its quoted values blanked, negates when one of its whole words
//    (questionWords, lower case; never a substring: "notes", "number", "another", "knot" are no
//    negation) is
//    "not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "without", "except",
//    "cannot", a word ending in "n't" ("don't", "doesn't", "haven't", "isn't"), a form of
//    "exclude" ("excluding", "excluded"), or the phrase "other than". Not counted:
//    (a) "no" followed by a word beginning with a digit, or by nothing, or written with a '.' right
//        after it ("No. 5", "race No 592", "the no. of districts": the abbreviation of number;
//        "No.5" is one word and never "no");
//    (b) "no"/"not" followed by a comparative ("no more than 3", "not less than", "not later than":
//        a bound, which SQL writes as <= or >=): more, less, fewer, greater, larger, bigger, smaller,
//        higher, lower, longer, shorter, older, younger, later, earlier, before, after, over,
//        under, above, below, exceeding, exceed;
//    (c) "not" after "or" ("whether or not", "... or not": a yes/no, not a filter) and "not only".
// 3. The SQL negates (conservatively: any of these and the cue stays silent) when it has
//    a word token "not" (NOT IN, NOT EXISTS, NOT LIKE, NOT BETWEEN, IS NOT, NOT x), "except",
//    "null" (IS NULL after a LEFT JOIN, IFNULL aside), "false"; an operator "!=" or "<>";
//    the number 0 next to a comparison operator (= < <= > >=: a count compared with 0, a flag
//    `x = 0`); or a string literal that reads as a negative code: '', 'n', 'no', 'none', 'false',
//    '0' (letter case ignored).
// 4. The cue fires when the question negates (rule 2) and the SQL does not (rule 3). One finding
//    names the question's first negation word and spans the whole SQL, as the other question cues
//    do. Confidence 0.6: a negation may be carried by a value ("failed", 'Inactive') or by the
//    question's wording of a positive fact ("not yet" for a date, "no longer" for an end date), so
//    the finding is a hint and its weight is the fit's.
// The other direction (the SQL negates, the question has no negation word) is not part of the cue:
// "only", "but", "all ... that" and "apart from" ask for NOT IN / EXCEPT without a negation word.
#include <cctype>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

bool oneOf(const std::string& w, std::initializer_list<const char*> list) {
  for (const char* s : list)
    if (w == s) return true;
  return false;
}

// Rule 2: the first negation word of the question, or "".
std::string questionNegation(const std::vector<std::string>& ws) {
  // A comparison after "no"/"not" ("no more than", "not before") and the negating words.
  static const lang::WordSet comparisons = {"more",    "less",   "fewer",   "greater",   "larger",  "bigger",
                                            "smaller", "higher", "lower",   "longer",    "shorter", "older",
                                            "younger", "later",  "earlier", "before",    "after",   "over",
                                            "under",   "above",  "below",   "exceeding", "exceed"};
  static const lang::WordSet negating = {"never", "none",    "nothing", "nobody", "neither",
                                         "nor",   "without", "except",  "cannot"};
  static const std::string none;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const std::string& w = ws[i];
    const std::string& next = i + 1 < ws.size() ? ws[i + 1] : none;
    if (w == "no" || w == "not") {
      if (w == "no" && (next.empty() || std::isdigit(static_cast<unsigned char>(next[0])))) continue;
      if (comparisons.contains(next)) continue;
      if (w == "not" && (next == "only" || (i > 0 && ws[i - 1] == "or"))) continue;
      return w;
    }
    if (negating.contains(w) || isWordForm(w, "exclude")) return w;
    if (w.size() > 3 && w.compare(w.size() - 3, 3, "n't") == 0) return w;
    if (w == "other" && next == "than") return "other than";
  }
  return {};
}

// Rule 3.
bool sqlNegates(const SqlView& v) {
  if (sqlHasWord(v, {"not", "except", "null", "false"})) return true;
  auto comparison = [&](std::size_t i) {
    return i < v.tokens.size() && v.tokens[i].kind == TokKind::Op &&
           oneOf(v.tokens[i].text, {"=", "==", "<", "<=", ">", ">="});
  };
  for (std::size_t i = 0; i < v.tokens.size(); ++i) {
    const Token& t = v.tokens[i];
    if (t.kind == TokKind::Op && (t.text == "!=" || t.text == "<>")) return true;
    if (t.kind == TokKind::Number && t.text == "0" && ((i > 0 && comparison(i - 1)) || comparison(i + 1)))
      return true;
    if (t.kind == TokKind::String && oneOf(hs::asciiLower(t.text), {"", "n", "no", "none", "false", "0"}))
      return true;
  }
  return false;
}

}  // namespace

std::vector<Finding> negationFindings(const SqlView& v, std::string_view question) {
  std::vector<Finding> out;
  if (question.empty() || !v.ok() || v.topLevel.empty()) return out;
  std::string q = blankQuotedValues(question);
  for (std::size_t i = 0; i + 2 < q.size(); ++i)  // "no." as the abbreviation of number (rule 2a)
    if ((i == 0 || !std::isalnum(static_cast<unsigned char>(q[i - 1]))) &&
        hs::iequals(std::string_view(q).substr(i, 3), "no."))
      q[i] = q[i + 1] = ' ';
  const std::string word = questionNegation(questionWords(q));
  if (word.empty() || sqlNegates(v)) return out;
  out.push_back(wholeQueryCue("cue_negation", formatMessage(FindingMsg::CueNegation, {word}), v, 0.6));
  return out;
}

}  // namespace hs::annotate
