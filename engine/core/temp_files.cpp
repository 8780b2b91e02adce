#include "engine/core/temp_files.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

namespace fs = std::filesystem;

namespace hs {

namespace {

std::atomic<unsigned long> gCounter{0};
std::mutex gMutex;
std::string gRunDir;  // guarded by gMutex

fs::path tempRoot() {
  const char* env = std::getenv("TMPDIR");
  fs::path base = env && *env && fs::path(env).is_absolute() ? fs::path(env) : fs::path("/tmp");
  return base / ("hallusql-" + std::to_string(::geteuid()));
}

Error tempError(const std::string& path, const std::string& message) {
  Error e = makeError(ErrorKind::External, "temp_dir", "temporary directory " + path + ": " + message);
  e.where = path;
  return e;
}

// Creates `dir` as 0700, or checks that the existing one is a real directory owned by us and
// closed to others (a directory planted by another user in a shared /tmp is refused).
Status ensurePrivateDir(const fs::path& dir) {
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
    return tempError(dir.string(), std::string("cannot create it: ") + std::strerror(errno));
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0)
    return tempError(dir.string(), std::string("cannot read it: ") + std::strerror(errno));
  if (!S_ISDIR(st.st_mode)) return tempError(dir.string(), "exists and is not a directory");
  if (st.st_uid != ::geteuid()) return tempError(dir.string(), "belongs to another user; refusing to use it");
  if ((st.st_mode & 077) != 0 && ::chmod(dir.c_str(), 0700) != 0)
    return tempError(dir.string(), "is open to other users and cannot be made private");
  return ok();
}

// The pid in "run-<pid>" or in ".<name>.tmp-<pid>-<n>" (after `prefix`), 0 when there is none.
long pidAfter(const std::string& name, const std::string& prefix) {
  if (name.rfind(prefix, 0) != 0) return 0;
  const char* p = name.c_str() + prefix.size();
  char* end = nullptr;
  long pid = std::strtol(p, &end, 10);
  if (end == p || pid <= 0) return 0;
  return pid;
}

void removeOwnRunDir() {
  std::lock_guard lock(gMutex);
  if (gRunDir.empty()) return;
  std::error_code ec;
  fs::remove_all(gRunDir, ec);
  gRunDir.clear();
}

}  // namespace

bool processRunning(long pid) {
  if (pid <= 0) return false;
  if (::kill(static_cast<pid_t>(pid), 0) == 0) return true;
  return errno == EPERM;  // exists, but belongs to someone else
}

void removeStaleTempDirs() {
  const fs::path root = tempRoot();
  struct stat st {};
  if (::lstat(root.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid()) return;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    const long pid = pidAfter(entry.path().filename().string(), "run-");
    if (pid == 0 || pid == ::getpid() || processRunning(pid)) continue;
    std::error_code rmEc;
    fs::remove_all(entry.path(), rmEc);
  }
}

Result<std::string> privateTempDir() {
  std::lock_guard lock(gMutex);
  if (!gRunDir.empty()) return gRunDir;
  const fs::path root = tempRoot();
  if (auto s = ensurePrivateDir(root); !s) return s.error();
  const fs::path run = root / ("run-" + std::to_string(::getpid()));
  if (auto s = ensurePrivateDir(run); !s) return s.error();
  gRunDir = run.string();
  static std::once_flag atExit;
  std::call_once(atExit, [] {
    std::atexit(removeOwnRunDir);
    removeStaleTempDirs();
  });
  return gRunDir;
}

Result<std::string> privateTempPath(std::string_view stem, std::string_view suffix) {
  auto dir = privateTempDir();
  if (!dir) return dir.error();
  return (fs::path(dir.value()) /
          (std::string(stem) + "-" + std::to_string(++gCounter) + std::string(suffix)))
      .string();
}

std::string siblingTempPath(const std::string& target) {
  const fs::path t(target);
  return (t.parent_path() / ("." + t.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                             std::to_string(++gCounter)))
      .string();
}

void removeStaleSiblings(const std::string& target) {
  const fs::path t(target);
  const std::string prefix = "." + t.filename().string() + ".tmp-";
  std::error_code ec;
  fs::path dir = t.parent_path().empty() ? fs::path(".") : t.parent_path();
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    // A temporary file of a temporary file ("..name.tmp-1-2.tmp-1-3") belongs to the same target.
    if (name.rfind("." + prefix, 0) == 0) name.erase(0, 1);
    const long pid = pidAfter(name, prefix);
    if (pid == 0 || pid == ::getpid() || processRunning(pid)) continue;
    std::error_code rmEc;
    fs::remove(entry.path(), rmEc);  // also its -wal, -shm, -journal: they match the prefix too
  }
}

}  // namespace hs
