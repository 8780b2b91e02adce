// The words of a schema identifier ("PerpetratorID", "home_town", "Date of Birth").
#include "engine/lang/identifier_words.h"

#include <cctype>
#include <set>

#include "engine/core/text.h"

namespace hs::lang {

std::vector<std::string> identifierWords(std::string_view name) {
  static const std::set<std::string> linking = {"of", "the", "a",   "an",  "in", "on", "at",
                                                "by", "to",  "for", "and", "or", "is"};
  std::vector<std::string> out;
  for (std::string& w : hs::identifierParts(name))
    if (w.size() >= 2 && !std::isdigit(static_cast<unsigned char>(w[0])) && !linking.count(w))
      out.push_back(std::move(w));
  return out;
}

}  // namespace hs::lang
