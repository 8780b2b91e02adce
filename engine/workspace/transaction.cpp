#include "engine/workspace/transaction.h"

#include <atomic>
#include <utility>

#include "engine/workspace/sqlite_util.h"

namespace hs::ws {

namespace {
std::atomic<unsigned long> gSavepointCounter{0};
}

Result<Transaction> Transaction::begin(sqlite3* db, const std::string& where) {
  if (!db) return makeError(ErrorKind::Internal, "closed", "transaction on a closed workspace");
  if (sqlite3_get_autocommit(db) != 0) {
    if (auto s = exec(db, "BEGIN IMMEDIATE", where); !s) return s.error();
    return Transaction(db, {}, where);
  }
  std::string name = "hs_sp_" + std::to_string(++gSavepointCounter);
  if (auto s = exec(db, "SAVEPOINT " + name, where); !s) return s.error();
  return Transaction(db, name, where);
}

Transaction::Transaction(Transaction&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      savepoint_(std::move(other.savepoint_)),
      where_(std::move(other.where_)) {}

Transaction::~Transaction() {
  if (active()) (void)rollback();
}

Status Transaction::commit() {
  if (!active()) return makeError(ErrorKind::Internal, "transaction", "commit of a finished transaction");
  Status s = savepoint_.empty() ? exec(db_, "COMMIT", where_) : exec(db_, "RELEASE " + savepoint_, where_);
  if (!s) {
    // A failed COMMIT (e.g. SQLITE_BUSY) leaves the transaction open: undo it so that the
    // connection is usable again and nothing half-done is kept.
    (void)rollback();
    return s;
  }
  db_ = nullptr;
  return ok();
}

Status Transaction::rollback() {
  if (!active()) return ok();
  sqlite3* db = std::exchange(db_, nullptr);
  if (savepoint_.empty()) {
    // SQLite may already have rolled back on its own (e.g. after an I/O error).
    if (sqlite3_get_autocommit(db) != 0) return ok();
    return exec(db, "ROLLBACK", where_);
  }
  return exec(db, "ROLLBACK TO " + savepoint_ + "; RELEASE " + savepoint_, where_);
}

}  // namespace hs::ws
