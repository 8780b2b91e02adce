#pragma once
// Internal to engine/db: built-in SQL functions whose one call could escape the statement guard
// (run_guard.h), replaced on the user's connection by bounded versions with the same results.
//
//   - randomblob(N): SQLite fills the blob in one loop after its one allocation; with a raised
//     value limit one call took 0.7 s per 250 MB past the deadline. This version fills it in
//     1 MiB pieces and stops at the deadline or cancel (SQLITE_INTERRUPT, reported as the limit).
//   - instr(X, Y): SQLite 3.40 compares at every position (N*M); instr(32 MB of '0', 16 MB of
//     '0' then '1') would run for days inside one call. This version searches with memmem
//     (linear), same positions (characters for text, bytes for blobs).
//   - like()/glob(): SQLite's matcher is N*M in the worst case (a long literal run after a '%'
//     that almost matches everywhere); one call never allocates, so no check can stop it. This
//     version refuses a call whose worst case exceeds kMaxPatternSteps comparisons with a clear
//     message, and otherwise matches with sqlite3_strlike()/sqlite3_strglob() (SQLite's own
//     matcher). Price: the LIKE/GLOB index optimisation does not apply to overridden functions.
#include <cstdint>
#include <string_view>

struct sqlite3;

namespace hs::db::detail {

// Worst-case comparisons one LIKE or GLOB call may need (~0.1 s).
inline constexpr std::int64_t kMaxPatternSteps = std::int64_t{1} << 27;

// Registers the bounded randomblob, instr, like and glob on `db`.
void installGuardedFunctions(sqlite3* db);

// The worst-case number of comparisons SQLite's matcher needs for `pattern` against a value of
// `valueBytes` bytes: the value's length times the longest run of the pattern after its first
// `matchAll` wildcard ('%' or '*') that is not itself such a wildcard. Exposed for tests.
std::int64_t patternWorstCase(std::string_view pattern, std::int64_t valueBytes, char matchAll);

}  // namespace hs::db::detail
