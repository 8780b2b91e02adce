// The words of a question: split, lower-cased, possessives dropped; word-form and phrase lookup.
#include "engine/lang/question_words.h"

#include <algorithm>
#include <cctype>

#include "engine/core/text.h"
#include "engine/lang/word_forms.h"

namespace hs::lang {

namespace {

// Every check of a case splits the same question again; each thread keeps the last split of each kind.
struct LastSplit {
  std::string question;
  std::vector<std::string> words;
  bool valid = false;

  template <class Split>
  std::vector<std::string> get(std::string_view q, Split split) {
    if (!valid || q != question) {
      words = split(q);
      question.assign(q);
      valid = true;
    }
    return words;
  }
};

std::vector<std::string> splitAsWritten(std::string_view question) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : question) {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '\'') {
      cur.push_back(ch);
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(cur);
  // "U.S." and "students'" keep their inner marks and lose the trailing ones.
  for (std::string& w : out)
    while (!w.empty() && (w.back() == '.' || w.back() == '\'')) w.pop_back();
  return out;
}

}  // namespace

std::vector<std::string> questionWordsAsWritten(std::string_view question) {
  thread_local LastSplit last;
  return last.get(question, splitAsWritten);
}

std::vector<std::string> questionWords(std::string_view question) {
  thread_local LastSplit last;
  return last.get(question, [](std::string_view q) {
    std::vector<std::string> out = questionWordsAsWritten(q);
    for (std::string& w : out) w = hs::asciiLower(w);
    return out;
  });
}

std::vector<std::string> questionWordsNoPossessive(std::string_view question) {
  thread_local LastSplit last;
  return last.get(question, [](std::string_view q) {
    std::vector<std::string> out;
    for (std::string w : questionWords(q)) out.push_back(withoutPossessive(std::move(w)));
    return out;
  });
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
