#include "engine/mr/phrase_match.h"

#include <array>

#include "engine/core/text.h"

namespace hs::mr {
namespace {

bool isAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isWordByte(char c) {
  return isAsciiLetter(c) || isDigit(c) || (static_cast<unsigned char>(c) >= 0x80);
}
bool isUpper(char c) {
  return c >= 'A' && c <= 'Z';
}
char toUpper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}
char toLower(char c) {
  return isUpper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

std::vector<Word> splitWords(std::string_view text) {
  std::vector<Word> words;
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    if (!isWordByte(text[i])) {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < n) {
      if (isWordByte(text[i])) {
        ++i;
      } else if (i + 1 < n && (text[i] == '.' || text[i] == ',') && isDigit(text[i + 1]) && i > start &&
                 isDigit(text[i - 1])) {
        ++i;
      } else if (i + 1 < n && (text[i] == '\'' || text[i] == '-') && isAsciiLetter(text[i + 1]) &&
                 i > start && isAsciiLetter(text[i - 1])) {
        ++i;
      } else {
        break;
      }
    }
    words.push_back(Word{start, i, asciiLower(text.substr(start, i - start))});
  }
  return words;
}

std::optional<std::size_t> matchPhrase(const std::vector<Word>& words, std::size_t i,
                                       std::string_view phrase) {
  std::size_t count = 0;
  std::size_t pos = 0;
  while (pos < phrase.size()) {
    std::size_t space = phrase.find(' ', pos);
    std::string_view part =
        phrase.substr(pos, space == std::string_view::npos ? std::string_view::npos : space - pos);
    if (i + count >= words.size() || words[i + count].lower != part) return std::nullopt;
    ++count;
    if (space == std::string_view::npos) break;
    pos = space + 1;
  }
  return count;
}

bool isNumberWord(const Word& word) {
  static constexpr std::array<std::string_view, 22> kSpelled = {
      "one",   "two",     "three",  "four",   "five",    "six",     "seven", "eight",
      "nine",  "ten",     "eleven", "twelve", "twenty",  "thirty",  "forty", "fifty",
      "sixty", "seventy", "eighty", "ninety", "hundred", "thousand"};
  if (!word.lower.empty() && isDigit(word.lower.front())) return true;
  for (auto s : kSpelled) {
    if (word.lower == s) return true;
  }
  return false;
}

std::string matchCase(std::string_view original, std::string_view replacement) {
  std::string out(replacement);
  bool allUpper = original.size() > 1;
  bool anyLetter = false;
  for (char c : original) {
    if (isAsciiLetter(c)) {
      anyLetter = true;
      if (!isUpper(c)) allUpper = false;
    }
  }
  if (anyLetter && allUpper) {
    for (char& c : out) c = toUpper(c);
  } else if (!original.empty() && isUpper(original.front()) && !out.empty()) {
    out.front() = toUpper(out.front());
  }
  return out;
}

std::string capitaliseFirst(std::string_view text) {
  std::string out(text);
  if (!out.empty()) out.front() = toUpper(out.front());
  return out;
}

std::string lowerFirst(std::string_view text) {
  std::string out(text);
  if (out.empty() || !isUpper(out.front())) return out;
  // Keep "I ..." and acronyms ("NBA", "USA") as they are.
  std::size_t end = 0;
  while (end < out.size() && isWordByte(out[end])) ++end;
  bool acronym = end > 1 && isUpper(out[1]);
  bool pronounI = end == 1 && out.front() == 'I';
  if (!acronym && !pronounI) out.front() = toLower(out.front());
  return out;
}

}  // namespace hs::mr
