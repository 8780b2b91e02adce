#pragma once
// RAII transaction on a workspace connection: rolls back on scope exit unless commit() succeeded.
// Nests: inside an open transaction it becomes a SAVEPOINT, so helpers can open their own.
#include <string>

#include <sqlite3.h>

#include "engine/core/error.h"

namespace hs::ws {

class Transaction {
 public:
  // BEGIN IMMEDIATE (takes the write lock now, so a busy writer fails here and not mid-way),
  // or SAVEPOINT when the connection is already inside a transaction.
  static Result<Transaction> begin(sqlite3* db, const std::string& where = {});

  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&&) = delete;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();  // rolls back when still active

  Status commit();
  Status rollback();
  bool active() const { return db_ != nullptr; }
  bool nested() const { return !savepoint_.empty(); }

 private:
  Transaction(sqlite3* db, std::string savepoint, std::string where)
      : db_(db), savepoint_(std::move(savepoint)), where_(std::move(where)) {}

  sqlite3* db_ = nullptr;
  std::string savepoint_;  // empty for a top-level transaction
  std::string where_;
};

}  // namespace hs::ws
