// CSV fields (csv.h): RFC 4180 quoting and the neutralising of formula-like text cells.
#include "engine/core/csv.h"

namespace hs {

bool csvNeedsNeutralising(std::string_view text) {
  if (text.empty()) return false;
  switch (text.front()) {
    case '=':
    case '+':
    case '-':
    case '@':
    case '\t':
    case '\r':
      return true;
    default:
      return false;
  }
}

std::string csvField(std::string_view value, CsvCell kind) {
  const bool neutralise = kind == CsvCell::Text && csvNeedsNeutralising(value);
  if (!neutralise && value.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(value);
  std::string out;
  out.reserve(value.size() + 4);
  out += '"';
  if (neutralise) out += '\'';
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

}  // namespace hs
