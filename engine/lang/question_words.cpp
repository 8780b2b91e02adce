// The words of a question: split, lower-cased, possessives dropped; word-form and phrase lookup.
#include "engine/lang/question_words.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "engine/lang/word_forms.h"

namespace hs::lang {

namespace {

// std::isalnum of one byte: ASCII letters and digits are answered here (they are the same in every
// locale), the other bytes are asked of the C library as before.
bool isAlnumByte(char ch) {
  const auto c = static_cast<unsigned char>(ch);
  if (c < 0x80) return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return std::isalnum(c) != 0;
}

// A byte that belongs to a word: a letter, a digit, an inner '.' or '\''.
bool isWordByte(char ch) {
  return isAlnumByte(ch) || ch == '.' || ch == '\'';
}

// Whether two texts split into the same words because one is the other followed by bytes that make
// no word of their own: a sentence cut from its question ("What is X" of "What is X?", "List the
// names" of "List the names."). The tail may open with '.' and '\'' only where they join the last
// word, whose trailing marks splitAsWritten drops anyway; after that it holds no word byte.
bool sameSplit(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  // The shorter text's last byte first: it tells most other questions apart without a full compare.
  if (!a.empty() && b[a.size() - 1] != a.back()) return false;
  if (!b.starts_with(a)) return false;
  std::string_view tail = b.substr(a.size());
  if (!a.empty() && isWordByte(a.back()))
    while (!tail.empty() && (tail.front() == '.' || tail.front() == '\'')) tail.remove_prefix(1);
  return std::none_of(tail.begin(), tail.end(), isWordByte);
}

// Every check of a case splits the same question, and its sentences, again; each thread keeps the
// last few splits of each kind, replacing the oldest (the header's promise on references rests on
// kSlots).
struct RecentSplits {
  static constexpr std::size_t kSlots = 8;
  struct Slot {
    std::string text;
    std::vector<std::string> words;
    bool used = false;
  };
  std::array<Slot, kSlots> slots;
  std::size_t next = 0;

  template <class Split>
  const std::vector<std::string>& get(std::string_view q, Split split) {
    for (const Slot& s : slots)
      if (s.used && sameSplit(s.text, q)) return s.words;
    Slot& s = slots[next];
    next = (next + 1) % kSlots;
    s.words = split(q);
    s.text.assign(q);
    s.used = true;
    return s.words;
  }
};

std::vector<std::string> splitAsWritten(std::string_view question) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : question) {
    if (isWordByte(ch)) {
      cur.push_back(ch);
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  // "U.S." and "students'" keep their inner marks and lose the trailing ones.
  for (std::string& w : out)
    while (!w.empty() && (w.back() == '.' || w.back() == '\'')) w.pop_back();
  return out;
}

std::vector<std::string> lowerCased(std::vector<std::string> words) {
  for (std::string& w : words)  // hs::asciiLower, in place
    for (char& c : w)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return words;
}

std::vector<std::string> withoutPossessives(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const std::string& w : words) out.push_back(withoutPossessive(w));
  return out;
}

}  // namespace

const std::vector<std::string>& questionWordsAsWritten(std::string_view question) {
  thread_local RecentSplits last;
  return last.get(question, splitAsWritten);
}

const std::vector<std::string>& questionWords(std::string_view question) {
  thread_local RecentSplits last;
  return last.get(question, [](std::string_view q) { return lowerCased(questionWordsAsWritten(q)); });
}

const std::vector<std::string>& questionWordsNoPossessive(std::string_view question) {
  thread_local RecentSplits last;
  return last.get(question, [](std::string_view q) { return withoutPossessives(questionWords(q)); });
}

std::size_t questionWordCount(std::string_view text) {
  // Each run of word bytes is one word of splitAsWritten (kept even when its trailing marks are
  // all it has).
  std::size_t n = 0;
  bool inWord = false;
  for (char ch : text) {
    if (isWordByte(ch) && !inWord) ++n;
    inWord = isWordByte(ch);
  }
  return n;
}

bool hasWordForm(const std::vector<std::string>& words, std::string_view stem) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& w) { return isWordForm(w, stem); });
}

bool hasPhrase(const std::vector<std::string>& words, std::initializer_list<std::string_view> phrase) {
  const std::size_t n = phrase.size();
  if (n == 0 || words.size() < n) return false;
  for (std::size_t i = 0; i + n <= words.size(); ++i) {
    std::size_t k = 0;
    for (std::string_view p : phrase) {
      if (words[i + k] != p) break;
      ++k;
    }
    if (k == n) return true;
  }
  return false;
}

}  // namespace hs::lang
