#include "engine/db/read_target.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>

#include "engine/core/temp_files.h"
#include "engine/db/sql_text.h"

namespace fs = std::filesystem;

namespace hs::db::detail {

namespace {

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
  if (hasWal && hasShm) {
    t.uri = readOnlyUri(path);
    return t;
  }
  regularFile(path, &dbSize);
  if (static_cast<std::int64_t>(dbSize + walSize) > kMaxSnapshotBytes) {
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
  std::error_code ec;
  fs::copy_file(path, snapshot.value(), ec);
  if (!ec && hasWal) fs::copy_file(wal, snapshot.value() + "-wal", ec);
  if (ec) {
    removeSnapshot(snapshot.value());
    return readError(
        path, "cannot copy this WAL-mode database to read it without writing next to it: " + ec.message());
  }
  t.uri = readOnlyUri(snapshot.value());
  t.snapshot = snapshot.value();
  return t;
}

void removeSnapshot(const std::string& snapshot) {
  if (snapshot.empty()) return;
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(snapshot + suffix, ec);
}

}  // namespace hs::db::detail
