#pragma once
// Reading input files safely: only regular files are read (a FIFO, directory, device or socket is
// refused at once, never waited on), and sizes are bounded with a clear error.
//
//   if (auto st = hs::checkRegularFile(path); !st) return st.error();   // before handing a path on
//   auto bytes = hs::readRegularFile(path, hs::kMaxInputFileBytes);     // whole file, bounded
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "engine/core/error.h"

namespace hs {

// Default bound on a whole input file (cases, predictions, SQL lists): 1 GiB.
inline constexpr std::uint64_t kMaxInputFileBytes = std::uint64_t{1} << 30;

// What a path names, for messages: "a regular file", "a directory", "a FIFO (named pipe)", ...
enum class FileType { Missing, Regular, Directory, Fifo, CharDevice, BlockDevice, Socket, Other };
FileType fileTypeOf(const std::string& path);  // follows symbolic links
const char* describe(FileType type);

// Ok when `path` is a regular file (symbolic links followed). Otherwise a BadInput error with code
// "not_a_file" (or "io" when it does not exist) whose message names the path and what it is.
Status checkRegularFile(const std::string& path);

// Ok when `path` does not exist or is a regular file: for files that are created when missing
// (workspaces, caches, outputs). A directory, FIFO or device is refused.
Status checkRegularFileOrMissing(const std::string& path);

// Ok when `path` is a directory (e.g. --db-root), else a BadInput error naming what it is.
Status checkDirectory(const std::string& path);

// Reads a whole regular file. The file is opened with O_NONBLOCK and checked with fstat on the
// open descriptor (no race with a FIFO swapped in after the check). Fails with code "too_large"
// when the file holds more than `maxBytes` bytes.
Result<std::string> readRegularFile(const std::string& path, std::uint64_t maxBytes = kMaxInputFileBytes);

// One line of a file read by forEachLine(), without its "\n" (a "\r" before it is kept).
struct FileLine {
  std::size_t number = 0;    // 1-based
  std::uint64_t offset = 0;  // byte offset of the line's first byte in the file
  std::string_view text;     // the line, or its first maxLineBytes bytes when it is too long
  std::uint64_t length = 0;  // the line's full length in bytes
  bool tooLong() const { return length > text.size(); }
};

// Streams a regular file in pieces of at most 64 KiB (checked and opened like readRegularFile),
// each with the byte offset of its first byte; memory stays constant whatever the file's size. The
// callback returns false to stop early.
Status forEachChunk(const std::string& path,
                    const std::function<bool(std::string_view chunk, std::uint64_t offset)>& callback);

// Streams a regular file line by line (checked and opened like readRegularFile) without ever
// holding more than `maxLineBytes` of one line: the rest of a longer line is skipped and the
// callback sees tooLong(). The callback returns false to stop early.
Status forEachLine(const std::string& path, std::size_t maxLineBytes,
                   const std::function<bool(const FileLine&)>& callback);

}  // namespace hs
