#pragma once
// Temporary files of HalluSQL. Copies of user data (the renamed database copies of the DSR/DR
// metamorphic relations, private snapshots of WAL-mode databases) live in a private directory:
//   <$TMPDIR or /tmp>/hallusql-<uid>/            mode 0700, owned by us, not a symlink
//     run-<pid>/                                 this process's files, removed at exit
// A process that crashed leaves its run-<pid> directory; the next process to start removes the
// directories of processes that no longer run. Files that must be renamed into place beside their
// target (a new workspace, the demo) use sibling names ".<name>.tmp-<pid>-<n>", swept the same way.
#include <string>
#include <string_view>

#include "engine/core/error.h"

namespace hs {

// This process's private directory (created on first use, with its parent checked or created as
// 0700); the first call also removes leftovers of processes that are gone.
Result<std::string> privateTempDir();

// A new path "<privateTempDir>/<stem>-<n><suffix>" (the file is not created).
Result<std::string> privateTempPath(std::string_view stem, std::string_view suffix);

// Removes run-<pid> directories of processes that no longer run (call at start-up).
void removeStaleTempDirs();

// "<dir of target>/.<file name of target>.tmp-<pid>-<n>": a temporary sibling of `target`.
std::string siblingTempPath(const std::string& target);

// Removes siblings of `target` made by siblingTempPath() in processes that no longer run (with
// their -wal, -shm and -journal files, and temporaries of those temporaries, "..<name>.tmp-...").
void removeStaleSiblings(const std::string& target);

// Whether a process with this id exists.
bool processRunning(long pid);

}  // namespace hs
