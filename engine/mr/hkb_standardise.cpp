#include "engine/mr/hkb_standardise.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_set>

#include "engine/core/text.h"
#include "engine/db/database.h"

namespace hs::mr {
namespace {

// Function and intent words that stay in the standardised text: they carry the SQL's shape.
const std::unordered_set<std::string_view>& keptWords() {
  static const std::unordered_set<std::string_view> words = {
      // question words and request verbs
      "what", "which", "who", "whom", "whose", "where", "when", "how", "why", "many", "much", "show", "list",
      "find", "give", "return", "tell", "display", "get", "count", "compute", "calculate", "retrieve",
      "select", "please", "me", "us", "name", "names", "identify", "report", "provide", "sort", "order",
      // determiners, pronouns, auxiliaries
      "a", "an", "the", "this", "that", "these", "those", "each", "every", "all", "any", "some", "no", "not",
      "none", "both", "either", "neither", "other", "another", "same", "different", "distinct", "unique",
      "its", "their", "his", "her", "them", "they", "it", "we", "i", "you", "there", "is", "are", "was",
      "were", "be", "been", "being", "am", "do", "does", "did", "has", "have", "had", "having", "can",
      "could", "will", "would", "should", "may", "might", "must", "also", "only", "just", "still", "ever",
      "never", "again", "own", "owns",
      // prepositions and conjunctions
      "of", "in", "on", "at", "by", "for", "with", "without", "from", "to", "into", "as", "than", "and", "or",
      "but", "if", "then", "between", "among", "about", "after", "before", "since", "until", "during", "per",
      "over", "under", "above", "below", "via", "within", "except", "including", "both", "whether", "while",
      "up", "down", "out", "off", "so", "such", "too", "very", "along", "together", "respectively",
      // comparison, extrema, ordering, aggregation
      "more", "most", "less", "least", "fewer", "fewest", "greater", "greatest", "larger", "largest",
      "smaller", "smallest", "higher", "highest", "lower", "lowest", "bigger", "biggest", "older", "oldest",
      "younger", "youngest", "longer", "longest", "shorter", "shortest", "heavier", "heaviest", "lighter",
      "lightest", "earlier", "earliest", "later", "latest", "newer", "newest", "cheaper", "cheapest",
      "expensive", "best", "worst", "top", "bottom", "first", "last", "maximum", "minimum", "max", "min",
      "average", "avg", "mean", "sum", "total", "number", "numbers", "amount", "percentage", "percent",
      "proportion", "ratio", "equal", "equals", "exceed", "exceeds", "exactly", "at", "least", "exact", "big",
      "ascending", "descending", "alphabetical", "alphabetically", "increasing", "decreasing", "sorted",
      "ordered", "grouped", "group", "combined", "overall", "whole", "again", "times", "once", "twice",
      "ones", "one's", "result", "results", "record", "records", "value", "values", "information", "info",
      "details", "detail", "corresponding", "correspond", "respective", "along", "also", "plus", "either",
      "nor", "outside", "inside", "contain", "contains", "containing", "include", "includes", "start",
      "starts", "end", "ends", "like", "equal", "nonzero", "null", "empty", "known", "unknown", "yes", "true",
      "false"};
  return words;
}

const std::map<std::string_view, int>& numberWords() {
  static const std::map<std::string_view, int> words = {
      {"zero", 0},         {"two", 2},        {"three", 3},     {"four", 4},      {"five", 5},
      {"six", 6},          {"seven", 7},      {"eight", 8},     {"nine", 9},      {"ten", 10},
      {"eleven", 11},      {"twelve", 12},    {"thirteen", 13}, {"fourteen", 14}, {"fifteen", 15},
      {"sixteen", 16},     {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19}, {"twenty", 20},
      {"thirty", 30},      {"forty", 40},     {"fifty", 50},    {"hundred", 100}, {"thousand", 1000},
      {"million", 1000000}};
  return words;
}

bool isWordByte(unsigned char c) {
  return std::isalnum(c) || c >= 0x80 || c == '_';
}

enum class RawKind { Word, Number, Quoted, Punct };

struct RawToken {
  RawKind kind;
  std::size_t begin;
  std::size_t end;
  std::string folded;  // Word: foldWord(text)
};

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// A quote opens a literal when it starts a token and a matching quote closes it before a
// non-letter ("Jetblue's" is not a literal; 'Aberdeen' and "United Airlines" are).
std::size_t closingQuote(std::string_view s, std::size_t open) {
  char q = s[open];
  if (open > 0 && isWordByte(static_cast<unsigned char>(s[open - 1]))) return std::string_view::npos;
  for (std::size_t k = open + 1; k < s.size(); ++k) {
    if (s[k] != q) continue;
    if (k + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[k + 1]))) continue;
    return k > open + 1 ? k : std::string_view::npos;
  }
  return std::string_view::npos;
}

std::vector<RawToken> scan(std::string_view s) {
  std::vector<RawToken> out;
  std::size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      if (auto close = closingQuote(s, i); close != std::string_view::npos) {
        out.push_back({RawKind::Quoted, i, close + 1, {}});
        i = close + 1;
        continue;
      }
    }
    if (std::isdigit(c)) {
      std::size_t j = i;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) ||
                              ((s[j] == '.' || s[j] == ',') && j + 1 < s.size() &&
                               std::isdigit(static_cast<unsigned char>(s[j + 1])))))
        ++j;
      if (j < s.size() && s[j] == '%') ++j;
      // "1st", "2nd", "3rd": an ordinal is a number too.
      while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
      out.push_back({RawKind::Number, i, j, {}});
      i = j;
      continue;
    }
    if (isWordByte(c)) {
      std::size_t j = i;
      while (j < s.size() && (isWordByte(static_cast<unsigned char>(s[j])) ||
                              ((s[j] == '\'' || s[j] == '-') && j + 1 < s.size() &&
                               std::isalpha(static_cast<unsigned char>(s[j + 1])))))
        ++j;
      out.push_back({RawKind::Word, i, j, foldWord(s.substr(i, j - i))});
      i = j;
      continue;
    }
    // A possessive apostrophe ("makers' names") is no token.
    if (!(c == '\'' && i > 0 && isWordByte(static_cast<unsigned char>(s[i - 1]))))
      out.push_back({RawKind::Punct, i, i + 1, {}});
    ++i;
  }
  return out;
}

// Splits a schema name into folded words: "car_makers" -> car maker, "CountryName" -> country name.
std::vector<std::string> nameWords(std::string_view name) {
  std::vector<std::string> words;
  for (const std::string& part : identifierParts(name)) words.push_back(foldWord(part));
  return words;
}

std::vector<std::string> phraseWords(std::string_view text) {
  std::vector<std::string> words;
  for (const RawToken& t : scan(text)) {
    if (t.kind == RawKind::Word)
      words.push_back(t.folded);
    else if (t.kind == RawKind::Number)
      words.push_back(std::string(text.substr(t.begin, t.end - t.begin)));
  }
  return words;
}

// Priority on equal length: value (3) > column (2) > table (1).
using PhraseIndex = std::map<std::vector<std::string>, int>;

void addPhrase(PhraseIndex& index, std::vector<std::string> words, int kind) {
  if (words.empty() || words.size() > 6) return;
  if (words.size() == 1 && (keptWords().count(words[0]) > 0 || words[0].size() < 2)) return;
  int& k = index[std::move(words)];
  k = std::max(k, kind);
}

PhraseIndex buildIndex(const SchemaVocabulary& v) {
  PhraseIndex index;
  for (const auto& t : v.tables) addPhrase(index, nameWords(t), 1);
  for (const auto& c : v.columns) addPhrase(index, nameWords(c), 2);
  for (const auto& val : v.values) {
    auto words = phraseWords(val);
    if (words.empty()) continue;
    bool allKept = std::all_of(words.begin(), words.end(), [](const std::string& w) {
      return keptWords().count(w) > 0 || std::isdigit(static_cast<unsigned char>(w[0]));
    });
    if (allKept || (words.size() == 1 && words[0].size() < 3)) continue;
    addPhrase(index, std::move(words), 3);
  }
  return index;
}

const char* placeholderOf(int kind) {
  switch (kind) {
    case 3:
      return "[VALUE]";
    case 2:
      return "[COLUMN]";
    default:
      return "[TABLE]";
  }
}

bool sentenceStart(const std::vector<RawToken>& raw, std::size_t i, std::string_view s) {
  if (i == 0) return true;
  const RawToken& p = raw[i - 1];
  if (p.kind != RawKind::Punct) return false;
  char c = s[p.begin];
  return c == '.' || c == '?' || c == '!' || c == ':' || c == ';';
}

bool looksLikeVerbOrAdverb(const std::string& w) {
  return w.size() >= 5 && (endsWith(w, "ed") || endsWith(w, "ing") || endsWith(w, "ly"));
}

}  // namespace

std::string foldWord(std::string_view word) {
  std::string w = asciiLower(word);
  if (w.size() > 4 && endsWith(w, "ies")) return w.substr(0, w.size() - 3) + "y";
  if (w.size() > 4 &&
      (endsWith(w, "sses") || endsWith(w, "ches") || endsWith(w, "shes") || endsWith(w, "xes")))
    return w.substr(0, w.size() - 2);
  if (w.size() > 3 && w.back() == 's' && !endsWith(w, "ss") && !endsWith(w, "us") && !endsWith(w, "is") &&
      !endsWith(w, "'s"))
    return w.substr(0, w.size() - 1);
  return w;
}

Result<SchemaVocabulary> vocabularyFromDatabase(db::Database& database, std::size_t valuesPerColumn) {
  auto schema = database.schema();
  if (!schema) return schema.error();
  SchemaVocabulary v;
  for (const auto& t : schema->tables) {
    v.tables.push_back(t.name);
    for (const auto& c : t.columns) {
      v.columns.push_back(c.name);
      if (valuesPerColumn == 0 || t.isView) continue;
      auto values = database.sampleValues(t.name, c.name, valuesPerColumn);
      if (!values) continue;  // an unreadable column only loses its values
      for (const auto& val : *values)
        if (val.type == db::Value::Type::Text && val.bytes.size() <= 60) v.values.push_back(val.bytes);
    }
  }
  return v;
}

struct QuestionStandardiser::Index {
  SchemaVocabulary vocabulary;
  PhraseIndex phrases;
};

QuestionStandardiser::QuestionStandardiser(SchemaVocabulary vocabulary) {
  auto index = std::make_shared<Index>();
  index->phrases = buildIndex(vocabulary);
  index->vocabulary = std::move(vocabulary);
  index_ = std::move(index);
}

const SchemaVocabulary& QuestionStandardiser::vocabulary() const {
  return index_->vocabulary;
}

StandardisedText standardiseQuestion(std::string_view question, const SchemaVocabulary& vocabulary) {
  return QuestionStandardiser(vocabulary)(question);
}

StandardisedText QuestionStandardiser::operator()(std::string_view question) const {
  const PhraseIndex& index = index_->phrases;
  const std::vector<RawToken> raw = scan(question);
  StandardisedText out;
  auto emit = [&](std::string token, std::size_t b, std::size_t e) {
    bool placeholder = token.front() == '[';
    if (placeholder) out.replacements.push_back({b, e, token});
    if (placeholder && !out.tokens.empty() && out.tokens.back() == token) return;  // collapse runs
    out.tokens.push_back(std::move(token));
  };
  for (std::size_t i = 0; i < raw.size();) {
    const RawToken& t = raw[i];
    if (t.kind == RawKind::Quoted) {
      emit("[VALUE]", t.begin, t.end);
      ++i;
      continue;
    }
    if (t.kind == RawKind::Number) {
      emit("[NUMBER]", t.begin, t.end);
      ++i;
      continue;
    }
    if (t.kind == RawKind::Punct) {
      emit(std::string(1, question[t.begin]), t.begin, t.end);
      ++i;
      continue;
    }
    // Longest schema phrase starting here.
    std::size_t bestLen = 0;
    int bestKind = 0;
    std::vector<std::string> words;
    for (std::size_t j = i; j < raw.size() && j < i + 6 && raw[j].kind == RawKind::Word; ++j) {
      words.push_back(raw[j].folded);
      if (auto it = index.find(words); it != index.end()) {
        bestLen = words.size();
        bestKind = it->second;
      }
    }
    if (bestLen > 0) {
      emit(placeholderOf(bestKind), t.begin, raw[i + bestLen - 1].end);
      i += bestLen;
      continue;
    }
    const std::string& w = t.folded;
    std::string lower = asciiLower(question.substr(t.begin, t.end - t.begin));
    if (numberWords().count(lower) > 0) {
      emit("[NUMBER]", t.begin, t.end);
    } else if (std::isupper(static_cast<unsigned char>(question[t.begin])) &&
               !sentenceStart(raw, i, question) && lower != "i") {
      emit("[VALUE]", t.begin, t.end);
    } else if (keptWords().count(lower) > 0 || keptWords().count(w) > 0) {
      emit(lower, t.begin, t.end);
    } else if (looksLikeVerbOrAdverb(lower)) {
      emit(lower, t.begin, t.end);
    } else {
      emit("[NOUN]", t.begin, t.end);
    }
    ++i;
  }
  for (const auto& tok : out.tokens) {
    if (!out.text.empty()) out.text.push_back(' ');
    out.text += tok;
  }
  return out;
}

}  // namespace hs::mr
