#pragma once
// DSR and DR: a transformed copy of a database with renamed tables and columns and the same rows,
// written to a new file (never the user's database, which is only read through hs::db).
#include <atomic>
#include <string>

#include "engine/core/error.h"
#include "engine/mr/schema_mapping.h"

namespace hs::mr {

struct RenameOptions {
  std::string tablePrefix = "tbl_";   // "singer" -> "tbl_singer"
  std::string columnSuffix = "_val";  // "Name" -> "Name_val"
};

struct TransformedDatabase {
  std::string path;
  SchemaMapping mapping;
  std::size_t tables = 0;
  std::size_t rows = 0;
  std::size_t viewsSkipped = 0;  // views are not copied: their SQL names the old tables
};

// Copies every table of `sourcePath` (read-only) into a new SQLite file at `targetPath` under the
// renamed schema: same declared types, primary keys and foreign keys (mapped), same rows. The file
// is written under a temporary name and renamed into place, so a failure leaves nothing behind.
// Refuses an existing target. `cancel` (optional) stops the copy between blocks.
Result<TransformedDatabase> writeRenamedCopy(const std::string& sourcePath, const std::string& targetPath,
                                             const RenameOptions& options = {},
                                             const std::atomic<bool>* cancel = nullptr);

}  // namespace hs::mr
