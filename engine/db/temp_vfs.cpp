#include "engine/db/temp_vfs.h"

#include <sqlite3.h>

#include <cstring>
#include <mutex>
#include <string>

#include "engine/core/temp_files.h"
#include "engine/db/run_guard.h"

namespace hs::db::detail {

namespace {

constexpr char kVfsName[] = "hallusql-guard";
constexpr std::size_t kPathBytes = 512;  // the unix VFS's mxPathname

// A temporary file: our header, then the default VFS's file object.
struct TempFile {
  sqlite3_file base;      // pMethods = &gTempMethods
  sqlite3_int64 charged;  // bytes counted against the statement (the file's high-water size)
  char path[kPathBytes];  // the unix VFS keeps a pointer to the name for the file's life
};
static_assert(sizeof(TempFile) % 8 == 0);

sqlite3_vfs* gRoot = nullptr;
sqlite3_vfs gVfs{};
sqlite3_io_methods gTempMethods{};

sqlite3_file* real(sqlite3_file* f) {
  return reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(f) + sizeof(TempFile));
}
TempFile* temp(sqlite3_file* f) {
  return reinterpret_cast<TempFile*>(f);
}

int tClose(sqlite3_file* f) {
  chargeTempStorage(-temp(f)->charged);
  temp(f)->charged = 0;
  sqlite3_file* r = real(f);
  return r->pMethods ? r->pMethods->xClose(r) : SQLITE_OK;
}
int tRead(sqlite3_file* f, void* buf, int n, sqlite3_int64 off) {
  if (!chargeTempStorage(0)) return SQLITE_IOERR_READ;
  return real(f)->pMethods->xRead(real(f), buf, n, off);
}
int tWrite(sqlite3_file* f, const void* buf, int n, sqlite3_int64 off) {
  TempFile* t = temp(f);
  sqlite3_int64 grow = off + n > t->charged ? off + n - t->charged : 0;
  if (!chargeTempStorage(grow)) return SQLITE_FULL;
  t->charged += grow;
  return real(f)->pMethods->xWrite(real(f), buf, n, off);
}
int tTruncate(sqlite3_file* f, sqlite3_int64 size) {
  TempFile* t = temp(f);
  if (size < t->charged) {
    chargeTempStorage(size - t->charged);
    t->charged = size;
  }
  return real(f)->pMethods->xTruncate(real(f), size);
}
int tSync(sqlite3_file* f, int flags) {
  return real(f)->pMethods->xSync(real(f), flags);
}
int tFileSize(sqlite3_file* f, sqlite3_int64* size) {
  return real(f)->pMethods->xFileSize(real(f), size);
}
int tLock(sqlite3_file* f, int level) {
  return real(f)->pMethods->xLock(real(f), level);
}
int tUnlock(sqlite3_file* f, int level) {
  return real(f)->pMethods->xUnlock(real(f), level);
}
int tCheckReservedLock(sqlite3_file* f, int* out) {
  return real(f)->pMethods->xCheckReservedLock(real(f), out);
}
int tFileControl(sqlite3_file* f, int op, void* arg) {
  return real(f)->pMethods->xFileControl(real(f), op, arg);
}
int tSectorSize(sqlite3_file* f) {
  return real(f)->pMethods->xSectorSize(real(f));
}
int tDeviceCharacteristics(sqlite3_file* f) {
  return real(f)->pMethods->xDeviceCharacteristics(real(f));
}
// Temporary files are never shared or memory-mapped: version 1 methods only.

int vOpen(sqlite3_vfs* /*vfs*/, sqlite3_filename name, sqlite3_file* file, int flags, int* outFlags) {
  constexpr int kTempKinds =
      SQLITE_OPEN_TEMP_DB | SQLITE_OPEN_TEMP_JOURNAL | SQLITE_OPEN_TRANSIENT_DB | SQLITE_OPEN_SUBJOURNAL;
  if (name && (flags & kTempKinds) == 0) return gRoot->xOpen(gRoot, name, file, flags, outFlags);
  TempFile* t = temp(file);
  t->base.pMethods = nullptr;
  t->charged = 0;
  t->path[0] = '\0';
  const char* use = name;
  if (!use) {
    // In the private directory; the default VFS unlinks a delete-on-close file once it is open.
    // Two NULs end the name (SQLite reads URI parameters after it).
    if (auto p = privateTempPath("sqlite-temp", ""); p && p->size() + 2 <= kPathBytes) {
      std::memcpy(t->path, p->c_str(), p->size());
      t->path[p->size()] = '\0';
      t->path[p->size() + 1] = '\0';
      use = t->path;
    }
  }
  sqlite3_file* r = real(file);
  r->pMethods = nullptr;
  int rc = gRoot->xOpen(gRoot, use, r, flags, outFlags);
  if (r->pMethods) t->base.pMethods = &gTempMethods;  // xClose is called whenever pMethods is set
  return rc;
}

int vDelete(sqlite3_vfs*, const char* name, int syncDir) {
  return gRoot->xDelete(gRoot, name, syncDir);
}
int vAccess(sqlite3_vfs*, const char* name, int flags, int* out) {
  return gRoot->xAccess(gRoot, name, flags, out);
}
int vFullPathname(sqlite3_vfs*, const char* name, int n, char* out) {
  return gRoot->xFullPathname(gRoot, name, n, out);
}
void* vDlOpen(sqlite3_vfs*, const char* name) {
  return gRoot->xDlOpen(gRoot, name);
}
void vDlError(sqlite3_vfs*, int n, char* out) {
  gRoot->xDlError(gRoot, n, out);
}
void (*vDlSym(sqlite3_vfs*, void* handle, const char* symbol))(void) {
  return gRoot->xDlSym(gRoot, handle, symbol);
}
void vDlClose(sqlite3_vfs*, void* handle) {
  gRoot->xDlClose(gRoot, handle);
}
int vRandomness(sqlite3_vfs*, int n, char* out) {
  return gRoot->xRandomness(gRoot, n, out);
}
int vSleep(sqlite3_vfs*, int us) {
  return gRoot->xSleep(gRoot, us);
}
int vCurrentTime(sqlite3_vfs*, double* out) {
  return gRoot->xCurrentTime(gRoot, out);
}
int vGetLastError(sqlite3_vfs*, int n, char* out) {
  return gRoot->xGetLastError ? gRoot->xGetLastError(gRoot, n, out) : 0;
}
int vCurrentTimeInt64(sqlite3_vfs*, sqlite3_int64* out) {
  return gRoot->xCurrentTimeInt64(gRoot, out);
}

bool registerVfs() {
  gRoot = sqlite3_vfs_find(nullptr);
  if (!gRoot || gRoot->iVersion < 2 || !gRoot->xCurrentTimeInt64) return false;
  gTempMethods.iVersion = 1;
  gTempMethods.xClose = tClose;
  gTempMethods.xRead = tRead;
  gTempMethods.xWrite = tWrite;
  gTempMethods.xTruncate = tTruncate;
  gTempMethods.xSync = tSync;
  gTempMethods.xFileSize = tFileSize;
  gTempMethods.xLock = tLock;
  gTempMethods.xUnlock = tUnlock;
  gTempMethods.xCheckReservedLock = tCheckReservedLock;
  gTempMethods.xFileControl = tFileControl;
  gTempMethods.xSectorSize = tSectorSize;
  gTempMethods.xDeviceCharacteristics = tDeviceCharacteristics;

  gVfs.iVersion = 2;
  gVfs.szOsFile = static_cast<int>(sizeof(TempFile)) + gRoot->szOsFile;
  gVfs.mxPathname = gRoot->mxPathname;
  gVfs.zName = kVfsName;
  gVfs.xOpen = vOpen;
  gVfs.xDelete = vDelete;
  gVfs.xAccess = vAccess;
  gVfs.xFullPathname = vFullPathname;
  gVfs.xDlOpen = vDlOpen;
  gVfs.xDlError = vDlError;
  gVfs.xDlSym = vDlSym;
  gVfs.xDlClose = vDlClose;
  gVfs.xRandomness = vRandomness;
  gVfs.xSleep = vSleep;
  gVfs.xCurrentTime = vCurrentTime;
  gVfs.xGetLastError = vGetLastError;
  gVfs.xCurrentTimeInt64 = vCurrentTimeInt64;
  return sqlite3_vfs_register(&gVfs, 0) == SQLITE_OK;
}

}  // namespace

const char* guardedVfsName() {
  static std::once_flag once;
  static bool registered = false;
  std::call_once(once, [] { registered = registerVfs(); });
  return registered ? kVfsName : nullptr;
}

}  // namespace hs::db::detail
