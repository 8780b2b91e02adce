#pragma once
// Checks that decide whether a file may be opened as a workspace, before anything is written to it:
// the 100-byte SQLite header read as plain bytes (no SQLite connection, so a refused file is never
// touched and gets no -wal or -shm file), and the list of schema objects, which must be exactly
// what the workspace migrations create (a trigger, a view or a foreign table is refused by name).
#include <cstdint>
#include <string>

#include <sqlite3.h>

#include "engine/core/error.h"

namespace hs::ws::detail {

enum class FileKind { Missing, Directory, NotRegular, Empty, Sqlite, Other, Unreadable };

struct FileHeader {
  FileKind kind = FileKind::Missing;
  std::int64_t applicationId = 0;  // header offset 68
  std::int64_t userVersion = 0;    // header offset 60 (the schema version of a workspace)
  bool wal = false;                // header bytes 18/19 == 2: the file is in WAL mode
};

// Reads the header of `path` without opening it through SQLite. A FIFO, socket or device is
// NotRegular and is never opened (opening a FIFO would block).
FileHeader readHeader(const std::string& path);

// Every object in sqlite_schema must be one the migrations up to `version` create, with the same
// type (SQLite's own sqlite_* objects aside). Errors name the first unexpected object.
Status checkSchemaObjects(sqlite3* db, int version, const std::string& path);

}  // namespace hs::ws::detail
