#include "engine/core/text.h"

namespace hs {

std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return i;
    }
    if (i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k) {
      auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates and out-of-range code points are invalid.
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
      return i;
    }
    i += len;
  }
  return std::nullopt;
}

std::string asciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

LineCol lineColAt(std::string_view text, std::size_t offset) {
  LineCol lc;
  if (offset > text.size()) offset = text.size();
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++lc.line;
      lc.column = 1;
    } else {
      ++lc.column;
    }
  }
  return lc;
}

std::vector<std::string> identifierParts(std::string_view name) {
  auto isDigit = [](unsigned char c) { return c >= '0' && c <= '9'; };
  auto isUpper = [](unsigned char c) { return c >= 'A' && c <= 'Z'; };
  auto isLower = [](unsigned char c) { return c >= 'a' && c <= 'z'; };
  std::vector<std::string> parts;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) parts.push_back(asciiLower(cur));
    cur.clear();
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (!isDigit(c) && !isUpper(c) && !isLower(c) && c < 0x80) {
      flush();
      continue;
    }
    if (!cur.empty()) {
      const auto p = static_cast<unsigned char>(cur.back());
      const bool nextLower = i + 1 < name.size() && isLower(static_cast<unsigned char>(name[i + 1]));
      if ((isLower(p) && isUpper(c)) || (isUpper(p) && isUpper(c) && nextLower) || isDigit(p) != isDigit(c))
        flush();
    }
    cur.push_back(static_cast<char>(c));
  }
  flush();
  return parts;
}

}  // namespace hs
