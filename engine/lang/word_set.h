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
  bool contains(std::string_view word) const;
  // std::set's spelling, so that a set of words reads the same at its call sites.
  std::size_t count(std::string_view word) const { return contains(word) ? 1 : 0; }

 private:
  static constexpr std::size_t kLengths = 32;  // longer words are looked up in all of words_
  std::vector<std::string> words_;             // sorted by (length, text), no duplicates
  std::vector<std::size_t> firstOfLength_;     // [n]: index of the first word of length >= n
};

}  // namespace hs::lang
