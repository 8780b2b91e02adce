#pragma once
// Internal: how engine/db opens a user database so that reading it leaves no file next to it.
//
// A database in rollback-journal mode is opened with "mode=ro": SQLite creates nothing. A database
// in WAL mode is different (https://sqlite.org/wal.html, "Read-Only Databases"): a read-only
// connection creates the -shm and -wal files when they are missing and, being read-only, cannot
// remove them on close. So:
//  - WAL, with both -wal and -shm present: another program has it open (or it was not closed
//    cleanly and that program will recover it); SQLite reads it in place and creates nothing.
//  - WAL, otherwise: we read a private snapshot, a copy of the file (and of its -wal, when one was
//    left) in the 0700 temporary directory (core/temp_files.h), removed when the connection closes
//    (or by the next process after a crash). The copy is consistent: without a -wal nobody is
//    writing (a writer creates the -wal first, and the main file changes only at a checkpoint).
//  - WAL, no -wal or -shm, larger than kMaxSnapshotBytes: opened in place with "immutable=1" (no
//    locks, no -shm). Safe because the main file already holds every committed transaction; the
//    one risk, another program writing and checkpointing while we read, is the same as for the
//    snapshot, only for longer. A leftover -wal without -shm on such a large file is refused with
//    a message (reading it would need the -shm next to it).
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
