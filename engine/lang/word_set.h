#pragma once
// A fixed set of words a check looks question and identifier words up in.
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace hs::lang {

// The checks ask, for every word of every question, whether it is one of a few dozen words
// ("most", "least", "highest", ...). The words are kept sorted by length first, in one contiguous
// array, and a word is compared only with the words of its own length; the answer is the same as a
// std::set<std::string>'s.
class WordSet {
 public:
  WordSet(std::initializer_list<std::string_view> words);
  explicit WordSet(std::vector<std::string> words);
  bool contains(std::string_view word) const {
    if (word.size() >= kLengths) return containsLong(word);
    // Only the words of the same length (a handful), compared in place.
    const std::size_t last = firstOfLength_[word.size() + 1];
    for (std::size_t i = firstOfLength_[word.size()]; i < last; ++i)
      if (std::string_view(words_[i]) == word) return true;
    return false;
  }
  // std::set's spelling, so that a set of words reads the same at its call sites.
  std::size_t count(std::string_view word) const { return contains(word) ? 1 : 0; }

 private:
  bool containsLong(std::string_view word) const;
  static constexpr std::size_t kLengths = 32;  // longer words are looked up in all of words_
  std::vector<std::string> words_;             // sorted by (length, text), no duplicates
  std::vector<std::size_t> firstOfLength_;     // [n]: index of the first word of length >= n
};

}  // namespace hs::lang
