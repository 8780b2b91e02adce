#include "engine/db/guarded_functions.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "engine/db/run_guard.h"

namespace hs::db::detail {

namespace {

constexpr sqlite3_int64 kRandomPiece = 1 << 20;  // randomblob fills this much between two checks

void randomblobFunction(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) {
  sqlite3_int64 n = sqlite3_value_int64(argv[0]);
  if (n < 1) n = 1;
  if (n > sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1))
    return sqlite3_result_error_toobig(ctx);
  auto* p = static_cast<unsigned char*>(sqlite3_malloc64(static_cast<sqlite3_uint64>(n)));
  if (!p) return sqlite3_result_error_nomem(ctx);
  for (sqlite3_int64 done = 0; done < n; done += kRandomPiece) {
    if (threadBudgetExpired()) {
      sqlite3_free(p);
      return sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
    }
    sqlite3_randomness(static_cast<int>(std::min(kRandomPiece, n - done)), p + done);
  }
  sqlite3_result_blob64(ctx, p, static_cast<sqlite3_uint64>(n), sqlite3_free);
}

bool continuation(unsigned char c) {
  return (c & 0xc0) == 0x80;
}

// instr() as SQLite defines it: 1-based position of the first occurrence of the needle (in
// characters for text, bytes when both are blobs), 0 when absent, NULL when either is NULL.
void instrFunction(sqlite3_context* ctx, int /*argc*/, sqlite3_value** argv) {
  int typeHaystack = sqlite3_value_type(argv[0]);
  int typeNeedle = sqlite3_value_type(argv[1]);
  if (typeHaystack == SQLITE_NULL || typeNeedle == SQLITE_NULL) return;
  sqlite3_value* copy = nullptr;  // a blob compared with text is read as text, on a copy
  const unsigned char* haystack = nullptr;
  const unsigned char* needle = nullptr;
  bool isText = true;
  if (typeHaystack == SQLITE_BLOB && typeNeedle == SQLITE_BLOB) {
    haystack = static_cast<const unsigned char*>(sqlite3_value_blob(argv[0]));
    needle = static_cast<const unsigned char*>(sqlite3_value_blob(argv[1]));
    isText = false;
  } else if (typeHaystack != SQLITE_BLOB && typeNeedle != SQLITE_BLOB) {
    haystack = sqlite3_value_text(argv[0]);
    needle = sqlite3_value_text(argv[1]);
  } else {
    copy = sqlite3_value_dup(typeHaystack == SQLITE_BLOB ? argv[0] : argv[1]);
    if (!copy) return sqlite3_result_error_nomem(ctx);
    haystack = typeHaystack == SQLITE_BLOB ? sqlite3_value_text(copy) : sqlite3_value_text(argv[0]);
    needle = typeNeedle == SQLITE_BLOB ? sqlite3_value_text(copy) : sqlite3_value_text(argv[1]);
  }
  std::size_t nHaystack =
      static_cast<std::size_t>(sqlite3_value_bytes(typeHaystack == SQLITE_BLOB && copy ? copy : argv[0]));
  std::size_t nNeedle =
      static_cast<std::size_t>(sqlite3_value_bytes(typeNeedle == SQLITE_BLOB && copy ? copy : argv[1]));
  if ((nNeedle > 0 && !needle) || (nHaystack > 0 && !haystack)) {
    sqlite3_value_free(copy);
    return sqlite3_result_error_nomem(ctx);
  }
  sqlite3_int64 position = 1;
  if (nNeedle > 0) {
    position = 0;
    std::size_t from = 0;
    while (from + nNeedle <= nHaystack) {
      const void* hit = ::memmem(haystack + from, nHaystack - from, needle, nNeedle);
      if (!hit) break;
      auto at = static_cast<std::size_t>(static_cast<const unsigned char*>(hit) - haystack);
      // SQLite tries text positions only at character starts (and at 0).
      if (isText && at > 0 && continuation(haystack[at])) {
        from = at + 1;
        continue;
      }
      position = 1;
      for (std::size_t i = 1; i <= at; ++i) {
        if (!isText || !continuation(haystack[i])) ++position;
      }
      break;
    }
  }
  sqlite3_value_free(copy);
  sqlite3_result_int64(ctx, position);
}

// like(pattern, value [, escape]) and glob(pattern, value): SQLite's checks and matcher, refused
// when the worst case is too long (see guarded_functions.h).
void patternFunction(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  const bool isLike = sqlite3_user_data(ctx) != nullptr;
  const auto* pattern = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const auto* value = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
  int nPattern = sqlite3_value_bytes(argv[0]);
  if (nPattern > sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LIKE_PATTERN_LENGTH, -1))
    return sqlite3_result_error(ctx, "LIKE or GLOB pattern too complex", -1);
  unsigned int escape = 0;
  std::string escapeText;
  if (argc == 3) {
    const unsigned char* e = sqlite3_value_text(argv[2]);
    if (!e) return;
    int n = sqlite3_value_bytes(argv[2]);
    int chars = 0;
    for (int i = 0; i < n; ++i) chars += continuation(e[i]) ? 0 : 1;
    if (chars != 1) return sqlite3_result_error(ctx, "ESCAPE expression must be a single character", -1);
    escapeText.assign(reinterpret_cast<const char*>(e), static_cast<std::size_t>(n));
    // The escape as the code point sqlite3_strlike() expects.
    escape = e[0];
    if (escape >= 0xc0) {
      escape &= n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07;
      for (int i = 1; i < n; ++i) escape = (escape << 6) | (e[i] & 0x3fu);
    }
  }
  if (!pattern || !value) return;
  if (isLike && argc == 3 && (escape == '%' || escape == '_')) {
    // SQLite turns the wildcard off when it is also the escape; sqlite3_strlike() cannot.
    return sqlite3_result_error(ctx, "ESCAPE '%' or '_' is not supported (the escape must not be a wildcard)",
                                -1);
  }
  std::string_view p(pattern, static_cast<std::size_t>(nPattern));
  std::int64_t valueBytes = sqlite3_value_bytes(argv[1]);
  const char wildcard = isLike ? '%' : '*';
  std::int64_t worst = 0;
  if (escapeText.empty()) {
    worst = patternWorstCase(p, valueBytes, wildcard);
  } else if (escapeText.size() == 1) {
    // An escaped character is literal: count the pattern with escaped wildcards as plain text.
    std::string literal(p);
    for (std::size_t i = 0; i + 1 < literal.size(); ++i) {
      if (literal[i] == escapeText[0]) literal[++i] = 'x';
    }
    worst = patternWorstCase(literal, valueBytes, wildcard);
  } else {  // a non-ASCII escape: the whole pattern counts as one run
    worst = std::max<std::int64_t>(1, valueBytes) * std::max(1, nPattern);
  }
  if (worst > kMaxPatternSteps) {
    std::string msg = std::string(isLike ? "LIKE" : "GLOB") + " refused: matching a value of " +
                      std::to_string(valueBytes) + " bytes against this " + std::to_string(nPattern) +
                      "-byte pattern could need " + std::to_string(worst) + " comparisons (at most " +
                      std::to_string(kMaxPatternSteps) +
                      " per call); shorten the literal text after the first wildcard";
    return sqlite3_result_error(ctx, msg.c_str(), -1);
  }
  if (!isLike) return sqlite3_result_int(ctx, sqlite3_strglob(pattern, value) == 0);
  sqlite3_result_int(ctx, sqlite3_strlike(pattern, value, argc == 3 ? escape : 0) == 0);
}

}  // namespace

std::int64_t patternWorstCase(std::string_view pattern, std::int64_t valueBytes, char matchAll) {
  std::size_t first = pattern.find(matchAll);
  if (first == std::string_view::npos) return static_cast<std::int64_t>(pattern.size());
  std::int64_t longest = 0;
  std::int64_t run = 0;
  for (std::size_t i = first + 1; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == matchAll) {
      longest = std::max(longest, run);
      run = 0;
      continue;
    }
    if (matchAll == '*' && c == '[') {  // a GLOB set: its bytes, up to its ']', are one run
      std::size_t j = i + 1;
      if (j < pattern.size() && pattern[j] == '^') ++j;
      if (j < pattern.size() && pattern[j] == ']') ++j;
      while (j < pattern.size() && pattern[j] != ']') ++j;
      run += static_cast<std::int64_t>(j - i + 1);
      i = j;
      continue;
    }
    ++run;
  }
  longest = std::max(longest, run);
  return static_cast<std::int64_t>(first) +
         std::max<std::int64_t>(1, valueBytes) * std::max<std::int64_t>(1, longest);
}

void installGuardedFunctions(sqlite3* db) {
  // Innocuous like the built-ins: views of the database may use them (the schema is not trusted).
  constexpr int kFlags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  sqlite3_create_function_v2(db, "randomblob", 1, SQLITE_UTF8 | SQLITE_INNOCUOUS, nullptr, randomblobFunction,
                             nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "instr", 2, kFlags, nullptr, instrFunction, nullptr, nullptr, nullptr);
  static int likeTag = 0;
  for (int n : {2, 3})
    sqlite3_create_function_v2(db, "like", n, kFlags, &likeTag, patternFunction, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "glob", 2, kFlags, nullptr, patternFunction, nullptr, nullptr, nullptr);
}

}  // namespace hs::db::detail
