// Checked, atomic output files (engine/core/output_file.h).
#include "engine/core/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>

#include "engine/core/file_input.h"
#include "engine/core/temp_files.h"

namespace hs {

namespace {

Error outputError(std::string code, std::string message, const std::string& path) {
  Error e = makeError(ErrorKind::BadInput, std::move(code), std::move(message));
  e.where = path;
  return e;
}

std::string systemReason(int err) {
  return err != 0 ? std::string(": ") + std::strerror(err) : std::string();
}

// The target's own checks, shared by checkOutputTarget() and OutputFile::create(): not a
// directory or device, not a SQLite database.
Status checkTargetItself(const std::string& path, std::string_view what, const struct stat& st) {
  if (S_ISDIR(st.st_mode))
    return outputError("not_a_file", std::string(what) + " " + path + " is a folder, not a file", path);
  if (!S_ISREG(st.st_mode))
    return outputError(
        "not_a_file",
        std::string(what) + " " + path + " is " + describe(fileTypeOf(path)) + ", not a regular file", path);
  if (auto role = sqliteFileRole(path))
    return outputError("output_is_database",
                       std::string(what) + " " + path + " is " + *role +
                           "; HalluSQL never writes an output over a database: choose another file name",
                       path);
  return ok();
}

}  // namespace

namespace {

// The first 16 bytes of a regular file (fewer when it is shorter); empty when it cannot be read.
std::string fileHead(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return {};
  std::array<char, 16> header{};
  struct stat st {};
  ssize_t n = 0;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) n = ::read(fd, header.data(), header.size());
  ::close(fd);
  return n > 0 ? std::string(header.data(), static_cast<std::size_t>(n)) : std::string();
}

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// "D-wal", "D-shm" or "D-journal" beside a SQLite database D, whether or not it exists: SQLite
// would read such a file as the database's own the next time D is opened.
std::optional<std::string> sidecarRole(const std::string& path) {
  for (std::string_view suffix : {"-wal", "-shm", "-journal"}) {
    const std::string base = path.substr(0, path.size() - std::min(path.size(), suffix.size()));
    if (endsWith(path, suffix) && isSqliteDatabaseFile(base))
      return "the " + std::string(suffix.substr(1)) + " file of the SQLite database " + base;
  }
  return std::nullopt;
}

}  // namespace

bool isSqliteDatabaseFile(const std::string& path) {
  static constexpr char kMagic[] = "SQLite format 3";  // 15 characters and the NUL: 16 bytes
  const std::string head = fileHead(path);
  return head.size() == 16 && std::memcmp(head.data(), kMagic, 16) == 0;
}

std::optional<std::string> sqliteFileRole(const std::string& path) {
  if (isSqliteDatabaseFile(path)) return std::string("a SQLite database (a workspace or a user's database)");
  const std::string head = fileHead(path);
  // A write-ahead log starts 0x377f0682 or 0x377f0683, a rollback journal d9 d5 05 f9 20 a1 63 d7;
  // both hold committed data that a database still needs.
  if (head.size() >= 4 && std::memcmp(head.data(), "\x37\x7f\x06", 3) == 0 &&
      (head[3] == '\x82' || head[3] == '\x83'))
    return std::string("the write-ahead log of a SQLite database");
  if (head.size() >= 8 && std::memcmp(head.data(), "\xd9\xd5\x05\xf9\x20\xa1\x63\xd7", 8) == 0)
    return std::string("the journal of a SQLite database");
  return sidecarRole(path);
}

Status checkOutputTarget(const std::string& path, const std::vector<ProtectedFile>& inputs,
                         std::string_view what) {
  if (path.empty()) return outputError("usage", std::string(what) + " has no file name", path);
  struct stat target {};
  if (::stat(path.c_str(), &target) != 0) {
    // Missing, or under a path part that is no folder ("r.html/x.html"): nothing to protect here;
    // creating it will say what is wrong with the folder.
    if (errno != ENOENT && errno != ENOTDIR)
      return outputError("io", "cannot check " + std::string(what) + systemReason(errno), path);
    if (auto role = sidecarRole(path))  // a new file (its folder is checked when it is created)
      return outputError("output_is_database",
                         std::string(what) + " " + path + " would be " + *role + ": choose another file name",
                         path);
    return ok();
  }
  for (const ProtectedFile& input : inputs) {
    struct stat in {};
    if (input.path.empty() || ::stat(input.path.c_str(), &in) != 0) continue;
    if (in.st_dev == target.st_dev && in.st_ino == target.st_ino)
      return outputError("output_is_input",
                         std::string(what) + " " + path + " is the same file as " + input.name + " " +
                             input.path + "; writing it would destroy that file: choose another file name",
                         path);
  }
  return checkTargetItself(path, what, target);
}

Result<OutputFile> OutputFile::create(const std::string& path, std::string_view what) {
  if (path.empty()) return outputError("usage", std::string(what) + " has no file name", path);
  mode_t mode = 0600;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (auto checked = checkTargetItself(path, what, st); !checked) return checked.error();
    mode = st.st_mode & 0777;  // a file the user made keeps its permissions
  }
  removeStaleSiblings(path);
  OutputFile file;
  file.path_ = path;
  file.what_ = std::string(what);
  file.temp_ = siblingTempPath(path);
  const int fd = ::open(file.temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) {
    const int err = errno;
    file.temp_.clear();
    return outputError("io", "cannot write " + std::string(what) + systemReason(err), path);
  }
  const bool modeSet = ::fchmod(fd, mode) == 0;
  ::close(fd);
  file.out_ = std::make_unique<std::ofstream>(file.temp_, std::ios::binary | std::ios::trunc);
  if (!modeSet || !*file.out_) {
    return outputError("io", "cannot write " + std::string(what), path);  // the destructor removes temp_
  }
  return file;
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)),
      temp_(std::exchange(other.temp_, {})),
      what_(std::move(other.what_)),
      out_(std::move(other.out_)) {}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
  if (this != &other) {
    discard();
    path_ = std::move(other.path_);
    temp_ = std::exchange(other.temp_, {});
    what_ = std::move(other.what_);
    out_ = std::move(other.out_);
  }
  return *this;
}

OutputFile::~OutputFile() {
  discard();
}

void OutputFile::discard() {
  out_.reset();
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
}

std::ostream& OutputFile::stream() {
  return *out_;
}

Status OutputFile::commit() {
  if (temp_.empty() || !out_) return outputError("io", std::string(what_) + " was already closed", path_);
  out_->flush();
  const bool written = static_cast<bool>(*out_);
  out_->close();
  if (!written || out_->fail()) {
    discard();
    return outputError("io",
                       "writing " + what_ +
                           " failed (disk full or file too large?); the old file, if any, is "
                           "unchanged",
                       path_);
  }
  // fsync before the rename: after a crash the name points at the whole new file or the old one.
  const int fd = ::open(temp_.c_str(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
  const bool synced = fd >= 0 && ::fsync(fd) == 0;
  const int syncErr = errno;
  if (fd >= 0) ::close(fd);
  if (!synced) {
    discard();
    return outputError("io", "cannot save " + what_ + systemReason(syncErr), path_);
  }
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    discard();
    return outputError("io", "cannot put " + what_ + " in place" + systemReason(err), path_);
  }
  temp_.clear();
  out_.reset();
  return ok();
}

Status writeOutputFile(const std::string& path, std::string_view bytes, std::string_view what) {
  auto file = OutputFile::create(path, what);
  if (!file) return file.error();
  file->stream().write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return file->commit();
}

}  // namespace hs
