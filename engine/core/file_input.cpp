// Reading files that come from outside: only regular files, bounded sizes, streamed in chunks.
#include "engine/core/file_input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace hs {

namespace {

FileType typeOfMode(mode_t mode) {
  if (S_ISREG(mode)) return FileType::Regular;
  if (S_ISDIR(mode)) return FileType::Directory;
  if (S_ISFIFO(mode)) return FileType::Fifo;
  if (S_ISCHR(mode)) return FileType::CharDevice;
  if (S_ISBLK(mode)) return FileType::BlockDevice;
  if (S_ISSOCK(mode)) return FileType::Socket;
  return FileType::Other;
}

Error fileError(std::string code, std::string message, const std::string& path) {
  Error e = makeError(ErrorKind::BadInput, std::move(code), std::move(message));
  e.where = path;
  return e;
}

Error notRegular(FileType type, const std::string& path) {
  return fileError("not_a_file", std::string("is ") + describe(type) + ", not a regular file", path);
}

}  // namespace

FileType fileTypeOf(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return FileType::Missing;
  return typeOfMode(st.st_mode);
}

const char* describe(FileType type) {
  switch (type) {
    case FileType::Missing:
      return "missing";
    case FileType::Regular:
      return "a regular file";
    case FileType::Directory:
      return "a directory";
    case FileType::Fifo:
      return "a FIFO (named pipe)";
    case FileType::CharDevice:
      return "a character device";
    case FileType::BlockDevice:
      return "a block device";
    case FileType::Socket:
      return "a socket";
    case FileType::Other:
      return "not a regular file";
  }
  return "not a regular file";
}

Status checkRegularFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    int err = errno;
    return fileError("io", std::string("cannot open file: ") + std::strerror(err), path);
  }
  FileType type = typeOfMode(st.st_mode);
  if (type != FileType::Regular) return notRegular(type, path);
  return ok();
}

Status checkRegularFileOrMissing(const std::string& path) {
  FileType type = fileTypeOf(path);
  if (type == FileType::Missing || type == FileType::Regular) return ok();
  return notRegular(type, path);
}

Status checkDirectory(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    int err = errno;
    return fileError("io", std::string("cannot open folder: ") + std::strerror(err), path);
  }
  FileType type = typeOfMode(st.st_mode);
  if (type != FileType::Directory)
    return fileError("not_a_directory", std::string("is ") + describe(type) + ", not a directory", path);
  return ok();
}

namespace {

// An open file descriptor, closed when the handle goes: on every return and when a caller's
// callback throws.
class FileHandle {
 public:
  explicit FileHandle(int fd) : fd_(fd) {}
  FileHandle(FileHandle&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FileHandle& operator=(FileHandle&&) = delete;
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;
  ~FileHandle() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// Opens a regular file for reading: O_NONBLOCK so that a FIFO swapped in after the check cannot
// block open(), and fstat on the descriptor to make sure it is still a regular file.
Result<FileHandle> openRegular(const std::string& path, struct stat& st) {
  if (auto checked = checkRegularFile(path); !checked) return checked.error();
  FileHandle file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (file.get() < 0) {
    int err = errno;
    return fileError("io", std::string("cannot open file: ") + std::strerror(err), path);
  }
  const bool statOk = ::fstat(file.get(), &st) == 0;
  if (!statOk || !S_ISREG(st.st_mode))
    return notRegular(statOk ? typeOfMode(st.st_mode) : FileType::Other, path);
  return file;
}

}  // namespace

Result<std::string> readRegularFile(const std::string& path, std::uint64_t maxBytes) {
  // The size first, so that a file far over the limit is refused before a byte is read; the
  // reading loop bounds it again (the file may grow meanwhile).
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<std::uint64_t>(st.st_size) > maxBytes)
    return fileError("too_large",
                     "file of " + std::to_string(st.st_size) + " bytes is larger than the limit of " +
                         std::to_string(maxBytes) + " bytes",
                     path);
  std::string out;
  if (S_ISREG(st.st_mode)) out.reserve(static_cast<std::size_t>(st.st_size));
  bool tooLarge = false;
  auto read = forEachChunk(path, [&](std::string_view chunk, std::uint64_t) {
    tooLarge = out.size() + chunk.size() > maxBytes;
    if (!tooLarge) out.append(chunk);
    return !tooLarge;
  });
  if (!read) return read.error();
  if (tooLarge)
    return fileError("too_large", "file is larger than the limit of " + std::to_string(maxBytes) + " bytes",
                     path);
  return out;
}

Status forEachChunk(const std::string& path,
                    const std::function<bool(std::string_view chunk, std::uint64_t offset)>& callback) {
  struct stat st {};
  auto opened = openRegular(path, st);
  if (!opened) return opened.error();
  const FileHandle& file = *opened;
  std::uint64_t offset = 0;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(file.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      return fileError("io", std::string("cannot read file: ") + std::strerror(err), path);
    }
    if (n == 0) break;
    const bool more = callback(std::string_view(buf, static_cast<std::size_t>(n)), offset);
    offset += static_cast<std::uint64_t>(n);
    if (!more) break;
  }
  return ok();
}

Status forEachLine(const std::string& path, std::size_t maxLineBytes,
                   const std::function<bool(const FileLine&)>& callback) {
  std::string line;
  FileLine current;
  current.number = 1;
  bool stopped = false;
  auto emit = [&]() {
    current.text = line;
    bool more = callback(current);
    current.offset += current.length + 1;
    current.length = 0;
    ++current.number;
    line.clear();
    return more;
  };
  auto st = forEachChunk(path, [&](std::string_view chunk, std::uint64_t) {
    while (!chunk.empty()) {
      std::size_t nl = chunk.find('\n');
      std::string_view part = chunk.substr(0, nl);
      current.length += part.size();
      if (line.size() < maxLineBytes) line.append(part.substr(0, maxLineBytes - line.size()));
      if (nl == std::string_view::npos) break;
      chunk.remove_prefix(nl + 1);
      if (!emit()) {
        stopped = true;
        return false;
      }
    }
    return true;
  });
  if (!st) return st;
  if (!stopped && current.length > 0) emit();
  return ok();
}

}  // namespace hs
