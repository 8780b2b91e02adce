// English word forms: noun and verb forms of a stem, singulars, possessives.
#include "engine/lang/word_forms.h"

#include <algorithm>
#include <cstring>
#include <initializer_list>

namespace hs::lang {

namespace {

// "category" -> "categories": 'y' after a consonant becomes "ies" ("day" -> "days" does not).
bool consonantY(std::string_view stem) {
  return stem.size() > 2 && stem.back() == 'y' && !std::strchr("aeiou", stem[stem.size() - 2]);
}

}  // namespace

bool isNounForm(std::string_view word, std::string_view stem) {
  if (word == stem) return true;
  // Compared in place, no copies: the question cues call this for every word against every name.
  // Every plural below is one or two letters longer than the stem ("sum" -> "sums", "match" ->
  // "matches", "category" -> "categories"), which settles most pairs before any comparison.
  if (word.size() <= stem.size() || word.size() > stem.size() + 2) return false;
  if (stem.empty() || !word.starts_with(stem.substr(0, stem.size() - 1))) return false;
  const std::string_view rest = word.substr(stem.size() - 1);
  if (rest.size() >= 1 && rest[0] == stem.back()) {
    const std::string_view suffix = rest.substr(1);
    if (suffix == "s" || suffix == "es") return true;
  }
  return consonantY(stem) && rest == "ies";
}

bool isWordForm(std::string_view word, std::string_view stem) {
  // No form is shorter than its stem or more than four letters longer ("sum" -> "summing").
  if (word.size() < stem.size() || word.size() > stem.size() + 4) return false;
  if (isNounForm(word, stem)) return true;
  if (stem.empty()) return false;
  auto endsAfter = [&](std::string_view head, std::initializer_list<std::string_view> suffixes) {
    if (!word.starts_with(head)) return false;
    const std::string_view rest = word.substr(head.size());
    return std::any_of(suffixes.begin(), suffixes.end(), [&](std::string_view x) { return rest == x; });
  };
  if (endsAfter(stem, {"ed", "d", "ing"})) return true;
  if (stem.back() == 'e' && endsAfter(stem.substr(0, stem.size() - 1), {"ing", "ed"})) return true;
  if (word.size() > stem.size() && word.starts_with(stem) && word[stem.size()] == stem.back() &&
      (word.substr(stem.size() + 1) == "ed" || word.substr(stem.size() + 1) == "ing"))
    return true;  // summed
  return consonantY(stem) && endsAfter(stem.substr(0, stem.size() - 1), {"ied"});
}

std::string singular(std::string w) {
  // A suffix counts only with at least three letters before it: "yes", "bus", "gas" stay.
  auto ends = [&](std::string_view e) { return w.size() > e.size() + 2 && w.ends_with(e); };
  if (ends("ies")) return w.substr(0, w.size() - 3) + "y";
  if (ends("sses")) return w.substr(0, w.size() - 2);
  if (ends("ches") || ends("shes") || ends("xes") || ends("zes")) return w.substr(0, w.size() - 2);
  if (ends("s") && !ends("ss") && !ends("us") && !ends("is")) return w.substr(0, w.size() - 1);
  return w;
}

bool namesWord(const std::string& word, const std::string& identifierWord) {
  if (isNounForm(word, identifierWord)) return true;
  const std::size_t n = identifierWord.size();
  if (n > 3 && identifierWord[n - 1] == 's' && identifierWord[n - 2] != 's' && identifierWord[n - 2] != 'u' &&
      identifierWord[n - 2] != 'i')
    return isNounForm(word, std::string_view(identifierWord).substr(0, n - 1));
  return false;
}

bool sameNounWord(const std::string& a, const std::string& b) {
  return namesWord(a, b) || namesWord(b, a);
}

std::string withoutPossessive(std::string word) {
  if (word.size() > 2 && (word.ends_with("'s") || word.ends_with("'S"))) word.resize(word.size() - 2);
  return word;
}

}  // namespace hs::lang
