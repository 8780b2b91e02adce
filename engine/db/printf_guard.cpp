#include "engine/db/printf_guard.h"

#include <sqlite3.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>

namespace hs::db::detail {

namespace {

extern "C" void printfTrampoline(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  auto* self = static_cast<PrintfGuard*>(sqlite3_user_data(ctx));
  self->call(ctx, argc, reinterpret_cast<void**>(argv));
}

// A '*' argument as SQLite's printf reads it: the integer value, sign dropped.
long long starArgument(int& next, int argc, void** argv) {
  if (next >= argc) return 0;
  auto* v = static_cast<sqlite3_value*>(argv[next++]);
  sqlite3_int64 n = sqlite3_value_int64(v);
  if (n == LLONG_MIN) return LLONG_MAX;
  return n < 0 ? -n : n;
}

}  // namespace

long long printfLargestField(const char* format, int argc, void** argv) {
  long long largest = 0;
  int next = 1;  // argv[0] is the format
  for (const char* p = format; p && *p; ++p) {
    if (*p != '%') continue;
    ++p;
    if (*p == '%') continue;
    while (*p && std::strchr("-+ #!0,", *p)) ++p;
    long long width = 0;
    if (*p == '*') {
      width = starArgument(next, argc, argv);
      ++p;
    } else {
      for (; *p >= '0' && *p <= '9'; ++p) width = std::min<long long>(width * 10 + (*p - '0'), INT_MAX);
    }
    long long precision = 0;
    if (*p == '.') {
      ++p;
      if (*p == '*') {
        precision = starArgument(next, argc, argv);
        ++p;
      } else {
        for (; *p >= '0' && *p <= '9'; ++p)
          precision = std::min<long long>(precision * 10 + (*p - '0'), INT_MAX);
      }
    }
    while (*p == 'l') ++p;
    if (!*p) break;
    // For these the precision is a maximum (strings) or significant digits (%g): no minimum size.
    bool precisionIsSize = std::strchr("szqQwgG", *p) == nullptr;
    largest = std::max(largest, width);
    if (precisionIsSize) largest = std::max(largest, precision);
    ++next;  // the converted argument
  }
  return largest;
}

PrintfGuard::~PrintfGuard() {
  for (auto& [n, stmt] : stmts_) sqlite3_finalize(stmt);
  if (helper_) sqlite3_close_v2(helper_);
}

void PrintfGuard::install(sqlite3* db) {
  user_ = db;
  for (const char* name : {"printf", "format"}) {
    sqlite3_create_function_v2(db, name, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, this,
                               printfTrampoline, nullptr, nullptr, nullptr);
  }
}

void PrintfGuard::call(void* rawCtx, int argc, void** argv) {
  auto* ctx = static_cast<sqlite3_context*>(rawCtx);
  if (argc < 1) return sqlite3_result_null(ctx);
  const auto* format =
      reinterpret_cast<const char*>(sqlite3_value_text(static_cast<sqlite3_value*>(argv[0])));
  if (!format) return sqlite3_result_null(ctx);
  int limit = sqlite3_limit(user_, SQLITE_LIMIT_LENGTH, -1);
  if (printfLargestField(format, argc, argv) > limit) return sqlite3_result_error_toobig(ctx);

  if (!helper_) {
    if (sqlite3_open_v2(":memory:", &helper_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
      sqlite3_close_v2(helper_);
      helper_ = nullptr;
      return sqlite3_result_error_nomem(ctx);
    }
  }
  sqlite3_limit(helper_, SQLITE_LIMIT_LENGTH, limit);
  sqlite3_stmt*& stmt = stmts_[argc];
  if (!stmt) {
    std::string sql = "SELECT printf(";
    for (int i = 1; i <= argc; ++i) sql += (i > 1 ? ",?" : "?") + std::to_string(i);
    sql += ")";
    int rc = sqlite3_prepare_v2(helper_, sql.c_str(), -1, &stmt, nullptr);
    if (rc != SQLITE_OK) {
      stmts_.erase(argc);
      if ((rc & 0xff) == SQLITE_NOMEM) return sqlite3_result_error_nomem(ctx);
      return sqlite3_result_error(ctx, sqlite3_errmsg(helper_), -1);
    }
  }
  for (int i = 0; i < argc; ++i) sqlite3_bind_value(stmt, i + 1, static_cast<sqlite3_value*>(argv[i]));
  int rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) {
    sqlite3_result_value(ctx, sqlite3_column_value(stmt, 0));
  } else if ((rc & 0xff) == SQLITE_NOMEM) {
    sqlite3_result_error_nomem(ctx);
  } else if ((rc & 0xff) == SQLITE_TOOBIG) {
    sqlite3_result_error_toobig(ctx);
  } else {
    sqlite3_result_error(ctx, sqlite3_errmsg(helper_), -1);
  }
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
}

}  // namespace hs::db::detail
