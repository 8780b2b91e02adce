// The words of a schema identifier ("PerpetratorID", "home_town", "Date of Birth").
#include "engine/lang/identifier_words.h"

#include <cctype>
#include <functional>
#include <unordered_map>

#include "engine/core/text.h"
#include "engine/lang/word_set.h"

namespace hs::lang {

namespace {

std::vector<std::string> splitIdentifier(std::string_view name) {
  static const WordSet linking = {"of", "the", "a",   "an",  "in", "on", "at",
                                  "by", "to",  "for", "and", "or", "is"};
  std::vector<std::string> out;
  for (std::string& w : hs::identifierParts(name))
    if (w.size() >= 2 && !std::isdigit(static_cast<unsigned char>(w[0])) && !linking.count(w))
      out.push_back(std::move(w));
  return out;
}

}  // namespace

const std::vector<std::string>& identifierWords(std::string_view name) {
  // The checks ask for the words of the same schema names case after case (a dozen checks, every
  // column of the database), so each thread remembers the last few thousand names it split.
  constexpr std::size_t kRemembered = 4096;
  // Looked up by the view itself (a transparent hash): no string is built for a name already seen.
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  thread_local std::unordered_map<std::string, std::vector<std::string>, Hash, std::equal_to<>> seen;
  if (auto it = seen.find(name); it != seen.end()) return it->second;
  if (seen.size() >= kRemembered) seen.clear();
  return seen.emplace(std::string(name), splitIdentifier(name)).first->second;
}

}  // namespace hs::lang
