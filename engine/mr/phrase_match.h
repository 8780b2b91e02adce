#pragma once
// Word-level phrase matching in questions: case-insensitive, whole words, any run of white space
// between the words of a phrase, byte spans into the original UTF-8 text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hs::mr {

struct Word {
  std::size_t begin = 0;  // byte range in the text
  std::size_t end = 0;
  std::string lower;  // ASCII lower case
};

// Words are runs of letters, digits and non-ASCII bytes; '.' and ',' inside numbers and '\'' or
// '-' inside words stay in the word ("3.5", "1,000", "o'brien", "x-ray").
std::vector<Word> splitWords(std::string_view text);

// Number of words of `phrase` (lower case, single spaces) matched at words[i], or nullopt.
std::optional<std::size_t> matchPhrase(const std::vector<Word>& words, std::size_t i,
                                       std::string_view phrase);

// A number, a spelled-out number ("three") or an ordinal-free year.
bool isNumberWord(const Word& word);

// `replacement` with the capitalisation of `original`: "Highest" -> "Lowest", "HIGHEST" -> "LOWEST".
std::string matchCase(std::string_view original, std::string_view replacement);

// Upper-/lower-cases the first letter (leaves "I", acronyms and non-letters alone when lowering).
std::string capitaliseFirst(std::string_view text);
std::string lowerFirst(std::string_view text);

}  // namespace hs::mr
