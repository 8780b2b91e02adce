#pragma once
// Reading an import file as text: BOM removal, invalid UTF-8 replaced (with a warning naming the
// byte offset), and line splitting that accepts LF, CRLF and a missing final newline. Offsets in
// warnings always refer to the bytes of the original file.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/error.h"

namespace hs::ws::import {

// One physical line of the original file, without its terminator ("\n" or "\r\n").
struct SourceLine {
  std::size_t number = 0;  // 1-based
  std::size_t offset = 0;  // byte offset of the line's first byte in the original file
  std::string text;        // valid UTF-8 (invalid bytes replaced by U+FFFD)
};

struct SourceText {
  std::string path;
  std::string raw;   // bytes as read (BOM included)
  std::string text;  // BOM removed, invalid UTF-8 replaced; offsets shift only where replaced
  std::size_t bomBytes = 0;
  std::vector<Error> warnings;
  // Where `text` and `raw` differ (each U+FFFD that replaced invalid bytes): pairs of the offset
  // just after it in `text` and just after the replaced bytes in `raw`, in order.
  std::vector<std::pair<std::size_t, std::size_t>> repairs;

  // Byte offset in the original file (`raw`) of the byte at `textOffset` in `text`.
  std::size_t rawOffset(std::size_t textOffset) const;
};

// Byte offset in `raw` of the byte that repairUtf8(raw) put at `textOffset` (for one line).
std::size_t rawOffsetOf(std::string_view raw, std::size_t textOffset);

// Reads the whole file; fails with code "io" naming the path when it cannot be read,
// "not_a_file" for a directory, FIFO or device, "too_large" past hs::kMaxInputFileBytes and
// "not_text" when the file is mostly not UTF-8 text (binary data).
Result<SourceText> readSourceText(const std::string& path);
// The "not_text" error for bytes of which at least 5% (and 16 bytes) are invalid UTF-8 or control
// characters other than tab, CR, LF and FF; nullopt for text.
std::optional<Error> notTextError(std::string_view raw, const std::string& path);
// Same from memory (`path` only names the source in messages).
SourceText sourceTextFrom(std::string path, std::string bytes);

// Lines of the original bytes, each repaired to UTF-8 separately (warnings carry exact offsets
// and line numbers; they are already in SourceText::warnings).
std::vector<SourceLine> splitLines(const SourceText& source);

// Replaces every invalid UTF-8 sequence by U+FFFD. `baseOffset`/`line` place the warnings.
std::string repairUtf8(std::string_view bytes, const std::string& path, std::size_t line,
                       std::size_t baseOffset, std::vector<Error>* warnings);

// A warning or an error about an import file.
Error importIssue(std::string code, std::string message, const std::string& path, std::size_t line,
                  std::optional<std::size_t> offset = std::nullopt);

}  // namespace hs::ws::import
