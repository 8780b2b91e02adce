// Connection's error messages: SQL errors with their offsets, refusals, and the limits and file
// states a failed step or prepare stands for.
#include <sqlite3.h>

#include <cctype>
#include <climits>
#include <cstring>

#include "engine/core/text.h"
#include "engine/db/connection.h"
#include "engine/db/sql_text.h"

namespace hs::db::detail {

std::string megabytes(std::int64_t bytes) {
  std::int64_t mb = bytes >> 20;
  if (mb > 0 && (bytes & ((1 << 20) - 1)) == 0) return std::to_string(mb) + " MB";
  return std::to_string(bytes) + " bytes";
}

int valueLimit(const Limits& limits) {
  if (limits.maxValueBytes <= 0 || limits.maxValueBytes > INT_MAX) return INT_MAX;
  return static_cast<int>(limits.maxValueBytes);
}

Error Connection::refusal(std::string_view sql, const std::string& what,
                          std::optional<std::size_t> at) const {
  std::size_t begin = at ? *at : firstCode(sql).value_or(0);
  Error e = makeError(ErrorKind::BadInput, "refused",
                      "refused: " + what +
                          ". The database is opened read-only; only a single read query runs "
                          "(SELECT, WITH, VALUES, EXPLAIN or a read-only PRAGMA)");
  e.offset = begin;
  std::size_t end = begin;
  while (end < sql.size() &&
         (std::isalpha(static_cast<unsigned char>(sql[end])) != 0 ||
          (at && (std::isdigit(static_cast<unsigned char>(sql[end])) != 0 || sql[end] == '_'))))
    ++end;
  if (end > begin) e.end = end;
  e.line = lineColAt(sql, begin).line;
  return e;
}

Error Connection::sqlError(std::string_view sql) const {
  Error e = makeError(ErrorKind::BadInput, "sql", sqlite3_errmsg(db_));
  // The name SQLite complains about, if any.
  std::string_view name;
  static const char* prefixes[] = {"no such table: ", "no such column: ", "no such function: ",
                                   "ambiguous column name: ", "no such collation sequence: "};
  for (const char* p : prefixes) {
    std::string_view msg = e.message;
    std::size_t at = msg.find(p);
    if (at == std::string_view::npos) continue;
    name = msg.substr(at + std::strlen(p));
    if (name.rfind("main.", 0) == 0 && !findIdentifier(sql, name)) name.remove_prefix(5);
    break;
  }
  int off = sqlite3_error_offset(db_);
  if (off >= 0 && static_cast<std::size_t>(off) <= sql.size()) {
    e.offset = static_cast<std::size_t>(off);
    if (auto span = findIdentifier(sql.substr(*e.offset), name); span && span->first == 0) {
      e.end = *e.offset + span->second;
    }
  } else if (!name.empty()) {
    // SQLite gives no offset for some errors (unknown table, a bad column in JOIN ... ON):
    // find the name it complains about in the SQL text, outside literals and comments.
    if (auto span = findIdentifier(sql, name)) {
      e.offset = span->first;
      e.end = span->second;
    }
  } else if (e.message == "incomplete input") {
    // The statement ends too early: point at its last token (e.g. a dangling WHERE).
    if (auto last = lastToken(sql)) {
      e.offset = last->first;
      e.end = last->second;
    }
  }
  if (e.offset) e.line = lineColAt(sql, *e.offset).line;
  return e;
}

Error Connection::stepError(int rc, std::string_view sql) const {
  auto withPath = [this](Error e) {
    e.where = path_;
    return e;
  };
  switch (rc & 0xff) {
    case SQLITE_INTERRUPT:
    case SQLITE_NOMEM:
    case SQLITE_FULL:   // a temporary file refused to grow (temp_vfs.h)
    case SQLITE_IOERR:  // or to be read, after a stop
      if ((rc & 0xff) == SQLITE_IOERR && budget_.stop.load() == Stop::None) {
        return withPath(makeError(ErrorKind::BadInput, "io",
                                  std::string("cannot read the database: ") + sqlite3_errmsg(db_)));
      }
      switch (budget_.stop.load()) {
        case Stop::Timeout:
          if (sharedDeadline_)
            return makeError(ErrorKind::Timeout, "deadline",
                             "the query was stopped at its deadline: the time budget it shares with "
                             "other statements is spent");
          return makeError(
              ErrorKind::Timeout, "timeout",
              "the query was stopped at its time limit of " + std::to_string(limits_.timeoutMs) + " ms");
        case Stop::Cancelled:
          return makeError(ErrorKind::Cancelled, "cancelled", "the query was cancelled");
        case Stop::Steps:
          return makeError(ErrorKind::Timeout, "step_limit",
                           "the query was stopped at its work limit of " + std::to_string(limits_.maxSteps) +
                               " VM instructions");
        case Stop::Memory:
          if (preparing_ && limits_.maxMemoryBytes > kPrepareMemoryBytes) {
            return makeError(ErrorKind::BadInput, "memory_limit",
                             "the query needed more than " + megabytes(kPrepareMemoryBytes) +
                                 " of memory before it started (the limit of preparing one statement; "
                                 "it expands to too many subqueries, e.g. CTEs that each use the previous "
                                 "one twice)");
          }
          return makeError(
              ErrorKind::BadInput, "memory_limit",
              "the query needed more than " + megabytes(limits_.maxMemoryBytes) +
                  " of memory and temporary storage (the per-query memory limit); add a LIMIT or "
                  "narrow the query");
        case Stop::None:
          break;
      }
      if ((rc & 0xff) == SQLITE_INTERRUPT)
        return makeError(ErrorKind::Cancelled, "cancelled", "the query was cancelled");
      if ((rc & 0xff) == SQLITE_FULL)
        return makeError(ErrorKind::External, "disk_full",
                         std::string("the temporary folder is full: ") + sqlite3_errmsg(db_));
      return makeError(ErrorKind::BadInput, "memory_limit",
                       "the query ran out of memory (SQLite heap limit " +
                           megabytes(sqlite3_hard_heap_limit64(-1)) +
                           " for the whole process); add a LIMIT or narrow it");
    case SQLITE_TOOBIG:
      return makeError(ErrorKind::BadInput, "memory_limit",
                       "the query built or read a value larger than " + megabytes(valueLimit(limits_)) +
                           " (the per-value limit): " + sqlite3_errmsg(db_));
    case SQLITE_CORRUPT:
      return withPath(makeError(ErrorKind::BadInput, "corrupt",
                                std::string("the database is corrupt: ") + sqlite3_errmsg(db_)));
    case SQLITE_NOTADB:
      return withPath(makeError(ErrorKind::BadInput, "not_a_database",
                                std::string("not a SQLite database: ") + sqlite3_errmsg(db_)));
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return withPath(makeError(ErrorKind::BadInput, "locked",
                                "the database is locked by another connection or process (waited " +
                                    std::to_string(kBusyWaitMs) + " ms): " + sqlite3_errmsg(db_)));
    case SQLITE_READONLY:
      if (rc == SQLITE_READONLY_ROLLBACK) {
        return withPath(makeError(
            ErrorKind::BadInput, "hot_journal",
            "cannot read this database read-only: it has a hot journal (" + path_ +
                "-journal) left by a write that was interrupted, which must be rolled back first; open "
                "it once with the program that wrote it (or sqlite3) to recover it"));
      }
      return withPath(
          makeError(ErrorKind::BadInput, "read_only",
                    std::string("cannot read this database read-only: it is in WAL mode and SQLite "
                                "must create its -shm file, but the folder is not writable (") +
                        sqlite3_errmsg(db_) + ")"));
    case SQLITE_AUTH:
      // pragma_X() runs "PRAGMA X" when the statement steps, so the authorizer refuses it there.
      if (!refused_.empty()) {
        std::optional<std::size_t> at;
        std::string what = refused_;
        if (!refusedPragma_.empty()) {
          std::string fn = "pragma_" + refusedPragma_;
          if (auto span = findIdentifier(sql, fn)) at = span->first;
          what = "PRAGMA " + refusedPragma_ + ", read through the table-valued function " + fn + "()" +
                 (at ? " at byte " + std::to_string(*at) : std::string()) + " (only read-only PRAGMAs run)";
        }
        return refusal(sql, what, at);
      }
      [[fallthrough]];
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      return withPath(makeError(ErrorKind::BadInput, "io",
                                std::string("cannot read the database: ") + sqlite3_errmsg(db_)));
    default:
      return sqlError(sql);
  }
}

}  // namespace hs::db::detail
