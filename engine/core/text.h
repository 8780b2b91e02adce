#pragma once
// Small text utilities shared by the engine: UTF-8 validation, case folding, line/offset mapping.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hs {

// Byte offset of the first invalid UTF-8 sequence, or nullopt when the text is valid.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

// ASCII lower-casing (SQL keywords and identifiers compare case-insensitively in ASCII only).
std::string asciiLower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);

// The parts of a schema name as written, lower-cased (ASCII): split at every byte that is not a
// letter, digit or non-ASCII (UTF-8) byte, at a lower-to-upper change ("CountryName"), before the
// last capital of a capital run that goes on in lower case ("CDSCode" -> cds, code) and between
// letters and digits ("Address2" -> address, 2). Each caller filters and folds the parts its way.
std::vector<std::string> identifierParts(std::string_view name);

// 1-based line and column (in bytes) of a byte offset.
struct LineCol {
  std::size_t line = 1;
  std::size_t column = 1;
};
LineCol lineColAt(std::string_view text, std::size_t offset);

}  // namespace hs
