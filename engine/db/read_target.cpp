#include "engine/db/read_target.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "engine/core/temp_files.h"
#include "engine/db/sql_text.h"

namespace fs = std::filesystem;

namespace hs::db::detail {

namespace {

constexpr int kSnapshotAttempts = 4;  // copies tried while another program writes the database

// Bytes 18 and 19 of the header are 2 in WAL mode.
bool walHeader(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  unsigned char header[20] = {};
  const ssize_t n = ::read(fd, header, sizeof header);
  ::close(fd);
  return n == static_cast<ssize_t>(sizeof header) && std::memcmp(header, "SQLite format 3", 16) == 0 &&
         (header[18] == 2 || header[19] == 2);
}

bool regularFile(const std::string& path, std::uintmax_t* size = nullptr) {
  std::error_code ec;
  auto st = fs::status(path, ec);
  if (ec || !fs::is_regular_file(st)) return false;
  if (size) *size = fs::file_size(path, ec);
  return !ec;
}

// Size and modification time of a file; `exists` false when there is none.
struct FileStamp {
  bool exists = false;
  off_t size = 0;
  timespec mtime{};
  bool operator==(const FileStamp& o) const {
    return exists == o.exists && size == o.size && mtime.tv_sec == o.mtime.tv_sec &&
           mtime.tv_nsec == o.mtime.tv_nsec;
  }
};

FileStamp stamp(const std::string& path) {
  struct stat st {};
  FileStamp s;
  if (::stat(path.c_str(), &st) != 0) return s;
  s.exists = true;
  s.size = st.st_size;
  s.mtime = st.st_mtim;
  return s;
}

Error readError(const std::string& path, std::string message) {
  Error e = makeError(ErrorKind::BadInput, "wal", std::move(message));
  e.where = path;
  return e;
}

}  // namespace

Result<ReadTarget> readTarget(const std::string& path) {
  ReadTarget t;
  if (!walHeader(path)) {
    t.uri = readOnlyUri(path);
    return t;
  }
  const std::string wal = path + "-wal";
  std::uintmax_t dbSize = 0, walSize = 0;
  const bool hasWal = regularFile(wal, &walSize);
  const bool hasShm = regularFile(path + "-shm");
  regularFile(path, &dbSize);
  if (static_cast<std::int64_t>(dbSize + walSize) > kMaxSnapshotBytes) {
    if (hasWal && hasShm) {
      t.uri = readOnlyUri(path) + "&readonly_shm=1";
      return t;
    }
    if (hasWal) {
      return readError(path,
                       "this WAL-mode database has a -wal file but no -shm file (it was not closed "
                       "cleanly), and reading it would create files next to it; open it once with the "
                       "program that wrote it (or `sqlite3 FILE \"PRAGMA wal_checkpoint\"`) first");
    }
    t.uri = readOnlyUri(path) + "&immutable=1";
    return t;
  }
  auto snapshot = privateTempPath("snapshot", ".sqlite");
  if (!snapshot) return snapshot.error();
  const std::string copy = snapshot.value();
  std::error_code ec;
  for (int attempt = 0; attempt < kSnapshotAttempts; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50 * attempt));
    removeSnapshot(copy);
    const FileStamp dbBefore = stamp(path), walBefore = stamp(wal);
    fs::copy_file(path, copy, ec);
    if (!ec && hasWal) fs::copy_file(wal, copy + "-wal", ec);
    if (ec) break;
    if (stamp(path) == dbBefore && stamp(wal) == walBefore) {
      t.uri = readOnlyUri(copy);
      t.snapshot = copy;
      return t;
    }
  }
  removeSnapshot(copy);
  if (ec) {
    return readError(
        path, "cannot copy this WAL-mode database to read it without writing next to it: " + ec.message());
  }
  return readError(path,
                   "this WAL-mode database kept changing while it was copied to be read (another "
                   "program is writing it); try again when it is idle");
}

void removeSnapshot(const std::string& snapshot) {
  if (snapshot.empty()) return;
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(snapshot + suffix, ec);
}

}  // namespace hs::db::detail
