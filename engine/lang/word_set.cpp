// A fixed set of words, sorted by length then text, looked up by binary search.
#include "engine/lang/word_set.h"

#include <algorithm>

namespace hs::lang {

namespace {

bool shorterOrBefore(std::string_view a, std::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

}  // namespace

WordSet::WordSet(std::initializer_list<std::string_view> words) : words_(words.begin(), words.end()) {
  std::sort(words_.begin(), words_.end(), shorterOrBefore);
  words_.erase(std::unique(words_.begin(), words_.end()), words_.end());
}

bool WordSet::contains(std::string_view word) const {
  const auto it =
      std::lower_bound(words_.begin(), words_.end(), word,
                       [](const std::string& w, std::string_view x) { return shorterOrBefore(w, x); });
  return it != words_.end() && *it == word;
}

}  // namespace hs::lang
