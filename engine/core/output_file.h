#pragma once
// The files HalluSQL writes for the user (reports, run outputs, summaries, exports): checked against
// what they must never replace, then written under a temporary name beside the target and renamed
// into place, so that a failure (disk full, killed process) leaves the old file as it was.
//
//   if (auto st = hs::checkOutputTarget(out, {{cases, "--cases"}}); !st) return st.error();
//   auto file = hs::OutputFile::create(out);        // ".<name>.tmp-<pid>-<n>" beside `out`, 0600
//   if (!file) return file.error();
//   file->stream() << line << "\n";
//   if (auto st = file->commit(); !st) return st.error();   // flush, fsync, rename
#include <iosfwd>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace hs {

// A file an output must not replace, and how messages name it ("--cases", "the open workspace").
struct ProtectedFile {
  std::string path;
  std::string name;
};

// Ok when `path` may be written as an output. Refused (BadInput, code "output_is_input" or
// "output_is_database" or "not_a_file", `where` = path):
// - a directory, FIFO, device or socket;
// - the same file as any of `inputs` (device and inode, symbolic links followed), e.g.
//   `report --workspace W --out W` or `evaluate --cases F --out F`; missing inputs are ignored;
// - an existing SQLite database, workspaces included (its 16-byte header "SQLite format 3\0"),
//   whether or not it is among the inputs, and a database's -wal, -shm or -journal file: no output
//   of HalluSQL replaces a database or what it still needs.
// `what` names the output in messages ("--out", "the report file").
Status checkOutputTarget(const std::string& path, const std::vector<ProtectedFile>& inputs,
                         std::string_view what = "the output file");

// An output file being written. The bytes go to a new sibling temporary file (mode 0600, or the
// mode of the file it replaces); commit() flushes, syncs and renames it over `path`. Destroyed
// without a successful commit(), it removes the temporary file and leaves `path` untouched.
class OutputFile {
 public:
  // Creates the temporary file. `path` should have passed checkOutputTarget(); this call checks
  // again that it is not a directory, device or SQLite database.
  static Result<OutputFile> create(const std::string& path, std::string_view what = "the output file");

  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&& other) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  std::ostream& stream();
  const std::string& path() const { return path_; }

  // Puts the file in place. A write error (disk full, file size limit) is reported here, naming
  // the file, and the old file at `path`, if any, is kept.
  Status commit();

 private:
  OutputFile() = default;
  void discard();

  std::string path_;
  std::string temp_;
  std::string what_;
  std::unique_ptr<std::ofstream> out_;
};

// Writes `bytes` to `path` through an OutputFile (the whole text at once).
Status writeOutputFile(const std::string& path, std::string_view bytes,
                       std::string_view what = "the output file");

// True when the file at `path` starts with SQLite's 16-byte header (read as plain bytes; the file
// is never opened through SQLite).
bool isSqliteDatabaseFile(const std::string& path);

// What `path` is to SQLite, for messages ("a SQLite database ...", "the write-ahead log of a SQLite
// database", "the shm file of the SQLite database D"), or nullopt for any other file.
std::optional<std::string> sqliteFileRole(const std::string& path);

}  // namespace hs
