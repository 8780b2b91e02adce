// A fixed set of words, sorted by length then text, looked up among the words of the same length.
#include "engine/lang/word_set.h"

#include <algorithm>
#include <utility>

namespace hs::lang {

namespace {

bool shorterOrBefore(std::string_view a, std::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

}  // namespace

WordSet::WordSet(std::initializer_list<std::string_view> words)
    : WordSet(std::vector<std::string>(words.begin(), words.end())) {}

WordSet::WordSet(std::vector<std::string> words) : words_(std::move(words)) {
  std::sort(words_.begin(), words_.end(), shorterOrBefore);
  words_.erase(std::unique(words_.begin(), words_.end()), words_.end());
  // firstOfLength_[n]: the first word of length n or more (the words are sorted by length).
  firstOfLength_.assign(kLengths + 1, words_.size());
  for (std::size_t i = words_.size(); i-- > 0;)
    for (std::size_t n = 0; n <= std::min(words_[i].size(), kLengths); ++n) firstOfLength_[n] = i;
}

bool WordSet::containsLong(std::string_view word) const {
  const auto it = std::lower_bound(words_.begin(), words_.end(), word, shorterOrBefore);
  return it != words_.end() && *it == word;
}

}  // namespace hs::lang
