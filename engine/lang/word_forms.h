#pragma once
// English word forms, the engine's one inflector: whether a word of a question is a form of another
// word ("categories" of "category", "summed" of "sum") and the singular of a word.
#include <string>
#include <string_view>

namespace hs::lang {

// `stem` itself or its plural (-s, -es; a final consonant + 'y' as -ies: category -> categories).
// A noun's forms only: "named" does not name the column `name`.
bool isNounForm(std::string_view word, std::string_view stem);
// `stem` in one of its forms: the noun forms, 3rd person (-s, -es, -ies), past (-ed, -d, -ied) and
// gerund (-ing, also with a final 'e' dropped: average -> averaging, or the last consonant doubled:
// sum -> summed). Whole words only: "country" and "account" are not "count", "summer" is not "sum".
bool isWordForm(std::string_view word, std::string_view stem);
// The singular of a lower-case word: "companies" -> "company", "matches" -> "match", "classes" ->
// "class", "singers" -> "singer"; words that only look plural stay ("status", "analysis", "glass").
std::string singular(std::string word);
// A question word naming an identifier word: the word or its plural (isNounForm), or, for a plural
// identifier word ("points"), its singular.
bool namesWord(const std::string& word, const std::string& identifierWord);
// Two words (lower case) are the same noun, either being the other's form (namesWord either way).
bool sameNounWord(const std::string& a, const std::string& b);
// One word with a final "'s" (or "'S") dropped: "singer's" -> "singer".
std::string withoutPossessive(std::string word);

}  // namespace hs::lang
