#pragma once
// Small text utilities shared by the engine: UTF-8 validation, case folding, line/offset mapping.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hs {

// Byte offset of the first invalid UTF-8 sequence, or nullopt when the text is valid.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

// ASCII lower-casing (SQL keywords and identifiers compare case-insensitively in ASCII only).
std::string asciiLower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);

// 1-based line and column (in bytes) of a byte offset.
struct LineCol {
  std::size_t line = 1;
  std::size_t column = 1;
};
LineCol lineColAt(std::string_view text, std::size_t offset);

}  // namespace hs
