#pragma once
// The workspace schema as an ordered list of migrations. Migration i (1-based) takes a workspace
// from PRAGMA user_version i-1 to i, in one transaction. Never edit a released migration: append.
#include <string_view>
#include <vector>

#include <sqlite3.h>

#include "engine/core/error.h"

namespace hs::ws {

// Identifies a HalluSQL workspace in the SQLite header (PRAGMA application_id): ASCII "HSQL".
inline constexpr int kApplicationId = 0x4853514C;

struct Migration {
  int version;  // user_version after this migration
  std::string_view name;
  std::string_view sql;  // statements run inside the migration's transaction
};

const std::vector<Migration>& migrations();

// The schema version this build writes and understands (the last migration's version).
int currentSchemaVersion();

// Applies migrations from the database's user_version up to `target` (default: current), each in
// its own transaction together with its user_version bump. `where` names the file in errors.
Status migrate(sqlite3* db, const std::string& where, int target = -1);

}  // namespace hs::ws
