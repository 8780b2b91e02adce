#pragma once
// Internal to engine/db: printf()/format() with a bound on what one call may loop over.
//
// SQLite 3.40's printf repeats '%c' once per unit of precision even after the result has hit the
// value-size limit: printf('%.*c', 1e9, 'x') loops a billion times inside one VM instruction,
// allocating nothing, so neither the progress handler nor the allocator guard (run_guard.h) sees
// it. This wrapper refuses a width or a precision larger than the connection's value-size limit
// (the result would be too big anyway), then runs SQLite's own printf on a private in-memory
// connection, so the formatting is exactly SQLite's.
#include <map>

struct sqlite3;
struct sqlite3_stmt;

namespace hs::db::detail {

class PrintfGuard {
 public:
  PrintfGuard() = default;
  ~PrintfGuard();
  PrintfGuard(const PrintfGuard&) = delete;
  PrintfGuard& operator=(const PrintfGuard&) = delete;

  // Registers printf() and format() on `db` (overriding the built-ins for this connection).
  void install(sqlite3* db);

  // The implementation (called through a trampoline by SQLite).
  void call(void* ctx, int argc, void** argv);

 private:
  sqlite3* user_ = nullptr;             // the connection the functions are registered on
  sqlite3* helper_ = nullptr;           // private :memory: connection running the built-in printf
  std::map<int, sqlite3_stmt*> stmts_;  // "SELECT printf(?1, ..., ?n)" by n
};

// The largest width or precision a printf format asks for (arguments read for '*'), counting a
// precision only where it sets a minimum output size (not for %s, %q, %g ...). Exposed for tests.
long long printfLargestField(const char* format, int argc, void** argv);

}  // namespace hs::db::detail
