#include "engine/workspace/file_check.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

#include "engine/workspace/migrations.h"
#include "engine/workspace/sqlite_util.h"

namespace hs::ws::detail {

namespace {

constexpr char kSqliteMagic[] = "SQLite format 3";  // plus its NUL: 16 bytes

std::int64_t bigEndian32(const unsigned char* p) {
  const std::uint32_t v = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
                          (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
  return static_cast<std::int32_t>(v);  // both fields are signed 32-bit integers
}

using Object = std::pair<std::string, std::string>;  // (type, name)
using ObjectSet = std::set<Object>;

// In creation order, so that an error names the first object that was added.
Result<std::vector<Object>> objectsOf(sqlite3* db, const std::string& where) {
  auto st = Statement::prepare(db, "SELECT type, name FROM sqlite_schema ORDER BY rowid", where);
  if (!st) return st.error();
  std::vector<Object> out;
  for (;;) {
    auto row = st->step();
    if (!row) return row.error();
    if (!row.value()) break;
    out.emplace_back(st->text(0), st->text(1));
  }
  return out;
}

// The objects a workspace of `version` has: the migrations run on an in-memory database, once
// per version and process.
Result<ObjectSet> expectedObjects(int version) {
  static std::mutex mutex;
  static std::map<int, ObjectSet> cache;
  std::lock_guard lock(mutex);
  if (auto it = cache.find(version); it != cache.end()) return it->second;
  sqlite3* mem = nullptr;
  if (sqlite3_open(":memory:", &mem) != SQLITE_OK) {
    sqlite3_close(mem);
    return makeError(ErrorKind::Internal, "sqlite", "cannot open an in-memory database");
  }
  Status s = migrate(mem, "reference schema", version);
  auto objects = s ? objectsOf(mem, "reference schema") : Result<std::vector<Object>>(s.error());
  sqlite3_close(mem);
  if (!objects) return objects.error();
  ObjectSet set(objects->begin(), objects->end());
  cache.emplace(version, set);
  return set;
}

}  // namespace

FileHeader readHeader(const std::string& path) {
  FileHeader h;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    h.kind = errno == ENOENT || errno == ENOTDIR ? FileKind::Missing : FileKind::Unreadable;
    return h;
  }
  if (S_ISDIR(st.st_mode)) {
    h.kind = FileKind::Directory;
    return h;
  }
  if (!S_ISREG(st.st_mode)) {
    h.kind = FileKind::NotRegular;
    return h;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0 && errno == ELOOP) fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    h.kind = FileKind::Unreadable;
    return h;
  }
  unsigned char header[100] = {};
  std::size_t got = 0;
  while (got < sizeof header) {
    const ssize_t n = ::read(fd, header + got, sizeof header - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (got == 0) {
    h.kind = st.st_size == 0 ? FileKind::Empty : FileKind::Unreadable;
    return h;
  }
  if (got < sizeof header || std::memcmp(header, kSqliteMagic, 16) != 0) {
    h.kind = FileKind::Other;
    return h;
  }
  h.kind = FileKind::Sqlite;
  h.wal = header[18] == 2 || header[19] == 2;
  h.userVersion = bigEndian32(header + 60);
  h.applicationId = bigEndian32(header + 68);
  return h;
}

Status checkSchemaObjects(sqlite3* db, int version, const std::string& path) {
  auto expected = expectedObjects(version);
  if (!expected) return expected.error();
  auto actual = objectsOf(db, path);
  if (!actual) return actual.error();
  for (const auto& [type, name] : actual.value()) {
    if (name.rfind("sqlite_", 0) == 0) continue;  // sqlite_autoindex_*, sqlite_stat1, sqlite_sequence
    if (expected->count({type, name}) != 0) continue;
    std::string why = type == "trigger" ? "a trigger, which would run on the next write"
                      : type == "view"  ? "a view"
                                        : "an unknown " + type;
    Error e = makeError(ErrorKind::BadInput, "unexpected_object",
                        "workspace " + path + " contains " + why + " named '" + name +
                            "' that HalluSQL never creates; refusing to open it (the file was not changed)");
    e.where = path;
    return e;
  }
  return ok();
}

}  // namespace hs::ws::detail
