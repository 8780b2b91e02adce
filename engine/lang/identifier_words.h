#pragma once
// The words of a schema identifier, the vocabulary a question is matched against.
#include <string>
#include <string_view>
#include <vector>

namespace hs::lang {

// The words of an identifier as written: separators split, camelCase and letter/digit changes
// split, lower-cased; one-letter, numeric and linking words dropped ("Date_of_Birth" -> date, birth).
// The words are kept per thread (the checks ask for the same schema names case after case), so this
// returns a reference into that store: it stays valid until the thread's next call of
// identifierWords. Copy the words to keep them longer.
const std::vector<std::string>& identifierWords(std::string_view name);

}  // namespace hs::lang
