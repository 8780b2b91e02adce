#pragma once
// Reading an import file piece by piece in constant memory: its bytes after the BOM, its lines
// (each bounded, invalid UTF-8 replaced with warnings at exact offsets), the not-text verdict over
// every byte read, and a bounded look at the start of a file for format detection.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/workspace/import/source_text.h"

namespace hs::ws::import {

// Counts the bytes that cannot be in a text file (invalid UTF-8 sequences, control characters
// other than tab, LF, FF and CR) over bytes fed in pieces cut anywhere; notTextError() is this
// check on bytes in memory.
class TextCheck {
 public:
  void feed(std::string_view bytes);
  // The "not_text" error when at least 5% (and 16) of the bytes fed are not text; else nullopt.
  std::optional<Error> finish(const std::string& path);

 private:
  void count(std::string_view bytes);  // whole sequences only; advances offset_
  std::string pending_;                // the start of a UTF-8 sequence cut by the end of a piece
  std::uint64_t offset_ = 0;           // offset of the first byte not yet counted
  std::uint64_t bad_ = 0;
  std::uint64_t firstBad_ = UINT64_MAX;
};

// Streams the bytes of `path` after a UTF-8 byte order mark (which becomes a "bom" warning) to
// `consume`, with the file offset of each piece. Fails with the codes of readSourceText: "io",
// "not_a_file", "too_large" (past hs::kMaxInputFileBytes) and "not_text" at the end of a file that
// is mostly not text (judged on the bytes read when `consume` returned false to stop early), in
// which case the caller drops what it read.
Status forEachSourceChunk(const std::string& path, std::vector<Error>* warnings,
                          const std::function<bool(std::string_view bytes, std::size_t offset)>& consume);

// One line read by forEachSourceLine(), without its terminator ("\n" or "\r\n").
struct StreamLine {
  std::size_t number = 0;    // 1-based
  std::size_t offset = 0;    // byte offset of its first byte in the file (after a BOM on line 1)
  std::uint64_t length = 0;  // its length in bytes
  std::string_view raw;      // its bytes as read; empty when tooLong
  std::string text;          // `raw` with invalid UTF-8 replaced by U+FFFD; empty when tooLong
  bool tooLong = false;      // longer than the limit: never held, only measured
};

// Streams the lines of `path` (LF, CRLF, a missing final newline; the line numbers and offsets of
// splitLines) without holding more than `maxLineBytes` of one: a longer line reaches `callback`
// with tooLong set. Invalid UTF-8 in the lines held becomes "utf8" warnings in `warnings` as the
// lines are read. Fails like forEachSourceChunk; `callback` returns false to stop.
Status forEachSourceLine(const std::string& path, std::size_t maxLineBytes, std::vector<Error>* warnings,
                         const std::function<bool(StreamLine& line)>& callback);

// The first `maxBytes` bytes of a file as a SourceText (for a look at its start), and whether they
// are the whole file. Fails like readSourceText, "not_text" judged on these bytes.
struct SourcePrefix {
  SourceText source;
  bool complete = false;
};
Result<SourcePrefix> readSourcePrefix(const std::string& path, std::size_t maxBytes);

// The first byte of `path` that is not blank (space, tab, CR, LF) after a BOM; nullopt when there
// is none.
Result<std::optional<char>> firstNonBlankByte(const std::string& path);

}  // namespace hs::ws::import
