// Question cues the SQL ignores: superlatives, counting, grouping, distinctness, numbers, quoted values;
// and the other way round, a LIMIT or a COUNT the question does not ask for.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <set>

#include "engine/annotate/check_registry.h"
#include "engine/annotate/checks.h"
#include "engine/core/finding_messages.h"
#include "engine/core/text.h"

namespace hs::annotate {

namespace {

std::string M(FindingMsg id, std::initializer_list<std::string_view> args = {}) {
  return formatMessage(id, args);
}
using enum FindingMsg;

}  // namespace

Finding wholeQueryCue(const std::string& category, const std::string& message, const SqlView& v,
                      double confidence) {
  Finding f;
  f.taxonomy = "goldfree";
  f.category = category;
  f.message = message;
  f.spans.push_back({"pred", 0, v.text.size()});
  f.confidence = confidence;
  return f;
}

bool sqlHasWord(const SqlView& v, std::initializer_list<const char*> words) {
  for (const Token& t : v.tokens)
    if (isWord(t))
      for (const char* w : words)
        if (t.text == w) return true;
  return false;
}

bool questionReadsLatin(std::string_view question) {
  // Words: maximal runs of Latin letters (ASCII, and U+00C0..U+024F for "Montréal"), or runs of
  // other alphabetic scripts (Cyrillic, Greek, ...); each CJK character is a word of its own.
  int latin = 0, other = 0;
  enum class Run { None, Latin, Other } run = Run::None;
  for (std::size_t i = 0; i < question.size();) {
    const auto b = static_cast<unsigned char>(question[i]);
    const std::size_t len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    char32_t cp = len == 1 ? b : (b & (0x7F >> len));
    for (std::size_t k = 1; k < len && i + k < question.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(question[i + k]) & 0x3F);
    i += len;
    const bool latinLetter = (cp < 0x80 && std::isalpha(static_cast<int>(cp))) || (cp >= 0xC0 && cp <= 0x24F);
    const bool cjk = (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x9FFF) ||
                     (cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0xF900 && cp <= 0xFAFF);
    const bool otherLetter = !latinLetter && !cjk && cp >= 0x370 && !(cp >= 0x2000 && cp <= 0x2BFF) &&
                             !(cp >= 0x3000 && cp <= 0x303F) && !(cp >= 0xFF00 && cp <= 0xFF65);
    if (cjk) {
      ++other;
      run = Run::None;
    } else if (latinLetter) {
      if (run != Run::Latin) ++latin;
      run = Run::Latin;
    } else if (otherLetter) {
      if (run != Run::Other) ++other;
      run = Run::Other;
    } else {
      run = Run::None;
    }
  }
  return latin > 0 && latin >= 2 * other;
}

namespace {

// "number of" / "count" as a request to count, not a noun ("phone number of", "view count"):
// "number(s) of" after an article, a verb of asking, a comparison word or at the start ("average
// number of" asks for an average); "count" as the first word or followed by what is counted.
bool countWordCue(const std::vector<std::string>& ws) {
  static const lang::WordSet before = {
      "the",       "a",       "an",      "total",  "what",     "what's",  "whats",   "and",     "of",
      "in",        "by",      "with",    "for",    "to",       "than",    "same",    "overall", "combined",
      "greatest",  "largest", "highest", "lowest", "smallest", "biggest", "maximum", "minimum", "most",
      "least",     "fewest",  "top",     "show",   "find",     "give",    "list",    "return",  "compute",
      "calculate", "get",     "display", "tell",   "count",    "is",      "are",     "was",     "were"};
  static const lang::WordSet countedAfter = {"the",       "of",     "how",    "all",   "each",  "distinct",
                                             "different", "unique", "number", "those", "these", "every"};
  for (std::size_t i = 0; i < ws.size(); ++i) {
    if ((ws[i] == "number" || ws[i] == "numbers") && i + 1 < ws.size() && ws[i + 1] == "of" &&
        (i == 0 || before.count(ws[i - 1])))
      return true;
    if (ws[i] == "count" || ws[i] == "counts" || ws[i] == "counting" || ws[i] == "counted") {
      if (i == 0 || (i + 1 < ws.size() && countedAfter.count(ws[i + 1]))) return true;
    }
  }
  return false;
}

// An "-est" superlative not in the list (fastest, tallest, hottest); words that merely end in
// "est" (interest, request, west, forest) are not.
bool isEstSuperlative(const std::string& w) {
  static const lang::WordSet notSuperlative = {
      "interest", "interests", "request",   "rest",      "west",    "test",     "forest",  "contest",
      "protest",  "suggest",   "harvest",   "manifest",  "digest",  "invest",   "arrest",  "quest",
      "chest",    "priest",    "pest",      "vest",      "crest",   "lest",     "guest",   "nest",
      "honest",   "modest",    "southwest", "northwest", "midwest", "conquest", "inquest", "attest",
      "detest",   "divest",    "infest",    "unrest",    "behest",  "bequest",  "earnest"};
  return w.size() >= 6 && w.compare(w.size() - 3, 3, "est") == 0 && !notSuperlative.count(w) &&
         std::all_of(w.begin(), w.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

// Numbers written in the question: digit runs with an inner '.' or thousands ',' ("100,000" is
// 100000); a run joined to '/', ':' (a date or time) or followed by '%' is left out.
std::vector<std::string> questionNumbers(std::string_view q) {
  std::vector<std::string> out;
  auto digit = [&](std::size_t i) { return i < q.size() && std::isdigit(static_cast<unsigned char>(q[i])); };
  std::size_t i = 0;
  while (i < q.size()) {
    if (!digit(i)) {
      ++i;
      continue;
    }
    if (i > 0 && (std::isalpha(static_cast<unsigned char>(q[i - 1])) || q[i - 1] == '_')) {
      // Part of a name (TR004, USD100,000, user93): not a number of the question.
      while (i < q.size() && (std::isalnum(static_cast<unsigned char>(q[i])) || q[i] == '_' ||
                              ((q[i] == ',' || q[i] == '.') && digit(i + 1))))
        ++i;
      continue;
    }
    std::size_t a = i;
    std::string num;
    while (i < q.size() && (digit(i) || ((q[i] == '.' || q[i] == ',') && digit(i + 1)))) {
      if (q[i] != ',') num.push_back(q[i]);
      ++i;
    }
    bool word = i < q.size() && (std::isalpha(static_cast<unsigned char>(q[i])) || q[i] == '_');
    bool dated = (a > 0 && (q[a - 1] == '/' || q[a - 1] == ':')) ||
                 (i < q.size() && (q[i] == '/' || q[i] == ':' || q[i] == '%'));
    if (!word && !dated) out.push_back(num);
  }
  return out;
}

// `number` in `text` with no digit (or decimal point and digit) joined to it on either side.
bool containsNumber(const std::string& text, const std::string& number) {
  auto isDigit = [&](std::size_t i) {
    return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]));
  };
  for (std::size_t p = text.find(number); p != std::string::npos; p = text.find(number, p + 1)) {
    std::size_t e = p + number.size();
    bool left = p > 0 && (isDigit(p - 1) || (text[p - 1] == '.' && p > 1 && isDigit(p - 2)));
    // A year may run on into a month in a date string ('201308' for August 2013).
    bool year = number.size() == 4 && (number[0] == '1' || number[0] == '2');
    bool right = (!year && isDigit(e)) || (e < text.size() && text[e] == '.' && isDigit(e + 1));
    if (!left && !right) return true;
  }
  return false;
}

// What else in a question a LIMIT may answer besides a superlative (the caller checks those):
// "top", "first", an ordinal, a number ("list 3 singers", "five"), or a comparison of two ("which
// is older, A or B?").
bool limitCue(const std::vector<std::string>& ws) {
  static const lang::WordSet words = {
      "top",     "first",  "last",  "one",   "single",  "any",      "example", "sample",
      "second",  "third",  "two",   "three", "four",    "five",     "six",     "seven",
      "eight",   "nine",   "ten",   "more",  "less",    "fewer",    "greater", "larger",
      "smaller", "higher", "lower", "older", "younger", "majority", "extreme"};
  for (const std::string& w : ws)
    if (words.count(w) || (!w.empty() && std::isdigit(static_cast<unsigned char>(w[0])))) return true;
  return false;
}

// The outermost SELECT's first item is COUNT(...) (SELECT [DISTINCT] COUNT( ...).
bool selectsCount(const SqlView& v) {
  std::size_t i = 0;
  auto word = [&](const char* w) { return i < v.tokens.size() && isWord(v.tokens[i], w); };
  if (!word("select")) return false;
  ++i;
  if (word("distinct") || word("all")) ++i;
  return word("count") && i + 1 < v.tokens.size() && v.tokens[i + 1].kind == TokKind::LParen;
}

const lang::WordSet& superlativeWords() {
  static const lang::WordSet superl = {
      "most",    "least",    "highest",  "lowest", "largest", "smallest", "biggest",  "greatest", "fewest",
      "oldest",  "youngest", "earliest", "latest", "maximum", "minimum",  "top",      "best",     "worst",
      "longest", "shortest", "max",      "min",    "newest",  "heaviest", "lightest", "cheapest", "richest"};
  return superl;
}

}  // namespace

std::string questionSuperlative(const std::vector<std::string>& ws) {
  const lang::WordSet& superl = superlativeWords();
  for (std::size_t i = 0; i < ws.size(); ++i) {
    if (!superl.count(ws[i]) && !isEstSuperlative(ws[i])) continue;
    if (i > 0 && ws[i - 1] == "at" && (ws[i] == "least" || ws[i] == "most")) continue;
    return ws[i];
  }
  return {};
}

namespace {

// The question's words, or nothing when there is no question or no SQL to hold a cue's answer.
const std::vector<std::string>& cueWords(const CheckContext& c) {
  static const std::vector<std::string> none;
  if (c.question.empty() || c.pred.tokens.empty()) return none;
  return questionWords(c.question);
}

bool countCueOf(const std::vector<std::string>& ws) {
  return hasPhrase(ws, {"how", "many"}) || countWordCue(ws);
}

}  // namespace

void checkCueSuperlative(const CheckContext& c, std::vector<Finding>& out) {
  const std::vector<std::string>& ws = cueWords(c);
  const std::string sup = questionSuperlative(ws);
  if (!sup.empty() && !sqlHasWord(c.pred, {"order", "max", "min"}))
    out.push_back(wholeQueryCue("cue_superlative", M(CueSuperlative, {sup}), c.pred, 0.8));
}

void checkCueCount(const CheckContext& c, std::vector<Finding>& out) {
  const std::vector<std::string>& ws = cueWords(c);
  if (countCueOf(ws) && !sqlHasWord(c.pred, {"count", "sum"}))
    out.push_back(wholeQueryCue("cue_count", M(CueCount), c.pred, 0.8));
}

// "average" (its forms: averages, averaged) asks for AVG, or for a ratio written by hand
// (SUM(x) / COUNT(*)), or for a column that stores averages (AvgScrMath, `Average`);
// "mean" is left out ("what does X mean").
void checkCueAverage(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  auto averaged = [&] {
    for (const Token& t : v.tokens) {
      if (t.kind == TokKind::Op && t.text == "/") return true;
      if (t.kind != TokKind::Word && t.kind != TokKind::QuotedId && t.kind != TokKind::Backtick &&
          t.kind != TokKind::Bracket)
        continue;
      // As written (the token's text is folded): AvgScrMath -> avg, scr, math.
      for (const std::string& part :
           hs::identifierParts(std::string_view(v.text).substr(t.begin, t.end - t.begin)))
        if (part == "avg" || part == "average" || part == "mean") return true;
    }
    return false;
  };
  if (hasWordForm(cueWords(c), "average") && !averaged())
    out.push_back(wholeQueryCue("cue_average", M(CueAverage), v, 0.8));
}

// "for each" with an aggregate asks for GROUP BY.
void checkCueGroup(const CheckContext& c, std::vector<Finding>& out) {
  const std::vector<std::string>& ws = cueWords(c);
  bool eachCue = false;
  for (const std::string& w : ws) eachCue = eachCue || w == "each" || w == "per";
  eachCue = eachCue || hasPhrase(ws, {"for", "every"});
  if (!eachCue) return;  // the aggregate words are looked for only after "each", "per", "for every"
  bool aggCue = countCueOf(ws) || hasWordForm(ws, "average") || hasWordForm(ws, "total") ||
                hasWordForm(ws, "maximum") || hasWordForm(ws, "minimum") || hasWordForm(ws, "sum");
  if (aggCue && !sqlHasWord(c.pred, {"group"}))
    out.push_back(wholeQueryCue("cue_group", M(CueGroup), c.pred, 0.7));
}

void checkCueDistinct(const CheckContext& c, std::vector<Finding>& out) {
  bool distinctCue = false;
  for (const std::string& w : cueWords(c))
    distinctCue = distinctCue || w == "different" || w == "distinct" || w == "unique";
  if (distinctCue && !sqlHasWord(c.pred, {"distinct", "group"}))
    out.push_back(wholeQueryCue("cue_distinct", M(CueDistinct), c.pred, 0.6));
}

// The other direction: the SQL does what the question does not ask for. A LIMIT with no
// superlative, "top"/"first" or number in the question; a SELECT COUNT(...) with no count word
// ("total", "amount" and "number" also ask for one).
void checkCueUnasked(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  if (c.question.empty() || v.tokens.empty()) return;
  const std::vector<std::string>& ws = questionWords(c.question);
  bool limited = false;
  for (const SelectBlock& b : v.blocks) limited = limited || !b.limit.empty();
  if (limited && questionSuperlative(ws).empty() && !limitCue(ws))
    out.push_back(wholeQueryCue("cue_unasked", M(CueUnaskedLimit), v, 0.6));
  else if (selectsCount(v) && !countCueOf(ws) && !hasWordForm(ws, "total") && !hasWordForm(ws, "amount") &&
           !hasWordForm(ws, "number") && !hasWordForm(ws, "count") && !hasWordForm(ws, "quantity"))
    out.push_back(wholeQueryCue("cue_unasked", M(CueUnaskedCount), v, 0.6));
}

// Numbers of the question that appear nowhere in the SQL (as a number, inside a string or a
// name such as `Enrollment (Ages 5-17)` or NumGE1500; not in a table alias such as T2, which the
// SQL's writer numbers). Dates, times and percentages are left out: SQL writes them in other
// forms ('1980-01-01', 0.2).
void checkCueNumber(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  if (c.question.empty() || v.tokens.empty()) return;
  const std::vector<std::string>& ws = questionWords(c.question);
  // Number words that set how many rows to keep: "the three heaviest", "top five", "first two"; and
  // the numbers of comparison phrases ("at least two courses", comparedNumbers in
  // goldfree_number.cpp), which an equivalent SQL may also compare with as their `equivalent` ("> 1"
  // for "at least two").
  const lang::WordSet& superl = superlativeWords();
  std::vector<std::string> numbers = questionNumbers(c.question);
  static constexpr std::array<std::string_view, 9> numberWords = {"two",   "three", "four", "five", "six",
                                                                  "seven", "eight", "nine", "ten"};
  for (std::size_t i = 0; i < ws.size(); ++i) {
    const auto at = std::find(numberWords.begin(), numberWords.end(), ws[i]);
    if (at == numberWords.end()) continue;
    const bool before = i > 0 && (ws[i - 1] == "top" || ws[i - 1] == "first" || ws[i - 1] == "last");
    const bool after = i + 1 < ws.size() && (superl.count(ws[i + 1]) || isEstSuperlative(ws[i + 1]));
    if (before || after) numbers.push_back(std::to_string(at - numberWords.begin() + 2));
  }
  const std::vector<ComparedNumber> compared = comparedNumbers(ws);
  for (const ComparedNumber& n : compared)
    if (n.word) numbers.push_back(n.number);
  // Most questions name no number: the SQL's numbers and text are read only for those that do.
  if (numbers.empty()) return;
  std::set<std::string> aliases;
  for (const SelectBlock& b : v.blocks)
    for (const TableRef& r : b.tables)
      if (!r.alias.empty() && r.alias != r.name) aliases.insert(r.alias);
  std::set<std::string> sqlNumbers;
  std::string sqlText;
  for (const Token& t : v.tokens) {
    if (t.kind == TokKind::Number) sqlNumbers.insert(t.text);
    if ((t.kind == TokKind::String || t.kind == TokKind::Word || t.kind == TokKind::QuotedId ||
         t.kind == TokKind::Backtick || t.kind == TokKind::Bracket) &&
        (t.kind == TokKind::String || !aliases.count(hs::asciiLower(t.text))))
      sqlText += hs::asciiLower(t.text) + "\n";
  }
  auto inSql = [&](const std::string& w) {
    bool found = sqlNumbers.count(w) > 0 || containsNumber(sqlText, w);
    for (const std::string& n : sqlNumbers)
      if (std::strtod(n.c_str(), nullptr) == std::strtod(w.c_str(), nullptr)) found = true;
    return found;
  };
  for (const std::string& w : numbers) {
    bool found = inSql(w);
    for (const ComparedNumber& n : compared)
      if (!found && std::strtod(n.number.c_str(), nullptr) == std::strtod(w.c_str(), nullptr))
        found = sqlHasEquivalent(v, n);
    if (!found) {
      out.push_back(wholeQueryCue("cue_number", M(CueNumber, {w}), v, 0.7));
      return;
    }
  }
}

// A quoted value of the question that no string of the SQL holds.
void checkCueValue(const CheckContext& c, std::vector<Finding>& out) {
  const SqlView& v = c.pred;
  if (c.question.empty() || v.tokens.empty()) return;
  std::string sqlStrings;
  for (const Token& t : v.tokens)
    if (t.kind == TokKind::String) sqlStrings += hs::asciiLower(t.text) + "\n";
  std::string qs(c.question);
  for (char quote : {'"', '\''}) {
    std::size_t a = qs.find(quote);
    while (a != std::string::npos) {
      std::size_t e = qs.find(quote, a + 1);
      if (e == std::string::npos) break;
      std::string val = hs::asciiLower(qs.substr(a + 1, e - a - 1));
      while (!val.empty() && val.back() == ' ') val.pop_back();
      bool plausible = !val.empty() && val.size() < 60 && (quote == '"' || (a == 0 || qs[a - 1] == ' '));
      if (plausible && sqlStrings.find(val) == std::string::npos) {
        out.push_back(wholeQueryCue("cue_value", M(CueValue, {val}), v, 0.7));
        return;
      }
      a = qs.find(quote, e + 1);
    }
  }
}

}  // namespace hs::annotate
