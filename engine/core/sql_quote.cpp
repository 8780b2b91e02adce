// The one SQL identifier quoter (see sql_quote.h).
#include "engine/core/sql_quote.h"

namespace hs {

std::string quoteIdentifier(std::string_view name) {
  std::string out;
  out.reserve(name.size() + 2);
  out += '"';
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

}  // namespace hs
