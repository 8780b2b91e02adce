// The numbers of the question's comparison phrases ("at least two courses", "more than 3 pets",
// "between one and two paragraphs"), for the question cue `cue_number` (goldfree_cues.cpp).
//
// The rule (written before it was measured):
// 1. The question's lower-cased words (questionWords; whole words, never a substring). A number
//    word is one of "one" .. "ten" (1 .. 10); a digit number is a word of digits only (no '.').
// 2. A number is in a comparison phrase when it stands
//    (a) directly after "at least", "at most", "more than", "fewer than", "less than",
//        "greater than", "larger than", "smaller than", "exactly", "over", "under" or "between";
//    (b) directly after the "and" of "between X and Y" ("between one and two": X is one word);
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
//    the SQL may write N-1 for "at least N" and "N or more" (`COUNT(*) > 1` for "at least two"),
//    N+1 for "at most N" and "N or fewer/less" (`< 3` for "at most two"), N+1 for "more than",
//    "greater than", "larger than" and "over N" (`>= 3`), N-1 for "fewer than", "less than",
//    "smaller than" and "under N" (`<= 1`); never below 0. "exactly" and "between" take N only.
//    A negated phrase ("no more than two" = at most two) needs no rule of its own: its forms
//    (`<= 2`, `< 3`) are N and the N+1 that "more than" takes.
#include <algorithm>
#include <array>
#include <cctype>
#include <set>

#include "engine/annotate/checks.h"

namespace hs::annotate {

namespace {

enum class Bound { Exact, AtLeast, AtMost, Above, Below };

// The value of a number word ("one" .. "ten") or of a digit number of up to 9 digits, else -1.
long numberValue(const std::string& w) {
  static const std::array<const char*, 10> words = {"one", "two",   "three", "four", "five",
                                                    "six", "seven", "eight", "nine", "ten"};
  for (std::size_t k = 0; k < words.size(); ++k)
    if (w == words[k]) return static_cast<long>(k) + 1;
  if (w.empty() || w.size() > 9 ||
      !std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return -1;
  return std::stol(w);
}

// The comparison phrase before ws[i] (rule 2a, 2b), if any.
std::optional<Bound> boundBefore(const std::vector<std::string>& ws, std::size_t i) {
  if (i >= 1) {
    const std::string& p = ws[i - 1];
    if (p == "exactly" || p == "between") return Bound::Exact;
    if (p == "over") return Bound::Above;
    if (p == "under") return Bound::Below;
    if (p == "and" && i >= 3 && ws[i - 3] == "between") return Bound::Exact;
  }
  if (i >= 2) {
    const std::string &a = ws[i - 2], &b = ws[i - 1];
    if (a == "at" && b == "least") return Bound::AtLeast;
    if (a == "at" && b == "most") return Bound::AtMost;
    if (b == "than") {
      if (a == "more" || a == "greater" || a == "larger") return Bound::Above;
      if (a == "fewer" || a == "less" || a == "smaller") return Bound::Below;
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
  static const std::set<std::string> scales = {"hundred", "thousand", "million", "billion",
                                               "dozen",   "percent",  "half",    "third",
                                               "thirds",  "quarter",  "quarters"};
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
    if (word && n == 1 && bound == Bound::AtLeast) continue;
    ComparedNumber c;
    c.number = std::to_string(n);
    c.word = word;
    if (bound == Bound::AtLeast || bound == Bound::Below) c.equivalent = n - 1;
    if (bound == Bound::AtMost || bound == Bound::Above) c.equivalent = n + 1;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace hs::annotate
