#pragma once
// Internal: how engine/db opens a user database so that reading it leaves no file next to it.
//
// A database in rollback-journal mode is opened with "mode=ro": SQLite creates nothing. A database
// in WAL mode is different (https://sqlite.org/wal.html, "Read-Only Databases"): a read-only
// connection creates the -shm and -wal files when they are missing and, being read-only, cannot
// remove them on close; and when a -shm is there and writable, it rewrites it (recovery, read
// marks), whether a crash left it or another program has the database open. So:
//  - WAL, up to kMaxSnapshotBytes (file plus -wal): we read a private snapshot, a copy of the file
//    (and of its -wal, when there is one) in the 0700 temporary directory (core/temp_files.h),
//    removed when the connection closes (or by the next process after a crash). SQLite recovers
//    the copy's -wal beside the copy; the originals (file, -wal, -shm) are only read. Without a
//    -wal nobody is writing (a writer creates the -wal first, and the main file changes only at a
//    checkpoint); with one, the copy is retried when the size or mtime of the file or of its -wal
//    changed during the copy (another program wrote), and refused after a few attempts.
//  - WAL, larger, with a -wal and a -shm: read in place with "readonly_shm=1" (the -shm is opened
//    read-only; SQLite reads the -wal itself when it cannot use the -shm): nothing is written.
//  - WAL, larger, no -wal: opened in place with "immutable=1" (no locks, no -shm).
//    Safe because the main file already holds every committed transaction; the one risk, another
//    program writing and checkpointing while we read, is the same as for the snapshot, only for
//    longer. A leftover -wal without -shm on such a large file is refused with a message (reading
//    it would need a -shm next to it).
#include <cstdint>
#include <string>

#include "engine/core/error.h"

namespace hs::db::detail {

inline constexpr std::int64_t kMaxSnapshotBytes = 512LL << 20;

struct ReadTarget {
  std::string uri;       // for sqlite3_open_v2 with SQLITE_OPEN_URI | SQLITE_OPEN_READONLY
  std::string snapshot;  // the private copy being read, "" when reading the file in place
};

// `path` has been checked to be a readable regular file.
Result<ReadTarget> readTarget(const std::string& path);

// Removes a snapshot and its -wal/-shm files (no-op for "").
void removeSnapshot(const std::string& snapshot);

}  // namespace hs::db::detail
