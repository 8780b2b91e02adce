#pragma once
// The words of a question as the checks read them: split, lower-cased, possessives dropped, and
// looked up by word form or as a phrase.
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace hs::lang {

// The three splits below are kept per thread for the last few texts split (every check of a case
// splits the same question and its sentences again), so they return a reference into that store: it
// stays valid until the thread has split eight other texts with the same function. Copy the words
// to keep them longer.

// The words as written, letter case kept ("France", "HMS"): letters, digits, inner '.' and '\''.
const std::vector<std::string>& questionWordsAsWritten(std::string_view question);
// The same words lower-cased.
const std::vector<std::string>& questionWords(std::string_view question);
// questionWords with a final "'s" dropped from each word.
const std::vector<std::string>& questionWordsNoPossessive(std::string_view question);
// How many words questionWordsAsWritten(text) has (and so each split of the text), counted without
// splitting: the words of a text are those of its pieces between separators (',', '&', ...) in
// order, so a caller can cut a split it already has at them.
std::size_t questionWordCount(std::string_view text);
// A word of `words` is `stem` in one of its forms (isWordForm).
bool hasWordForm(const std::vector<std::string>& words, std::string_view stem);
// Consecutive words of `words` ("how many", "number of").
bool hasPhrase(const std::vector<std::string>& words, std::initializer_list<std::string_view> phrase);

}  // namespace hs::lang
