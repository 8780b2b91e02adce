// The numbers of the question's comparison phrases ("at least two courses", "more than 3 pets",
// "between one and two paragraphs"), for the question cue `cue_number` (goldfree_cues.cpp).
//
// The rule (as written before any measurement, save the two revisions at the end):
// 1. The question's lower-cased words (questionWords; whole words, never a substring). A number
//    word is one of "one" .. "ten" (1 .. 10); a digit number is a word of digits only (no '.').
// 2. A number is in a comparison phrase when it stands
//    (a) directly after "at least", "at most", "more than", "fewer than", "less than",
//        "greater than", "larger than", "smaller than", "exactly", "over" or "under";
//    (b) as X or Y of "between X and Y", X one word ("between one and two"); a "between" with no
//        "and" after its number is none ("bonds between two atoms");
//    (c) directly before "or more", "or fewer" or "or less" ("two or more").
//    Not counted: a number word followed by a word that scales it ("more than one hundred", "over
//    two million", "less than one third", "more than ten percent": hundred, thousand, million,
//    billion, dozen, percent, half, third(s), quarter(s)); "one" after "at least" or before "or
//    more" ("at least one pet" is usually written as a join or EXISTS with no 1 in the SQL);
//    "more than one" does count (1).
// 3. A number word in a comparison phrase is a number of the question (cue_number fires when it
//    appears nowhere in the SQL, as the digit numbers do). A digit number of the question is one
//    already (questionNumbers); rule 4 only widens what answers it.
// 4. Equivalent forms, for number words and digit numbers alike (integers only): besides N itself
//    the SQL may compare with N-1 by `>` for "at least N" and "N or more" (`COUNT(*) > 1` for "at
//    least two"), with N+1 by `<` for "at most N" and "N or fewer/less" (`< 3` for "at most
//    two"), with N+1 by `>=` for "more than", "greater than", "larger than" and "over N" (`>= 3`),
//    with N-1 by `<=` for "fewer than", "less than", "smaller than" and "under N" (`<= 1`); never
//    below 0. The operator is the token right before the number, or the mirrored one right after
//    it (`1 < COUNT(*)`). N-1 or N+1 with another operator is no equivalent: `> 51` for "more than
//    50" is the off-by-one slip the cue is there to catch. "exactly" and "between" take N only.
// 5. A "more than", "greater than", "larger than" or "over" that "no" or "not" stands right before
//    reads as "at most" ("no more than two": `<= 2` or `< 3`), a "fewer than", "less than",
//    "smaller than" or "under" after "no"/"not" as "at least" ("not less than 2": `> 1`).
// Why the operators matter (rule 4): with N-1 or N+1 under any operator, `> 51` for "more than 50"
// would pass as an equivalent, and that off-by-one slip is what the cue is for.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <string_view>

#include "engine/annotate/checks.h"

namespace hs::annotate {

namespace {

enum class Bound { Exact, AtLeast, AtMost, Above, Below };

// The value of a number word ("one" .. "ten") or of a digit number of up to 9 digits, else -1.
long numberValue(const std::string& w) {
  // Views, not C strings: a word of another length is told apart without reading its letters.
  static constexpr std::array<std::string_view, 10> words = {"one", "two",   "three", "four", "five",
                                                             "six", "seven", "eight", "nine", "ten"};
  for (std::size_t k = 0; k < words.size(); ++k)
    if (w == words[k]) return static_cast<long>(k) + 1;
  if (w.empty() || w.size() > 9 ||
      !std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return -1;
  return std::stol(w);
}

// The comparison phrase before ws[i] (rule 2a, 2b, 5), if any.
std::optional<Bound> boundBefore(const std::vector<std::string>& ws, std::size_t i) {
  // Above/Below of a phrase of `len` words before ws[i]; "no"/"not" before it turns it round.
  auto strict = [&](Bound b, std::size_t len) {
    const bool negated = i > len && (ws[i - len - 1] == "no" || ws[i - len - 1] == "not");
    return !negated ? b : b == Bound::Above ? Bound::AtMost : Bound::AtLeast;
  };
  if (i >= 1) {
    const std::string& p = ws[i - 1];
    if (p == "exactly") return Bound::Exact;
    if (p == "between" && i + 1 < ws.size() && ws[i + 1] == "and") return Bound::Exact;
    if (p == "over") return strict(Bound::Above, 1);
    if (p == "under") return strict(Bound::Below, 1);
    if (p == "and" && i >= 3 && ws[i - 3] == "between") return Bound::Exact;
  }
  if (i >= 2) {
    const std::string &a = ws[i - 2], &b = ws[i - 1];
    if (a == "at" && b == "least") return Bound::AtLeast;
    if (a == "at" && b == "most") return Bound::AtMost;
    if (b == "than") {
      if (a == "more" || a == "greater" || a == "larger") return strict(Bound::Above, 2);
      if (a == "fewer" || a == "less" || a == "smaller") return strict(Bound::Below, 2);
    }
  }
  return std::nullopt;
}

// The "or more" / "or fewer" / "or less" after ws[i] (rule 2c), if any.
std::optional<Bound> boundAfter(const std::vector<std::string>& ws, std::size_t i) {
  if (i + 2 >= ws.size() || ws[i + 1] != "or") return std::nullopt;
  if (ws[i + 2] == "more") return Bound::AtLeast;
  if (ws[i + 2] == "fewer" || ws[i + 2] == "less") return Bound::AtMost;
  return std::nullopt;
}

}  // namespace

std::vector<ComparedNumber> comparedNumbers(const std::vector<std::string>& ws) {
  static const lang::WordSet scales = {"hundred", "thousand", "million", "billion", "dozen",   "percent",
                                       "half",    "third",    "thirds",  "quarter", "quarters"};
  std::vector<ComparedNumber> out;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const long n = numberValue(ws[i]);
    if (n < 0) continue;
    const bool word = !std::isdigit(static_cast<unsigned char>(ws[i][0]));
    std::optional<Bound> bound = boundBefore(ws, i);
    if (!bound) bound = boundAfter(ws, i);
    if (!bound) continue;
    if (word && i + 1 < ws.size() && scales.count(ws[i + 1])) continue;
    // "at least one", "one or more" (rule 2): both read as AtLeast, which "over"/"more than" are not.
    const bool atLeastOne = (i >= 2 && ws[i - 2] == "at" && ws[i - 1] == "least") ||
                            (i + 2 < ws.size() && ws[i + 1] == "or" && ws[i + 2] == "more");
    if (word && n == 1 && atLeastOne) continue;
    ComparedNumber c;
    c.number = std::to_string(n);
    c.word = word;
    // Rule 4: the equivalent number and the operator that compares with it.
    if (bound == Bound::AtLeast) c.equivalent = n - 1, c.equivalentOp = ">";
    if (bound == Bound::AtMost) c.equivalent = n + 1, c.equivalentOp = "<";
    if (bound == Bound::Above) c.equivalent = n + 1, c.equivalentOp = ">=";
    if (bound == Bound::Below) c.equivalent = n - 1, c.equivalentOp = "<=";
    if (c.equivalent < 0) c.equivalentOp.clear();
    out.push_back(std::move(c));
  }
  return out;
}

bool sqlHasEquivalent(const SqlView& v, const ComparedNumber& c) {
  if (c.equivalentOp.empty()) return false;
  const std::string mirrored =
      c.equivalentOp[0] == '>' ? "<" + c.equivalentOp.substr(1) : ">" + c.equivalentOp.substr(1);
  const double want = static_cast<double>(c.equivalent);
  auto op = [&](std::size_t k, const std::string& text) {
    return k < v.tokens.size() && v.tokens[k].kind == TokKind::Op && v.tokens[k].text == text;
  };
  for (std::size_t k = 0; k < v.tokens.size(); ++k)
    if (v.tokens[k].kind == TokKind::Number && std::strtod(v.tokens[k].text.c_str(), nullptr) == want &&
        ((k > 0 && op(k - 1, c.equivalentOp)) || op(k + 1, mirrored)))
      return true;
  return false;
}

}  // namespace hs::annotate
