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

// What the worst case of SQLite's matcher depends on (see patternWorstCase).
struct PatternShape {
  std::int64_t prefix = 0;   // bytes before the first wildcard: compared once
  std::int64_t longest = 0;  // the longest run after it: compared at every position of the value
  bool wildcard = false;
};

PatternShape shapeOf(std::string_view pattern, char matchAll) {
  PatternShape shape;
  std::size_t first = pattern.find(matchAll);
  if (first == std::string_view::npos) {
    shape.prefix = static_cast<std::int64_t>(pattern.size());
    return shape;
  }
  shape.wildcard = true;
  shape.prefix = static_cast<std::int64_t>(first);
  std::int64_t run = 0;
  for (std::size_t i = first + 1; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == matchAll) {
      shape.longest = std::max(shape.longest, run);
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
  shape.longest = std::max(shape.longest, run);
  return shape;
}

std::int64_t worstOf(const PatternShape& shape, std::int64_t valueBytes) {
  if (!shape.wildcard) return shape.prefix;
  return shape.prefix + std::max<std::int64_t>(1, valueBytes) * std::max<std::int64_t>(1, shape.longest);
}

// The shape of a pattern with its escape (an escaped character is literal), kept by SQLite with a
// constant pattern argument (sqlite3_set_auxdata), so it is worked out once per statement.
struct CachedShape {
  PatternShape shape;
  unsigned char escape[4];
  int escapeBytes;
};

PatternShape patternShape(sqlite3_context* ctx, std::string_view pattern, char matchAll,
                          const unsigned char* escape, int escapeBytes) {
  if (const auto* c = static_cast<const CachedShape*>(sqlite3_get_auxdata(ctx, 0));
      c && c->escapeBytes == escapeBytes &&
      (escapeBytes == 0 || std::memcmp(c->escape, escape, static_cast<std::size_t>(escapeBytes)) == 0)) {
    return c->shape;
  }
  PatternShape shape;
  if (escapeBytes == 0) {
    shape = shapeOf(pattern, matchAll);
  } else if (escapeBytes == 1) {
    std::string literal(pattern);
    for (std::size_t i = 0; i + 1 < literal.size(); ++i) {
      if (static_cast<unsigned char>(literal[i]) == escape[0]) literal[++i] = 'x';
    }
    shape = shapeOf(literal, matchAll);
  } else {  // a non-ASCII escape: the whole pattern counts as one run
    shape.wildcard = true;
    shape.longest = static_cast<std::int64_t>(pattern.size());
  }
  if (auto* c = static_cast<CachedShape*>(sqlite3_malloc(sizeof(CachedShape)))) {
    c->shape = shape;
    if (escapeBytes > 0)
      std::memcpy(c->escape, escape, static_cast<std::size_t>(escapeBytes));  // null without ESCAPE
    c->escapeBytes = escapeBytes;
    sqlite3_set_auxdata(ctx, 0, c, sqlite3_free);  // may free it at once: not used after this
  }
  return shape;
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
  const unsigned char* escapeText = nullptr;
  int escapeBytes = 0;
  if (argc == 3) {
    escapeText = sqlite3_value_text(argv[2]);
    if (!escapeText) return;
    escapeBytes = sqlite3_value_bytes(argv[2]);
    int chars = 0;
    for (int i = 0; i < escapeBytes; ++i) chars += continuation(escapeText[i]) ? 0 : 1;
    if (chars != 1 || escapeBytes > 4)
      return sqlite3_result_error(ctx, "ESCAPE expression must be a single character", -1);
    // The escape as the code point sqlite3_strlike() expects.
    escape = escapeText[0];
    if (escape >= 0xc0) {
      escape &= escapeBytes == 2 ? 0x1f : escapeBytes == 3 ? 0x0f : 0x07;
      for (int i = 1; i < escapeBytes; ++i) escape = (escape << 6) | (escapeText[i] & 0x3fu);
    }
  }
  if (!pattern || !value) return;
  if (isLike && argc == 3 && (escape == '%' || escape == '_')) {
    // SQLite turns the wildcard off when it is also the escape; sqlite3_strlike() cannot.
    return sqlite3_result_error(ctx, "ESCAPE '%' or '_' is not supported (the escape must not be a wildcard)",
                                -1);
  }
  std::int64_t valueBytes = sqlite3_value_bytes(argv[1]);
  // The worst case is at most (value + 1) x (pattern + 1): most calls need no closer look.
  if ((valueBytes + 1) * (std::int64_t{nPattern} + 1) > kMaxPatternSteps) {
    PatternShape shape = patternShape(ctx, std::string_view(pattern, static_cast<std::size_t>(nPattern)),
                                      isLike ? '%' : '*', escapeText, escapeBytes);
    std::int64_t worst = worstOf(shape, valueBytes);
    if (worst > kMaxPatternSteps) {
      std::string msg = std::string(isLike ? "LIKE" : "GLOB") + " refused: matching a value of " +
                        std::to_string(valueBytes) + " bytes against this " + std::to_string(nPattern) +
                        "-byte pattern could need " + std::to_string(worst) + " comparisons (at most " +
                        std::to_string(kMaxPatternSteps) +
                        " per call); shorten the literal text after the first wildcard";
      return sqlite3_result_error(ctx, msg.c_str(), -1);
    }
  }
  if (!isLike) return sqlite3_result_int(ctx, sqlite3_strglob(pattern, value) == 0);
  sqlite3_result_int(ctx, sqlite3_strlike(pattern, value, argc == 3 ? escape : 0) == 0);
}

}  // namespace

std::int64_t patternWorstCase(std::string_view pattern, std::int64_t valueBytes, char matchAll) {
  return worstOf(shapeOf(pattern, matchAll), valueBytes);
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
