#pragma once
// Internal to engine/db: the VFS user databases are opened through. It is the default VFS for
// every file, except SQLite's temporary files (sorter spills, temporary b-trees of DISTINCT,
// GROUP BY, ORDER BY, materialised subqueries):
//   - they are created in this process's private directory (engine/core/temp_files.h, 0700) and
//     unlinked as soon as they are open, so nothing is left behind even when the process is killed;
//   - every byte they grow by counts against the running statement's memory limit (run_guard.h:
//     memory and temporary storage share it), and each write and read looks at its deadline and
//     cancel; past either the write fails (SQLITE_FULL) and the stop reason says which limit.
// Why not temp_store=MEMORY (the first version of the guard): SQLite then sorts without its bulk
// record buffer, one allocation per record and one in-memory merge over all records, which made a
// GROUP BY over 5 million rows ~40% slower and used 50 times the memory of spilling to a file.
namespace hs::db::detail {

// The name to pass to sqlite3_open_v2 (the VFS is registered on first use); nullptr (the default
// VFS) when it cannot be registered.
const char* guardedVfsName();

}  // namespace hs::db::detail
